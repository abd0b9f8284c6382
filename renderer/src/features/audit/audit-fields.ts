/**
 * What each recorded field is called and how its value reads: labels come from the same
 * translations as the forms and lists that edit the field, and values are formatted as those
 * screens show them (money with its currency, statuses and roles translated, dates in the
 * user's format and, for moments, the business's time zone). Pure: the caller passes `t`.
 */
import type { TFunction } from 'i18next';
import { CURRENCIES, type Currency } from '#shared/constants';
import { formatMoney } from '#shared/domain/money';
import { CUSTOMER_FIELDS } from '#shared/schemas/order';
import { formatDateOnly, formatDateTime, type DateDisplay } from '../../ui/date-display';
import { countryLabel } from '#shared/domain/customs';

type ValueKind =
  | 'text'
  | 'number'
  | 'money'
  | 'activeStatus'
  | 'resolved'
  | 'role'
  | 'active'
  | 'date'
  | 'moment'
  | 'ref'
  | 'refs'
  | 'person'
  | 'platforms'
  | 'movement'
  | 'handlingType'
  | 'handlingValue'
  | 'shipmentStatus'
  | 'shippedOrders'
  | 'rate'
  | 'platform'
  /** An ISO 3166-1 alpha-2 code, read as the country's name in the user's language. */
  | 'country'
  | 'decimal'
  | 'percent'
  | 'typedValue'
  /** An amount in the currency the record names (an order's, an OTZ order's). */
  | 'recordMoney'
  | 'orderStatus'
  /** The column keys a list hides, by the names its header shows. */
  | 'columns'
  /** Not shown: said by the headline (an order's name) or by the values (its currency). */
  | 'hidden'
  /** An object whose parts read as fields of their own (a customer, a preference's value). */
  | 'parts'
  /** The packing station's record: units scanned, scans refused and the first few refusals. */
  | 'packing'
  /** A short pick: its reason. */
  | 'shortPick';

interface FieldDef {
  /** i18next key with namespace. */
  label: string;
  kind: ValueKind;
  currency?: Currency;
  parts?: Record<string, FieldDef>;
}

const f = (label: string, kind: ValueKind = 'text', currency?: Currency): FieldDef =>
  currency ? { label, kind, currency } : { label, kind };
const parts = (label: string, of: Record<string, FieldDef>): FieldDef => ({
  label,
  kind: 'parts',
  parts: of,
});
const HIDDEN_FIELD = f('', 'hidden');

/** A customer, part by part, as the order form names the parts ("Customer name"). */
const CUSTOMER = parts(
  'ordermanagement:drawer.customer',
  Object.fromEntries(CUSTOMER_FIELDS.map((part) => [part, f(`shell:audit.fields.customerParts.${part}`)])),
);

const ORDER: Record<string, FieldDef> = {
  // The headline names the order by it.
  name: HIDDEN_FIELD,
  orderId: f('ordermanagement:columns.orderId'),
  orderDate: f('ordermanagement:columns.orderDate', 'date'),
  platformCode: f('ordermanagement:columns.platform', 'platform'),
  product: f('ordermanagement:columns.product', 'ref'),
  orderQuantity: f('ordermanagement:columns.quantity', 'number'),
  // Every amount below says its currency.
  currency: HIDDEN_FIELD,
  baseOrderPrice: f('ordermanagement:columns.price', 'recordMoney'),
  discount: f('ordermanagement:columns.discount', 'recordMoney'),
  commission: f('ordermanagement:fees.commission', 'recordMoney'),
  closingFee: f('ordermanagement:fees.closingFee', 'recordMoney'),
  gst: f('ordermanagement:fees.gst', 'recordMoney'),
  handlingFee: f('ordermanagement:fees.handlingFee', 'recordMoney'),
  shippingFee: f('ordermanagement:columns.shippingFee', 'money', 'JPY'),
  customFee: f('ordermanagement:columns.customFee', 'money', 'INR'),
  exchangeRate: f('shell:audit.fields.exchangeRate', 'rate'),
  expectedShippingDate: f('ordermanagement:columns.expectedShippingDate', 'date'),
  isBookedAdvance: f('ordermanagement:drawer.advance'),
  deliveryDate: f('ordermanagement:advance.deliveryDate', 'date'),
  shipmentStatus: f('ordermanagement:columns.status', 'orderStatus'),
  shipmentId: f('ordermanagement:columns.shipmentId'),
  customer: CUSTOMER,
  packing: f('shell:audit.fields.packing', 'packing'),
  shortPick: f('shell:audit.fields.shortPick', 'shortPick'),
};

