import { describe, expect, it } from 'vitest';
import { buildListQuery } from '#shared/query';
import { listRequest, parseListState, writeListState } from '../../ui/list-screen/list-state';
import { reportQueryOf, salesListConfig, salesRequest, searchingIn } from './sales-list';

const ZONE = 'Asia/Tokyo';
// Wednesday 2026-03-11, 09:00 in Tokyo.
const now = () => new Date('2026-03-11T00:00:00Z');
const configFor = (query: string) => {
  const params = new URLSearchParams(query);
  return { params, config: salesListConfig(ZONE, searchingIn(params), now) };
};
/** The query string the screen sends for a URL. */
const requestFor = (query: string) => {
  const { params, config } = configFor(query);
  return buildListQuery(salesRequest(listRequest(config, parseListState(config, params))));
};

describe('sales list state in the URL', () => {
  it('a plain URL is the current month, all platforms, 25 a page, newest first', () => {
    const { params, config } = configFor('');
    const state = parseListState(config, params);
    expect(state).toMatchObject({
      page: 1,
      limit: 25,
      sort: '-orderDate',
      q: '',
      filters: { period: 'month', platform: '' },
    });
    expect(requestFor('')).toBe('page=1&limit=25&from=2026-03-01&to=2026-03-31');
    // Written back, the defaults leave the URL plain.
    expect(writeListState(config, state, new URLSearchParams()).toString()).toBe('');
  });

  it.each([
    'period=week',
    'period=today&platform=AMAZONIND',
    'period=2026-01-01..2026-02-15&platform=SHOPIFY&sort=orderId&page=3',
    'q=B0X&period=2026-01-01..',
  ])('%s reads and writes back the same', (query) => {
    const { params, config } = configFor(query);
    const state = parseListState(config, params);
    expect(writeListState(config, state, new URLSearchParams()).toString()).toBe(query);
  });

  it('keeps other keys of the page (the daily view)', () => {
    const { params, config } = configFor('period=week&view=table');
    const state = parseListState(config, params);
    expect(writeListState(config, { ...state, page: 2 }, params).toString()).toBe(
      'period=week&view=table&page=2',
    );
  });

  it('sends the period’s days and the platform', () => {
    expect(requestFor('period=week&platform=AMAZONJP')).toBe(
      'page=1&limit=25&from=2026-03-09&to=2026-03-15&platformCode=AMAZONJP',
    );
    expect(requestFor('period=today')).toBe('page=1&limit=25&from=2026-03-11&to=2026-03-11');
    expect(requestFor('period=2026-01-01..&sort=orderId')).toBe(
      'page=1&limit=25&sort=orderId&from=2026-01-01',
    );
  });

  it('a search asks for 50 a page and completed orders, as the order search does', () => {
    expect(requestFor('q=B0X')).toBe(
      'page=1&limit=50&from=2026-03-01&to=2026-03-31&shipmentStatus=COMPLETED&searchStr=B0X',
    );
  });

  it('falls back to the defaults for a hand-edited URL', () => {
    const { params, config } = configFor('period=year&platform=EBAY&sort=commission&limit=7');
    expect(parseListState(config, params)).toMatchObject({
      limit: 25,
      sort: '-orderDate',
      filters: { period: 'year', platform: '' },
    });
    // The yen figures the server keeps sort, either way.
    for (const sort of ['profit', '-orderPrice']) {
      const kept = configFor(`sort=${sort}`);
      expect(parseListState(kept.config, kept.params)).toMatchObject({ sort });
    }
    expect(requestFor('period=year')).toBe('page=1&limit=25&from=2026-03-01&to=2026-03-31');
  });

  it('gives the summary, daily figures and CSV the same period and platform', () => {
    const { params, config } = configFor('period=week&platform=SHOPIFY&q=x&page=2');
    expect(reportQueryOf(listRequest(config, parseListState(config, params)))).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
      platformCode: 'SHOPIFY',
    });
  });
});
