/**
 * A shipment's customs papers as data, before any drawing: the exporter (business details),
 * the consignee (the customer of the shipment's orders), and the lines — one per product and
 * unit value, equal ones merged — with exact amounts and weights.
 *
 * An order's value on the papers is its declared value, baseOrderPrice − discount (never below
 * 0): the figure the custom fee is shared by and the customs dialog shows, read from the same
 * columns. Amounts stay integer minor units of the orders' one currency until they are printed.
 */
import type { Kysely } from 'kysely';
import type { Currency } from '#shared/constants';
import { formatMinor, sumMinor, type Minor } from '#shared/domain/money';
import type { Customer } from '#shared/schemas/order';
import type {
  BusinessDetails,
  CustomsField,
  MissingCustomsProduct,
} from '#shared/schemas/shipment-documents';
import type { Database } from '../db/database';
import { httpError, notFound } from '../http/errors';
import { businessDetailsSet, getBusinessDetails } from './business-details.service';
import { shipmentPaperOrders, shipmentRow, type PaperOrderRow } from './shipment-documents.repository';

export interface PaperLine {
  productId: string;
  description: string;
  hsCode: string;
  countryOfOrigin: string;
  quantity: number;
  /** The line's amount over its quantity, rounded half up to a minor unit when it does not divide. */
  unitMinor: Minor;
  amountMinor: Minor;
  netWeightGrams: number;
}

export interface ShipmentPapers {
  shipmentRowId: string;
  shipmentId: string;
  shippingDate: string;
  shippingMethod: string | null;
  trackingLink: string;
  orderCount: number;
  invoiceNumber: string;
  currency: Currency | null;
  exporter: BusinessDetails;
  consignee: Customer | null;
  lines: PaperLine[];
  totalQuantity: number;
  totalAmountMinor: Minor;
  netWeightGrams: number;
  /** Nothing weighs the packed parcel: the gross weight printed is the goods' net weight. */
  grossWeightGrams: number;
  /** No shipment records its parcels: one. */
  packages: number;
}

export const declaredMinor = (order: Pick<PaperOrderRow, 'base_order_price' | 'discount'>): Minor =>
  Math.max(0, Number(order.base_order_price) - Number(order.discount));

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The unit value as a reduced fraction: two orders of one product merge when theirs are equal. */
function unitKey(amount: Minor, quantity: number): string {
  if (quantity === 0) return `${amount}/0`;
  const d = gcd(amount, quantity) || 1;
  return `${amount / d}/${quantity / d}`;
}

const halfUpDivide = (amount: Minor, quantity: number) =>
  quantity === 0 ? amount : Math.floor((2 * amount + quantity) / (2 * quantity));

/** What each product of the orders lacks for the papers; products named once, in line order. */
export function missingCustomsFields(orders: readonly PaperOrderRow[]): MissingCustomsProduct[] {
  const missing = new Map<string, MissingCustomsProduct>();
  for (const order of orders) {
    if (missing.has(order.product_id)) continue;
    const fields: CustomsField[] = [];
    if (!order.hs_code) fields.push('hsCode');
    if (!order.country_of_origin) fields.push('countryOfOrigin');
    if (order.net_weight_grams === null) fields.push('netWeightGrams');
    if (fields.length > 0) {
      missing.set(order.product_id, {
        productId: order.product_id,
        name: order.product_name ?? order.product_id,
        sku: order.sku_code ?? '',
        fields,
      });
    }
  }
  return [...missing.values()];
}

/** The lines of the papers: one per product and unit value, in the order each first appears. */
export function paperLines(orders: readonly PaperOrderRow[]): PaperLine[] {
  const lines = new Map<string, PaperLine>();
  for (const order of orders) {
    const amount = declaredMinor(order);
    const quantity = Number(order.order_quantity);
    const key = `${order.product_id}|${unitKey(amount, quantity)}`;
    const weight = Number(order.net_weight_grams ?? 0) * quantity;
    const line = lines.get(key);
    if (line) {
      line.quantity += quantity;
      line.amountMinor = sumMinor([line.amountMinor, amount]);
      line.netWeightGrams += weight;
      continue;
    }
    lines.set(key, {
      productId: order.product_id,
      // The papers are English: the product's name stands in for a missing English description.
      description: order.description_en?.trim() || (order.product_name ?? ''),
      hsCode: order.hs_code ?? '',
      countryOfOrigin: order.country_of_origin ?? '',
      quantity,
      unitMinor: 0,
      amountMinor: amount,
      netWeightGrams: weight,
    });
  }
  return [...lines.values()].map((line) => ({
    ...line,
    unitMinor: halfUpDivide(line.amountMinor, line.quantity),
  }));
}

/** The first customer the shipment's orders name, in the shipment's order. */
function consigneeOf(orders: readonly PaperOrderRow[]): Customer | null {
  for (const order of orders) if (order.customer) return JSON.parse(order.customer) as Customer;
  return null;
}

/**
 * The papers of a shipment, or the refusal: 404 for an unknown shipment; 409 when a product
 * lacks a customs field (each product named, the list under `details.missing`), when the orders
 * mix currencies, or (`needsExporter`, the invoice and packing list) when no business details
 * are set.
 */
export async function shipmentPapers(
  db: Kysely<Database>,
  id: string,
  { needsCustoms, needsExporter }: { needsCustoms: boolean; needsExporter: boolean },
): Promise<ShipmentPapers> {
  const shipment = await shipmentRow(db, id);
  if (!shipment) throw notFound();
  const [orders, exporter] = await Promise.all([
    shipmentPaperOrders(db, shipment.shipment_id),
    getBusinessDetails(db),
  ]);
  if (needsCustoms) {
    const missing = missingCustomsFields(orders);
    if (missing.length > 0) {
      const error = httpError(409, 'customsFieldsMissing', {
        products: missing.map((p) => `${p.name} (${p.sku})`).join(', '),
      });
      error.details = { missing };
      throw error;
    }
    const currencies = [...new Set(orders.map((o) => o.currency))].sort();
    if (currencies.length > 1) {
      throw httpError(409, 'shipmentMixedCurrencies', { currencies: currencies.join(', ') });
    }
  }
  if (needsExporter && !businessDetailsSet(exporter)) throw httpError(409, 'businessDetailsMissing');
  const lines = paperLines(orders);
  const netWeightGrams = lines.reduce((sum, line) => sum + line.netWeightGrams, 0);
  return {
    shipmentRowId: shipment.id,
    shipmentId: shipment.shipment_id,
    shippingDate: shipment.shipping_date,
    shippingMethod: shipment.shipping_method_name ?? null,
    trackingLink: shipment.shipment_tracking_link,
    orderCount: orders.length,
    invoiceNumber: `INV-${shipment.shipment_id}`,
    currency: orders[0]?.currency ?? null,
    exporter,
    consignee: consigneeOf(orders),
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalAmountMinor: sumMinor(lines.map((line) => line.amountMinor)),
    netWeightGrams,
    grossWeightGrams: netWeightGrams,
    packages: 1,
  };
}

/** An amount as the papers print it: exact decimal text with thousands grouped, "12,345.50". */
export function paperAmount(minor: Minor, currency: Currency | null): string {
  const text = formatMinor(minor, currency ?? 'INR');
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Grams as kilograms with three decimals, exactly: 1250 → "1.250 kg". */
export function paperWeight(grams: number): string {
  const text = String(grams).padStart(4, '0');
  return `${text.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${text.slice(-3)} kg`;
}
