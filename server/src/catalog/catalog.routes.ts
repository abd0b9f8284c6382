/**
 * Settings API (categories … handling fees, other lookups). Reading is for all staff
 * (order entry and the product form need the lookups); writing is for admins.
 */
import {
  handlingFeesListSpec,
  namedSettingsListSpec,
  preCategoriesListSpec,
  shelfNumbersSearchSpec,
} from '#shared/list-specs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryCreateSchema,
  categorySchema,
  categoryUpdateSchema,
  handlingFeeCreateSchema,
  handlingFeeSchema,
  handlingFeeUpdateSchema,
  manufacturerCreateSchema,
  manufacturerUpdateSchema,
  preCategorySchema,
  shelfNumberSchema,
  shippingMethodCreateSchema,
  shippingMethodUpdateSchema,
  supplierCreateSchema,
  supplierUpdateSchema,
} from '#shared/schemas/catalog';
import { idSchema, listResponse, searchResponse } from '#shared/schemas/common';
import { ADMIN_ONLY, currentUser } from '../http/access';
import { listQuerySchema } from '../http/list';
import {
  NAMED_SETTINGS,
  createHandlingFee,
  createNamedSetting,
  editHandlingFee,
  editNamedSetting,
  listHandlingFees,
  listNamedSettings,
  listPreCategories,
  searchShelfNumbers,
  type NamedSettingResource,
} from './catalog.service';

const idParams = z.object({ id: idSchema });
const one = <T extends z.ZodType>(item: T) => z.object({ data: item });

type NamedBodies = {
  create: typeof categoryCreateSchema | typeof shippingMethodCreateSchema;
  update: typeof categoryUpdateSchema | typeof shippingMethodUpdateSchema;
};

const NAMED_ROUTES: [NamedSettingResource, NamedBodies][] = [
  [NAMED_SETTINGS.categories, { create: categoryCreateSchema, update: categoryUpdateSchema }],
  [NAMED_SETTINGS.manufacturers, { create: manufacturerCreateSchema, update: manufacturerUpdateSchema }],
  [NAMED_SETTINGS.suppliers, { create: supplierCreateSchema, update: supplierUpdateSchema }],
  // Shipping methods have a name only; the stored active flag stays as created.
  [
    NAMED_SETTINGS.shippingMethods,
    { create: shippingMethodCreateSchema, update: shippingMethodUpdateSchema },
  ],
];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [resource, bodies] of NAMED_ROUTES) {
    const tags = [resource.path];
    app.get(
      `/${resource.path}`,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          querystring: listQuerySchema(namedSettingsListSpec),
          response: { 200: listResponse(categorySchema) },
        },
      },
      async (request) => listNamedSettings(app.db, resource, request.query),
    );

    app.post(
      `/${resource.path}`,
      {
        config: { access: ADMIN_ONLY },
        schema: { tags, body: bodies.create, response: { 201: one(categorySchema) } },
      },
      async (request, reply) => {
        const body = { activeStatus: true, ...request.body };
        const data = await createNamedSetting(app.db, currentUser(request), resource, body);
        return reply.status(201).send({ data });
      },
    );

    app.put(
      `/${resource.path}/:id`,
      {
        config: { access: ADMIN_ONLY },
        schema: { tags, params: idParams, body: bodies.update, response: { 200: one(categorySchema) } },
      },
      async (request) => ({
        data: await editNamedSetting(app.db, currentUser(request), resource, request.params.id, request.body),
      }),
    );
  }

  app.get(
    '/handling-fees',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['handling-fees'],
        querystring: listQuerySchema(handlingFeesListSpec),
        response: { 200: listResponse(handlingFeeSchema) },
      },
    },
    async (request) => listHandlingFees(app.db, request.query),
  );

  app.post(
    '/handling-fees',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['handling-fees'],
        body: handlingFeeCreateSchema,
        response: { 201: one(handlingFeeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createHandlingFee(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/handling-fees/:id',
    {
      config: { access: ADMIN_ONLY },
      schema: {
        tags: ['handling-fees'],
        params: idParams,
        body: handlingFeeUpdateSchema,
        response: { 200: one(handlingFeeSchema) },
      },
    },
    async (request) => ({
      data: await editHandlingFee(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/pre-categories',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['pre-categories'],
        querystring: listQuerySchema(preCategoriesListSpec),
        response: { 200: listResponse(preCategorySchema) },
      },
    },
    async (request) => listPreCategories(app.db, request.query),
  );

  app.get(
    '/shelf-numbers/search',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['shelf-numbers'],
        querystring: listQuerySchema(shelfNumbersSearchSpec),
        response: { 200: searchResponse(shelfNumberSchema) },
      },
    },
    async (request) => searchShelfNumbers(app.db, request.query),
  );
};
