/**
 * Orders, created by migration 008_orders, and their kept counts (020_order_counts). Amounts are
 * integer minor units of the order's currency (yen for AMAZONJP, paise otherwise), except
 * `shipping_fee` (always yen) and `custom_fee` (always paise); the stored rate is integer
 * micro-units (yen per rupee).
 */
import type { Currency, OrderStatus, Platform } from '#shared/constants';
import type { Flag } from '../db/db.table';

export interface OrderTable {
  id: string;
  /** The platform's order id (Amazon's 503-…, Shopify's #1001, or typed at order entry). */
  order_id: string;
  platform_code: Platform;
  product_id: string;
  /** The calendar date in the business's time zone. */
  order_date: string;
  order_quantity: number;
  currency: Currency;
  base_order_price: number;
  discount: number;
  commission: number;
  closing_fee: number;
  gst: number;
  handling_fee: number;
  shipping_fee: number;
  custom_fee: number;
  /** INR→JPY of the order date, micro-units; null while no rate is known. */
  exchange_rate: number | null;
  expected_shipping_date: string | null;
  /** Advance orders only. */
  delivery_date: string | null;
  /** 1 for an order entered as an advance order (it stays one in the advance list). */
  is_advance: Flag;
  /** 1 once an advance order has been released into a normal order. */
  is_booked_advance: Flag;
  shipment_status: OrderStatus;
  /** The shipment's own shipment id (the one people read), not its row id (010_shipments). */
  shipment_id: string | null;
  /** The order's place in its shipment, in the order it was combined; null outside one. */
  shipment_position: number | null;
  /** JSON of the customer, or null. */
  customer: string | null;
  /**
   * Units this order has taken from the product's stock and not given back: set when it is
   * accepted, cleared when it is cancelled, so stock moves exactly once each way.
   */
  stock_taken: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Orders per order date, status and platform, kept by the database (020_order_counts). */
export interface OrderDayCountTable {
  order_date: string;
  shipment_status: OrderStatus;
  platform_code: Platform;
  n: number;
}

/**
 * Orders per product, status and platform, kept by the database (020_order_counts). The product
 * is its search key on SQLite (`products_search_keys.key`), its id on PostgreSQL.
 */
export interface OrderProductCountTable {
  product_key: string | number;
  shipment_status: OrderStatus;
  platform_code: Platform;
  n: number;
}

export interface OrderTables {
  orders: OrderTable;
  order_day_counts: OrderDayCountTable;
  order_product_counts: OrderProductCountTable;
}
