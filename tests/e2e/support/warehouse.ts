/**
 * Products and accepted orders made through the API, for the warehouse's specs (the packing
 * station, pick lists and labels): each name, SKU and JAN unique to the run.
 */
import { expect } from '@playwright/test';
import { withJanCheckDigit } from '../../../shared/src/domain/jan';
import type { KuraServer } from './server';

export interface ApiProduct {
  _id: string;
  name: string;
  skuCode: string;
  janCode: string;
}

export function warehouseData(kura: KuraServer) {
  let serial = 0;
  const unique = () => `${Date.now() % 1e8}${String(serial++).padStart(2, '0')}`;
  const freshJan = () => withJanCheckDigit(`23${unique().padStart(10, '0').slice(-10)}`);

  /** A product with a fresh JAN and 100 in stock unless the fields say otherwise. */
  async function createProduct(fields: Record<string, unknown>): Promise<ApiProduct> {
    const res = await kura.api('products', {
      token: await kura.token(),
      body: { janCode: freshJan(), inStockQuantity: 100, ...fields },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: ApiProduct }).data;
  }

  /** An accepted order of these lines (product, quantity); answers its rows' ids. */
  async function acceptedOrder(
    orderId: string,
    lines: [ApiProduct, number][],
    options: { platformCode?: string; expectedShippingDate?: string } = {},
  ): Promise<string[]> {
    const token = await kura.token();
    const res = await kura.api('orders', {
      token,
      body: lines.map(([product, orderQuantity]) => ({
        product: product._id,
        platformCode: options.platformCode ?? 'AMAZONIND',
        orderId,
        orderQuantity,
        currency: 'INR',
        baseOrderPrice: 1000,
        ...(options.expectedShippingDate ? { expectedShippingDate: options.expectedShippingDate } : {}),
      })),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const ids = ((await res.json()) as { data: { _id: string }[] }).data.map((o) => o._id);
    const accepted = await kura.api('orders/status', {
      method: 'PUT',
      token,
      body: { ids, shipmentStatus: 'ACCEPTED' },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    return ids;
  }

  return { unique, createProduct, acceptedOrder };
}
