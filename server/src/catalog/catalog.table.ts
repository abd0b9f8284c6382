/**
 * Settings lists (categories, manufacturers, suppliers, shipping methods, handling fees,
 * pre-categories, shelf numbers), created by migration 002_catalog.
 */
import type { Generated } from 'kysely';
import type { HandlingFeeType } from '#shared';
import type { Flag } from '../db/db.table';

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
/** Carries active_status like the other named lists, active by default; its screen edits the name. */
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

export interface CatalogTables {
  categories: CategoryTable;
  manufacturers: ManufacturerTable;
  suppliers: SupplierTable;
  shipping_methods: ShippingMethodTable;
  handling_fees: HandlingFeeTable;
  pre_categories: PreCategoryTable;
  shelf_numbers: ShelfNumberTable;
}
