/**
 * The fuzzer's world on one server: its accounts (an admin, an order creator, an account
 * without a role), a few real rows of every kind (so hostile bodies reach updates of existing
 * rows, and valid ones change state: orders accepted, packed, shipped, stock moved), and the ids
 * the server has answered since, by collection.
 *
 * The fuzzer's own accounts are never in the `users` pool: a request demoting or deactivating
 * the admin would end the run's admin requests. Another account (and every one the fuzzer
 * registers) is there to be edited.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Client, setupAccounts } from '../helpers/http';
import type { Operation } from './operations';
import type { Role, WorldView } from './requests';
import { janOf } from './values';

const POOL_CAP = 400;

export interface Account {
  email: string;
  password: string;
  token: string;
}

export class World implements WorldView {
  readonly pools = new Map<string, string[]>();
  readonly accounts = {} as Record<Exclude<Role, 'signedOut'>, Account>;
  private counter = 1_000;

  next(): number {
    return ++this.counter;
  }

  token(role: Exclude<Role, 'signedOut'>): string {
    return this.accounts[role].token;
  }

  add(pool: string, id: unknown): void {
    if (typeof id !== 'string' || id === '') return;
    const ids = this.pools.get(pool) ?? [];
    if (ids.includes(id)) return;
    ids.push(id);
    // Keep the setup's rows (the first ones) and a window of the newest.
    if (ids.length > POOL_CAP) ids.splice(POOL_CAP / 4, 1);
    this.pools.set(pool, ids);
  }

  /** Takes note of what a successful request created, and of the orders' statuses it shows. */
  learn(op: Operation, status: number, body: unknown): void {
    if (status < 200 || status >= 300) return;
    const rows = this.notice(body);
    if (!op.creates) return;
    const pool = op.creates === 'register' ? 'users' : op.creates;
    if (op.path.startsWith('/api/v1/auth/') && pool !== 'users') return;
    for (const row of rows) {
      this.add(pool, row._id);
      // Advance orders are order rows (their _id is the order's).
      if (pool === 'advance-orders') this.add('orders', row._id);
    }
  }

  /** Notes the orders an answer shows; answers its rows. */
  notice(body: unknown): Record<string, unknown>[] {
    if (body === null || typeof body !== 'object') return [];
    const data = (body as { data?: unknown }).data;
    const rows = (Array.isArray(data) ? data : [data]).filter(
      (row): row is Record<string, unknown> => row !== null && typeof row === 'object',
    );
    for (const row of rows) {
      this.noteOrder(row);
      // A shipment lists its orders; an advance order holds its order.
      for (const nested of [row.orders, row.shippedOrders, row.order].flat()) {
        if (nested && typeof nested === 'object') this.noteOrder(nested as Record<string, unknown>);
      }
    }
    return rows;
  }

  /** Keeps `orders:<status>` and `orders:shippable` (packed, for India, in no shipment) current. */
  private noteOrder(row: Record<string, unknown>): void {
    const { _id: id, shipmentStatus, platformCode } = row;
    if (typeof id !== 'string' || typeof shipmentStatus !== 'string' || typeof platformCode !== 'string')
      return;
    for (const [name, ids] of this.pools) {
      if (name.startsWith('orders:')) {
        const at = ids.indexOf(id);
        if (at !== -1) ids.splice(at, 1);
      }
    }
    this.add(`orders:${shipmentStatus}`, id);
    if (shipmentStatus === 'PACKED' && platformCode !== 'AMAZONJP' && !row.shipmentId) {
      this.add('orders:shippable', id);
    }
  }
}

const SAMPLES_DIR = join(import.meta.dirname, '..', '..', '..', 'resources', 'samples');

