/**
 * What each list and search endpoint may filter and sort on, once for the server (which
 * parses requests with them) and the screens (which build requests and offer sort headers
 * from them), so the two can never disagree.
 */
import { HANDLING_FEE_TYPES, LIMITS, ORDER_STATUSES, PLATFORMS, ROLES, SHIPMENT_STATUSES } from './constants';
import type { ListSpec } from './query';
import { auditActions } from './schemas/misc';
import { stockMovementReasons } from './schemas/product';
import { ORDER_STATUSES as OTZ_ORDER_STATUSES } from './constants';

export const namedSettingsListSpec: ListSpec = {
  filters: { name: 'string', activeStatus: 'boolean', createdAt: 'datetime', updatedAt: 'datetime' },
  sorts: ['name', 'activeStatus', 'createdAt', 'updatedAt'],
  // The row just added shows first, on page 1.
  defaultSort: '-createdAt',
  defaultLimit: 10,
};

export const handlingFeesListSpec: ListSpec = {
  filters: { title: 'string', type: { enum: HANDLING_FEE_TYPES }, createdAt: 'datetime' },
  sorts: ['title', 'type', 'value', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  defaultLimit: 10,
};

/**
 * INR→JPY exchange rates, one per date (the primary key): by date, newest first, and date
 * ranges (the screen's search by day, month or year), all served by the primary key index.
 */
export const exchangeRatesListSpec: ListSpec = {
  filters: { date: 'date' },
  sorts: ['date'],
  defaultSort: '-date',
  defaultLimit: 10,
};

export const preCategoriesListSpec: ListSpec = {
  filters: { name: 'string' },
  sorts: ['name', 'createdAt'],
  defaultSort: 'name',
  defaultLimit: 100,
};

export const shelfNumbersSearchSpec: ListSpec = {
  filters: {},
  sorts: ['name'],
  defaultSort: 'name',
  defaultLimit: 10,
  extras: ['searchStr'],
};

export const usersListSpec: ListSpec = {
  filters: {
    // 'none' finds accounts still waiting for a role.
    role: { enum: [...ROLES, 'none'] },
    active: 'boolean',
    email: 'string',
    username: 'string',
    createdAt: 'datetime',
    lastLoginAt: 'datetime',
  },
  sorts: ['fullname', 'email', 'username', 'role', 'createdAt', 'lastLoginAt'],
  defaultSort: '-createdAt',
  extras: ['searchStr'],
};

export const issuesListSpec: ListSpec = {
  filters: { resolved: 'boolean', createdBy: 'string', createdAt: 'datetime', resolvedAt: 'datetime' },
  sorts: ['createdAt', 'updatedAt', 'resolvedAt', 'title', 'resolved', 'expectedPrice', 'quantity'],
  defaultSort: '-createdAt',
  extras: ['searchStr'],
};

export const auditListSpec: ListSpec = {
  filters: {
    entity: 'string',
    entityId: 'string',
    userId: 'string',
    action: { enum: auditActions },
    at: 'datetime',
  },
  sorts: ['at', 'entity'],
  defaultSort: '-at',
};

/**
 * OTZ orders (the storefront's PayPal orders). The screen filters by status (RECEIVED by
 * default) and sorts by creation, newest first; the new-order poller asks for `createdAt[gt]`.
 * Each is served by an index (009_otz_orders).
 */
export const otzOrdersListSpec: ListSpec = {
  filters: {
    shipmentStatus: { enum: OTZ_ORDER_STATUSES },
    createdAt: 'datetime',
    orderDate: 'date',
    paypalTransactionId: 'string',
  },
  sorts: ['createdAt', 'orderDate', 'updatedAt'],
  defaultSort: '-createdAt',
};

/** GET /otz-orders/search: the text (transaction id, customer), the status and paging. */
export const otzOrdersSearchSpec: ListSpec = {
  filters: { shipmentStatus: { enum: OTZ_ORDER_STATUSES } },
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
  extras: ['searchStr'],
};

/**
 * Every filter here is served by an index (see 004_list_engine): a field no index could serve
 * (such as a release-date range, on a nullable column) is left out rather than scan the table.
 */
export const productsListSpec: ListSpec = {
  filters: {
    activeStatus: 'boolean',
    lowStock: 'boolean',
    categoryId: 'string',
    manufacturerId: 'string',
    supplierId: 'string',
    name: 'string',
    skuCode: 'string',
    janCode: 'string',
    shelfNumber: 'string',
    inStockQuantity: 'integer',
    amazonStockQuantity: 'integer',
    createdAt: 'datetime',
    updatedAt: 'datetime',
  },
  sorts: [
    'name',
    'skuCode',
    'janCode',
    'inStockQuantity',
    'amazonStockQuantity',
    'releaseDate',
    'updatedAt',
    'createdAt',
    'lastOrderDate',
    'monthlyQuantity',
    'lowStockLevel',
  ],
  defaultSort: '-updatedAt',
  defaultLimit: LIMITS.searchLimit,
};

/** The search endpoint takes the list's filters plus the text. */
export const productsSearchSpec: ListSpec = { ...productsListSpec, extras: ['searchString'] };

export const stockMovementsListSpec: ListSpec = {
  filters: { reason: { enum: stockMovementReasons }, createdAt: 'datetime' },
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
  defaultLimit: LIMITS.searchLimit,
};

export const remarksListSpec: ListSpec = {
  filters: { createdAt: 'datetime' },
  sorts: ['createdAt'],
  defaultSort: '-createdAt',
  defaultLimit: LIMITS.lookupListLimit,
};

export const memosListSpec: ListSpec = {
  filters: { authorId: 'string', createdAt: 'datetime', updatedAt: 'datetime' },
  sorts: ['updatedAt', 'createdAt', 'title'],
  defaultSort: '-updatedAt',
  extras: ['searchStr'],
};

/** Saved cost simulations: newest-changed first; the screen searches them by name. */
export const simulationsListSpec: ListSpec = {
  filters: { createdAt: 'datetime', updatedAt: 'datetime' },
  sorts: ['updatedAt', 'createdAt', 'name'],
  defaultSort: '-updatedAt',
  defaultLimit: 10,
  extras: ['searchStr'],
};

/**
 * Orders (order management and the integrations' sync). Each filter the screen combines
 * (status, platform, date range) has an index ending in the default sort (order date, id);
 * see 008_orders. The packing station's queue sorts accepted orders by expected shipping date
 * (034_order_shipping_date_sort).
 */
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
  sorts: ['orderDate', 'createdAt', 'updatedAt', 'orderId', 'baseOrderPrice', 'expectedShippingDate'],
  defaultSort: '-orderDate',
};

