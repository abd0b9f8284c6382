/**
 * Shipments, created by migration 010_shipments. Amounts are integer minor units: the shipping
 * fee in yen, the custom fee in paise. A shipment's orders are the orders whose `shipment_id` is
 * its `shipment_id`, in `shipment_position` order (orders.table.ts).
 */
import type { Generated } from 'kysely';
import type { ShipmentStatus } from '#shared/constants';

export interface ShipmentTable {
  id: string;
  /** The id people type and read; unique, never edited (orders carry it). */
  shipment_id: string;
  /** YYYY-MM-DD. */
  shipping_date: string;
  shipment_tracking_link: string;
  shipping_method_id: string | null;
  /** Yen. */
  total_shipping_fee: number;
  custom_id: string | null;
  /** Paise; null until customs are saved. */
  total_custom_fee: number | null;
  /** YYYY-MM-DD; null until customs are saved. */
  received_date: string | null;
  status: ShipmentStatus;
  /** 1 at creation, one more with each write of the shipment (030_shipment_versions). */
  version: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ShipmentTables {
  shipments: ShipmentTable;
}
