/**
 * Every resource's routes, mounted under /api/v1 by app.ts. A later area adds its plugin
 * here; access is declared per route (http/access.ts), and each new route needs its row in
 * the policy table of test/role-matrix.test.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/audit.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { currencyRoutes } from './currency/currency.routes';
import { businessDetailsRoutes } from './documents/business-details.routes';
import { shipmentDocumentsRoutes } from './documents/shipment-documents.routes';
import { issuesRoutes } from './issues/issues.routes';
import { memosRoutes } from './memos/memos.routes';
import { otzOrdersRoutes } from './otz-orders/otz-orders.routes';
import { preferencesRoutes } from './preferences/preferences.routes';
import { productsRoutes } from './products/products.routes';
import { productImportRoutes } from './product-import/product-import.routes';
import { simulationsRoutes } from './simulations/simulations.routes';
import { usersRoutes } from './users/users.routes';
import { advanceOrdersRoutes } from './orders/advance-orders.routes';
import { ordersRoutes } from './orders/orders.routes';
import { orderImportRoutes } from './order-import/order-import.routes';
import { salesRoutes } from './sales/sales.routes';
import { shipmentsRoutes } from './shipments/shipments.routes';
import { syncRoutes } from './sync/sync.routes';
import { pickListLabelsRoutes } from './documents/pick-list-labels.routes';
import type { OrdersContext } from './orders/orders.service';

export const resourceRoutes: FastifyPluginAsyncZod[] = [
  usersRoutes,
  auditRoutes,
  preferencesRoutes,
  catalogRoutes,
  productsRoutes,
  productImportRoutes,
  issuesRoutes,
  memosRoutes,
  otzOrdersRoutes,
  simulationsRoutes,
  businessDetailsRoutes,
  shipmentDocumentsRoutes,
];

/** Routes that reckon dates in the business's time zone: registered with `{ timeZone }`. */
export const zonedRoutes: FastifyPluginAsyncZod<OrdersContext>[] = [
  ordersRoutes,
  advanceOrdersRoutes,
  orderImportRoutes,
  shipmentsRoutes,
  currencyRoutes,
  salesRoutes,
  syncRoutes,
  pickListLabelsRoutes,
];
