/** Saved simulations and the platform fee defaults: all their SQL. */
import { sql, type Kysely, type Selectable } from 'kysely';
import { simulate, type SimulationInputs, type SimulatorPlatform } from '#shared/domain/simulator';
import type { PlatformFee, Simulation, SimulationInputParsed } from '#shared/schemas/simulation';
import type { Database } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { PlatformFeeTable, SimulationTable } from './simulations.table';

export function simulationsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('simulations')
    .leftJoin('products', 'products.id', 'simulations.product_id')
    .leftJoin('users', 'users.id', 'simulations.created_by')
    .selectAll('simulations')
    .select(['products.name as product_name', 'products.sku_code as product_sku_code', 'users.fullname']);
}

type SimulationRow = Awaited<ReturnType<ReturnType<typeof simulationsQuery>['executeTakeFirstOrThrow']>>;

/** The inputs as the shared function reads them: the stored decimal texts. */
export const inputsOf = (row: Selectable<SimulationTable>): SimulationInputs => ({
  purchasePrice: row.purchase_price,
  quantity: row.quantity,
  exchangeRate: row.exchange_rate,
  shippingCost: row.shipping_cost,
  customsDuty: row.customs_duty,
  commission: row.commission,
  closingFee: row.closing_fee,
  handling:
    row.handling_type && row.handling_value !== null
      ? { type: row.handling_type, value: row.handling_value }
      : null,
  target: { type: row.target_type, value: row.target_value },
});

/** The API's view: inputs as JSON numbers (their exact shortest text), the result computed now. */
export const toSimulation = (row: SimulationRow): Simulation => ({
  _id: row.id,
  name: row.name,
  product:
    row.product_id && row.product_name !== null
      ? { _id: row.product_id, name: row.product_name, skuCode: row.product_sku_code ?? '' }
      : null,
  platformCode: row.platform_code,
  purchasePrice: Number(row.purchase_price),
  quantity: Number(row.quantity),
  exchangeRate: Number(row.exchange_rate),
  shippingCost: Number(row.shipping_cost),
  customsDuty: Number(row.customs_duty),
  commission: Number(row.commission),
  closingFee: Number(row.closing_fee),
  handling:
    row.handling_type && row.handling_value !== null
      ? { handlingFeeId: row.handling_fee_id, type: row.handling_type, value: Number(row.handling_value) }
      : null,
  target: { type: row.target_type, value: Number(row.target_value) },
  result: simulate(inputsOf(row)),
  createdBy: row.created_by ? { _id: row.created_by, fullname: row.fullname ?? '' } : null,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export async function findSimulation(db: Kysely<Database>, id: string): Promise<Simulation | undefined> {
  const row = await simulationsQuery(db).where('simulations.id', '=', id).executeTakeFirst();
  return row ? toSimulation(row) : undefined;
}

const columnsOf = (input: SimulationInputParsed) => ({
  name: input.name,
  product_id: input.product,
  platform_code: input.platformCode,
  purchase_price: input.purchasePrice,
  quantity: input.quantity,
  exchange_rate: input.exchangeRate,
  shipping_cost: input.shippingCost,
  customs_duty: input.customsDuty,
  commission: input.commission,
  closing_fee: input.closingFee,
  handling_fee_id: input.handling?.handlingFeeId ?? null,
  handling_type: input.handling?.type ?? null,
  handling_value: input.handling?.value ?? null,
  target_type: input.target.type,
  target_value: input.target.value,
});

export async function insertSimulation(
  db: Kysely<Database>,
  input: SimulationInputParsed,
  createdBy: string,
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('simulations')
    .values({ id, ...columnsOf(input), created_by: createdBy, created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function updateSimulation(
  db: Kysely<Database>,
  id: string,
  input: SimulationInputParsed,
): Promise<void> {
  await db
    .updateTable('simulations')
    .set({ ...columnsOf(input), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

// ---- Platform fee defaults -------------------------------------------------------------------

export const toPlatformFee = (row: Selectable<PlatformFeeTable>): PlatformFee => ({
  platformCode: row.platform_code,
  commissionPercent: Number(row.commission_percent),
  closingFee: Number(row.closing_fee),
  updatedAt: row.updated_at,
});

export function listPlatformFeeRows(db: Kysely<Database>) {
  return db.selectFrom('platform_fees').selectAll().orderBy('platform_code').execute();
}

/**
 * Locks one platform's row until the transaction ends and reads it (PostgreSQL `FOR UPDATE`;
 * SQLite's single writer needs no lock), as db/locking.ts does for tables keyed by `id`.
 */
export async function lockPlatformFee(
  db: Kysely<Database>,
  platform: SimulatorPlatform,
): Promise<Selectable<PlatformFeeTable> | undefined> {
  const forUpdate = isPostgres(db) ? sql` for update` : sql``;
  const { rows } = await sql<Selectable<PlatformFeeTable>>`select * from platform_fees
    where platform_code = ${platform}${forUpdate}`.execute(db);
  return rows[0];
}

export async function updatePlatformFee(
  db: Kysely<Database>,
  platform: SimulatorPlatform,
  values: { commissionPercent: string; closingFee: string },
): Promise<void> {
  await db
    .updateTable('platform_fees')
    .set({
      commission_percent: values.commissionPercent,
      closing_fee: values.closingFee,
      updated_at: new Date().toISOString(),
    })
    .where('platform_code', '=', platform)
    .execute();
}
