/** Turns an audit entry's before/after records into the rows a reader cares about. */

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** Bookkeeping every write touches; listing it on each entry only hides the real change. */
const NOISE = new Set(['updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changed fields, in the record's own order: for a create every field of `after`, for a
 * delete every field of `before`, for an update only what differs.
 */
export function auditDiff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !NOISE.has(field))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((row) => !before || !after || !same(row.before, row.after));
}
