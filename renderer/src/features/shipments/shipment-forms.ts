/**
 * The two shipment forms as typed (text), their checks with the product's messages, and the
 * bodies they send: a new shipment from Combine Orders, and the customs of a shipment.
 * Messages are MESSAGES texts; the screen translates them (useErrorText).
 */
import type { Currency } from '#shared/constants';
import { parseMoney } from '#shared/domain/money';
import { formatMessage, isRequired, MESSAGES } from '#shared/messages';
import type { CustomsInput, ShipmentCreate } from '#shared/schemas/shipment';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID_MAX = 100;
const LINK_MAX = 2000;

export interface ShipmentFormValues {
  shipmentId: string;
  /** YYYY-MM-DD, null, or text that is not a date (the date field keeps what was typed). */
  shippingDate: string | null;
  /** A shipping method's id, or '' for none. */
  shippingMethod: string;
  totalShippingFee: string;
  shipmentTrackingLink: string;
}

export interface CustomsFormValues {
  customId: string;
  totalCustomFee: string;
  receivedDate: string | null;
}

export type FormErrors<V> = Partial<Record<keyof V, string>>;
export type Checked<V, B> = { ok: true; body: B } | { ok: false; errors: FormErrors<V> };

export const emptyShipmentForm = (today: string): ShipmentFormValues => ({
  shipmentId: '',
  shippingDate: today,
  shippingMethod: '',
  totalShippingFee: '',
  shipmentTrackingLink: '',
});

export const emptyCustomsForm = (today: string): CustomsFormValues => ({
  customId: '',
  totalCustomFee: '',
  receivedDate: today,
});

/** Whether a form holds anything the user typed beyond its starting values. */
export const isDirty = <V extends object>(values: V, start: V) =>
  (Object.keys(start) as (keyof V)[]).some((k) => values[k] !== start[k]);

const isRealDate = (value: string | null): value is string => {
  if (!value || !DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** Only web links: javascript:, file: and friends are not tracking links. */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A fee as typed: missing or not a number is `required` (the form's own message) unless
 * `apart` tells missing, negative and not a number apart; too many decimals or too large says so.
 */
function feeOf(
  text: string,
  currency: Currency,
  required: string,
  apart = false,
): { fee: number } | { error: string } {
  const plain = text.trim().replace(/,/g, '');
  if (apart && plain === '') return { error: required };
  if (apart && /^-\s*\d+(\.\d+)?$/.test(plain)) return { error: formatMessage('tooSmall', { min: 0 }) };
  if (apart && !/^\d+(\.\d+)?$/.test(plain)) return { error: MESSAGES.enterNumber };
  if (!/^\d+(\.\d+)?$/.test(plain)) return { error: required };
  const parsed = parseMoney(plain, currency);
  if (parsed.ok) return { fee: parsed.major };
  // "At most 0 decimal places" reads oddly: yen are whole.
  if (parsed.error.code === 'tooManyDecimals' && parsed.error.params?.max === 0)
    return { error: MESSAGES.notWholeNumber };
  return { error: formatMessage(parsed.error.code, parsed.error.params) };
}

/** The new shipment's required fields' labels in the reader's language, for '<label> is required'. */
export type ShipmentLabels = Record<'shipmentId' | 'totalShippingFee' | 'shipmentTrackingLink', string>;

/**
 * A new shipment of `orderIds` (in the selection's order), or what is wrong with the form: one
 * message per field, about that field (the server's one message for all three said nothing of
 * which was wrong, and showed three times).
 */
export function checkShipmentForm(
  values: ShipmentFormValues,
  orderIds: readonly string[],
  labels: ShipmentLabels,
): Checked<ShipmentFormValues & { orders: string }, ShipmentCreate> {
  const errors: FormErrors<ShipmentFormValues & { orders: string }> = {};
  const shipmentId = values.shipmentId.trim();
  if (shipmentId === '') errors.shipmentId = isRequired(labels.shipmentId);
  else if (shipmentId.length > ID_MAX) errors.shipmentId = formatMessage('tooLong', { max: ID_MAX });
  if (!isRealDate(values.shippingDate)) errors.shippingDate = MESSAGES.invalidDate;
  const fee = feeOf(values.totalShippingFee, 'JPY', isRequired(labels.totalShippingFee), true);
  if ('error' in fee) errors.totalShippingFee = fee.error;
  const link = values.shipmentTrackingLink.trim();
  if (link === '') errors.shipmentTrackingLink = isRequired(labels.shipmentTrackingLink);
  else if (!isWebLink(link)) errors.shipmentTrackingLink = MESSAGES.notCorrectFormat;
  else if (link.length > LINK_MAX) errors.shipmentTrackingLink = formatMessage('tooLong', { max: LINK_MAX });
  if (orderIds.length === 0) errors.orders = MESSAGES.selectOrdersToClub;
  if (Object.keys(errors).length > 0 || 'error' in fee) return { ok: false, errors };
  return {
    ok: true,
    body: {
      shipmentId,
      shippingDate: values.shippingDate as string,
      ...(values.shippingMethod ? { shippingMethod: values.shippingMethod } : {}),
      totalShippingFee: fee.fee,
      shipmentTrackingLink: link,
      orderIds: [...orderIds],
    },
  };
}

/** The customs body, or what is wrong: anything missing is the one customs message. */
export function checkCustomsForm(values: CustomsFormValues): Checked<CustomsFormValues, CustomsInput> {
  const errors: FormErrors<CustomsFormValues> = {};
  const required = MESSAGES.customsRequired;
  const customId = values.customId.trim();
  if (customId === '') errors.customId = required;
  else if (customId.length > ID_MAX) errors.customId = formatMessage('tooLong', { max: ID_MAX });
  const fee = feeOf(values.totalCustomFee, 'INR', required);
  if ('error' in fee) errors.totalCustomFee = fee.error;
  if (!isRealDate(values.receivedDate)) errors.receivedDate = required;
  if (Object.keys(errors).length > 0 || 'error' in fee) return { ok: false, errors };
  return {
    ok: true,
    body: { customId, totalCustomFee: fee.fee, receivedDate: values.receivedDate as string },
  };
}

/** The customs form of a shipment whose customs are saved (an admin's correction). */
export const customsFormOf = (shipment: {
  customId: string | null;
  totalCustomFee: number | null;
  receivedDate: string | null;
}): CustomsFormValues => ({
  customId: shipment.customId ?? '',
  totalCustomFee: shipment.totalCustomFee === null ? '' : String(shipment.totalCustomFee),
  receivedDate: shipment.receivedDate,
});
