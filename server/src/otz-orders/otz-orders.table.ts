/** OTZ orders and their product lines, created by migration 009_otz_orders. */
import type { Generated } from 'kysely';
import type { Currency, OrderStatus } from '#shared/constants';
import type { Flag } from '../db/db.table';

export interface OtzOrderTable {
  id: string;
  paypal_transaction_id: string;
  /** YYYY-MM-DD. */
  order_date: string;
  shipment_status: OrderStatus;
  /** The customer as JSON text; null when the storefront sent none. */
  customer: string | null;
  customer_name: string | null;
  customer_email: string | null;
  currency: Currency;
  /** Paid amount, minor units of `currency`. */
  amount: number;
  /** 1 while the order holds the stock its lines took when accepted. */
  stock_taken: Generated<Flag>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface OtzOrderItemTable {
  id: string;
  otz_order_id: string;
  position: number;
  product_id: string;
  order_quantity: number;
  /** Unit price, minor units of the order's currency. */
  price: number;
}

export interface OtzOrderTables {
  otz_orders: OtzOrderTable;
  otz_order_items: OtzOrderItemTable;
}
