/**
 * The stock ledger, created by migration 002_catalog: every change of a product's stock is one
 * movement, and `products.in_stock_quantity` is their sum (stock.ts keeps it so).
 */
import type { stockMovementReasons } from '#shared';

export type StockMovementReason = (typeof stockMovementReasons)[number];

export interface StockMovementTable {
  id: string;
  product_id: string;
  /** Signed change in units. */
  quantity: number;
  reason: StockMovementReason;
  note: string | null;
  /** The order that caused it; not a foreign key, as orders arrive in a later migration. */
  order_id: string | null;
  user_id: string | null;
  created_at: string;
}

export interface StockTables {
  stock_movements: StockMovementTable;
}
