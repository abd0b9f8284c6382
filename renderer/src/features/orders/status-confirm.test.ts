import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enOrders from '../../i18n/en/ordermanagement.json';
import jaOrders from '../../i18n/ja/ordermanagement.json';
import { statusImpact, statusQuestion, type ChangedOrder, type Translate } from './status-confirm';

/** An order as the server answers it: accepted and packed ones hold their stock. */
const order = (orderId: string, shipmentStatus: ChangedOrder['shipmentStatus'], ...productIds: string[]) => ({
  orderId,
  shipmentStatus,
  stockTaken: shipmentStatus === 'ACCEPTED' || shipmentStatus === 'PACKED',
  productIds,
});
/** An order seeded as history (the demo data): any status, no stock held. */
const history = (
  orderId: string,
  shipmentStatus: ChangedOrder['shipmentStatus'],
  ...productIds: string[]
) => ({
  ...order(orderId, shipmentStatus, ...productIds),
  stockTaken: false,
});

async function translator(lng: 'en' | 'ja'): Promise<Translate> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    resources: { en: { ordermanagement: enOrders }, ja: { ordermanagement: jaOrders } },
    interpolation: { escapeValue: false },
  });
  return i18n.t.bind(i18n) as unknown as Translate;
}

describe('what a status change asks first', () => {
  it('asks before cancelling, accepting and completing, never before packing', () => {
    const one = [order('A-1', 'ACCEPTED', 'p1')];
    expect(statusImpact(one, 'PACKED')).toBeNull();
    expect(statusImpact([], 'CANCELLED')).toBeNull();
    expect(statusImpact(one, 'CANCELLED')).toEqual({
      to: 'CANCELLED',
      count: 1,
      orderId: 'A-1',
      stockProducts: 1,
      final: true,
    });
    expect(statusImpact([order('A-1', 'RECEIVED', 'p1')], 'ACCEPTED')).toMatchObject({
      stockProducts: 1,
      final: false,
    });
    expect(statusImpact([order('A-1', 'PACKED', 'p1')], 'COMPLETED')).toMatchObject({
      stockProducts: 0,
      final: true,
    });
  });

  it('counts the products whose stock moves once each, and only orders that hold or take it', () => {
    const orders = [
      order('A-1', 'ACCEPTED', 'p1'),
      order('A-2', 'PACKED', 'p1'),
      order('A-3', 'PACKED', 'p2'),
      // A received order holds no stock: cancelling it gives nothing back.
      order('A-4', 'RECEIVED', 'p3'),
    ];
    expect(statusImpact(orders, 'CANCELLED')).toEqual({
      to: 'CANCELLED',
      count: 4,
      stockProducts: 2,
      final: true,
    });
    // What the orders hold, not their status: accepted and packed orders seeded as history
    // hold nothing, and cancelling them gives nothing back.
    expect(
      statusImpact(
        [order('A-1', 'ACCEPTED', 'p1'), history('H-1', 'ACCEPTED', 'p2'), history('H-2', 'PACKED', 'p3')],
        'CANCELLED',
      ),
    ).toMatchObject({ count: 3, stockProducts: 1 });
    const otz = [order('PAY-1', 'RECEIVED', 'p1', 'p2', 'p1')];
    expect(statusImpact(otz, 'ACCEPTED')).toMatchObject({ count: 1, stockProducts: 2 });
  });

  it('says it in English with the right plurals', async () => {
    const t = await translator('en');
    const three = [
      order('A-1', 'ACCEPTED', 'p1'),
      order('A-2', 'PACKED', 'p2'),
      order('A-3', 'RECEIVED', 'p3'),
    ];
    expect(statusQuestion(t, statusImpact(three, 'CANCELLED')!)).toEqual({
      title: 'Cancel 3 orders?',
      body: 'Stock of 2 products goes back. This cannot be undone.',
      confirmLabel: 'Cancel orders',
      keepLabel: 'Keep orders',
    });
    expect(statusQuestion(t, statusImpact([order('A-9', 'PACKED', 'p1')], 'CANCELLED')!)).toEqual({
      title: 'Cancel order A-9?',
      body: 'Stock of 1 product goes back. This cannot be undone.',
      confirmLabel: 'Cancel order',
      keepLabel: 'Keep order',
    });
    expect(statusQuestion(t, statusImpact([order('A-9', 'RECEIVED', 'p1')], 'CANCELLED')!).body).toBe(
      'This cannot be undone.',
    );
    // An accepted order holding stock and a received one of another product: one product.
    expect(
      statusQuestion(
        t,
        statusImpact([order('A-1', 'ACCEPTED', 'p1'), order('A-2', 'RECEIVED', 'p2')], 'CANCELLED')!,
      ).body,
    ).toBe('Stock of 1 product goes back. This cannot be undone.');
    expect(statusQuestion(t, statusImpact([history('H-1', 'ACCEPTED', 'p1')], 'CANCELLED')!).body).toBe(
      'This cannot be undone.',
    );
    const accept = statusQuestion(
      t,
      statusImpact([order('A-1', 'RECEIVED', 'p1'), order('A-2', 'RECEIVED', 'p1')], 'ACCEPTED')!,
    );
    expect(accept).toEqual({
      title: 'Accept 2 orders?',
      body: 'Stock of 1 product is taken. Cancelling later gives the stock back.',
      confirmLabel: 'Accept orders',
      keepLabel: 'Go back',
    });
    expect(statusQuestion(t, statusImpact([order('A-1', 'PACKED', 'p1')], 'COMPLETED')!).title).toBe(
      'Complete order A-1?',
    );
  });

  it('says it in Japanese, sentences without a space between them', async () => {
    const t = await translator('ja');
    const three = [
      order('A-1', 'ACCEPTED', 'p1'),
      order('A-2', 'PACKED', 'p2'),
      order('A-3', 'RECEIVED', 'p3'),
    ];
    expect(statusQuestion(t, statusImpact(three, 'CANCELLED')!)).toEqual({
      title: '3件の注文をキャンセルしますか？',
      body: '2商品の在庫が戻ります。この操作は取り消せません。',
      confirmLabel: '注文をキャンセル',
      keepLabel: '注文を残す',
    });
  });
});
