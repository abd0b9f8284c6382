import { describe, expect, it } from 'vitest';
import { exchangeRatesListSpec } from '#shared/list-specs';
import { buildListQuery, parseListQuery } from '#shared/query';
import { dateSearchFilters, dateSearchRange } from './date-search';

describe('searching a list of dates', () => {
  it('reads a day in the user format or the forms a date field accepts', () => {
    const may1 = { from: '2026-05-01', to: '2026-05-01' };
    expect(dateSearchRange('2026-05-01')).toEqual(may1);
    expect(dateSearchRange(' 2026/5/1 ')).toEqual(may1);
    expect(dateSearchRange('01/05/2026', 'dd/MM/yyyy')).toEqual(may1);
    expect(dateSearchRange('2026年5月1日', "yyyy'年'M'月'd'日'")).toEqual(may1);
  });

  it('reads a month and a year as their whole range', () => {
    const may = { from: '2026-05-01', to: '2026-05-31' };
    for (const text of ['2026-05', '2026/5', '05/2026', '2026年5月'])
      expect(dateSearchRange(text), text).toEqual(may);
    expect(dateSearchRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(dateSearchRange('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(dateSearchRange('2026年')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('names no date for other text, nor for days that do not exist', () => {
    for (const text of ['', 'rupee', '2026-13', '2026-02-30', '1.73', '26']) {
      expect(dateSearchRange(text), text).toBeNull();
    }
  });

  it('builds filters the server parses with the list spec', () => {
    const read = (text: string) =>
      parseListQuery(
        Object.fromEntries(new URLSearchParams(buildListQuery({ filters: dateSearchFilters('date', text) }))),
        exchangeRatesListSpec,
      ).filters;
    expect(read('2026-05-01')).toEqual([{ field: 'date', op: 'eq', value: '2026-05-01' }]);
    expect(read('2026-05')).toEqual([
      { field: 'date', op: 'gte', value: '2026-05-01' },
      { field: 'date', op: 'lte', value: '2026-05-31' },
    ]);
    expect(read('tea')).toEqual([{ field: 'date', op: 'lt', value: '0001-01-01' }]);
  });
});