/** The SKUs (and ASINs) the sample reports name, so importing them finds products. */
function sampleProducts(): { sku: string; asin?: string; code?: string }[] {
  const found = new Map<string, { sku: string; asin?: string; code?: string }>();
  for (const [file, code] of [
    ['amazon-in-all-orders.txt', 'AMAZONIND'],
    ['amazon-jp-all-orders.txt', 'AMAZONJP'],
  ] as const) {
    const [header, ...lines] = readFileSync(join(SAMPLES_DIR, file), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\n');
    const columns = header?.split('\t') ?? [];
    const sku = columns.indexOf('sku');
    const asin = columns.indexOf('asin');
    for (const line of lines) {
      const cells = line.split('\t');
      const s = cells[sku]?.trim();
      if (s && !found.has(s)) found.set(s, { sku: s, asin: cells[asin]?.trim(), code });
    }
  }
  const shopify = readFileSync(join(SAMPLES_DIR, 'shopify-orders.csv'), 'utf8');
  for (const match of shopify.matchAll(/KUR-[A-Z]+-\d{4}/g)) {
    if (!found.has(match[0])) found.set(match[0], { sku: match[0] });
  }
  return [...found.values()];
}

async function must(
  world: World,
  res: Promise<{ status: number; body: unknown }>,
  what: string,
): Promise<Record<string, unknown>> {
  const r = await res;
  world.notice(r.body);
  if (r.status < 200 || r.status >= 300)
    throw new Error(`fuzz setup: ${what} answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body as Record<string, unknown>;
}

const idOf = (body: Record<string, unknown>) => (body.data as { _id: string })._id;

/** Accounts and a few rows of every kind, through the API. */
export async function setupWorld(api: Client): Promise<World> {
  const world = new World();
  const { admin, withRole } = await setupAccounts(api);
  const creator = await withRole('orderCreator');
  const none = await withRole(null);
  const victim = await withRole(null);
  world.accounts.admin = admin;
  world.accounts.orderCreator = creator;
  world.accounts.none = none;
  world.add('users', victim.user._id);
  const as = { token: admin.token };
  const post = async (path: string, body: unknown, pool: string) => {
    const id = idOf(await must(world, api.post(`/api/v1/${path}`, body, as), `POST ${path}`));
    world.add(pool, id);
    return id;
  };
  const put = (path: string, body: unknown) =>
    must(world, api.put(`/api/v1/${path}`, body, as), `PUT ${path}`);

  for (const name of ['Tea', 'Snacks']) await post('categories', { name: `Fuzz ${name}` }, 'categories');
  for (const name of ['Calbee', 'Ito En'])
    await post('manufacturers', { name: `Fuzz ${name}` }, 'manufacturers');
  for (const name of ['Tokyo Wholesale', 'Osaka Trading'])
    await post('suppliers', { name: `Fuzz ${name}` }, 'suppliers');
  await post('shipping-methods', { name: 'Fuzz EMS' }, 'shipping-methods');
  await post('handling-fees', { title: 'Fuzz pct', type: 'percentage', value: 2.5 }, 'handling-fees');
  await post('handling-fees', { title: 'Fuzz amount', type: 'amount', value: 120 }, 'handling-fees');
  const today = new Date().toISOString().slice(0, 10);
  for (const date of ['2020-01-01', today]) {
    await put(`currency/rates/${date}`, { rate: 1.734512 });
    world.add('rates', date);
  }

  const products: string[] = [];
  for (const [i, sample] of sampleProducts().entries()) {
    products.push(
      await post(
        'products',
        {
          name: `Fuzz product ${sample.sku}`,
          skuCode: sample.sku,
          janCode: janOf(i + 1),
          purchasePrice: 300 + i,
          inStockQuantity: 10_000,
          amazonStockQuantity: i % 3 === 0 ? 5 : 0,
          categoryId: world.pools.get('categories')?.[i % 2],
          supplierIds: world.pools.get('suppliers')?.slice(0, (i % 2) + 1),
          availablePlatforms: sample.asin && sample.code ? [{ code: sample.code, asin: sample.asin }] : [],
        },
        'products',
      ),
    );
  }
  const product = products[0] as string;
  await must(world, api.post(`/api/v1/products/${product}/remarks`, { remark: 'Fuzz remark' }, as), 'remark');

  // Orders in each status a status change starts from, on each platform.
  const order = (platformCode: string, n: number) =>
    post(
      'orders',
      {
        product: products[n % products.length],
        platformCode,
        orderId: `FZ-${platformCode}-${n}`,
        orderQuantity: 1 + (n % 3),
        currency: platformCode === 'AMAZONJP' ? 'JPY' : 'INR',
        baseOrderPrice: 1000,
        orderDate: today,
        customer: { name: 'Asha Rao', email: 'asha@example.in' },
      },
      'orders',
    );
  const status = (id: string, shipmentStatus: string) => put(`orders/${id}`, { shipmentStatus });
  const packed: string[] = [];
  let n = 0;
  for (const platform of ['AMAZONIND', 'SHOPIFY', 'AMAZONJP']) {
    await order(platform, n++);
    await status(await order(platform, n++), 'ACCEPTED');
    for (let k = 0; k < 4; k++) {
      const id = await order(platform, n++);
      await status(id, 'ACCEPTED');
      await status(id, 'PACKED');
      if (platform !== 'AMAZONJP') packed.push(id);
    }
  }
  const shipment = (shipmentId: string, orderIds: string[]) =>
    post(
      'shipments',
      {
        shipmentId,
        shippingDate: today,
        totalShippingFee: 1001,
        shipmentTrackingLink: 'https://tracking.example/fz',
        orderIds,
      },
      'shipments',
    );
  await shipment('FZ-SHIP-1', packed.slice(0, 2));
  const received = await shipment('FZ-SHIP-2', packed.slice(2, 4));
  await put(`shipments/${received}`, { customId: 'FZ-CUS-1', totalCustomFee: 1000.5, receivedDate: today });

  await post(
    'advance-orders',
    {
      product,
      platformCode: 'AMAZONIND',
      orderId: 'FZ-ADV-1',
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 10,
      deliveryDate: today,
    },
    'advance-orders',
  );
  for (const [i, accept] of [false, true].entries()) {
    const id = await post(
      'otz-orders',
      {
        paypalTransactionId: `FZ-PAY-${i}`,
        orderDate: today,
        items: [{ product, orderQuantity: 1, price: 100 }],
        currency: 'INR',
        amount: 100,
      },
      'otz-orders',
    );
    if (accept) await put(`otz-orders/${id}`, { shipmentStatus: 'ACCEPTED' });
  }
  await post(
    'simulation',
    {
      name: 'Fuzz simulation',
      platformCode: 'AMAZONIND',
      purchasePrice: 700,
      quantity: 1,
      exchangeRate: 1.7,
      shippingCost: 110,
      customsDuty: 15.5,
      commission: 5,
      closingFee: 61.5,
      target: { type: 'amount', value: 2760 },
    },
    'simulation',
  );
  await post('issues', { title: 'Fuzz request' }, 'issues');
  await post('memos', { title: 'Fuzz memo', body: 'x' }, 'memos');
  await must(
    world,
    api.post('/api/v1/user-preferences', { _id: 'fz.table', value: { width: 1 } }, as),
    'preference',
  );
  world.add('user-preferences', 'fz.table');
  return world;
}
