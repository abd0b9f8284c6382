/** Calls of the packing station: its queue, an order's lines and products, Packed, Cannot complete. */
import { z } from 'zod';
import type { PackingRecord } from '#shared/domain/packing';
import { ordersSearchSpec } from '#shared/list-specs';
import { buildListQuery, type ListParams, type ListSpec } from '#shared/query';
import { searchResponse } from '#shared/schemas/common';
import { orderSchema } from '#shared/schemas/order';
import { productSchema } from '#shared/schemas/product';
import { request } from '../../api/http';

const ordersSearchResponse = searchResponse(orderSchema);
const someOrders = z.object({ data: z.array(orderSchema) });
const oneProduct = z.object({ data: productSchema });

/** The queue: the order search's spec, earliest expected shipping date first. */
export const packingQueueSpec: ListSpec = { ...ordersSearchSpec, defaultSort: 'expectedShippingDate' };

/** The most lines one order is read with: far more than any order has. */
const ORDER_LINES_LIMIT = 200;

/**
 * Accepted orders' lines (order search: an order id fragment, within a platform or not). The
 * sort is always sent: the list leaves out a sort equal to its spec's default, and this spec's
 * default is not the order search's own (which would list the newest first).
 */
export const fetchPackingQueue = (params: ListParams) =>
  request(
    'get',
    `orders/search?${buildListQuery({
      ...params,
      sort: params.sort ?? packingQueueSpec.defaultSort,
      filters: { ...params.filters, shipmentStatus: 'ACCEPTED' },
    })}`,
    {
      schema: ordersSearchResponse,
    },
  ).then((r) => ({ data: r.data, totalCount: r.totalcount }));

/** Every line of every order with exactly this order id, on any platform and in any status. */
export const fetchOrderLines = (orderId: string) =>
  request(
    'get',
    `orders/search?${buildListQuery({ page: 1, limit: ORDER_LINES_LIMIT, filters: { orderId } })}`,
    { schema: ordersSearchResponse },
  ).then((r) => r.data.filter((line) => line.orderId === orderId));

/** A line's product in full: its shelf number. */
export const fetchProduct = (id: string) =>
  request('get', `products/${encodeURIComponent(id)}`, { schema: oneProduct }).then((r) => r.data);

/** Packed: every line of the order to PACKED with what the station counted, in one request. */
export const packOrder = (ids: string[], packing: PackingRecord) =>
  request('put', 'orders/status', {
    json: { ids, shipmentStatus: 'PACKED', packing },
    schema: someOrders,
  }).then((r) => r.data);

/** Cannot complete: the reason goes into the history of every line; the order stays accepted. */
export const reportShortPick = (id: string, reason: string) =>
  request('post', `orders/${encodeURIComponent(id)}/short-pick`, {
    json: { reason },
    schema: someOrders,
  }).then((r) => r.data);
