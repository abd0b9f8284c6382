import { describe, expect, it } from 'vitest';
import {
  auditListSpec,
  exchangeRatesListSpec,
  issuesListSpec,
  namedSettingsListSpec,
  productsSearchSpec,
} from '#shared/list-specs';
import { buildListQuery, parseListQuery, type ListSpec } from '#shared/query';
import {
  clampPage,
  defaultListState,
  isNarrowed,
  listRequest,
  nextSort,
  parseListState,
  sortDirectionOf,
  writeListState,
  type ListConfig,
  type ListFilter,
  type ListState,
} from './list-state';

/** The product list as its screen configures it. */
const products: ListConfig<'status' | 'lowStock'> = {
  spec: productsSearchSpec,
  searchParam: 'searchString',
  searchMinLength: 2,
  pageSizes: [25, 50, 100],
  filters: {
    status: {
      choices: ['all', 'active', 'inactive'],
      default: 'all',
      toFilters: (status) => ({ activeStatus: status === 'all' ? undefined : status === 'active' }),
    },
    lowStock: {
      choices: ['false', 'true'],
      default: 'false',
      toFilters: (lowStock) => ({ lowStock: lowStock === 'true' ? true : undefined }),
    },
  },
};

const resolved: ListFilter<'unresolved' | 'resolved' | 'all'> = {
  choices: ['unresolved', 'resolved', 'all'],
  default: 'unresolved',
  toFilters: (value) => ({ resolved: value === 'all' ? undefined : value === 'resolved' }),
};
const issues: ListConfig<'resolved'> = {
  spec: issuesListSpec,
  searchParam: 'searchStr',
  filters: { resolved },
};
const categories: ListConfig = { spec: namedSettingsListSpec, searchParam: 'name' };
const audit: ListConfig<'userId'> = {
  spec: auditListSpec,
  searchParam: 'entity',
  pageSizes: [20],
  filters: { userId: { default: '', toFilters: (userId) => ({ userId: userId || undefined }) } },
};

const url = (query: string) => new URLSearchParams(query);

/** What the server makes of a request: the check that the screen and the API agree. */
const serverReads = (config: ListConfig, state: ListState) =>
  parseListQuery(Object.fromEntries(url(buildListQuery(listRequest(config, state)))), config.spec);

describe('URL ↔ list state', () => {
  it('round-trips every part through the URL', () => {
    const state: ListState<'status' | 'lowStock'> = {
      page: 3,
      limit: 50,
      sort: 'name',
      q: 'matcha',
      filters: { status: 'inactive', lowStock: 'true' },
    };
    const written = writeListState(products, state, url(''));
    expect(written.toString()).toBe('q=matcha&status=inactive&lowStock=true&sort=name&limit=50&page=3');
    expect(parseListState(products, written)).toEqual(state);
  });

  it('keeps the plain URL plain', () => {
    expect(writeListState(products, defaultListState(products), url('')).toString()).toBe('');
    expect(parseListState(products, url(''))).toEqual({
      page: 1,
      limit: 25,
      sort: '-updatedAt',
      q: '',
      filters: { status: 'all', lowStock: 'false' },
    });
  });

  it('falls back to the defaults on a hand-edited URL', () => {
    for (const bad of [
      'page=-2&limit=7&sort=password&status=maybe&lowStock=yes',
      'page=1.5&limit=25abc&sort=-&status=&lowStock=',
      'page=abc&limit=-25&sort=--name',
      'page=99999999999999999999&limit=1e2',
    ]) {
      expect(parseListState(products, url(bad))).toEqual(defaultListState(products));
    }
    // A sort the spec does not offer falls back too, in either direction.
    expect(parseListState(issues, url('sort=-password')).sort).toBe('-createdAt');
    expect(parseListState(issues, url('sort=-title')).sort).toBe('-title');
  });

  it('takes only page sizes the screen offers', () => {
    expect(parseListState(products, url('limit=100')).limit).toBe(100);
    expect(parseListState(products, url('limit=1000')).limit).toBe(25);
    // Without a choice of sizes, the spec's own default is the only one.
    expect(parseListState(categories, url('limit=50')).limit).toBe(10);
    expect(parseListState(audit, url('limit=25')).limit).toBe(20);
  });

  it('trims the search text and ignores it on a screen without search', () => {
    expect(parseListState(issues, url('q=%20tea%20')).q).toBe('tea');
    expect(parseListState({ spec: auditListSpec }, url('q=tea')).q).toBe('');
  });

  it('reads and writes its own keys under a prefix and leaves the others alone', () => {
    const page = url('q=matcha&audit.page=2&audit.userId=u1&tab=audit');
    const state = parseListState(audit, page, 'audit.');
    expect(state).toMatchObject({ page: 2, q: '', filters: { userId: 'u1' } });
    const next = writeListState(audit, { ...state, page: 1, q: 'product' }, page, 'audit.');
    expect(next.toString()).toBe('q=matcha&audit.userId=u1&tab=audit&audit.q=product');
    // Without a prefix, keys that are not the list's (a dialog's) stay too.
    expect(writeListState(issues, defaultListState(issues), url('dialog=new&page=4')).toString()).toBe(
      'dialog=new',
    );
  });
});

