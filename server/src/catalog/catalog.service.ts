/**
 * Settings: list semantics, create and edit with audit. Names are unique
 * per list regardless of case; the unique indexes of 002_catalog enforce it and answer 409
 * 'Duplicate field' (http/errors.ts), so a race between two admins cannot slip past a pre-check.
 */
import type { Kysely } from 'kysely';
import { MESSAGES } from '#shared/messages';
import {
  checkHandlingValue,
  type HandlingFee,
  type HandlingFeeCreate,
  type NamedCreate,
  type NamedUpdate,
} from '#shared/schemas/catalog';
import type { Category } from '#shared/schemas/catalog';
import type { SessionUser } from '#shared/schemas/auth';
import type { Database } from '../db/database';
import { recordAudit } from '../audit/audit.repository';
import { lockRow } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { badRequest, notFound } from '../http/errors';
import { lockProductsNaming } from '../products/products.repository';
import { containsText, parseList, runList, runSearch, type ListColumns } from '../http/list';
import { textFilter } from '../http/list-filters';
import {
  findHandlingFee,
  findNamedSetting,
  handlingFeesListQuery,
  insertHandlingFee,
  insertNamedSetting,
  namedSettingsQuery,
  preCategoriesQuery,
  shelfNumbersQuery,
  toHandlingFee,
  toNamedSetting,
  toPreCategory,
  toShelfNumber,
  updateHandlingFee,
  updateNamedSetting,
  type NamedSettingTableName,
} from './catalog.repository';
import {
  namedSettingsListSpec,
  handlingFeesListSpec,
  preCategoriesListSpec,
  shelfNumbersSearchSpec,
} from '#shared/list-specs';

// Moved to http/list-filters.ts; re-exported for the modules that still import it from here.
export { textFilter } from '../http/list-filters';

/** Categories, manufacturers, suppliers and shipping methods. */
export interface NamedSettingResource {
  /** API path segment. */
  path: string;
  table: NamedSettingTableName;
  /** Audit entity name. */
  entity: string;
  /** Human label for messages: 'category'. */
  label: string;
}

export const NAMED_SETTINGS = {
  categories: { path: 'categories', table: 'categories', entity: 'category', label: 'category' },
  manufacturers: {
    path: 'manufacturers',
    table: 'manufacturers',
    entity: 'manufacturer',
    label: 'manufacturer',
  },
  suppliers: { path: 'suppliers', table: 'suppliers', entity: 'supplier', label: 'supplier' },
  shippingMethods: {
    path: 'shipping-methods',
    table: 'shipping_methods',
    entity: 'shippingMethod',
    label: 'shipping method',
  },
} as const satisfies Record<string, NamedSettingResource>;

const namedColumns = (table: NamedSettingTableName): ListColumns => ({
  columns: {
    name: `${table}.name`,
    activeStatus: `${table}.active_status`,
    createdAt: `${table}.created_at`,
    updatedAt: `${table}.updated_at`,
  },
  caseInsensitiveSorts: ['name'],
  customFilters: { name: textFilter(`${table}.name`) },
  tieBreaker: `${table}.id`,
});

export function listNamedSettings(db: Kysely<Database>, resource: NamedSettingResource, rawQuery: unknown) {
  const query = parseList(rawQuery, namedSettingsListSpec);
  return runList(namedSettingsQuery(db, resource.table), query, namedColumns(resource.table), toNamedSetting);
}

export function createNamedSetting(
  db: Kysely<Database>,
  actor: SessionUser,
  resource: NamedSettingResource,
  input: NamedCreate,
): Promise<Category> {
  return writeTransaction(db, async (trx) => {
    const row = await insertNamedSetting(trx, resource.table, input);
    const after = toNamedSetting(row);
    await recordAudit(trx, {
      userId: actor._id,
      entity: resource.entity,
      entityId: row.id,
      entityName: after.name,
      action: 'create',
      after,
    });
    return after;
  });
}

