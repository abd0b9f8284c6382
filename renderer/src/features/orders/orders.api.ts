/** Calls of the order screens: order management, manual order entry and advance orders. */
import { z } from 'zod';
import type { OrderStatus } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse, searchResponse } from '#shared/schemas/common';
import {
  advanceOrderSchema,
  orderSchema,
  orderTotalsSchema,
  type OrderEntryLine,
  type OrderUpdate,
  type TabCountsFilters,
} from '#shared/schemas/order';
import { request } from '../../api/http';

const ordersResponse = listResponse(orderSchema);
const ordersSearchResponse = searchResponse(orderSchema);
const oneOrder = z.object({ data: orderSchema });
const someOrders = z.object({ data: z.array(orderSchema) });
const created = z.object({ data: z.union([z.array(orderSchema), orderSchema]) });
const advanceResponse = listResponse(advanceOrderSchema);
const oneAdvance = z.object({ data: advanceOrderSchema });

export const fetchOrders = (params: ListParams) =>
  request('get', `orders?${buildListQuery(params)}`, { schema: ordersResponse });

/** Order id, product name, SKU or JAN, within the list's other filters. */
export const searchOrders = (params: ListParams) =>
  request('get', `orders/search?${buildListQuery(params)}`, { schema: ordersSearchResponse });

/** Counts per status for the tabs, under the list's other filters (each may be open). */
export const fetchOrderTotals = ({ from, to, ...filters }: TabCountsFilters) =>
  request(
    'get',
    `orders/total?${buildListQuery({ extras: { start_date: from, end_date: to, ...filters } })}`,
    {
      schema: orderTotalsSchema,
    },
  );

export const setOrderStatus = (id: string, shipmentStatus: OrderStatus) =>
  request('put', `orders/${encodeURIComponent(id)}`, { json: { shipmentStatus }, schema: oneOrder }).then(
    (r) => r.data,
  );

/** Several orders at once, all or none. */
export const setOrdersStatus = (ids: string[], shipmentStatus: OrderStatus) =>
  request('put', 'orders/status', { json: { ids, shipmentStatus }, schema: someOrders }).then((r) => r.data);

/** The fields order management may edit; amounts in the order's currency (shipping fee in yen). */
export type OrderEdit = Omit<OrderUpdate, 'shipmentStatus'>;

export const updateOrder = (id: string, edit: OrderEdit) =>
  request('put', `orders/${encodeURIComponent(id)}`, { json: edit, schema: oneOrder }).then((r) => r.data);

/** Manual order entry: every line in one request, created all or none. */
export const createOrders = (lines: OrderEntryLine[]) =>
  request('post', 'orders', { json: lines, schema: created }).then((r) =>
    Array.isArray(r.data) ? r.data : [r.data],
  );

export const fetchAdvanceOrders = (params: ListParams) =>
  request('get', `advance-orders?${buildListQuery(params)}`, { schema: advanceResponse });

/** Book or cancel an awaiting advance order, or release a booked one (RECEIVED). */
export const setAdvanceOrderStatus = (id: string, status: 'BOOKED' | 'CANCELLED' | 'RECEIVED') =>
  request('put', `advance-orders/${encodeURIComponent(id)}`, { json: { status }, schema: oneAdvance }).then(
    (r) => r.data,
  );
