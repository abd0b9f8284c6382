import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('audit diff', () => {
  it('keeps only changed fields of an update, without updatedAt', () => {
    expect(
      auditDiff(
        { name: 'Snacks', activeStatus: true, updatedAt: '2026-01-01T00:00:00Z' },
        { name: 'Sweets', activeStatus: true, updatedAt: '2026-02-01T00:00:00Z' },
      ),
    ).toEqual([{ field: 'name', before: 'Snacks', after: 'Sweets' }]);
  });

  it('lists every field of a create and of a delete', () => {
    expect(auditDiff(null, { name: 'Snacks', activeStatus: true }).map((r) => r.field)).toEqual([
      'name',
      'activeStatus',
    ]);
    expect(auditDiff({ name: 'Snacks' }, null)).toEqual([
      { field: 'name', before: 'Snacks', after: undefined },
    ]);
  });

  it('compares nested values by content and reports added or removed fields', () => {
    expect(auditDiff({ tags: ['a'], x: 1 }, { tags: ['a'], y: 2 })).toEqual([
      { field: 'x', before: 1, after: undefined },
      { field: 'y', before: undefined, after: 2 },
    ]);
  });
});