describe('the request built from the spec', () => {
  it('leaves the default sort to the server and sends what is chosen', () => {
    expect(buildListQuery(listRequest(categories, defaultListState(categories)))).toBe('page=1&limit=10');
    const state = { ...defaultListState(categories), sort: '-name', q: 'tea' };
    expect(buildListQuery(listRequest(categories, state))).toBe('page=1&limit=10&sort=-name&name=tea');
  });

  it('sends the search text as an extra or a filter, as the spec has it', () => {
    const tea = { ...defaultListState(issues), q: 'tea' };
    expect(buildListQuery(listRequest(issues, tea))).toBe('page=1&limit=25&resolved=false&searchStr=tea');
    const user = { ...defaultListState(audit), q: 'user', filters: { userId: 'u1' } };
    expect(buildListQuery(listRequest(audit, user))).toBe('page=1&limit=20&userId=u1&entity=user');
  });

  it('sends the filters a search stands for, when the screen turns its text into filters', () => {
    const rates: ListConfig = {
      spec: exchangeRatesListSpec,
      searchParam: 'date',
      searchFilters: (text) => ({ date: { gte: `${text}-01-01`, lte: `${text}-12-31` } }),
    };
    const year = { ...defaultListState(rates), q: '2026' };
    expect(buildListQuery(listRequest(rates, year))).toBe(
      'page=1&limit=10&date%5Bgte%5D=2026-01-01&date%5Blte%5D=2026-12-31',
    );
    expect(serverReads(rates, year).filters).toHaveLength(2);
    expect(isNarrowed(rates, year)).toBe(true);
  });

  it('sends no search shorter than the screen asks for', () => {
    const one = { ...defaultListState(products), q: 'm' };
    expect(listRequest(products, one).extras).toBeUndefined();
    expect(isNarrowed(products, one)).toBe(false);
    const two = { ...one, q: 'ma' };
    expect(listRequest(products, two).extras).toEqual({ searchString: 'ma' });
    expect(isNarrowed(products, two)).toBe(true);
  });

  it('turns filters into the API filters, leaving "all" out', () => {
    const state = { ...defaultListState(products), filters: { status: 'active', lowStock: 'true' } };
    expect(buildListQuery(listRequest(products, state))).toBe(
      'page=1&limit=25&activeStatus=true&lowStock=true',
    );
    expect(isNarrowed(products, state)).toBe(true);
    expect(isNarrowed(products, defaultListState(products))).toBe(false);
    expect(
      buildListQuery(listRequest(issues, { ...defaultListState(issues), filters: { resolved: 'all' } })),
    ).toBe('page=1&limit=25');
  });

  it('builds only requests the server parses with the same spec', () => {
    const cases: [ListConfig, ListState][] = [
      [
        products,
        {
          page: 2,
          limit: 100,
          sort: 'lowStockLevel',
          q: 'tea',
          filters: { status: 'inactive', lowStock: 'true' },
        },
      ],
      [issues, { page: 1, limit: 25, sort: 'title', q: 'stool', filters: { resolved: 'resolved' } }],
      [categories, { page: 3, limit: 10, sort: '-activeStatus', q: 'snack', filters: {} }],
      [audit, { page: 1, limit: 20, sort: '-at', q: 'product', filters: { userId: 'u1' } }],
    ];
    for (const [config, state] of cases) {
      const read = serverReads(config, state);
      expect(read.page).toBe(state.page);
      expect(read.limit).toBe(state.limit);
      expect(`${read.sort.direction === 'desc' ? '-' : ''}${read.sort.field}`).toBe(state.sort);
    }
  });

  it('offers header sorts only on fields every spec lists', () => {
    const specs: ListSpec[] = [productsSearchSpec, issuesListSpec, namedSettingsListSpec, auditListSpec];
    for (const spec of specs) expect(spec.sorts).toContain(spec.defaultSort.replace(/^-/, ''));
  });
});

describe('header sorting', () => {
  it('toggles a column between its two directions, starting where it says', () => {
    expect(nextSort('-updatedAt', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(nextSort('name', 'inStockQuantity', 'desc')).toBe('-inStockQuantity');
    expect(nextSort('-createdAt', 'createdAt')).toBe('createdAt');
  });

  it('names the direction a header shows', () => {
    expect(sortDirectionOf('name', 'name')).toBe('ascending');
    expect(sortDirectionOf('-name', 'name')).toBe('descending');
    expect(sortDirectionOf('-nameKana', 'name')).toBeUndefined();
  });
});

describe('page clamping', () => {
  it('keeps a page that still exists', () => {
    expect(clampPage(1, 0, 25)).toBe(1);
    expect(clampPage(2, 26, 25)).toBe(2);
    expect(clampPage(4, 100, 25)).toBe(4);
  });

  it('shows the last page when the total shrank under the one shown', () => {
    expect(clampPage(2, 25, 25)).toBe(1);
    expect(clampPage(9, 51, 25)).toBe(3);
    // Nothing left at all: the first (empty) page, never page 0.
    expect(clampPage(5, 0, 25)).toBe(1);
  });
});
