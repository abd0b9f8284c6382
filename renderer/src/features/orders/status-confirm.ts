/**
 * What a status change asks before it is made, for order management (one order or a bulk
 * change) and OTZ orders: acceptance takes stock, cancellation gives back what the orders
 * took and is final, completion is final. Other changes (packing) are made at once.
 */
import type { OrderStatus } from '#shared/constants';
import type { Order } from '#shared/schemas/order';

/** The statuses a change to asks about first. */
export const ASKED_STATUSES: readonly OrderStatus[] = ['ACCEPTED', 'CANCELLED', 'COMPLETED'];

/** An order as far as the question needs it: its id as staff know it, status and products. */
export interface ChangedOrder {
  /** The platform's order id (an OTZ order's PayPal transaction id). */
  orderId: string;
  shipmentStatus: OrderStatus;
  /**
   * Whether it holds stock (the server's word): an accepted order seeded as history (the demo
   * data) holds none, so its status alone cannot say what cancelling gives back.
   */
  stockTaken: boolean;
  /** The products of its lines (one for a platform order line). */
  productIds: readonly string[];
}

/** A platform order line as the question sees it. */
export const changedOrder = (order: Order): ChangedOrder => ({
  orderId: order.orderId,
  shipmentStatus: order.shipmentStatus,
  stockTaken: order.stockTaken,
  productIds: order.product ? [order.product._id] : [],
});

export interface StatusImpact {
  to: OrderStatus;
  count: number;
  /** The one order's id, when there is one. */
  orderId?: string;
  /** Products whose stock the change takes (acceptance) or gives back (cancellation). */
  stockProducts: number;
  final: boolean;
}

/** What changing `orders` to `to` does, or null when it needs no question. */
export function statusImpact(orders: readonly ChangedOrder[], to: OrderStatus): StatusImpact | null {
  if (!ASKED_STATUSES.includes(to) || orders.length === 0) return null;
  const moving = orders.filter((o) =>
    to === 'ACCEPTED' ? o.shipmentStatus === 'RECEIVED' && !o.stockTaken : to === 'CANCELLED' && o.stockTaken,
  );
  const products = new Set(moving.flatMap((o) => o.productIds));
  const only = orders.length === 1 ? orders[0] : undefined;
  return {
    to,
    count: orders.length,
    ...(only ? { orderId: only.orderId } : {}),
    stockProducts: products.size,
    final: to !== 'ACCEPTED',
  };
}

/** i18next's `t`, as far as this module needs it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface StatusQuestion {
  title: string;
  body: string;
  confirmLabel: string;
  keepLabel: string;
}

const VERB = { ACCEPTED: 'accept', CANCELLED: 'cancel', COMPLETED: 'complete' } as const;

/** The question's words in the reader's language (`ordermanagement:confirm`), counts and plurals. */
export function statusQuestion(t: Translate, impact: StatusImpact): StatusQuestion {
  const verb = VERB[impact.to as keyof typeof VERB];
  const key = (name: string) => `ordermanagement:confirm.${verb}.${name}`;
  const { count, orderId, stockProducts } = impact;
  const title = orderId === undefined ? t(key('titleMany'), { count }) : t(key('titleOne'), { orderId });
  const sentences: string[] = [];
  if (stockProducts > 0)
    sentences.push(
      t(`ordermanagement:confirm.${impact.to === 'ACCEPTED' ? 'stockTaken' : 'stockBack'}`, {
        count: stockProducts,
      }),
    );
  if (impact.final) sentences.push(t('ordermanagement:confirm.final'));
  else sentences.push(t(key('body')));
  return {
    title,
    // Japanese sentences follow one another without a space.
    body: sentences.reduce((text, s) => (text === '' || text.endsWith('。') ? text + s : `${text} ${s}`), ''),
    confirmLabel: t(key('confirm'), { count }),
    keepLabel: t(key('keep'), { count }),
  };
}
