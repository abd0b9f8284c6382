/**
 * Shipments (docs/architecture.md, shipments): packed India orders combined under one shipment
 * id and shipped (they become SHIPPED), then cleared through customs (the shipment becomes
 * RECEIVED, its orders COMPLETED). Order statuses change only through the orders service's
 * `changeOrdersStatus`, with the shipment's own transitions passed as `allow`.
 *
 * Fees are shared over the orders exactly: the yen shipping fee by quantity, the rupee custom
 * fee by declared value (baseOrderPrice − discount), whole units by largest remainder with ties
 * to the order combined first (shared/src/domain/allocate.ts). Every change of the shipment's
 * orders recomputes the shares, so they always add up to the shipment's totals.
 *
 * Locks: the shipment's row first, then its orders (in id order, by lockRows), in every write
 * that changes an existing shipment; a creation locks its orders only, as its shipment row does
 * not exist for anyone else yet. Parallel requests then queue: one customs save wins, and an
 * order joins at most one shipment.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { allocateMinor, allocateWholeUnits } from '#shared/domain/allocate';
import { toMinor } from '#shared/domain/money';
import { shipmentsListSpec, shipmentsSearchSpec } from '#shared/list-specs';
import { formatMessage, unknownReference } from '#shared/messages';
import type { Platform } from '#shared/constants';
import type { SessionUser } from '#shared/schemas/auth';
import type { ListResponse, SearchResponse } from '#shared/schemas/common';
import type {
  Shipment,
  customsInputSchema,
  shipmentAddOrdersSchema,
  shipmentCreateSchema,
} from '#shared/schemas/shipment';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { lockRows, lockRowsReading } from '../db/locking';
import { writeTransaction } from '../db/write-transaction';
import { badRequest, conflict, httpError, notFound } from '../http/errors';
import { parseList, runList } from '../http/list';
import { lockOrders, type LockedOrder } from '../orders/orders.repository';
import { changeOrdersStatus, type OrdersContext } from '../orders/orders.service';
import {
  findShipment,
  hydrateShipments,
  insertShipment,
  nextShipmentPosition,
  placeOrders,
  shipmentIdInUse,
  shipmentOrderShares,
  shipmentRowsByIds,
  shipmentRowsQuery,
  shipmentsColumns,
  shipmentsKeysBase,
  shipmentTextMatch,
  shippingMethodExists,
  unplaceOrder,
  updateShipment,
  writeShares,
} from './shipments.repository';

type ShipmentCreate = z.output<typeof shipmentCreateSchema>;
type CustomsInput = z.output<typeof customsInputSchema>;
type ShipmentAddOrders = z.output<typeof shipmentAddOrdersSchema>;

/** India orders: AMAZONJP orders are fulfilled inside Japan and never shipped to India. */
const SHIPPABLE_PLATFORMS: readonly Platform[] = ['AMAZONIND', 'SHOPIFY'];

const PAISE_PER_RUPEE = 100;

/** The shipment as the history records it (its orders with their shares). */
const snapshot = (shipment: Shipment) => ({
  shipmentId: shipment.shipmentId,
  shippingDate: shipment.shippingDate,
  shipmentTrackingLink: shipment.shipmentTrackingLink,
  shippingMethod: shipment.shippingMethod,
  totalShippingFee: shipment.totalShippingFee,
  customId: shipment.customId,
  totalCustomFee: shipment.totalCustomFee,
  receivedDate: shipment.receivedDate,
  status: shipment.status,
  shippedOrders: shipment.shippedOrders.map((o) => ({
    orderId: o.orderId,
    shippingFee: o.shippingFee,
    customFee: o.customFee,
  })),
});

async function audit(
  trx: Transaction<Database>,
  actor: SessionUser,
  action: 'create' | 'update',
  before: Shipment | null,
  after: Shipment,
): Promise<void> {
  await recordAudit(trx, {
    userId: actor._id,
    entity: 'shipment',
    entityId: after._id,
    entityName: after.shipmentId,
    action,
    before: before ? snapshot(before) : null,
    after: snapshot(after),
  });
}