const NAMED_SETTING: Record<string, FieldDef> = {
  name: f('setting:fields.name'),
  activeStatus: f('setting:fields.activeStatus', 'activeStatus'),
};

const FIELDS: Record<string, Record<string, FieldDef>> = {
  product: {
    name: f('addproduct:fields.name'),
    nameJa: f('addproduct:fields.nameJa'),
    skuCode: f('addproduct:fields.skuCode'),
    janCode: f('addproduct:fields.janCode'),
    category: f('addproduct:fields.category', 'ref'),
    manufacturer: f('addproduct:fields.manufacturer', 'ref'),
    suppliers: f('addproduct:fields.suppliers', 'refs'),
    purchasePrice: f('addproduct:fields.purchasePrice', 'money', 'JPY'),
    inStockQuantity: f('addproduct:fields.inStockQuantity', 'number'),
    amazonStockQuantity: f('addproduct:fields.amazonStockQuantity', 'number'),
    lowStockLevel: f('addproduct:fields.lowStockLevel', 'number'),
    shelfNumber: f('addproduct:fields.shelfNumber'),
    releaseDate: f('addproduct:fields.releaseDate', 'date'),
    activeStatus: f('addproduct:fields.activeStatus', 'activeStatus'),
    availablePlatforms: f('addproduct:sections.platforms', 'platforms'),
    stockMovement: f('shell:audit.fields.stockMovement', 'movement'),
    hsCode: f('addproduct:fields.hsCode'),
    countryOfOrigin: f('addproduct:fields.countryOfOrigin', 'country'),
    descriptionEn: f('addproduct:fields.descriptionEn'),
    netWeightGrams: f('addproduct:fields.netWeightGrams', 'number'),
  },
  category: NAMED_SETTING,
  manufacturer: NAMED_SETTING,
  supplier: NAMED_SETTING,
  shippingMethod: NAMED_SETTING,
  handlingFee: {
    title: f('setting:fields.title'),
    type: f('setting:fields.type', 'handlingType'),
    value: f('setting:fields.value', 'handlingValue'),
  },
  user: {
    fullname: f('users:columns.fullname'),
    email: f('users:columns.email'),
    username: f('users:columns.username'),
    role: f('users:columns.role', 'role'),
    active: f('users:columns.active', 'active'),
    passwordChangedAt: f('shell:audit.fields.passwordChangedAt', 'moment'),
  },
  issue: {
    title: f('issues:request.fields.title'),
    link: f('issues:request.fields.link'),
    expectedPrice: f('issues:request.fields.expectedPrice', 'money', 'JPY'),
    quantity: f('issues:request.fields.quantity', 'number'),
    note: f('issues:request.fields.note'),
    resolved: f('issues:columns.status', 'resolved'),
    resolvedAt: f('shell:audit.fields.resolvedAt', 'moment'),
    resolvedBy: f('shell:audit.fields.resolvedBy', 'person'),
  },
  memo: { title: f('memo:fields.title'), body: f('memo:fields.body') },
  productRemark: { remark: f('shell:audit.fields.remark') },
  simulation: {
    name: f('simulator:fields.name'),
    product: f('simulator:fields.product', 'ref'),
    platformCode: f('simulator:fields.platform', 'platform'),
    purchasePrice: f('simulator:fields.purchasePrice', 'money', 'JPY'),
    quantity: f('simulator:fields.quantity', 'number'),
    exchangeRate: f('simulator:fields.exchangeRate', 'decimal'),
    shippingCost: f('simulator:fields.shippingCost', 'money', 'JPY'),
    customsDuty: f('simulator:fields.customsDuty', 'percent'),
    commission: f('simulator:fields.commission', 'percent'),
    closingFee: f('simulator:fields.closingFee', 'money', 'INR'),
    handling: f('simulator:fields.handling', 'typedValue'),
    target: f('simulator:fields.targetType', 'typedValue'),
  },
  businessDetails: {
    name: f('setting:business.fields.name'),
    address: f('setting:business.fields.address'),
    phone: f('setting:business.fields.phone'),
    email: f('setting:business.fields.email'),
    taxId: f('setting:business.fields.taxId'),
  },
  platformFee: {
    commissionPercent: f('simulator:defaults.commission', 'percent'),
    closingFee: f('simulator:defaults.closingFee', 'money', 'INR'),
  },
  userPreference: {
    value: parts('shell:audit.fields.value', {
      hidden: f('shell:audit.fields.hiddenColumns', 'columns'),
      dateFormat: f('shell:panel.settings.dateFormat'),
    }),
  },
  order: ORDER,
  otzOrder: {
    name: HIDDEN_FIELD,
    paypalTransactionId: f('otzorder:columns.paypalTransactionId'),
    orderDate: f('otzorder:columns.orderDate', 'date'),
    shipmentStatus: f('otzorder:columns.status', 'orderStatus'),
    currency: HIDDEN_FIELD,
    amount: f('otzorder:columns.amount', 'recordMoney'),
    customer: CUSTOMER,
  },
  shipment: {
    shipmentId: f('shipment:fields.shipmentId'),
    shippingDate: f('shipment:fields.shippingDate', 'date'),
    shipmentTrackingLink: f('shipment:fields.shipmentTrackingLink'),
    shippingMethod: f('shipment:fields.shippingMethod', 'ref'),
    totalShippingFee: f('shipment:fields.totalShippingFee', 'money', 'JPY'),
    customId: f('shipment:fields.customId'),
    totalCustomFee: f('shipment:fields.totalCustomFee', 'money', 'INR'),
    receivedDate: f('shipment:fields.receivedDate', 'date'),
    status: f('shipment:fields.status', 'shipmentStatus'),
    shippedOrders: f('shipment:fields.shippedOrders', 'shippedOrders'),
  },
  exchangeRate: { date: f('setting:fields.date', 'date'), rate: f('setting:fields.rate', 'rate') },
};