/**
 * GET /orders/search: the text within the list's own filters (status tab, platform, order
 * dates, shipment, product), so a search on a narrowed list stays narrowed.
 */
export const ordersSearchSpec: ListSpec = {
  ...ordersListSpec,
  defaultLimit: LIMITS.orderSearchSize,
  extras: ['searchStr'],
};

export const advanceOrdersListSpec: ListSpec = {
  filters: { deliveryDate: 'date', orderId: 'string', createdAt: 'datetime' },
  sorts: ['createdAt', 'deliveryDate', 'orderId'],
  defaultSort: '-createdAt',
};

/**
 * Shipments (the shipment screen): newest update first, by status, by shipping or received
 * date range (the screen's quarter), and `updatedAt[gt]` for the desktop's offline sync. Each
 * is served by an index (010_shipments).
 */
export const shipmentsListSpec: ListSpec = {
  filters: {
    status: { enum: SHIPMENT_STATUSES },
    shippingDate: 'date',
    receivedDate: 'date',
    shipmentId: 'string',
    updatedAt: 'datetime',
  },
  sorts: ['updatedAt', 'shippingDate', 'receivedDate', 'shipmentId', 'totalShippingFee', 'createdAt'],
  defaultSort: '-updatedAt',
  defaultLimit: LIMITS.shipmentsPageSize,
};

/**
 * GET /shipments/search: `searchStr` is a shipment id or an order id, as `searchBy`
 * (`shipmentId`, the default, or `orderId`) says; within the list's own filters.
 */
export const shipmentsSearchSpec: ListSpec = {
  ...shipmentsListSpec,
  defaultLimit: LIMITS.shipmentSearchLimit,
  extras: ['searchStr', 'searchBy'],
};

/**
 * GET /sales: the sales (SHIPPED or COMPLETED orders) with order dates from `from` to `to`
 * (extras, YYYY-MM-DD, inclusive; the current month in the business's time zone when left
 * out), of one platform or all, narrowed to one of the two statuses if asked, and matching
 * `searchStr` (order id, product name, SKU, JAN). Served by the sale indexes (014_sales); the
 * yen sorts `orderPrice` and `profit` (unknown figures last both ways) by the kept figures'
 * indexes (026_sale_sort_values).
 */
export const salesListSpec: ListSpec = {
  filters: {
    platformCode: { enum: PLATFORMS },
    shipmentStatus: { enum: ['SHIPPED', 'COMPLETED'] },
  },
  sorts: ['orderDate', 'orderId', 'createdAt', 'orderPrice', 'profit'],
  defaultSort: '-orderDate',
  defaultLimit: LIMITS.salesPageSize,
  extras: ['from', 'to', 'searchStr'],
};

/** GET /otz-sales: the OTZ sales from `from` to `to`, as {@link salesListSpec}. */
export const otzSalesListSpec: ListSpec = {
  filters: { shipmentStatus: { enum: ['SHIPPED', 'COMPLETED'] } },
  sorts: ['orderDate', 'createdAt'],
  defaultSort: '-orderDate',
  defaultLimit: LIMITS.salesPageSize,
  extras: ['from', 'to', 'searchStr'],
};
