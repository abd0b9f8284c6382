import { describe, expect, it } from 'vitest';
import type { ProductImportResult } from '#shared/schemas/product-import';
import { fieldLabelKey, importOutlook, rejectedLines } from './product-import';

const result = (counts: Partial<ProductImportResult>): ProductImportResult => ({
  dryRun: true,
  created: 0,
  updated: 0,
  unchanged: 0,
  rejected: [],
  ignoredColumns: [],
  ...counts,
});

describe('the products import on screen', () => {
  it('names each field as the product form labels it', () => {
    expect(fieldLabelKey('hsCode')).toBe('fields.hsCode');
    expect(fieldLabelKey('categoryId')).toBe('fields.category');
    expect(fieldLabelKey('supplierIds')).toBe('fields.suppliers');
    expect(fieldLabelKey('availablePlatforms')).toBe('fields.listings');
    expect(fieldLabelKey('')).toBeNull();
  });

  it('makes one line per problem, each with its row and SKU', () => {
    const invalidHs = {
      field: 'hsCode',
      code: 'invalidHsCode',
      message: 'Enter an HS code of 6 to 10 digits',
    };
    const invalidCountry = { field: 'countryOfOrigin', code: 'invalidCountry', message: 'Choose a country' };
    const unreadable = { field: '', code: 'importUnreadableRow', message: 'x', params: { line: 9 } };
    const lines = rejectedLines(
      result({
        rejected: [
          { row: 3, sku: 'A-1', messages: [invalidHs, invalidCountry] },
          { row: 7, sku: '', messages: [unreadable] },
        ],
      }),
    );
    expect(lines.map((l) => [l.key, l.row, l.sku, l.fieldLabel, l.message.code])).toEqual([
      ['3:0', 3, 'A-1', 'fields.hsCode', 'invalidHsCode'],
      ['3:1', 3, 'A-1', 'fields.countryOfOrigin', 'invalidCountry'],
      ['7:0', 7, '', null, 'importUnreadableRow'],
    ]);
  });

  it('tells an empty file, a file to fix, one with nothing new, and one to import apart', () => {
    expect(importOutlook(result({}))).toBe('empty');
    expect(importOutlook(result({ created: 2, rejected: [{ row: 2, sku: 'X', messages: [] }] }))).toBe(
      'rejected',
    );
    expect(importOutlook(result({ unchanged: 5 }))).toBe('nothingToDo');
    expect(importOutlook(result({ updated: 1, unchanged: 5 }))).toBe('ready');
  });
});
