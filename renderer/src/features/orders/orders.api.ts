/** Calls of the order screens: order management, manual order entry and advance orders. */
import { z } from 'zod';
import { ORDER_STATUSES, PLATFORMS, type OrderStatus } from '#shared/constants';
import { buildListQuery, type ListParams, type ListSpec } from '#shared/query';
import { listResponse, searchResponse } from '#shared/schemas/common';
import { advanceOrderSchema, orderSchema, type Customer, type OrderEntryLine } from '#shared/schemas/order';
import { request } from '../../api/http';

/** GET /orders: the filters and sorts order management uses. */
export const ordersListSpec: ListSpec = {
  filters: {
    shipmentStatus: { enum: ORDER_STATUSES },
    platformCode: { enum: PLATFORMS },
    orderDate: 'date',
    shipmentId: 'string',
    product: 'string',
    orderId: 'string',
    createdAt: 'datetime',
    updatedAt: 'datetime',
  },
  sorts: ['orderDate', 'createdAt', 'updatedAt', 'orderId', 'baseOrderPrice'],
  defaultSort: '-orderDate',
  defaultLimit: 25,
};
/** GET /orders/search takes the list's filters plus the text. */
export const ordersSearchSpec: ListSpec = { ...ordersListSpec, extras: ['searchStr'] };

/** GET /advance-orders. */
export const advanceOrdersListSpec: ListSpec = {
  filters: { deliveryDate: 'date', orderId: 'string', status: { enum: ORDER_STATUSES } },
  sorts: ['createdAt', 'deliveryDate'],
  defaultSort: '-createdAt',
  defaultLimit: 25,
};

const ordersResponse = listResponse(orderSchema);
const ordersSearchResponse = searchResponse(orderSchema);
const oneOrder = z.object({ data: orderSchema });
const someOrders = z.object({ data: z.array(orderSchema) });
const created = z.object({ data: z.union([z.array(orderSchema), orderSchema]) });
const totalsResponse = z.object({
  totalCount: z.number().int().nonnegative(),
  byStatus: z.partialRecord(z.enum(ORDER_STATUSES), z.number().int().nonnegative()),
});
export type OrderTotals = z.infer<typeof totalsResponse>;
const advanceResponse = listResponse(advanceOrderSchema);
const oneAdvance = z.object({ data: advanceOrderSchema });

export const fetchOrders = (params: ListParams) =>
  request('get', `orders?${buildListQuery(params)}`, { schema: ordersResponse });

/** Order id, product name, SKU or JAN, within the list's other filters. */
export const searchOrders = (params: ListParams) =>
  request('get', `orders/search?${buildListQuery(params)}`, { schema: ordersSearchResponse });

/** Counts per status for the tabs, over the order dates chosen (either end may be open). */
export const fetchOrderTotals = (range: { from?: string; to?: string }) =>
  request(
    'get',
    `orders/total?${buildListQuery({ extras: { start_date: range.from, end_date: range.to } })}`,
    { schema: totalsResponse },
  );

export const setOrderStatus = (id: string, shipmentStatus: OrderStatus) =>
  request('put', `orders/${encodeURIComponent(id)}`, { json: { shipmentStatus }, schema: oneOrder }).then(
    (r) => r.data,
  );

/** Several orders at once, all or none. */
export const setOrdersStatus = (ids: string[], shipmentStatus: OrderStatus) =>
  request('put', 'orders/status', { json: { ids, shipmentStatus }, schema: someOrders }).then((r) => r.data);

/** The fields order management may edit; amounts in the order's currency (shipping fee in yen). */
export interface OrderEdit {
  expectedShippingDate?: string | null;
  discount?: number;
  commission?: number;
  closingFee?: number;
  gst?: number;
  handlingFee?: number;
  shippingFee?: number;
  customer?: Customer | null;
}

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