async function reread(trx: Transaction<Database>, id: string): Promise<Shipment> {
  const shipment = await findShipment(trx, id);
  if (!shipment) throw new Error('A shipment vanished inside its own transaction');
  return shipment;
}

/** Each id once, where it first appears: the order of the orders is the order they were sent in. */
const uniqueInOrder = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Locks the orders and checks each may go into a shipment: it exists (else 400), it is an
 * India order, in no shipment yet, and PACKED (else 409 naming its order id and why).
 */
async function lockShippableOrders(
  trx: Transaction<Database>,
  ids: readonly string[],
): Promise<LockedOrder[]> {
  const byId = new Map((await lockOrders(trx, ids)).map((row) => [row.id, row]));
  ids.forEach((id, i) => {
    if (!byId.has(id)) {
      const message = unknownReference('order');
      throw badRequest(message, [{ field: `orderIds.${i}`, message }]);
    }
  });
  const rows = ids.map((id) => byId.get(id) as LockedOrder);
  for (const row of rows) {
    if (!SHIPPABLE_PLATFORMS.includes(row.platform_code)) {
      throw httpError(409, 'shipmentOrderPlatform', { orderId: row.order_id, platform: row.platform_code });
    }
    if (row.shipment_id !== null) {
      throw httpError(409, 'shipmentOrderInShipment', { orderId: row.order_id, shipmentId: row.shipment_id });
    }
    if (row.shipment_status !== 'PACKED') {
      throw httpError(409, 'shipmentOrderNotPacked', { orderId: row.order_id, status: row.shipment_status });
    }
  }
  return rows;
}

/** The shipping fee (yen) over the shipment's orders by quantity. */
async function shareShippingFee(trx: Transaction<Database>, shipmentId: string, totalYen: number) {
  const orders = await shipmentOrderShares(trx, shipmentId);
  const shares = allocateMinor(
    totalYen,
    orders.map((o) => Number(o.order_quantity)),
  );
  await writeShares(trx, 'shipping_fee', orders, shares);
}

/**
 * The custom fee (paise) over the shipment's orders by declared value (baseOrderPrice −
 * discount; never below 0): whole rupees by largest remainder, the paise below a rupee to the
 * order that took the first leftover rupee (or the largest share when none was left over).
 */
async function shareCustomFee(trx: Transaction<Database>, shipmentId: string, totalPaise: number) {
  const orders = await shipmentOrderShares(trx, shipmentId);
  const shares = allocateWholeUnits(
    totalPaise,
    orders.map((o) => Math.max(0, Number(o.base_order_price) - Number(o.discount))),
    PAISE_PER_RUPEE,
  );
  await writeShares(trx, 'custom_fee', orders, shares);
}

/**
 * POST /shipments: the orders (in the order sent) become SHIPPED under the new shipment and
 * share its shipping fee, all or nothing.
 */
export function createShipment(
  db: Kysely<Database>,
  actor: SessionUser,
  body: ShipmentCreate,
  ctx: OrdersContext,
): Promise<Shipment> {
  return writeTransaction(db, async (trx) => {
    const orderIds = uniqueInOrder(body.orderIds);
    const methodId = body.shippingMethod ?? null;
    if (methodId !== null && !(await shippingMethodExists(trx, methodId))) {
      const message = unknownReference('shipping method');
      throw badRequest(message, [{ field: 'shippingMethod', message }]);
    }
    await lockShippableOrders(trx, orderIds);
    if (await shipmentIdInUse(trx, body.shipmentId)) throw conflict('shipmentId');
    const totalYen = toMinor(body.totalShippingFee, 'JPY');
    const id = await insertShipment(trx, {
      shipment_id: body.shipmentId,
      shipping_date: body.shippingDate,
      shipment_tracking_link: body.shipmentTrackingLink,
      shipping_method_id: methodId,
      total_shipping_fee: totalYen,
      custom_id: null,
      total_custom_fee: null,
      received_date: null,
      status: 'SHIPPED',
      created_by: actor._id,
    });
    await changeOrdersStatus(trx, actor, orderIds, 'SHIPPED', ctx, { allow: [['PACKED', 'SHIPPED']] });
    await placeOrders(trx, body.shipmentId, orderIds, 1);
    await shareShippingFee(trx, body.shipmentId, totalYen);
    const after = await reread(trx, id);
    await audit(trx, actor, 'create', null, after);
    return after;
  });
}