/**
 * Bookkeeping a reader does not need in the sentence (ids, timestamps the entry itself carries,
 * counters derived from other records); the raw record still has them.
 */
const HIDDEN = new Set([
  '_id',
  'createdAt',
  'updatedAt',
  'createdBy',
  'author',
  'user',
  'productId',
  'remarksCount',
  'lastOrderDate',
  'monthlyQuantity',
  'lastLoginAt',
  // Whether an order holds stock follows its status changes; the stock ledger tells the moves.
  'stockTaken',
  // A simulation's result follows from its inputs; the raw record keeps it.
  'result',
]);

/** A field's definition; `customer.name` is the part `name` of the field `customer`. */
function defOf(entity: string, field: string): FieldDef | undefined {
  const [head = '', ...rest] = field.split('.');
  let def = FIELDS[entity]?.[head];
  for (const part of rest) def = def?.parts?.[part];
  return def;
}

export const isShownField = (field: string, entity?: string) =>
  !HIDDEN.has(field) && (entity === undefined || defOf(entity, field)?.kind !== 'hidden');

/**
 * Whether the field records an event with the change (a packing, a short pick) rather than a
 * value that changed: it reads as what happened, with no old value before an arrow.
 */
export const isEventField = (entity: string, field: string) => {
  const kind = defOf(entity, field)?.kind;
  return kind === 'packing' || kind === 'shortPick';
};

/** Whether the field reads as its parts, each a change of its own. */
export const hasParts = (entity: string, field: string) => defOf(entity, field)?.kind === 'parts';

/** The field's label in the user's language; a field we do not know keeps its own name. */
export function fieldLabel(t: TFunction, entity: string, field: string): string {
  const def = defOf(entity, field);
  return def ? t(def.label) : field;
}

/**
 * The lists whose hidden columns are a preference (`<list>.columns`), with the texts their
 * headers come from; a table of orders also takes the order columns' names.
 */
const COLUMN_TEXTS: Record<string, string[]> = {
  orders: ['ordermanagement'],
  products: ['product'],
  sales: ['salesmanagement', 'ordermanagement'],
  shipments: ['shipment'],
  combine: ['ordershipment', 'ordermanagement'],
};

