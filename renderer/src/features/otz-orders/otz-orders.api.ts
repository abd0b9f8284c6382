/** Calls of the OTZ orders screen (the otz-orders API). */
import { z } from 'zod';
import type { OrderStatus } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse, searchResponse } from '#shared/schemas/common';
import { otzOrderSchema } from '#shared/schemas/otz-order';
import { request } from '../../api/http';

const listSchema = listResponse(otzOrderSchema);
const searchSchema = searchResponse(otzOrderSchema);
const one = z.object({ data: otzOrderSchema });

/**
 * The list, or with search text the search endpoint (it answers `totalcount`, and sorts only by
 * creation time).
 */
export async function fetchOtzOrders(params: ListParams) {
  const searchStr = params.extras?.searchStr;
  if (!searchStr) return request('get', `otz-orders/?${buildListQuery(params)}`, { schema: listSchema });
  const sort = params.sort === 'createdAt' || params.sort === '-createdAt' ? params.sort : undefined;
  const query = buildListQuery({
    page: params.page,
    limit: params.limit,
    sort,
    filters: { shipmentStatus: params.filters?.shipmentStatus },
    extras: { searchStr },
  });
  const { data, totalcount } = await request('get', `otz-orders/search?${query}`, { schema: searchSchema });
  return { data, totalCount: totalcount };
}

export const changeOtzOrderStatus = async (id: string, shipmentStatus: OrderStatus) =>
  (await request('put', `otz-orders/${encodeURIComponent(id)}`, { json: { shipmentStatus }, schema: one }))
    .data;
