/**
 * Records of the sync set in the API's shapes, for the offline cache's tests and bench: each
 * caller gives what its check is about, the rest is neutral (no fees, no stock moved, no
 * customs). Also a cache of the records alone, in memory or in a file.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import type { Order } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import type { SyncShipment } from '#shared/schemas/sync';
import { createRecordTables, type SyncPage } from '../../src/services/offline/cache-records';

// The cache's driver ships no types its package exports resolve: better-sqlite3's describe it.
export const Sqlite = createRequire(import.meta.url)(
  'better-sqlite3-multiple-ciphers',
) as typeof BetterSqlite3;

/** A cache holding only the record tables (no key, no outbox): what cache-records.ts reads and writes. */
export function openRecordsCache(file = ':memory:'): Database {
  const db = new Sqlite(file);
  createRecordTables(db);
  return db;
}

/** A sync page of the parts given, the others empty. */
export const syncPage = (part: Partial<SyncPage> = {}): SyncPage => ({
  shipments: [],
  orders: [],
  products: [],
  removed: { shipments: [], orders: [], products: [] },
  ...part,
});

export function productRecord(
  fields: Pick<Product, '_id' | 'name' | 'skuCode' | 'janCode' | 'createdAt' | 'updatedAt'> &
    Partial<Product>,
): Product {
  return {
    nameJa: null,
    category: null,
    manufacturer: null,
    suppliers: [],
    purchasePrice: 100,
    inStockQuantity: 10,
    amazonStockQuantity: 0,
    shelfNumber: null,
    releaseDate: null,
    lowStockLevel: 0,
    activeStatus: true,
    availablePlatforms: [],
    lastOrderDate: null,
    monthlyQuantity: 0,
    remarksCount: 0,
    hsCode: null,
    countryOfOrigin: null,
    descriptionEn: null,
    netWeightGrams: null,
    ...fields,
  };
}

/** An order's product as the order answer names it. */
export const orderProduct = (_id: string): NonNullable<Order['product']> => ({
  _id,
  name: 'P',
  skuCode: 'S',
  janCode: '',
  purchasePrice: null,
  availablePlatforms: [],
});

export function orderRecord(
  fields: Pick<
    Order,
    | '_id'
    | 'orderId'
    | 'orderDate'
    | 'platformCode'
    | 'product'
    | 'currency'
    | 'baseOrderPrice'
    | 'shipmentStatus'
    | 'shipmentId'
    | 'customer'
    | 'createdAt'
    | 'updatedAt'
  > &
    Partial<Order>,
): Order {
  return {
    orderQuantity: 1,
    discount: 0,
    commission: 0,
    closingFee: 0,
    gst: 0,
    shippingFee: 0,
    customFee: 0,
    handlingFee: 0,
    exchangeRate: null,
    expectedShippingDate: null,
    isBookedAdvance: false,
    deliveryDate: null,
    stockTaken: false,
    ...fields,
  };
}

/** A shipment as a sync page gives it (its orders by id). */
export function shipmentRecord(
  fields: Pick<
    SyncShipment,
    '_id' | 'shipmentId' | 'shippingDate' | 'totalShippingFee' | 'createdAt' | 'updatedAt'
  > &
    Partial<SyncShipment>,
): SyncShipment {
  return {
    shipmentTrackingLink: 'https://tracking.example/x',
    shippingMethod: null,
    customId: null,
    totalCustomFee: null,
    receivedDate: null,
    status: 'SHIPPED',
    version: 1,
    orderIds: [],
    ...fields,
  };
}
