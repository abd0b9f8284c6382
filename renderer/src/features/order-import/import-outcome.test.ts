import { describe, expect, it } from 'vitest';
import type { OrderImportResult } from '#shared/schemas/order-import';
import { previewNotice } from './import-outcome';

const result = (counts: Partial<OrderImportResult>): OrderImportResult => ({
  created: 0,
  updated: 0,
  skipped: 0,
  unmatched: [],
  unmatchedCount: 0,
  errors: [],
  errorCount: 0,
  ...counts,
});

describe('what the preview says when nothing would be written', () => {
  it('says the file has no order lines when it has no rows at all', () => {
    expect(previewNotice(result({}))).toBe('noLines');
  });

  it('says nothing is new when every row is imported already, unknown or in error', () => {
    expect(previewNotice(result({ skipped: 3 }))).toBe('nothingNew');
    expect(previewNotice(result({ unmatchedCount: 1 }))).toBe('nothingNew');
    expect(previewNotice(result({ errorCount: 250 }))).toBe('nothingNew');
  });

  it('says nothing when the import would write something', () => {
    expect(previewNotice(result({ created: 1 }))).toBeNull();
    expect(previewNotice(result({ updated: 1, skipped: 4 }))).toBeNull();
  });
});