/** The shipment's row, locked until the transaction ends; 404 when there is none. */
async function lockShipment(trx: Transaction<Database>, id: string) {
  const [row] = await lockRowsReading(trx, 'shipments', [id], (q) => q.selectAll());
  if (!row) throw notFound();
  return row;
}

/**
 * A save from a client holding version `given` (the offline cache) is refused when the shipment
 * has moved on since (409 shipmentChanged, with both versions and the shipment as it is now);
 * without a version (the web screens) it goes ahead as before. Checked under the row lock.
 */
function assertVersion(given: number | undefined, current: Shipment): void {
  if (given === undefined || given === current.version) return;
  const error = httpError(409, 'shipmentChanged', { current: current.version, given });
  error.details = { currentVersion: current.version, givenVersion: given, shipment: current };
  throw error;
}

/** Orders join or leave a shipment only before its customs are saved. */
function assertNotReceived(status: string): void {
  if (status === 'RECEIVED') throw httpError(409, 'customsAlreadySaved');
}

/**
 * The frame of every change to an existing shipment: in one transaction, its row locked (404
 * when there is none), `change` given the row and the shipment as it was, and an audit entry
 * from the shipment before to the shipment after (the kept sales days follow at commit:
 * writeTransaction).
 */
function changeShipment(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  change: (
    trx: Transaction<Database>,
    row: Awaited<ReturnType<typeof lockShipment>>,
    before: Shipment,
  ) => Promise<void>,
): Promise<Shipment> {
  return writeTransaction(db, async (trx) => {
    const row = await lockShipment(trx, id);
    const before = await reread(trx, id);
    await change(trx, row, before);
    const after = await reread(trx, id);
    await audit(trx, actor, 'update', before, after);
    return after;
  });
}

/** POST /shipments/{id}/orders: more packed India orders, after the ones already in it. */
export function addShipmentOrders(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  body: ShipmentAddOrders,
  ctx: OrdersContext,
): Promise<Shipment> {
  return changeShipment(db, actor, id, async (trx, row, before) => {
    assertNotReceived(row.status);
    const orderIds = uniqueInOrder(body.orderIds);
    // Every order whose share changes, locked at once (in id order) before any is read.
    await lockRows(trx, 'orders', [...before.shippedOrders.map((o) => o._id), ...orderIds]);
    await lockShippableOrders(trx, orderIds);
    await changeOrdersStatus(trx, actor, orderIds, 'SHIPPED', ctx, { allow: [['PACKED', 'SHIPPED']] });
    await placeOrders(trx, row.shipment_id, orderIds, await nextShipmentPosition(trx, row.shipment_id));
    await shareShippingFee(trx, row.shipment_id, Number(row.total_shipping_fee));
    await updateShipment(trx, id, {});
  });
}

/**
 * DELETE /shipments/{id}/orders/{orderId}: the order goes back to PACKED, out of the shipment,
 * with no shipping fee share; the others share the whole fee again. The last order stays: a
 * shipment without orders would hold a fee no order carries.
 */
export function removeShipmentOrder(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  orderId: string,
  ctx: OrdersContext,
): Promise<Shipment> {
  return changeShipment(db, actor, id, async (trx, row, before) => {
    assertNotReceived(row.status);
    const ids = before.shippedOrders.map((o) => o._id);
    if (!ids.includes(orderId)) throw notFound();
    if (ids.length === 1) throw httpError(409, 'shipmentLastOrder');
    await lockRows(trx, 'orders', ids);
    await changeOrdersStatus(trx, actor, [orderId], 'PACKED', ctx, { allow: [['SHIPPED', 'PACKED']] });
    await unplaceOrder(trx, orderId);
    await shareShippingFee(trx, row.shipment_id, Number(row.total_shipping_fee));
    await updateShipment(trx, id, {});
  });
}

