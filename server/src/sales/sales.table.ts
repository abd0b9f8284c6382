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

/** Each sale's line of the sales export, formatted by the database (kept by triggers). */
export interface SalesExportLineTable {
  order_date: string;
  id: string;
  platform_code: Platform;
  line: string;
}

/** Each sale's Order price and Profit in whole yen, null when unknown (kept by triggers: 026_sale_sort_values). */
export interface SaleSortValueTable {
  id: string;
  order_date: string;
  platform_code: Platform;
  shipment_status: string;
  order_price_yen: number | null;
  profit_yen: number | null;
}

export interface SalesTables {
  sales_daily: SalesDailyTable;
  sales_daily_dirty: SalesDailyDirtyTable;
  sales_export_lines: SalesExportLineTable;
  sale_sort_values: SaleSortValueTable;
}