export function editNamedSetting(
  db: Kysely<Database>,
  actor: SessionUser,
  resource: NamedSettingResource,
  id: string,
  changes: NamedUpdate,
): Promise<Category> {
  return writeTransaction(db, async (trx) => {
    const beforeRow = (await lockRow(trx, resource.table, id))
      ? await findNamedSetting(trx, resource.table, id)
      : undefined;
    if (!beforeRow) throw notFound();
    const before = toNamedSetting(beforeRow);
    // The screen saves only a changed value; an unchanged PUT leaves no trace either.
    const changed =
      (changes.name !== undefined && changes.name !== before.name) ||
      (changes.activeStatus !== undefined && changes.activeStatus !== before.activeStatus);
    if (!changed) return before;
    if (changes.name !== undefined && changes.name !== before.name && resource.table !== 'shipping_methods') {
      await lockProductsNaming(trx, resource.table, id);
    }
    await updateNamedSetting(trx, resource.table, id, changes);
    const afterRow = await findNamedSetting(trx, resource.table, id);
    if (!afterRow) throw notFound();
    const after = toNamedSetting(afterRow);
    await recordAudit(trx, {
      userId: actor._id,
      entity: resource.entity,
      entityId: id,
      entityName: after.name,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

const handlingFeesColumns: ListColumns = {
  columns: {
    title: 'handling_fees.title',
    type: 'handling_fees.type',
    // Values are decimal text; sorting them as text would put '10' before '9'.
    value: 'value_number',
    createdAt: 'handling_fees.created_at',
    updatedAt: 'handling_fees.updated_at',
  },
  caseInsensitiveSorts: ['title'],
  customFilters: { title: textFilter('handling_fees.title') },
  tieBreaker: 'handling_fees.id',
};

export function listHandlingFees(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, handlingFeesListSpec);
  return runList(handlingFeesListQuery(db), query, handlingFeesColumns, toHandlingFee);
}

export function createHandlingFee(
  db: Kysely<Database>,
  actor: SessionUser,
  input: HandlingFeeCreate,
): Promise<HandlingFee> {
  return writeTransaction(db, async (trx) => {
    const row = await insertHandlingFee(trx, input);
    const after = toHandlingFee(row);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'handlingFee',
      entityId: row.id,
      entityName: after.title,
      action: 'create',
      after,
    });
    return after;
  });
}

export function editHandlingFee(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  changes: { title?: string; type?: HandlingFee['type']; value?: number },
): Promise<HandlingFee> {
  if (changes.title === undefined && changes.type === undefined && changes.value === undefined) {
    throw badRequest(MESSAGES.nothingToUpdate);
  }
  return writeTransaction(db, async (trx) => {
    const beforeRow = (await lockRow(trx, 'handling_fees', id)) ? await findHandlingFee(trx, id) : undefined;
    if (!beforeRow) throw notFound();
    const before = toHandlingFee(beforeRow);
    // Type is read-only once created: sending it back unchanged is fine.
    if (changes.type !== undefined && changes.type !== before.type) {
      throw badRequest(MESSAGES.handlingTypeReadOnly, [
        { field: 'type', message: MESSAGES.handlingTypeReadOnly },
      ]);
    }
    const valueRefused = changes.value !== undefined ? checkHandlingValue(before.type, changes.value) : null;
    if (valueRefused) throw badRequest(valueRefused, [{ field: 'value', message: valueRefused }]);
    const changed =
      (changes.title !== undefined && changes.title !== before.title) ||
      (changes.value !== undefined && changes.value !== before.value);
    if (!changed) return before;
    await updateHandlingFee(trx, id, changes);
    const afterRow = await findHandlingFee(trx, id);
    if (!afterRow) throw notFound();
    const after = toHandlingFee(afterRow);
    await recordAudit(trx, {
      userId: actor._id,
      entity: 'handlingFee',
      entityId: id,
      entityName: after.title,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

const preCategoriesColumns: ListColumns = {
  columns: { name: 'pre_categories.name', createdAt: 'pre_categories.created_at' },
  caseInsensitiveSorts: ['name'],
  customFilters: { name: textFilter('pre_categories.name') },
  tieBreaker: 'pre_categories.id',
};

export function listPreCategories(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, preCategoriesListSpec);
  return runList(preCategoriesQuery(db), query, preCategoriesColumns, toPreCategory);
}

const shelfNumbersColumns: ListColumns = {
  columns: { name: 'shelf_numbers.name' },
  caseInsensitiveSorts: ['name'],
  tieBreaker: 'shelf_numbers.id',
};

export function searchShelfNumbers(db: Kysely<Database>, rawQuery: unknown) {
  const query = parseList(rawQuery, shelfNumbersSearchSpec);
  const text = query.extras.searchStr?.trim();
  const base = shelfNumbersQuery(db);
  return runSearch(
    text ? base.where(containsText(['shelf_numbers.name'], text)) : base,
    query,
    shelfNumbersColumns,
    toShelfNumber,
  );
}
