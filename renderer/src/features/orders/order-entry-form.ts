/**
 * The manual order entry form: what it holds (text as typed, a chosen product per line), its
 * rules with the product's own messages, and the lines it posts. Each line's unit price times
 * its quantity is the line total it sends as `baseOrderPrice`, before the line's discount; the
 * form shows each line after its discount and the order's total, added in paise.
 */
import { z } from 'zod';
import {
  MAX_AMOUNT,
  MAX_QUANTITY,
  MAX_UNIT_PRICE,
  ORDER_ENTRY_PLATFORMS,
  PLATFORM_CURRENCY,
} from '#shared/constants';
import { formatMinor, parseMoney, sumMinor, toMinor } from '#shared/domain/money';
import { formatMessage, isRequired, MESSAGES } from '#shared/messages';
import type { Order, OrderEntryLine } from '#shared/schemas/order';
import type { Product } from '#shared/schemas/product';
import { lineTotal } from './order-money';

export interface OrderEntryLineValues {
  product: Product | null;
  price: string;
  discount: string;
  quantity: string;
}

export interface OrderEntryValues {
  orderId: string;
  platformCode: '' | (typeof ORDER_ENTRY_PLATFORMS)[number];
  lines: OrderEntryLineValues[];
}

export const emptyLine = (): OrderEntryLineValues => ({
  product: null,
  price: '',
  discount: '',
  quantity: '',
});
export const emptyOrderEntry = (): OrderEntryValues => ({
  orderId: '',
  platformCode: '',
  lines: [emptyLine()],
});

/** Staff paste prices as "1,980"; the form reads them without the separators. */
const plain = (text: string) => text.trim().replace(/,/g, '');
const isDecimal = (text: string) => /^\d+(\.\d+)?$/.test(plain(text));
/** "-5" is a number, just not one an amount may be: it gets the bound's message, not "enter a number". */
const isNegative = (text: string) => /^-\s*\d+(\.\d+)?$/.test(plain(text));
const ZERO_OR_MORE = formatMessage('tooSmall', { min: 0 });

/** Amounts are rupees: order entry sells on Amazon India and the own shop only. */
const CURRENCY = PLATFORM_CURRENCY.AMAZONIND;

/** An amount's own message (too many decimals, above `max` rupees), or none. */
const amountProblem = (text: string, max: number): string | undefined => {
  const parsed = parseMoney(plain(text), CURRENCY, { max });
  return parsed.ok ? undefined : formatMessage(parsed.error.code, parsed.error.params);
};

/** The bounds the API holds a line to: a unit price, and the line total it makes. */
const MAX_PRICE = MAX_UNIT_PRICE[CURRENCY];
const MAX_LINE_TOTAL = MAX_AMOUNT[CURRENCY];

/** `priceLabel` is the price field's label in the reader's language, for '<label> is required'. */
export function orderEntrySchema(priceLabel: string) {
  const line = z
    .object({
      product: z.custom<Product | null>().refine((p) => p !== null, { message: MESSAGES.productsRequired }),
      price: z.string(),
      discount: z.string(),
      quantity: z.string(),
    })
    .superRefine((l, ctx) => {
      if (plain(l.price) === '')
        ctx.addIssue({ code: 'custom', path: ['price'], message: isRequired(priceLabel) });
      else if (isNegative(l.price)) ctx.addIssue({ code: 'custom', path: ['price'], message: ZERO_OR_MORE });
      else if (!isDecimal(l.price))
        ctx.addIssue({ code: 'custom', path: ['price'], message: MESSAGES.enterNumber });
      else {
        const problem = amountProblem(l.price, MAX_PRICE);
        if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
      }
      if (isNegative(l.discount)) ctx.addIssue({ code: 'custom', path: ['discount'], message: ZERO_OR_MORE });
      else if (!isDecimal(l.discount))
        ctx.addIssue({ code: 'custom', path: ['discount'], message: MESSAGES.enterNumber });
      else {
        const problem = amountProblem(l.discount, MAX_LINE_TOTAL);
        if (problem) ctx.addIssue({ code: 'custom', path: ['discount'], message: problem });
        else {
          // A discount past the line's total would make it negative.
          const gross = grossMinor(l);
          if (gross !== null && toMinor(plain(l.discount), CURRENCY) > gross) {
            const max = formatMinor(gross, CURRENCY);
            ctx.addIssue({ code: 'custom', path: ['discount'], message: formatMessage('tooLarge', { max }) });
          }
        }
      }
      const qty = l.quantity.trim();
      if (!/^\d+$/.test(qty) || Number(qty) < 1) {
        ctx.addIssue({ code: 'custom', path: ['quantity'], message: MESSAGES.invalidQuantity });
      } else if (Number(qty) > MAX_QUANTITY) {
        const message = formatMessage('tooLarge', { max: MAX_QUANTITY });
        ctx.addIssue({ code: 'custom', path: ['quantity'], message });
      } else if (isDecimal(l.price) && !amountProblem(l.price, MAX_PRICE)) {
        // Each is within its bound; their product may not be.
        const total = lineTotal(plain(l.price), qty, CURRENCY);
        if (total === null || total > MAX_LINE_TOTAL) {
          const max = formatMinor(toMinor(MAX_LINE_TOTAL, CURRENCY), CURRENCY);
          ctx.addIssue({
            code: 'custom',
            path: ['price'],
            message: formatMessage('lineTotalTooLarge', { max }),
          });
        }
      }
    });
  return z
    .object({
      orderId: z
        .string()
        .trim()
        .min(1, MESSAGES.orderIdRequired)
        .max(100, formatMessage('tooLong', { max: 100 })),
      platformCode: z.enum(ORDER_ENTRY_PLATFORMS, { error: MESSAGES.platformRequired }),
      lines: z.array(line).min(1, MESSAGES.productsRequired),
    })
    .superRefine((form, ctx) => {
      // One order holds a product once: the server would refuse the second line as a duplicate.
      const seen = new Set<string>();
      form.lines.forEach((l, index) => {
        if (!l.product) return;
        if (seen.has(l.product._id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['lines', index, 'product'],
            message: MESSAGES.duplicateField,
          });
        }
        seen.add(l.product._id);
      });
    });
}

