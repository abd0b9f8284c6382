import { describe, expect, it } from 'vitest';
import { buildListQuery } from '#shared/query';
import {
  DEFAULT_LIST_STATE,
  listParamsOf,
  listStateToSearch,
  nextSort,
  parseListState,
  type ProductListState,
} from './products-list-state';

describe('product list URL state', () => {
  it('round-trips every field through the URL', () => {
    const state: ProductListState = {
      page: 3,
      limit: 50,
      sort: 'name',
      status: 'inactive',
      lowStock: true,
      q: 'matcha',
    };
    expect(parseListState(listStateToSearch(state))).toEqual(state);
  });

  it('keeps the plain URL plain and falls back to defaults on nonsense', () => {
    expect(listStateToSearch(DEFAULT_LIST_STATE).toString()).toBe('');
    const parsed = parseListState(
      new URLSearchParams('page=-2&limit=7&sort=password&status=maybe&lowStock=yes'),
    );
    expect(parsed).toEqual(DEFAULT_LIST_STATE);
  });

  it('builds the API query the server understands', () => {
    const query = buildListQuery(listParamsOf({ ...DEFAULT_LIST_STATE, status: 'active', lowStock: true }));
    expect(query).toBe('page=1&limit=25&sort=-updatedAt&activeStatus=true&lowStock=true');
    expect(buildListQuery(listParamsOf(DEFAULT_LIST_STATE, 'tea'))).toBe(
      'page=1&limit=25&sort=-updatedAt&searchString=tea',
    );
  });

  it('toggles a column between its two directions', () => {
    expect(nextSort('-updatedAt', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'inStockQuantity')).toBe('-inStockQuantity');
  });
});
