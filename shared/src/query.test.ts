import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildListQuery, type ListSpec, ListQueryError, pageCount, parseListQuery } from './query';

const spec: ListSpec = {
  filters: {
    status: { enum: ['SHIPPED', 'RECEIVED'] },
    orderDate: 'date',
    createdAt: 'datetime',
    activeStatus: 'boolean',
    orderQuantity: 'number',
    stock: 'integer',
    platformCode: 'string',
  },
  sorts: ['updatedAt', 'name', 'orderDate'],
  defaultSort: '-updatedAt',
  extras: ['searchStr'],
};

const parse = (qs: string) => {
  // Without a prototype, as Fastify's query parser builds it, so `__proto__` is a plain key.
  const raw = Object.create(null) as Record<string, string | string[]>;
  for (const [k, v] of new URLSearchParams(qs)) {
    const prev = raw[k];
    raw[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return parseListQuery(raw, spec);
};

describe('parseListQuery', () => {
  it('applies defaults', () => {
    const q = parse('');
    expect(q).toMatchObject({
      page: 1,
      limit: 25,
      offset: 0,
      sort: { field: 'updatedAt', direction: 'desc' },
    });
    expect(q.filters).toEqual([]);
  });

  it('reads sort with the standard meaning of the minus sign', () => {
    expect(parse('sort=name').sort).toEqual({ field: 'name', direction: 'asc' });
    expect(parse('sort=-name').sort).toEqual({ field: 'name', direction: 'desc' });
  });

  it('parses filters with operators as Fastify hands them over (flat keys)', () => {
    const q = parse(
      'page=3&limit=10&status=SHIPPED&orderDate[gte]=2026-10-01&orderDate[lte]=2026-12-31&activeStatus=true',
    );
    expect(q.offset).toBe(20);
    expect(q.filters).toEqual([
      { field: 'status', op: 'eq', value: 'SHIPPED' },
      { field: 'orderDate', op: 'gte', value: '2026-10-01' },
      { field: 'orderDate', op: 'lte', value: '2026-12-31' },
      { field: 'activeStatus', op: 'eq', value: true },
    ]);
  });

  it('turns a repeated key into "any of"', () => {
    expect(parse('platformCode=SHOPIFY&platformCode=AMAZONIND').filters).toEqual([
      { field: 'platformCode', op: 'in', value: ['SHOPIFY', 'AMAZONIND'] },
    ]);
  });

  it('normalises date-times and accepts a bare date as its start', () => {
    expect(parse('createdAt[gt]=2026-11-01').filters[0]?.value).toBe('2026-11-01T00:00:00.000Z');
    expect(parse('createdAt[gt]=2026-11-01T09:00:00%2B09:00').filters[0]?.value).toBe(
      '2026-11-01T00:00:00.000Z',
    );
  });

  it('passes extras through', () => {
    expect(parse('searchStr=matcha').extras).toEqual({ searchStr: 'matcha' });
  });

  it.each([
    ['unknown filter field', 'password=x', 'password'],
    ['unknown sort field', 'sort=-passwordHash', 'sort'],
    ['unknown operator', 'orderDate[like]=2026', 'orderDate'],
    ['bad enum', 'status=LOST', 'status'],
    ['bad date', 'orderDate=2026-02-30', 'orderDate'],
    ['bad boolean', 'activeStatus=yes', 'activeStatus'],
    ['bad number', 'orderQuantity=ten', 'orderQuantity'],
    ['page zero', 'page=0', 'page'],
    ['limit too large', 'limit=10001', 'limit'],
    ['negative limit', 'limit=-1', 'limit'],
    ['operator repeated', 'orderDate[gte]=2026-01-01&orderDate[gte]=2026-02-01', 'orderDate'],
    ['an inherited name (toString)', 'toString=1', 'toString'],
    ['an inherited name (constructor)', 'constructor=1', 'constructor'],
    ['an inherited name (hasOwnProperty)', 'hasOwnProperty=1', 'hasOwnProperty'],
    ['the prototype key', '__proto__[gt]=1', '__proto__'],
    ['the bare prototype key', '__proto__=1', '__proto__'],
    ['an offset past the bound', 'page=9007199254740991&limit=10000', 'page'],
    ['a fraction on an integer field', 'stock=1.5', 'stock'],
    ['an integer past 32 bits', 'stock[gt]=2147483648', 'stock'],
    ['an exponent on an integer field', 'stock=1e3', 'stock'],
    ['a huge number', 'orderQuantity[gt]=1e308', 'orderQuantity'],
  ])('rejects %s naming the field', (_name, qs, field) => {
    try {
      parse(qs);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ListQueryError);
      expect((e as ListQueryError).field).toBe(field);
    }
  });

  it('accepts integers up to the 32-bit bound and the deepest allowed page', () => {
    expect(parse('stock[gte]=-2147483647').filters[0]?.value).toBe(-2147483647);
    expect(parse('stock=2147483647').filters[0]?.value).toBe(2147483647);
    expect(parse('page=214749&limit=10000').offset).toBe(2147480000);
  });

  it('keeps extras free of inherited names', () => {
    const q = parse('searchStr=x');
    expect(Object.getPrototypeOf(q.extras)).toBeNull();
  });

  it('accepts the count query limit of 10000', () => {
    expect(parse('limit=10000').limit).toBe(10000);
  });
});

describe('buildListQuery', () => {
  it('builds what parseListQuery reads back (round trip)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 10000 }),
        fc.constantFrom('name', '-name', 'updatedAt', '-orderDate'),
        fc.option(fc.constantFrom('SHIPPED', 'RECEIVED'), { nil: undefined }),
        fc.option(
          fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
          {
            nil: undefined,
          },
        ),
        fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
        (page, limit, sort, status, from, searchStr) => {
          const fromDate = from?.toISOString().slice(0, 10);
          const qs = buildListQuery({
            page,
            limit,
            sort,
            filters: { status, orderDate: { gte: fromDate } },
            extras: { searchStr },
          });
          const q = parse(qs);
          expect(q.page).toBe(page);
          expect(q.limit).toBe(limit);
          expect(q.sort.field).toBe(sort.replace('-', ''));
          if (status) expect(q.filters).toContainEqual({ field: 'status', op: 'eq', value: status });
          if (fromDate) expect(q.filters).toContainEqual({ field: 'orderDate', op: 'gte', value: fromDate });
          if (searchStr) expect(q.extras.searchStr).toBe(searchStr);
        },
      ),
    );
  });

  it('leaves out empty values and writes operators in brackets', () => {
    expect(
      buildListQuery({
        page: 1,
        filters: { a: '', b: undefined, c: null, shippingDate: { gte: '2026-10-01', lte: '' } },
      }),
    ).toBe('page=1&shippingDate%5Bgte%5D=2026-10-01');
  });
});

describe('pageCount', () => {
  it('is the ceiling of total over page size', () => {
    expect(pageCount(0, 25)).toBe(0);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
