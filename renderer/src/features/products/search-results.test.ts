import { describe, expect, it } from 'vitest';
import { uniqueById } from './search-results';

describe('uniqueById', () => {
  it('keeps the first of each id, in order', () => {
    const items = [
      { _id: 'a', n: 1 },
      { _id: 'b', n: 2 },
      { _id: 'a', n: 3 },
    ];
    expect(uniqueById(items)).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 2 },
    ]);
    expect(uniqueById([])).toEqual([]);
  });
});
