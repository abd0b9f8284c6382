/**
 * Business constants and code lists, in one place so the
 * server, the desktop shell and the renderer can never disagree about them.
 */

export const PLATFORMS = ['SHOPIFY', 'AMAZONJP', 'AMAZONIND'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** KIWAMI is not a sales channel we sell on; it only appears in order notifications. */
export const NOTIFICATION_PLATFORMS = [...PLATFORMS, 'KIWAMI'] as const;
export type NotificationPlatform = (typeof NOTIFICATION_PLATFORMS)[number];

/** Order Entry offers Amazon India and the own shop only. */
export const ORDER_ENTRY_PLATFORMS = ['AMAZONIND', 'SHOPIFY'] as const satisfies readonly Platform[];

export const CURRENCIES = ['JPY', 'INR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** AMAZONJP gives JPY; AMAZONIND and SHOPIFY give INR. */
export const PLATFORM_CURRENCY: Record<Platform, Currency> = {
  SHOPIFY: 'INR',
  AMAZONJP: 'JPY',
  AMAZONIND: 'INR',
};

/** Decimal places of each currency's minor unit: money is stored as integer minor units. */
export const CURRENCY_DECIMALS: Record<Currency, number> = { JPY: 0, INR: 2 };

export const ORDER_STATUSES = [
  'RECEIVED',
  'ACCEPTED',
  'PACKED',
  'SHIPPED',
  'COMPLETED',
  'CANCELLED',
  'BOOKED',
  'AWAITING',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The status filter also offers ALL; it is a filter value, never a status. */
export const ORDER_STATUS_FILTERS = ['ALL', ...ORDER_STATUSES] as const;

export const SHIPMENT_STATUSES = ['SHIPPED', 'RECEIVED'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export const ROLES = ['admin', 'orderCreator'] as const;
export type Role = (typeof ROLES)[number];

export const HANDLING_FEE_TYPES = ['percentage', 'amount'] as const;
export type HandlingFeeType = (typeof HANDLING_FEE_TYPES)[number];

export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The product's translation namespaces. `shell` and `auth` and `users` are ours for the page shell. */
export const I18N_NAMESPACES = [
  'common',
  'ordermanagement',
  'ordershipment',
  'product',
  'otzorder',
  'salesmanagement',
  'otzsales',
  'addproduct',
  'remarksmodal',
  'setting',
  'orderentry',
  'shipment',
  'issues',
  'errors',
] as const;

/** Local storage: language selection and the session ("a fixed key"). */
export const STORAGE_KEYS = {
  i18nConfig: 'i18nConfig',
  session: 'kura.session',
  sidebarMinimized: 'kura.sidebar.minimized',
} as const;

/** The largest value an integer column holds on both databases (PostgreSQL int4). */
export const INT_MAX = 2_147_483_647;

/*
 * The bounds of every quantity and amount the API takes (docs/architecture.md, "Input"): far
 * above anything the business sells, and low enough that every column holds each value and
 * every figure made of them (a line's goods cost, a day's sales) fits 64-bit arithmetic with
 * room to spare. Amounts are in major units of their currency.
 */

/** Units of one order line, OTZ order line, product request or simulation. */
export const MAX_QUANTITY = 100_000;
/** A product's stock, Amazon stock and low-stock level, and what any movement may leave. */
export const MAX_STOCK = 1_000_000_000;
/** A product's net weight in grams (customs papers): a tonne. */
export const MAX_NET_WEIGHT_GRAMS = 1_000_000;
/** A price per unit: a product's purchase price, an OTZ line's price, order entry's unit price. */
export const MAX_UNIT_PRICE: Readonly<Record<Currency, number>> = { JPY: 100_000_000, INR: 10_000_000 };
/**
 * Any other amount: a line total or fee of an order (baseOrderPrice, discount, commission,
 * closingFee, gst, handlingFee, shippingFee, customFee), an OTZ order's amount, a shipment's
 * shipping or custom fee. 2,000,000,000 minor units in either currency: an int column holds it.
 */
export const MAX_AMOUNT: Readonly<Record<Currency, number>> = { JPY: 2_000_000_000, INR: 20_000_000 };

export const LIMITS = {
  settingsPageSize: 10,
  countLimit: 10000,
  maxLimit: 10000,
  shipmentsPageSize: 25,
  shipmentsPageSizeOptions: [25, 50, 75, 100],
  shipmentSearchLimit: 50,
  salesPageSize: 25,
  orderSearchSize: 50,
  searchLimit: 25,
  lookupListLimit: 100,
  textMin: 3,
  textMax: 50,
  productSearchMinChars: 2,
} as const;

export const TIMINGS = {
  toastMs: 6000,
  loginDelayMs: 1000,
  notificationPollMs: 10000,
  splashMaxMs: 3000,
  progressStepMs: 30,
  progressStep: 10,
  contentAnimationMs: 200,
} as const;

export const BREAKPOINTS = { lg: 992 } as const;

/** Notification list scroll area. */
export const NOTIFICATION_LIST_MAX_HEIGHT_PX = 300;

/** Default API port of the team server; the desktop app picks a free port for local mode. */
export const DEFAULT_PORT = 4400;
export const API_PREFIX = '/api/v1';

/** Orders on one pick list: the ids a request names, or the whole accepted queue. */
export const MAX_PICK_LIST_ORDERS = 2_000;
/** Labels of one product in one print run, and labels in one run (50 sheets of 40). */
export const MAX_LABELS_PER_PRODUCT = 500;
export const MAX_LABELS = 2_000;
