/**
 * Settings lists: categories, manufacturers, suppliers and shipping methods share one
 * shape and one set of functions; handling fees, pre-categories and shelf numbers have their own.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { HandlingFee, PreCategory, ShelfNumber } from '#shared/schemas/catalog';
import type { Category } from '#shared/schemas/catalog';
import type { Database } from '../db/database';
import type { HandlingFeeTable, NamedSettingTable } from './catalog.table';

export type NamedSettingTableName = 'categories' | 'manufacturers' | 'suppliers' | 'shipping_methods';
export type NamedSettingRow = Selectable<NamedSettingTable>;
export type HandlingFeeRow = Selectable<HandlingFeeTable>;

// The four tables have the same columns (catalog.table.ts), so one of them stands for all in
// Kysely's types; the table name itself is always the caller's.
const named = (table: NamedSettingTableName) => table as 'categories';

export const toNamedSetting = (row: NamedSettingRow): Category => ({
  _id: row.id,
  name: row.name,
  activeStatus: row.active_status === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function namedSettingsQuery(db: Kysely<Database>, table: NamedSettingTableName) {
  return db.selectFrom(named(table)).selectAll();
}

export function findNamedSetting(db: Kysely<Database>, table: NamedSettingTableName, id: string) {
  return namedSettingsQuery(db, table).where('id', '=', id).executeTakeFirst();
}

export function findNamedSettings(
  db: Kysely<Database>,
  table: NamedSettingTableName,
  ids: readonly string[],
) {
  return ids.length === 0
    ? Promise.resolve([] as NamedSettingRow[])
    : namedSettingsQuery(db, table).where('id', 'in', ids).execute();
}

export async function insertNamedSetting(
  db: Kysely<Database>,
  table: NamedSettingTableName,
  values: { name: string; activeStatus: boolean },
): Promise<NamedSettingRow> {
  const now = new Date().toISOString();
  const row = {
    id: crypto.randomUUID(),
    name: values.name,
    active_status: values.activeStatus ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto(named(table)).values(row).execute();
  return row;
}

export async function updateNamedSetting(
  db: Kysely<Database>,
  table: NamedSettingTableName,
  id: string,
  changes: { name?: string; activeStatus?: boolean },
): Promise<void> {
  await db
    .updateTable(named(table))
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.activeStatus !== undefined ? { active_status: changes.activeStatus ? 1 : 0 } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/** Handling fee values are decimal text so '2.5' stays exactly 2.5; the API speaks numbers. */
export const toHandlingFee = (row: HandlingFeeRow): HandlingFee => ({
  _id: row.id,
  title: row.title,
  type: row.type,
  value: Number(row.value),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function handlingFeesQuery(db: Kysely<Database>) {
  return db.selectFrom('handling_fees').selectAll();
}

/** Handling fees with `value_number`, the value as a number for sorting ('10' after '9'). */
export function handlingFeesListQuery(db: Kysely<Database>) {
  return handlingFeesQuery(db).select(sql<number>`cast(handling_fees.value as real)`.as('value_number'));
}

export function findHandlingFee(db: Kysely<Database>, id: string) {
  return handlingFeesQuery(db).where('id', '=', id).executeTakeFirst();
}

export async function insertHandlingFee(
  db: Kysely<Database>,
  values: { title: string; type: HandlingFeeRow['type']; value: number },
): Promise<HandlingFeeRow> {
  const now = new Date().toISOString();
  const row = {
    id: crypto.randomUUID(),
    title: values.title,
    type: values.type,
    value: String(values.value),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('handling_fees').values(row).execute();
  return row;
}

export async function updateHandlingFee(
  db: Kysely<Database>,
  id: string,
  changes: { title?: string; value?: number },
): Promise<void> {
  await db
    .updateTable('handling_fees')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.value !== undefined ? { value: String(changes.value) } : {}),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

export const toPreCategory = (row: { id: string; name: string }): PreCategory => ({
  _id: row.id,
  name: row.name,
});
export const toShelfNumber = (row: { id: string; name: string }): ShelfNumber => ({
  _id: row.id,
  name: row.name,
});

export const preCategoriesQuery = (db: Kysely<Database>) => db.selectFrom('pre_categories').selectAll();
export const shelfNumbersQuery = (db: Kysely<Database>) => db.selectFrom('shelf_numbers').selectAll();
