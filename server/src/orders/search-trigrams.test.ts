import { describe, expect, it } from 'vitest';
import { uncommonRun } from './order-search.repository';
import { commonTrigrams } from './search-trigrams';

describe('the common trigrams of an order search index', () => {
  it('are those in more than the given share of the texts, counted once per text, case-folded', () => {
    const ids = ['249-5913826-7402615', '249-8047152-3398176', '249-6620394-1185720', '#1001'];
    expect([...commonTrigrams(ids, 0.5)].sort()).toEqual(['249', '49-']);
    // "aaa" twice in one text of three: one text, not a common trigram.
    expect(commonTrigrams(['aaaaa', 'bcd', 'cde'], 0.5).has('aaa')).toBe(false);
    expect(commonTrigrams(['ABC', 'abc'], 0.5)).toEqual(new Set(['abc']));
  });
});

describe('the part of a text a search asks its trigram index for', () => {
  const common = new Set(['249', '49-', 'exa', 'xam', 'amp', 'mpl', 'ple']);
  it('is the longest run of uncommon trigrams', () => {
    expect(uncommonRun('249-5465067', common)).toBe('9-5465067');
    expect(uncommonRun('rohan07@example.in', common)).toBe('rohan07@ex');
  });
  it('is the whole text when no trigram is common, and nothing when all are', () => {
    expect(uncommonRun('5465067', common)).toBe('5465067');
    expect(uncommonRun('249-', common)).toBeNull();
    expect(uncommonRun('Exam', common)).toBeNull();
  });
  it('counts characters, not UTF-16 units', () => {
    expect(uncommonRun('抹茶ラテ', new Set(['抹茶ラ']))).toBe('茶ラテ');
  });
});
