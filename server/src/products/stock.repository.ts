/**
 * The stock ledger's SQL: the products' stock read under their row locks, a movement appended
 * with the quantity it moves, and the ledger's list. The rules of what may move live in
 * stock.ts, the one caller of {@link insertStockMovement} and {@link insertOpeningMovements}.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StockMovement } from '#shared/schemas/product';
import type { Database } from '../db/database';
import { lockRowsReading, lockSelected } from '../db/locking';
import type { StockMovementReason } from './stock.table';

const STOCK_COLUMNS = ['id', 'name', 'in_stock_quantity', 'amazon_stock_quantity'] as const;

/**
 * The stock fields of these products, locked until the transaction ends (in id order), so a
 * check of what is available cannot race another order's acceptance. Every writer of product
 * rows takes them so (or through {@link lockOrderProducts}) before it writes them.
 */
export function lockProductsStock(trx: Transaction<Database>, ids: readonly string[]) {
  return lockRowsReading(trx, 'products', ids, (q) => q.select(STOCK_COLUMNS));
}

export type LockedStock = Awaited<ReturnType<typeof lockProductsStock>>[number];

/**
 * {@link lockProductsStock} for the products of these orders, found by the same statement: a
 * status change that writes products (stock, the 30-day figures) takes them before it locks
 * the orders, as every writer of products does (db/locking.ts). An order's product never
 * changes, so reading it unlocked is exact.
 */
export function lockOrderProducts(trx: Transaction<Database>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return lockSelected(
    trx,
    'products',
    trx
      .selectFrom('products')
      .select(STOCK_COLUMNS)
      .where('products.id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('orders.product_id')
          .where('orders.id', 'in', [...orderIds]),
      ),
  );
}

export interface NewStockMovement {
  productId: string;
  /** Signed change in units (zero only for an opening count of nothing). */
  quantity: number;
  reason: StockMovementReason;
  note?: string | null;
  /** The order that caused it, for ORDER_ACCEPTED / ORDER_CANCELLED. */
  orderId?: string | null;
  userId: string | null;
}

/**
 * Appends a ledger movement and applies it to the product's quantity, in the caller's
 * transaction, so quantity always equals the ledger's sum. It checks nothing: stock.ts decides
 * what may move. Returns the movement's id.
 */
export async function insertStockMovement(
  trx: Kysely<Database>,
  movement: NewStockMovement,
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await trx
    .insertInto('stock_movements')
    .values({
      id,
      product_id: movement.productId,
      quantity: movement.quantity,
      reason: movement.reason,
      note: movement.note ?? null,
      order_id: movement.orderId ?? null,
      user_id: movement.userId,
      created_at: now,
    })
    .execute();
  await trx
    .updateTable('products')
    .set({ in_stock_quantity: sql`in_stock_quantity + ${movement.quantity}`, updated_at: now })
    .where('id', '=', movement.productId)
    .execute();
  return id;
}

/**
 * New products' opening movements, one multi-row statement a thousand: their rows were inserted
 * with these counts (products.repository.ts `insertProducts`), so no product is updated here.
 */
export async function insertOpeningMovements(
  trx: Kysely<Database>,
  openings: readonly { productId: string; quantity: number }[],
  userId: string,
): Promise<void> {
  const now = new Date().toISOString();
  const rows = openings.map((o) => ({
    id: crypto.randomUUID(),
    product_id: o.productId,
    quantity: o.quantity,
    reason: 'INITIAL' as const,
    note: 'Opening stock',
    order_id: null,
    user_id: userId,
    created_at: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await trx
      .insertInto('stock_movements')
      .values(rows.slice(i, i + 1000))
      .execute();
  }
}

export function stockMovementsQuery(db: Kysely<Database>, productId: string) {
  return db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.user_id')
    .selectAll('stock_movements')
    .select('users.fullname')
    .where('stock_movements.product_id', '=', productId);
}

type MovementRow = Awaited<ReturnType<ReturnType<typeof stockMovementsQuery>['executeTakeFirstOrThrow']>>;

export const toStockMovement = (row: MovementRow): StockMovement => ({
  _id: row.id,
  productId: row.product_id,
  quantity: row.quantity,
  reason: row.reason,
  note: row.note,
  orderId: row.order_id,
  user: row.user_id ? { _id: row.user_id, fullname: row.fullname ?? '' } : null,
  createdAt: row.created_at,
});
