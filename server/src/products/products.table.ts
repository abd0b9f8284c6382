/**
 * Products, their supplier links and platform listings, remarks and stored export lines, created
 * by migration 002_catalog (the export lines by 006_export_records, the customs fields by
 * 032_product_customs). Amounts are whole yen.
 */
import type { Generated } from 'kysely';
import type { Platform } from '#shared';
import type { Flag } from '../db/db.table';

export interface ProductTable {
  id: string;
  name: string;
  name_ja: string | null;
  sku_code: string;
  /** 13 (or 8) digits with a valid check digit; unique. */
  jan_code: string;
  category_id: string | null;
  manufacturer_id: string | null;
  /** Per unit, whole yen. Null where unknown: profit then shows a dash. */
  purchase_price: number | null;
  /** Always equal to the sum of the product's stock_movements. */
  in_stock_quantity: Generated<number>;
  /** Never above in_stock_quantity. */
  amazon_stock_quantity: Generated<number>;
  /** A shelf label (shelf_numbers.name), kept as text so a renamed shelf list never orphans it. */
  shelf_number: string | null;
  release_date: string | null;
  /** The latest order date of the product's sales; stored so the list sorts on an index. */
  last_order_date: Generated<string | null>;
  /**
   * Units sold in the last 30 days; stored so the list sorts on an index. bigint on PostgreSQL
   * (019_wide_sums): its digits past 2^53.
   */
  monthly_quantity: Generated<number | string>;
  low_stock_level: Generated<number>;
  active_status: Generated<Flag>;
  /** Customs (032_product_customs): 6 to 10 digits. */
  hs_code: string | null;
  /** ISO 3166-1 alpha-2, uppercase. */
  country_of_origin: string | null;
  description_en: string | null;
  net_weight_grams: number | null;
  created_at: string;
  updated_at: string;
}

export interface ProductSupplierTable {
  product_id: string;
  supplier_id: string;
}

export interface ProductPlatformTable {
  product_id: string;
  code: Platform;
  /** Amazon's ASIN, or the own shop's product handle. */
  asin: string;
}

/**
 * Each product's CSV export line (CRLF included), formatted and kept current by triggers
 * (migration 006_export_records): the export copies it rather than formatting the row.
 */
export interface ProductExportRecordTable {
  product_id: string;
  record: string;
}

export interface ProductRemarkTable {
  id: string;
  product_id: string;
  remark: string;
  user_id: string | null;
  created_at: string;
}

export interface ProductTables {
  products: ProductTable;
  product_suppliers: ProductSupplierTable;
  product_platforms: ProductPlatformTable;
  product_remarks: ProductRemarkTable;
  product_export_records: ProductExportRecordTable;
}