/** A preference's name ("columns of Order management"), or null for one no screen saves. */
export function preferenceName(t: TFunction, id: string): string | null {
  if (id === 'display') return t('shell:audit.preferences.display');
  const list = /^(\w+)\.columns$/.exec(id)?.[1];
  return list && COLUMN_TEXTS[list]
    ? t('shell:audit.preferences.columns', { list: t(`shell:audit.preferences.lists.${list}`) })
    : null;
}

function columnNames(keys: readonly string[], ctx: FormatContext): string {
  if (keys.length === 0) return ctx.t('shell:audit.values.none');
  const list = /^(\w+)\.columns$/.exec(ctx.entityId ?? '')?.[1] ?? '';
  const namespaces = COLUMN_TEXTS[list] ?? [];
  // A column no text names (a list's own, renamed since) is counted, never shown by its key.
  const named = keys
    .map((key) =>
      namespaces.length > 0
        ? ctx.t(
            namespaces.map((ns) => `${ns}:columns.${key}`),
            { defaultValue: '' },
          )
        : '',
    )
    .filter(Boolean);
  const others = keys.length - named.length;
  return [...named, ...(others > 0 ? [ctx.t('shell:audit.values.moreColumns', { count: others })] : [])].join(
    ctx.t('shell:audit.values.listSeparator'),
  );
}

/** Refusals a packing's sentence names before it says "…". */
const PACKING_REFUSALS_SHOWN = 3;

/** "5 units scanned, 2 refused (4901234567894 not in the order, …)". */
function packingText(value: unknown, { t, language }: FormatContext): string {
  const record = value as {
    scanned?: { quantity?: number }[];
    refused?: { janCode?: string; reason?: string }[];
  };
  const scanned = Array.isArray(record.scanned) ? record.scanned : [];
  const refused = Array.isArray(record.refused) ? record.refused : [];
  const units = scanned.reduce(
    (sum, scan) => sum + (typeof scan.quantity === 'number' ? scan.quantity : 1),
    0,
  );
  const summary = t('shell:audit.values.packing', {
    count: units,
    refused: refused.length.toLocaleString(language),
    formatParams: { count: { locale: language } },
  });
  if (refused.length === 0) return summary;
  const named = refused.slice(0, PACKING_REFUSALS_SHOWN).map((r) =>
    t(`shell:audit.values.packingRefusals.${r.reason ?? ''}`, {
      code: r.janCode ?? '',
      defaultValue: r.janCode ?? '',
    }),
  );
  const more = refused.length > PACKING_REFUSALS_SHOWN ? [t('shell:audit.values.more')] : [];
  return clip(
    t('shell:audit.values.packingDetail', {
      summary,
      refusals: [...named, ...more].join(t('shell:audit.values.listSeparator')),
    }),
  );
}

const isCurrency = (value: unknown): value is Currency =>
  typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

export interface FormatContext extends DateDisplay {
  t: TFunction;
  language: string;
  /** The whole record the value belongs to: a handling charge's value reads by its type. */
  record?: Record<string, unknown> | null;
  /** The record's id: a preference's value reads by which preference it is. */
  entityId?: string;
}

const MAX_TEXT = 120;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
const nameOf = (value: unknown) =>
  value && typeof value === 'object' && 'name' in value ? String((value as { name: unknown }).name) : '';

