/**
 * POST /products/import (admin): a products CSV as the request body, as it is or as the one file
 * of a multipart/form-data form (order-import/report-upload.ts). The file is read before anything
 * is written (a file with any rejected row writes nothing), so the answer comes after the whole
 * body; a file refused by its header is answered at once, and that answer closes the connection
 * so the unread rest is not taken for the next request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productImportQuerySchema, productImportResultSchema } from '#shared/schemas/product-import';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { openTable } from '../order-import/report-table';
import { acceptFileBodies, fileChunks } from '../order-import/report-upload';
import { PRODUCT_IMPORT_BODY_LIMIT, PRODUCTS_CSV, importProducts } from './product-import.service';

export const productImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptFileBodies(app, PRODUCT_IMPORT_BODY_LIMIT);

  app.post(
    '/products/import',
    {
      config: { access: ADMIN_ONLY },
      bodyLimit: PRODUCT_IMPORT_BODY_LIMIT,
      schema: {
        tags: ['products'],
        description:
          'Imports products from a CSV with the columns of GET /products/csv-products (found by title; SKU ' +
          'required), sent as the body (text/csv) or as the one file of a multipart/form-data form. Rows ' +
          'match products by SKU: a new SKU creates one, an existing one updates the columns the file has. ' +
          'Stock columns are not imported. A file with any rejected row writes nothing; dryRun=true never writes.',
        querystring: productImportQuerySchema,
        response: { 200: productImportResultSchema },
      },
    },
    async (request, reply) => {
      const closeIfUnread = () => {
        if (!request.raw.complete) reply.header('connection', 'close');
      };
      try {
        const chunks = await fileChunks(request, PRODUCT_IMPORT_BODY_LIMIT);
        const table = await openTable({ chunks, limit: PRODUCT_IMPORT_BODY_LIMIT }, PRODUCTS_CSV);
        return await importProducts(app.db, currentUser(request), table, request.query.dryRun);
      } finally {
        closeIfUnread();
      }
    },
  );
};
