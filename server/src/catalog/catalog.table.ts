/**
 * Catalog tables (settings lists, products, their links, remarks and the stock ledger), created
 * by migration 002_catalog. Same schema on SQLite and PostgreSQL: ids are text (UUIDs), timestamps
 * ISO 8601 UTC text, date-only fields YYYY-MM-DD text, booleans integer 0/1, money integer minor
 * units (yen), decimals that must stay exact as text.
 */
import type { Generated } from 'kysely';
import type { HandlingFeeType, Platform, stockMovementReasons } from '#shared';

/** 0 or 1: one boolean encoding for both databases (plain number, as in core.table.ts). */
export type Flag = number;

/** Categories, manufacturers and suppliers share one shape. */
export interface NamedSettingTable {
  id: string;
  /** Unique case-insensitively (index on lower(name)). */
  name: string;
  active_status: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export type CategoryTable = NamedSettingTable;
export type ManufacturerTable = NamedSettingTable;
export type SupplierTable = NamedSettingTable;
/** The spec's stored-state variant carries active_status too; it defaults to active. */
export type ShippingMethodTable = NamedSettingTable;

export interface HandlingFeeTable {
  id: string;
  /** Unique case-insensitively. */
  title: string;
  type: HandlingFeeType;
  /** Decimal string ('2.5', '300'): a percentage or a yen amount, by type. Text keeps it exact. */
  value: string;
  created_at: string;
  updated_at: string;
}

export interface PreCategoryTable {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ShelfNumberTable {
  id: string;
  /** A shelf label such as A-01-1 (aisle, bay, level); unique. */
  name: string;
  created_at: string;
  updated_at: string;
}

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

export interface CatalogTables {
  categories: CategoryTable;
  manufacturers: ManufacturerTable;
  suppliers: SupplierTable;
  shipping_methods: ShippingMethodTable;
  handling_fees: HandlingFeeTable;
  pre_categories: PreCategoryTable;
  shelf_numbers: ShelfNumberTable;
  products: ProductTable;
  product_suppliers: ProductSupplierTable;
  product_platforms: ProductPlatformTable;
  product_remarks: ProductRemarkTable;
  product_export_records: ProductExportRecordTable;
  stock_movements: StockMovementTable;
}