/**
 * PUT /shipments/{id}: customs saved, once. The shipment becomes RECEIVED, its orders
 * COMPLETED, and the custom fee is shared over them. A second save (or one racing the first)
 * finds the shipment RECEIVED under its row lock and answers 409.
 */
export function saveCustoms(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  body: CustomsInput,
  ctx: OrdersContext,
): Promise<Shipment> {
  return changeShipment(db, actor, id, async (trx, row, before) => {
    assertVersion(body.version, before);
    assertNotReceived(row.status);
    const totalPaise = toMinor(body.totalCustomFee, 'INR');
    await changeOrdersStatus(
      trx,
      actor,
      before.shippedOrders.map((o) => o._id),
      'COMPLETED',
      ctx,
      { allow: [['SHIPPED', 'COMPLETED']] },
    );
    await updateShipment(trx, id, {
      custom_id: body.customId,
      total_custom_fee: totalPaise,
      received_date: body.receivedDate,
      status: 'RECEIVED',
    });
    await shareCustomFee(trx, row.shipment_id, totalPaise);
  });
}

/** PUT /shipments/{id}/customs: an admin corrects saved customs; the shares follow. */
export function correctCustoms(
  db: Kysely<Database>,
  actor: SessionUser,
  id: string,
  body: CustomsInput,
): Promise<Shipment> {
  return changeShipment(db, actor, id, async (trx, row, before) => {
    assertVersion(body.version, before);
    if (row.status !== 'RECEIVED') throw httpError(409, 'customsNotSaved');
    await lockRows(
      trx,
      'orders',
      before.shippedOrders.map((o) => o._id),
    );
    const totalPaise = toMinor(body.totalCustomFee, 'INR');
    await updateShipment(trx, id, {
      custom_id: body.customId,
      total_custom_fee: totalPaise,
      received_date: body.receivedDate,
    });
    await shareCustomFee(trx, row.shipment_id, totalPaise);
  });
}

export async function getShipment(db: Kysely<Database>, id: string): Promise<Shipment> {
  const shipment = await findShipment(db, id);
  if (!shipment) throw notFound();
  return shipment;
}

export async function listShipments(
  db: Kysely<Database>,
  rawQuery: unknown,
): Promise<ListResponse<Shipment>> {
  const query = parseList(rawQuery, shipmentsListSpec);
  const page = await runList(shipmentRowsQuery(db), query, shipmentsColumns, (row) => row, {
    db,
    keysBase: () => shipmentsKeysBase(db),
    plan: 'shipments',
    readRows: (ids) => shipmentRowsByIds(db, ids),
  });
  return { data: await hydrateShipments(db, page.data), totalCount: page.totalCount };
}

const SEARCH_BY = ['shipmentId', 'orderId'] as const;
type SearchBy = (typeof SEARCH_BY)[number];
const isSearchBy = (value: string): value is SearchBy => (SEARCH_BY as readonly string[]).includes(value);

/**
 * GET /shipments/search: shipments whose shipment id contains `searchStr`, or (searchBy=orderId)
 * that hold an order whose order id contains it, within the list's filters. An empty text lists
 * the filtered shipments.
 */
export async function searchShipments(
  db: Kysely<Database>,
  rawQuery: unknown,
): Promise<SearchResponse<Shipment>> {
  const query = parseList(rawQuery, shipmentsSearchSpec);
  const text = query.extras.searchStr?.trim() ?? '';
  const searchBy = query.extras.searchBy ?? 'shipmentId';
  if (!isSearchBy(searchBy)) {
    const params = { field: 'searchBy', values: SEARCH_BY.join(', ') };
    const message = formatMessage('queryOneOf', params);
    throw httpError(400, 'queryOneOf', params, [{ field: 'searchBy', message, code: 'queryOneOf', params }]);
  }
  const keysBase = text
    ? shipmentsKeysBase(db).where(shipmentTextMatch(db, text, searchBy))
    : shipmentsKeysBase(db);
  const page = await runList(shipmentRowsQuery(db), query, shipmentsColumns, (row) => row, {
    db,
    keysBase,
    readRows: (ids) => shipmentRowsByIds(db, ids),
  });
  return { data: await hydrateShipments(db, page.data), totalcount: page.totalCount };
}
