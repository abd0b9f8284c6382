/**
 * The edit of an order's editable fields as the drawer's form holds them (text, as typed) and
 * the request it makes: only the fields that changed, amounts checked against the order's
 * currency (shipping fee in yen) with the shared messages.
 */
import type { Currency } from '#shared/constants';
import { parseMoney } from '#shared/domain/money';
import { formatMessage, MESSAGES } from '#shared/messages';
import { CUSTOMER_FIELDS, type Customer, type Order } from '#shared/schemas/order';
import type { OrderEdit } from './orders.api';

const AMOUNTS = ['discount', 'commission', 'closingFee', 'gst', 'handlingFee', 'shippingFee'] as const;
type AmountField = (typeof AMOUNTS)[number];

type CustomerKey = `customer.${keyof Customer}`;
export type OrderEditText = Record<AmountField | 'expectedShippingDate' | CustomerKey, string>;

export const customerKey = (field: keyof Customer): CustomerKey => `customer.${field}`;

const currencyOf = (order: Order, field: AmountField): Currency =>
  field === 'shippingFee' ? 'JPY' : order.currency;

export const orderEditForm = (order: Order): OrderEditText => ({
  expectedShippingDate: order.expectedShippingDate ?? '',
  discount: String(order.discount),
  commission: String(order.commission),
  closingFee: String(order.closingFee),
  gst: String(order.gst),
  handlingFee: String(order.handlingFee),
  shippingFee: String(order.shippingFee),
  ...(Object.fromEntries(CUSTOMER_FIELDS.map((f) => [customerKey(f), order.customer?.[f] ?? ''])) as Record<
    CustomerKey,
    string
  >),
});

export type OrderEditResult =
  { ok: true; edit: OrderEdit } | { ok: false; errors: Partial<Record<keyof OrderEditText, string>> };

export function orderEditOf(order: Order, text: OrderEditText): OrderEditResult {
  const edit: OrderEdit = {};
  const errors: Partial<Record<keyof OrderEditText, string>> = {};
  for (const field of AMOUNTS) {
    const raw = text[field].trim().replace(/,/g, '');
    if (raw === '' || !/^\d+(\.\d+)?$/.test(raw)) {
      errors[field] = MESSAGES.enterNumber;
      continue;
    }
    const parsed = parseMoney(raw, currencyOf(order, field));
    if (!parsed.ok) errors[field] = formatMessage(parsed.error.code, parsed.error.params);
    else if (parsed.major !== order[field]) edit[field] = parsed.major;
  }
  const date = text.expectedShippingDate.trim();
  if (date !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.expectedShippingDate = MESSAGES.invalidDate;
  else if ((date || null) !== order.expectedShippingDate) edit.expectedShippingDate = date || null;
  // The customer goes whole (the server stores it as one record), and only when a part changed.
  const customer = Object.fromEntries(
    CUSTOMER_FIELDS.map((f) => [f, text[customerKey(f)].trim()]),
  ) as Customer;
  if (CUSTOMER_FIELDS.some((f) => customer[f] !== (order.customer?.[f] ?? ''))) edit.customer = customer;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, edit };
}
