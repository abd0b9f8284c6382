/**
 * The importer's reads, a batch of report lines at a time: which products their SKUs and
 * listings name, and which of their orders are already stored. One query per kind per batch
 * (never one per line), each served by an index: lower(sku_code) (ux_products__sku_code),
 * (code, asin) (ix_product_platforms__asin) and order_id first (ux_orders__order_id).
 */
import { sql, type Kysely } from 'kysely';
import type { OrderStatus, Platform } from '#shared/constants';
import type { Database } from '../db/database';
import type { OrderValues } from '../orders/orders.repository';

/** Keeps each `in (…)` list well under both databases' bound on bound parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Product ids by lower-cased SKU (SKUs are unique ignoring case). */
export async function productsBySku(
  db: Kysely<Database>,
  skus: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const keys = [...new Set(skus.filter(Boolean).map((s) => s.toLowerCase()))];
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'sku_code'])
      .where(sql<string>`lower(sku_code)`, 'in', part)
      .execute();
    for (const row of rows) found.set(row.sku_code.toLowerCase(), row.id);
  }
  return found;
}

/** Product ids by `${platform} ${asin}` of their listing on that platform. */
export async function productsByListing(
  db: Kysely<Database>,
  listings: readonly { code: Platform; asin: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const byCode = new Map<Platform, Set<string>>();
  for (const { code, asin } of listings) {
    if (!asin) continue;
    const set = byCode.get(code) ?? new Set<string>();
    set.add(asin);
    byCode.set(code, set);
  }
  for (const [code, asins] of byCode) {
    for (const part of chunks([...asins])) {
      const rows = await db
        .selectFrom('product_platforms')
        .select(['product_id', 'asin'])
        .where('code', '=', code)
        .where('asin', 'in', part)
        .orderBy('product_id')
        .execute();
      for (const row of rows) {
        const key = `${code} ${row.asin}`;
        // Two products listed under one ASIN: the first by id, the same every time.
        if (!found.has(key)) found.set(key, row.product_id);
      }
    }
  }
  return found;
}

export interface StoredOrderLine {
  id: string;
  status: OrderStatus;
}

export const orderLineKey = (platform: Platform, orderId: string, productId: string) =>
  `${platform}\u0000${orderId}\u0000${productId}`;

/** The stored order lines among these orders, by {@link orderLineKey}. */
export async function storedOrderLines(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, StoredOrderLine>> {
  const found = new Map<string, StoredOrderLine>();
  for (const part of chunks([...new Set(orderIds)])) {
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'order_id', 'platform_code', 'product_id', 'shipment_status'])
      .where('order_id', 'in', part)
      .execute();
    for (const row of rows) {
      found.set(orderLineKey(row.platform_code, row.order_id, row.product_id), {
        id: row.id,
        status: row.shipment_status,
      });
    }
  }
  return found;
}

/**
 * Inserts new order rows, many per statement: a statement per row costs more than the row.
 * Returns their ids in the rows' order.
 */
export async function insertOrderRows(
  trx: Kysely<Database>,
  rows: readonly OrderValues[],
): Promise<string[]> {
  const now = new Date().toISOString();
  const withIds = rows.map((values) => ({
    id: crypto.randomUUID(),
    ...values,
    created_at: now,
    updated_at: now,
  }));
  // 28 columns a row: 200 rows stay far below both databases' bound on parameters.
  for (let i = 0; i < withIds.length; i += 200) {
    await trx
      .insertInto('orders')
      .values(withIds.slice(i, i + 200))
      .execute();
  }
  return withIds.map((row) => row.id);
}
