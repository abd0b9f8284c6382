import { describe, expect, it } from 'vitest';
import { cheapestPart } from './order-search.repository';
import { trigramShares } from './search-trigrams';

describe('the trigram shares of an order search index', () => {
  it('are the share of the texts holding each trigram, counted once per text, case-folded', () => {
    const ids = ['249-5913826-7402615', '249-8047152-3398176', '249-6620394-1185720', '#1001'];
    const { shares, floor } = trigramShares(ids);
    expect(shares.get('249')).toBe(0.75);
    expect(shares.get('#10')).toBe(0.25);
    expect(floor).toBe(0.125);
    // "aaa" twice in one text of two: in half the texts.
    expect(trigramShares(['aaaaa', 'bcd']).shares.get('aaa')).toBe(0.5);
    expect(trigramShares(['ABC', 'abc']).shares.get('abc')).toBe(1);
  });
});

describe('the part of a text a search asks its trigram index for', () => {
  const shares = (entries: Record<string, number>, floor = 0.0001) => ({
    shares: new Map(Object.entries(entries)),
    floor,
  });
  const ids = shares({ '249': 0.33, '49-': 0.33, '9-5': 0.02, '-54': 0.02, '-11': 0.01, '9-1': 0.04 });

  it('leaves out the trigrams most rows hold when the rest find few rows', () => {
    // The seven digits are rare: their run, checked on the few rows it finds.
    expect(cheapestPart('249-5465067-2144115', ids)).toMatch(/^[\d-]+$/);
    expect(cheapestPart('249-5465067-2144115', ids)).not.toContain('249');
    expect(
      cheapestPart('rohan07@example.in', shares({ exa: 0.9, xam: 0.9, amp: 0.9, mpl: 0.9, ple: 0.9 })),
    ).not.toContain('exa');
  });

  it('asks for the whole text when no part is cheaper, checking nothing', () => {
    // Each trigram alone would find a third of the rows to check.
    expect(cheapestPart('249-', ids)).toBe('249-');
    expect(cheapestPart('-11', ids)).toBe('-11');
    expect(cheapestPart('ab', ids)).toBe('ab');
    // A part that would still find one row in a hundred to check: the whole phrase reads less.
    expect(cheapestPart('249-2', shares({ '249': 0.33, '49-': 0.33, '9-2': 0.03 }))).toBe('249-2');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cheapestPart('抹茶ラテ', shares({ 抹茶ラ: 0.5 }))).toBe('茶ラテ');
  });
});
