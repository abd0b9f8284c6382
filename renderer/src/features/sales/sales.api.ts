/** Calls of the sales screens: the sales and OTZ sales lists, their summaries, the daily figures and the CSV. */
import { z } from 'zod';
import { PLATFORMS, type Platform } from '#shared/constants';
import { buildListQuery, type ListParams } from '#shared/query';
import { listResponse } from '#shared/schemas/common';
import { orderSchema } from '#shared/schemas/order';
import { otzOrderSchema } from '#shared/schemas/otz-order';
import { request } from '../../api/http';

// PROVISIONAL: replaced by the shared contract once merged.
const yen = z.number().nullable();
const yenFigures = z.object({
  salesValue: yen,
  commission: yen,
  shippingFee: yen,
  customFee: yen,
  costOfGoods: yen,
  profit: yen,
});
export const salesRowSchema = orderSchema.extend({ purchasePrice: yen, profit: yen, yen: yenFigures });
export type SalesRow = z.infer<typeof salesRowSchema>;
export const otzSalesRowSchema = otzOrderSchema.extend({ profit: yen, yen: yenFigures });
export type OtzSalesRow = z.infer<typeof otzSalesRowSchema>;
export const salesSummarySchema = z.object({
  noOfOrders: z.number(),
  salesValue: z.number(),
  amazonCommission: z.number(),
  shippingFee: z.number(),
  customFee: z.number(),
  totalCostOfGoods: z.number(),
  profit: z.number(),
  withoutYenValue: z.number(),
  withoutPurchasePrice: z.number(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;
export const dailySalesSchema = z.object({
  date: z.string(),
  noOfOrders: z.number(),
  salesValue: z.number(),
  profit: z.number(),
});

export interface ReportQuery {
  from?: string;
  to?: string;
  platformCode?: Platform;
}

const reportQuery = ({ from, to, platformCode }: ReportQuery) =>
  buildListQuery({ extras: { from, to, platformCode } });

export const isPlatform = (value: string): value is Platform =>
  (PLATFORMS as readonly string[]).includes(value);

export const fetchSales = (params: ListParams) =>
  request('get', `sales?${buildListQuery(params)}`, { schema: listResponse(salesRowSchema) });

export const fetchSalesSummary = (query: ReportQuery) =>
  request('get', `sales/summary?${reportQuery(query)}`, {
    schema: z.object({ data: salesSummarySchema }),
  }).then((r) => r.data);

export const fetchDailySales = (query: ReportQuery) =>
  request('get', `sales/daily?${reportQuery(query)}`, {
    schema: z.object({ data: z.array(dailySalesSchema) }),
  }).then((r) => r.data);

/** How many sales a CSV of `query` holds: the export answers 404 when none. */
export const countSales = (query: ReportQuery) =>
  request('get', `sales?${buildListQuery({ page: 1, limit: 1, extras: { ...query } })}`, {
    schema: listResponse(salesRowSchema),
  }).then((r) => r.totalCount);

/** The CSV of the sales of a period and platform (`sales-management.csv`). */
export const salesCsvPath = (query: ReportQuery) => `sales/export?${reportQuery(query)}`;

export const fetchOtzSales = (params: ListParams) =>
  request('get', `otz-sales?${buildListQuery(params)}`, { schema: listResponse(otzSalesRowSchema) });

export const fetchOtzSalesSummary = (query: ReportQuery) =>
  request('get', `otz-sales/summary?${reportQuery(query)}`, {
    schema: z.object({ data: salesSummarySchema }),
  }).then((r) => r.data);
