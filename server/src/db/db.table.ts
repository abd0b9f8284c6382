/**
 * What every area's tables share, and the database layer's own table. One schema for SQLite and
 * PostgreSQL: ids are text (UUIDs), timestamps ISO 8601 UTC text, date-only fields YYYY-MM-DD
 * text, booleans integer 0/1 ({@link Flag}), JSON as text, money integer minor units.
 */

/** 0 or 1: one boolean encoding for both databases (a plain number). */
export type Flag = number;

/** One counter per table, bumped by triggers on every write (migration 004_list_engine). */
export interface ListVersionsTable {
  name: string;
  version: number;
}

export interface DbTables {
  list_versions: ListVersionsTable;
}
