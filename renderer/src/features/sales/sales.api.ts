/** Calls of the sales screens: the sales and OTZ sales lists, their summaries, the daily figures and the CSV. */
import { z } from 'zod';
import { PLATFORMS, type Platform } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import {
  otzSaleRowSchema,
  saleRowSchema,
  salesDaySchema,
  salesSummarySchema,
  type SalesRangeQuery,
} from '#shared/schemas/sales';
import { request } from '../../api/http';

export type { OtzSaleRow, SaleRow, SalesSummary } from '#shared/schemas/sales';

/** A report's period and platform, as the summary, daily figures and CSV take them. */
export type ReportQuery = SalesRangeQuery;

const salesList = listResponse(saleRowSchema);
const otzSalesList = listResponse(otzSaleRowSchema);
const summaryResponse = z.object({ data: salesSummarySchema });

const reportQuery = ({ from, to, platformCode }: ReportQuery) =>
  buildListQuery({ extras: { from, to, platformCode } });

export const isPlatform = (value: string): value is Platform =>
  (PLATFORMS as readonly string[]).includes(value);

export const fetchSales = (params: ListParams) =>
  request('get', `sales?${buildListQuery(params)}`, { schema: salesList });

export const fetchSalesSummary = (query: ReportQuery) =>
  request('get', `sales/summary?${reportQuery(query)}`, { schema: summaryResponse }).then((r) => r.data);

export const fetchDailySales = (query: ReportQuery) =>
  request('get', `sales/daily?${reportQuery(query)}`, {
    schema: z.object({ data: z.array(salesDaySchema) }),
  }).then((r) => r.data);

/** How many sales a CSV of `query` holds: the export answers 404 when none. */
export const countSales = (query: ReportQuery) =>
  request('get', `sales?${buildListQuery({ page: 1, limit: 1, extras: { ...query } })}`, {
    schema: salesList,
  }).then((r) => r.totalCount);

/** The CSV of the sales of a period and platform (`sales-management.csv`). */
export const salesCsvPath = (query: ReportQuery) => `sales/export?${reportQuery(query)}`;

export const fetchOtzSales = (params: ListParams) =>
  request('get', `otz-sales?${buildListQuery(params)}`, { schema: otzSalesList });

export const fetchOtzSalesSummary = (query: ReportQuery) =>
  request('get', `otz-sales/summary?${reportQuery(query)}`, { schema: summaryResponse }).then((r) => r.data);