/** A line's total (unit price × quantity) while typing, or null until both are numbers. */
export const lineTotalOf = (line: Pick<OrderEntryLineValues, 'price' | 'quantity'>) =>
  isDecimal(line.price) ? lineTotal(plain(line.price), line.quantity, CURRENCY) : null;

/** Unit price × quantity in paise, or null until both are amounts within their bounds. */
function grossMinor(line: Pick<OrderEntryLineValues, 'price' | 'quantity'>): number | null {
  const total = lineTotalOf(line);
  return total === null ? null : toMinor(total, CURRENCY);
}

/**
 * A line's total after its discount, in paise: what the buyer pays for it. Null until price,
 * quantity and discount are amounts (an empty discount is none) and the discount fits the line.
 */
export function lineNetMinor(
  line: Pick<OrderEntryLineValues, 'price' | 'quantity' | 'discount'>,
): number | null {
  const gross = grossMinor(line);
  if (gross === null) return null;
  const discount = plain(line.discount);
  if (discount === '') return gross;
  if (!isDecimal(discount) || amountProblem(discount, MAX_LINE_TOTAL)) return null;
  const net = gross - toMinor(discount, CURRENCY);
  return net < 0 ? null : net;
}

/** The order's total after discounts, in paise, once every line has one. */
export function orderTotalMinor(
  lines: readonly Pick<OrderEntryLineValues, 'price' | 'quantity' | 'discount'>[],
) {
  const nets = lines.map(lineNetMinor);
  return nets.length === 0 || nets.some((n) => n === null) ? null : sumMinor(nets as number[]);
}

/**
 * The lines of the form whose product the stored order (same order id and platform) already
 * holds: the server keeps one line per product, so these would be refused as duplicates.
 */
export function linesAlreadyInOrder(
  values: OrderEntryValues,
  stored: readonly Pick<Order, 'product'>[],
): number[] {
  const held = new Set(stored.flatMap((o) => (o.product ? [o.product._id] : [])));
  return values.lines.flatMap((line, index) => (line.product && held.has(line.product._id) ? [index] : []));
}

/** The request: every line of the order, posted together (created all or none). */
export function orderEntryLines(values: OrderEntryValues, orderDate: string): OrderEntryLine[] {
  const platformCode = values.platformCode;
  if (platformCode === '') throw new Error('order entry posted without a platform');
  return values.lines.map((line) => {
    const total = lineTotalOf(line);
    if (!line.product || total === null) throw new Error('order entry posted an unchecked line');
    return {
      product: line.product._id,
      platformCode,
      baseOrderPrice: total,
      discount: Number(plain(line.discount)),
      currency: PLATFORM_CURRENCY[platformCode],
      orderId: values.orderId.trim(),
      orderQuantity: Number(line.quantity.trim()),
      shipmentStatus: 'RECEIVED',
      orderDate,
    };
  });
}

/** Where the server's Duplicate field points: a field of the form and, for a line's, its index. */
export interface DuplicateTarget {
  field: string;
  line?: number;
}

/**
 * The field a 409 Duplicate field names (`orderId`, or `1.product` for a line of an array), or
 * undefined when the answer names none. The server's unique key is platform + order id +
 * product, and it names the order id.
 */
export function duplicateTarget(
  code: string | undefined,
  message: string,
  errors: readonly { field: string; code?: string; message: string }[],
): DuplicateTarget | undefined {
  if (code !== 'duplicateField' && message !== MESSAGES.duplicateField) return undefined;
  const named = errors.find((e) => e.code === 'duplicateField' || e.message === MESSAGES.duplicateField);
  if (!named) return undefined;
  const match = /^(\d+)\.(.+)$/.exec(named.field);
  return match ? { field: match[2] as string, line: Number(match[1]) } : { field: named.field };
}
