/**
 * Products API. Search and a single product are for all staff (order
 * entry picks products with them); everything else is for admins.
 */
import {
  productsListSpec,
  productsSearchSpec,
  remarksListSpec,
  stockMovementsListSpec,
} from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, listResponse, searchResponse } from '#shared/schemas/common';
import {
  productInputSchema,
  productSchema,
  productUpdateSchema,
  remarkInputSchema,
  remarkSchema,
  stockAdjustmentSchema,
  stockMovementSchema,
} from '#shared/schemas/product';
import { MESSAGES } from '#shared/messages';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { notFound } from '../http/errors';
import { listQuerySchema } from '../http/list';
import { productsCsvStream } from './products.csv';
import {
  addRemark,
  adjustStock,
  createProduct,
  exportProducts,
  getProduct,
  listProducts,
  listRemarks,
  listStockMovements,
  searchProducts,
  updateProduct,
} from './products.service';

const tags = ['products'];
const idParams = z.object({ id: idSchema });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        querystring: listQuerySchema(productsListSpec),
        response: { 200: listResponse(productSchema) },
      },
    },
    async (request) => listProducts(app.db, request.query),
  );

  app.get(
    '/products/search',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        querystring: listQuerySchema(productsSearchSpec),
        response: { 200: searchResponse(productSchema) },
      },
    },
    async (request) => searchProducts(app.db, request.query),
  );

  app.get(
    '/products/csv-products',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        description:
          'All products the list shows for the same filters, sort and search text (searchString), as CSV (UTF-8 with BOM).',
        querystring: listQuerySchema(productsSearchSpec),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const batches = exportProducts(app.db, request.query);
      const first = await batches.next();
      if (first.done) throw notFound(MESSAGES.listEmpty);
      async function* all() {
        yield first.value;
        yield* batches;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(productsCsvStream(all()));
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'staff' },
      schema: { tags, params: idParams, response: { 200: one(productSchema) } },
    },
    async (request) => ({ data: await getProduct(app.db, request.params.id) }),
  );

  app.post(
    '/products',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, body: productInputSchema, response: { 201: one(productSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createProduct(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/products/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: idParams, body: productUpdateSchema, response: { 200: one(productSchema) } },
    },
    async (request) => ({
      data: await updateProduct(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/products/:id/stock-adjustments',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        params: idParams,
        body: stockAdjustmentSchema,
        response: { 201: z.object({ data: stockMovementSchema, product: productSchema }) },
      },
    },
    async (request, reply) => {
      const { movement, product } = await adjustStock(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: movement, product });
    },
  );

  app.get(
    '/products/:id/stock-movements',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        params: idParams,
        querystring: listQuerySchema(stockMovementsListSpec),
        response: { 200: listResponse(stockMovementSchema) },
      },
    },
    async (request) => listStockMovements(app.db, request.params.id, request.query),
  );

  app.post(
    '/products/:id/remarks',
    {
      config: { access: ADMIN_ONLY },
      schema: { tags, params: idParams, body: remarkInputSchema, response: { 201: one(remarkSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addRemark(app.db, currentUser(request), request.params.id, request.body.remark),
      }),
  );

  app.get(
    '/products/:id/remarks',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags,
        params: idParams,
        querystring: listQuerySchema(remarksListSpec),
        response: { 200: listResponse(remarkSchema) },
      },
    },
    async (request) => listRemarks(app.db, request.params.id, request.query),
  );
};