/** The value as the screens show it; absent, null and empty read as an em dash. */
export function formatFieldValue(entity: string, field: string, value: unknown, ctx: FormatContext): string {
  const { t } = ctx;
  const empty = t('shell:audit.values.empty');
  if (value === undefined || value === null || value === '') {
    // A user without a role is a state of its own, not a missing value.
    return defOf(entity, field)?.kind === 'role' ? t('common:roles.none') : empty;
  }
  const def = defOf(entity, field);
  switch (def?.kind) {
    case 'money':
      return typeof value === 'number'
        ? formatMoney(value, def.currency ?? 'JPY', ctx.language)
        : String(value);
    case 'number':
      return typeof value === 'number' ? value.toLocaleString(ctx.language) : String(value);
    case 'country':
      return countryLabel(String(value), ctx.language);
    case 'activeStatus':
    case 'active':
      return t(value ? 'common:status.active' : 'common:status.inactive');
    case 'resolved':
      return t(value ? 'issues:status.resolved' : 'issues:status.unresolved');
    case 'role':
      return t(`common:roles.${String(value)}`, { defaultValue: String(value) });
    case 'date':
      return formatDateOnly(String(value), ctx);
    case 'moment':
      return formatDateTime(String(value), ctx);
    case 'ref':
      return nameOf(value) || empty;
    case 'refs':
      return Array.isArray(value) && value.length > 0 ? value.map(nameOf).join(', ') : empty;
    case 'person':
      return value && typeof value === 'object' && 'fullname' in value
        ? String((value as { fullname: unknown }).fullname)
        : empty;
    case 'platforms':
      return Array.isArray(value) && value.length > 0
        ? value
            .map((listing: { code?: string; asin?: string }) =>
              [
                t(`common:platforms.${listing.code ?? ''}`, { defaultValue: listing.code ?? '' }),
                listing.asin,
              ]
                .filter(Boolean)
                .join(' '),
            )
            .join(', ')
        : empty;
    case 'movement': {
      const movement = value as { quantity?: number; reason?: string; note?: string | null };
      const change =
        typeof movement.quantity === 'number' && movement.quantity > 0
          ? `+${movement.quantity}`
          : String(movement.quantity ?? '');
      return [
        change,
        movement.reason ? t(`addproduct:stock.reasons.${movement.reason}`) : '',
        movement.note ?? '',
      ]
        .filter(Boolean)
        .join(' · ');
    }
    case 'handlingType':
      return t(`setting:types.${String(value)}`, { defaultValue: String(value) });
    case 'handlingValue':
      return ctx.record?.type === 'percentage'
        ? `${Number(value).toLocaleString(ctx.language, { maximumFractionDigits: 2 })}%`
        : typeof value === 'number'
          ? formatMoney(value, 'JPY', ctx.language)
          : String(value);
    case 'shipmentStatus':
      return t(`shipment:status.${String(value)}`, { defaultValue: String(value) });
    case 'shippedOrders': {
      // Each order with its shares of the shipping fee (yen) and the custom fee (rupees).
      if (!Array.isArray(value) || value.length === 0) return empty;
      const money = (amount: unknown, currency: Currency) =>
        typeof amount === 'number' ? formatMoney(amount, currency, ctx.language) : '';
      return clip(
        value
          .map((o: { orderId?: string; shippingFee?: number; customFee?: number }) => {
            const shares = [money(o.shippingFee, 'JPY'), money(o.customFee, 'INR')].filter(Boolean);
            return shares.length > 0 ? `${o.orderId ?? ''} (${shares.join(', ')})` : (o.orderId ?? '');
          })
          .join(', '),
      );
    }
    case 'packing':
      return packingText(value, ctx);
    case 'shortPick':
      return value && typeof value === 'object' && 'reason' in value
        ? String((value as { reason: unknown }).reason)
        : String(value);
    case 'rate':
      // As the rates list shows it: every decimal the rate has, never rounded.
      return String(value);
    case 'platform':
      return t(`common:platforms.${String(value)}`, { defaultValue: String(value) });
    case 'decimal':
      return String(value);
    case 'percent':
      return `${String(value)}%`;
    case 'typedValue': {
      // A handling charge or a target: a percentage, or an amount in yen.
      const typed = value as { type?: unknown; value?: unknown };
      if (typed.type === 'percentage') return `${String(typed.value)}%`;
      return typeof typed.value === 'number' ? formatMoney(typed.value, 'JPY', ctx.language) : empty;
    }
    case 'recordMoney': {
      const currency = ctx.record?.currency;
      if (typeof value !== 'number') return String(value);
      // Entries older than the currency in the snapshot: the amount alone, never a guessed sign.
      return isCurrency(currency)
        ? formatMoney(value, currency, ctx.language)
        : value.toLocaleString(ctx.language);
    }
    case 'orderStatus':
      return t(`ordermanagement:statuses.${String(value)}`, { defaultValue: String(value) });
    case 'columns':
      return Array.isArray(value) ? clip(columnNames(value.map(String), ctx)) : empty;
    default:
      if (typeof value === 'boolean') return t(value ? 'shell:audit.values.yes' : 'shell:audit.values.no');
      return clip(typeof value === 'string' ? value : JSON.stringify(value));
  }
}

/** The kinds of record the history knows, for its filter. */
export const AUDIT_KINDS = Object.keys(FIELDS);
