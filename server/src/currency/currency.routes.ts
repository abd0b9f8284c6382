/**
 * Currency API: the INR→JPY rate in effect today (any member of staff: order entry shows
 * it), and the dated rates, which admins list and set. Today is reckoned in the business's
 * time zone, given when the plugin is registered (routes.ts, zonedRoutes).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exchangeRatesListSpec } from '#shared/list-specs';
import { listResponse } from '#shared/schemas/common';
import {
  currencyTodaySchema,
  exchangeRateParamsSchema,
  exchangeRatePutSchema,
  exchangeRateSchema,
} from '#shared/schemas/currency';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import type { OrdersContext } from '../orders/orders.service';
import { currentRate, listExchangeRates, putExchangeRate } from './currency.service';

const tags = ['currency'];

export const currencyRoutes: FastifyPluginAsyncZod<OrdersContext> = async (app, ctx) => {
  const context: OrdersContext = { timeZone: ctx.timeZone };

  app.get(
    '/currency',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        description:
          'The INR→JPY rate (yen per rupee) in effect today in the business time zone: the latest dated on or before today, or null.',
        response: { 200: currencyTodaySchema },
      },
    },
    async () => currentRate(app.db, context),
  );

  app.get(
    '/currency/rates',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(exchangeRatesListSpec),
        response: { 200: listResponse(exchangeRateSchema) },
      },
    },
    async (request) => listExchangeRates(app.db, request.query),
  );

  app.put(
    '/currency/rates/:date',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          "Creates or replaces the date's rate (at most 6 decimals, positive) and sets it on the rupee orders dated from it up to the next dated rate.",
        params: exchangeRateParamsSchema,
        body: exchangeRatePutSchema,
        response: { 200: z.object({ data: exchangeRateSchema }) },
      },
    },
    async (request) => ({
      data: await putExchangeRate(app.db, currentUser(request), request.params.date, request.body.rate),
    }),
  );
};
