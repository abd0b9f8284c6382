/**
 * Calls of the shipment screens: shipments (list, search, one), a new shipment from Combine
 * Orders, customs (saved once; an admin's correction), orders added to or taken out of a
 * shipment, and the shipping methods a new shipment may name.
 */
import { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { shippingMethodSchema } from '#shared/schemas/catalog';
import { listResponse, searchResponse } from '#shared/schemas/common';
import {
  shipmentSchema,
  type CustomsInput,
  type Shipment,
  type ShipmentCreate,
} from '#shared/schemas/shipment';
import { request, requestOrQueue } from '../../api/http';

const shipmentsResponse = listResponse(shipmentSchema);
const shipmentsSearchResponse = searchResponse(shipmentSchema);
const oneShipment = z.object({ data: shipmentSchema });
const methodsResponse = listResponse(shippingMethodSchema);

const path = (id: string) => `shipments/${encodeURIComponent(id)}`;

export const fetchShipments = (params: ListParams) =>
  request('get', `shipments?${buildListQuery(params)}`, { schema: shipmentsResponse });

/** A shipment id or an order id (`searchBy`), within the list's filters. */
export const searchShipments = (params: ListParams) =>
  request('get', `shipments/search?${buildListQuery(params)}`, { schema: shipmentsSearchResponse });

export const fetchShipment = (id: string) =>
  request('get', path(id), { schema: oneShipment }).then((r) => r.data);

export const createShipment = (body: ShipmentCreate) =>
  request('post', 'shipments', { json: body, schema: oneShipment }).then((r) => r.data);

/**
 * Customs saved once: the shipment becomes RECEIVED and its orders COMPLETED. In the desktop app
 * with its team server out of reach, they wait in the outbox with the version they were entered
 * on: `null`, not sent yet.
 */
export const saveCustoms = (shipment: Pick<Shipment, '_id' | 'version'>, body: CustomsInput) =>
  requestOrQueue(path(shipment._id), {
    json: body,
    schema: oneShipment,
    queue: { shipment: shipment._id, version: shipment.version },
  }).then((r) => ('sent' in r ? r.sent.data : null));

/** An admin's correction of saved customs. */
export const correctCustoms = (id: string, body: CustomsInput) =>
  request('put', `${path(id)}/customs`, { json: body, schema: oneShipment }).then((r) => r.data);

export const addShipmentOrders = (id: string, orderIds: string[]) =>
  request('post', `${path(id)}/orders`, { json: { orderIds }, schema: oneShipment }).then((r) => r.data);

/** The order (its _id) goes back to PACKED; the last order of a shipment stays. */
export const removeShipmentOrder = (id: string, orderId: string) =>
  request('delete', `${path(id)}/orders/${encodeURIComponent(orderId)}`, { schema: oneShipment }).then(
    (r) => r.data,
  );

/** The request of the shipping-method select: the active ones, by name. */
export const SHIPPING_METHODS_PARAMS: ListParams = {
  page: 1,
  limit: LIMITS.lookupListLimit,
  sort: 'name',
  filters: { activeStatus: true },
};

export const fetchShippingMethods = () =>
  request('get', `shipping-methods?${buildListQuery(SHIPPING_METHODS_PARAMS)}`, { schema: methodsResponse });
