/**
 * The kept sales totals, created by migration 014_sales: the summary cards' sums per order
 * date and platform (whole yen; counts), and the keys a transaction's writes left to refresh.
 */
import type { Platform } from '#shared/constants';

export interface SalesDailyTable {
  order_date: string;
  platform_code: Platform;
  no_of_orders: number;
  sales_value: number;
  amazon_commission: number;
  shipping_fee: number;
  custom_fee: number;
  cost_of_goods: number;
  profit: number;
  without_yen_value: number;
  without_purchase_price: number;
}

export interface SalesDailyDirtyTable {
  order_date: string;
  platform_code: Platform;
}

export interface SalesTables {
  sales_daily: SalesDailyTable;
  sales_daily_dirty: SalesDailyDirtyTable;
}
