/**
 * The stock rule, in one place (docs/architecture.md, "Stock"). A product's stock moves only by
 * ledger movements, each applied to `products.in_stock_quantity` in the same statement pair
 * (stock.repository.ts), so the quantity is always the ledger's sum; and what may move is
 * decided here:
 *
 * - **Taking** (an order accepted): at most what is available, the stock less the Amazon (FBA)
 *   stock, which sits in Amazon's warehouse and cannot fill these orders. More is a 409
 *   `insufficientStock` naming the product and what is available.
 * - **Giving back** (an order cancelled): exactly what the order took, unless that would leave
 *   the product more than {@link MAX_STOCK} (a 409; only stock raised by hand while orders held
 *   some can get there).
 * - **Adjusting** by hand: never below zero, below the Amazon stock (part of the total) or above
 *   {@link MAX_STOCK} (400s naming `quantity`).
 *
 * Every check reads stock under the products' row locks ({@link lockProductsStock},
 * {@link lockOrderProducts}, or the product's own lock), taken before anything is written in
 * the caller's transaction: parallel takers queue, and each checks what the one before it left.
 * Orders, OTZ orders, manual adjustments, product creation (the opening count) and the import
 * (which locks its products before it creates or cancels orders) all go through this module.
 */
import type { Kysely } from 'kysely';
import { MAX_STOCK } from '#shared/constants';
import { MESSAGES, formatMessage } from '#shared/messages';
import type { Database } from '../db/database';
import { badRequest, httpError } from '../http/errors';
import { insertOpeningMovements, insertStockMovement, type LockedStock } from './stock.repository';

export { lockOrderProducts, lockProductsStock, type LockedStock } from './stock.repository';

/** Units of one product moving for one order: the movement names the order (`note`: its order id). */
export interface OrderStockLine {
  productId: string;
  quantity: number;
  orderId: string;
  note: string;
}

/** The locked products' stock by id. */
export type StockByProduct = ReadonlyMap<string, LockedStock>;

/** Units per product over the lines. */
function unitsPerProduct(lines: readonly OrderStockLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

/**
 * Refuses (409, naming the product) when the lines need more than a product has to give.
 * Products that are not in `stock` are not locked: nothing may be taken from them.
 */
function assertStockAvailable(stock: StockByProduct, lines: readonly OrderStockLine[]): void {
  for (const [productId, quantity] of unitsPerProduct(lines)) {
    const product = stock.get(productId);
    const available = product ? Number(product.in_stock_quantity) - Number(product.amazon_stock_quantity) : 0;
    if (quantity > available) {
      throw httpError(409, 'insufficientStock', {
        product: product?.name ?? productId,
        available: Math.max(available, 0),
        requested: quantity,
      });
    }
  }
}

/**
 * Refuses (409) when giving back what the lines took would leave a product more than
 * {@link MAX_STOCK}: every movement keeps stock within its bound, so every figure made of it
 * stays in its column.
 */
function assertStockRoom(stock: StockByProduct, lines: readonly OrderStockLine[]): void {
  for (const [productId, quantity] of unitsPerProduct(lines)) {
    const product = stock.get(productId);
    if (product && Number(product.in_stock_quantity) + quantity > MAX_STOCK) {
      throw httpError(409, 'stockQuantityTooLarge', { max: MAX_STOCK });
    }
  }
}

/** Takes the lines' units from their locked products, all or (refused) none. */
export async function takeStock(
  trx: Kysely<Database>,
  stock: StockByProduct,
  lines: readonly OrderStockLine[],
  userId: string | null,
): Promise<void> {
  assertStockAvailable(stock, lines);
  for (const line of lines) {
    await insertStockMovement(trx, {
      productId: line.productId,
      quantity: -line.quantity,
      reason: 'ORDER_ACCEPTED',
      note: line.note,
      orderId: line.orderId,
      userId,
    });
  }
}

/** Gives the lines' units back to their locked products, all or (refused) none. */
export async function giveBackStock(
  trx: Kysely<Database>,
  stock: StockByProduct,
  lines: readonly OrderStockLine[],
  userId: string | null,
): Promise<void> {
  assertStockRoom(stock, lines);
  for (const line of lines) {
    await insertStockMovement(trx, {
      productId: line.productId,
      quantity: line.quantity,
      reason: 'ORDER_CANCELLED',
      note: line.note,
      orderId: line.orderId,
      userId,
    });
  }
}

/**
 * New products' opening counts: the ledger's first movement of each, even when it is zero. Their
 * rows are inserted holding these counts (products.repository.ts `insertProducts`), so the
 * quantity is the ledger's sum from the start.
 */
export function recordOpeningStocks(
  trx: Kysely<Database>,
  openings: readonly { productId: string; quantity: number }[],
  userId: string,
): Promise<void> {
  return insertOpeningMovements(trx, openings, userId);
}

/** Refuses (400 naming `field`) an Amazon stock above the total stock it is part of. */
export function assertAmazonStockWithin(amazonStock: number, stock: number, field: string): void {
  if (amazonStock > stock) {
    throw badRequest(MESSAGES.amazonStockAboveTotal, [{ field, message: MESSAGES.amazonStockAboveTotal }]);
  }
}

/**
 * A manual adjustment of a product locked by the caller: refused (400 naming `quantity`) when it
 * would leave the stock below zero, below the Amazon stock or above {@link MAX_STOCK}; else
 * recorded with its note. Answers the movement's id and the stock it leaves.
 */
export async function recordAdjustment(
  trx: Kysely<Database>,
  product: { id: string; in_stock_quantity: number; amazon_stock_quantity: number },
  adjustment: { quantity: number; note: string },
  userId: string,
): Promise<{ movementId: string; stock: number }> {
  const next = product.in_stock_quantity + adjustment.quantity;
  if (next < 0) {
    throw badRequest(MESSAGES.invalidStockQuantity, [
      { field: 'quantity', message: MESSAGES.invalidStockQuantity },
    ]);
  }
  assertAmazonStockWithin(product.amazon_stock_quantity, next, 'quantity');
  if (next > MAX_STOCK) {
    const params = { max: MAX_STOCK };
    throw httpError(400, 'stockQuantityTooLarge', params, [
      {
        field: 'quantity',
        code: 'stockQuantityTooLarge',
        message: formatMessage('stockQuantityTooLarge', params),
        params,
      },
    ]);
  }
  const movementId = await insertStockMovement(trx, {
    productId: product.id,
    quantity: adjustment.quantity,
    reason: 'ADJUSTMENT',
    note: adjustment.note,
    userId,
  });
  return { movementId, stock: next };
}
