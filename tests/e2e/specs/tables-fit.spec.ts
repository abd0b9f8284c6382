/**
 * Every table of the order, shipment and sales screens shows its default columns whole in a
 * 1280 × 800 window, in English and Japanese, without scrolling sideways; and its header stays
 * on top while the rows scroll. The rows hold the widest values these screens meet: long
 * product names, Amazon India order ids, lakhs of rupees.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { withJanCheckDigit } from '#shared/domain/jan';
import { useKuraServer, type Language } from '../support/server';

const kura = useKuraServer({ demo: true });

const VIEWPORT = { width: 1280, height: 800 };
const today = () => DateTime.now().setZone('Asia/Tokyo').toFormat('yyyy-MM-dd');

interface Seeded {
  /** Customs saved: its orders are read-only. */
  shipmentId: string;
  /** Before customs: an admin may take its orders out (a column more). */
  openShipmentId: string;
}
let seeding: Promise<Seeded> | undefined;
// The rows live in the server's database. A worker that leaves this file for another and comes
// back (tests run fully parallel) gets a new server, an empty one: it seeds again.
test.afterAll(() => {
  seeding = undefined;
});

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await kura.api(path, { token: await kura.token(), ...init });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { data: T }).data;
}

/**
 * Rows for every table, made once per server: 30 Amazon India orders of a long-named product
 * (16 of them in a shipment with customs), 30 advance orders, 30 OTZ orders of which 26 are
 * completed today (OTZ sales).
 */
function seed(): Promise<Seeded> {
  return (seeding ??= (async () => {
    const tag = String(Date.now()).slice(-8);
    const product = await api<{ _id: string }>('products', {
      body: {
        name: `Hand-painted Kutani porcelain tea set with five cups and a wooden tray ${tag}`,
        skuCode: `FIT-${tag}`,
        janCode: withJanCheckDigit(`49${tag.padStart(10, '0')}`),
        inStockQuantity: 10_000,
      },
    });
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const created = await api<{ _id: string } | { _id: string }[]>('orders', {
        body: {
          product: product._id,
          platformCode: 'AMAZONIND',
          orderId: `408-${tag.slice(0, 7)}-${String(1_000_000 + i)}`,
          orderQuantity: 12,
          currency: 'INR',
          baseOrderPrice: 1_234_567.89,
          discount: 12_345.67,
        },
      });
      ids.push(...(Array.isArray(created) ? created : [created]).map((o) => o._id));
    }
    for (const status of ['ACCEPTED', 'PACKED']) {
      await api('orders/status', { method: 'PUT', body: { ids, shipmentStatus: status } });
    }
    const shipmentId = `SHIP-FIT-${tag}`;
    const shipment = await api<{ _id: string }>('shipments', {
      body: {
        shipmentId,
        shippingDate: today(),
        totalShippingFee: 1_234_567,
        shipmentTrackingLink: 'https://tracking.example/fit',
        orderIds: ids.slice(0, 16),
      },
    });
    await api(`shipments/${shipment._id}`, {
      method: 'PUT',
      body: { customId: `CUS-${tag}`, totalCustomFee: 987_654.32, receivedDate: today() },
    });
    const openShipmentId = `SHIP-OPEN-${tag}`;
    await api('shipments', {
      body: {
        shipmentId: openShipmentId,
        shippingDate: today(),
        totalShippingFee: 1_234_567,
        shipmentTrackingLink: 'https://tracking.example/open',
        orderIds: ids.slice(16, 20),
      },
    });

    for (let i = 0; i < 30; i++) {
      await api('advance-orders', {
        body: {
          product: product._id,
          platformCode: 'AMAZONIND',
          orderId: `408-${tag.slice(0, 7)}-${String(2_000_000 + i)}`,
          orderQuantity: 3,
          currency: 'INR',
          baseOrderPrice: 123_456.78,
          deliveryDate: '2030-01-15',
        },
      });
    }
    for (let i = 0; i < 30; i++) {
      const otz = await api<{ _id: string }>('otz-orders', {
        body: {
          paypalTransactionId: `9XK${tag}${String(i).padStart(7, '0')}`,
          orderDate: today(),
          customer: { name: 'Anantharaman Venkatasubramanian', email: 'a.v@example.com', city: 'Chennai' },
          items: [
            { product: product._id, orderQuantity: 2, price: 61_728.39 },
            { product: product._id, orderQuantity: 1, price: 123_456.78 },
          ],
          currency: 'INR',
          amount: 246_913.56,
        },
      });
      if (i < 26) {
        for (const to of ['ACCEPTED', 'PACKED', 'COMPLETED']) {
          await api(`otz-orders/${otz._id}`, { method: 'PUT', body: { shipmentStatus: to } });
        }
      }
    }
    return { shipmentId, openShipmentId };
  })());
}

/** The table's scrolling frame: the element the table component scrolls its rows in. */
const frameOf = (table: Locator) => table.locator('xpath=..');

/**
 * Each header cell lies wholly inside the frame, which is inside the window, and the frame
 * has nothing to scroll to sideways. `expected` names the columns that must be there.
 */
async function expectColumnsInView(page: Page, table: Locator, expected: readonly string[], rows = 3) {
  await expect(table.getByRole('row').nth(rows)).toBeVisible();
  const headers = table.getByRole('columnheader');
  const texts = await headers.evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
  // A one-currency column names its sign after the header: `Profit (¥)`.
  const shown = texts.map((text) => text.replace(/ \([¥₹]\)$/, ''));
  for (const name of expected) expect(shown, `the header ${name}`).toContain(name);
  const frame = frameOf(table);
  const overflow = await frame.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  const box = await frame.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x + box.width, 'the table ends inside the window').toBeLessThanOrEqual(VIEWPORT.width);
  const cells = await headers.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        text: (el.textContent ?? '').trim() || el.getAttribute('aria-label'),
        left: r.left,
        right: r.right,
      };
    }),
  );
  const outside = cells.filter((c) => c.left < box.x - 1 || c.right > box.x + box.width + 1);
  const widths = cells.map((c) => `${c.text}: ${Math.round(c.right - c.left)}`).join(', ');
  expect(outside, `headers outside a frame of ${Math.round(box.width)} px (${widths})`).toEqual([]);
  expect(overflow.scroll, 'no sideways scrolling').toBeLessThanOrEqual(overflow.client);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'the page does not scroll sideways',
  ).toBe(true);
}

/** Scrolled to its last row, the frame still shows its header on top, not covered by rows. */
async function expectStickyHeader(table: Locator) {
  const frame = frameOf(table);
  const scrolled = await frame.evaluate((el) => {
    // The list brought into the window (below a report's cards it starts lower), then scrolled.
    el.scrollIntoView({ block: 'center' });
    el.scrollTop = el.scrollHeight;
    return el.scrollTop;
  });
  expect(scrolled, 'the rows scroll inside the frame').toBeGreaterThan(0);
  await expect(async () => {
    const seen = await frame.evaluate((el) => {
      const frameBox = el.getBoundingClientRect();
      const head = el.querySelector('thead');
      if (!head) return { ok: false, why: 'no header' };
      const box = head.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return {
        ok: Math.abs(box.top - frameBox.top) <= 2 && hit !== null && head.contains(hit),
        why: `header at ${box.top}, frame at ${frameBox.top}`,
      };
    });
    expect(seen.ok, seen.why).toBe(true);
  }).toPass();
}

/** A header as the user reads it, in each language. */
const H = (en: string, ja: string) => ({ en, ja });

/** The default columns of each table. */
const ORDER_COLUMNS = [
  H('Order ID', '注文ID'),
  H('Order date', '注文日'),
  H('Platform', 'プラットフォーム'),
  H('Product', '商品'),
  H('Quantity', '数量'),
  H('Order price', '注文金額'),
  H('Platform fee', 'プラットフォーム手数料'),
  H('Status', 'ステータス'),
  H('Shipment ID', '出荷ID'),
];
const ADVANCE_COLUMNS = [
  H('Order ID', '注文ID'),
  H('Delivery date', '納品日'),
  H('Platform', 'プラットフォーム'),
  H('Product', '商品'),
  H('Quantity', '数量'),
  H('Status', 'ステータス'),
  H('Created', '登録日'),
  H('Actions', '操作'),
];
const OTZ_COLUMNS = [
  H('PayPal transaction', 'PayPal取引ID'),
  H('Order date', '注文日'),
  H('Customer', 'お客様'),
  H('Items', '商品数'),
  H('Amount', '金額'),
  H('Status', 'ステータス'),
  H('Actions', '操作'),
];
const SHIPMENT_COLUMNS = [
  H('Shipment ID', '出荷ID'),
  H('Shipping date', '出荷日'),
  H('Tracking link', '追跡リンク'),
  H('Shipping fee', '送料'),
  H('Custom ID', '通関ID'),
  H('Custom fee', '通関手数料'),
  H('Received date', '受取日'),
  H('Status', 'ステータス'),
  H('Actions', '操作'),
];
const SHIPMENT_ORDER_COLUMNS = [
  H('Order ID', '注文ID'),
  H('Order date', '注文日'),
  H('Platform', 'プラットフォーム'),
  H('Quantity', '数量'),
  H('Product', '商品'),
  H('Base price', '基本価格'),
  H('Platform fee', 'プラットフォーム手数料'),
  H('Shipping fee', '送料'),
  H('Custom fee', '通関手数料'),
  H('Discount', '割引'),
];
const SALES_COLUMNS = [
  H('Order date', '注文日'),
  H('Order id', '注文ID'),
  H('Platform', 'プラットフォーム'),
  H('Order price', '注文金額'),
  H('Purchase price', '仕入価格'),
  H('Shipping fee', '送料'),
  H('Commission', '手数料'),
  H('Product', '商品'),
  H('Profit', '利益'),
];
const OTZ_SALES_COLUMNS = [
  H('Transaction id', '取引ID'),
  H('Order date', '注文日'),
  H('Customer', '顧客'),
  H('Items', '商品'),
  H('Sales value', '売上高'),
  H('Goods cost', '商品原価'),
  H('Profit', '利益'),
];

for (const language of ['en', 'ja'] as const satisfies readonly Language[]) {
  test.describe(`at 1280 × 800 in ${language}`, () => {
    test.use({ ...kura.signedIn('admin', { language }), viewport: VIEWPORT });
    test.beforeAll(async () => {
      await seed();
    });
    const names = (columns: { en: string; ja: string }[]) => columns.map((c) => c[language]);

    test('order management: every default column in view, the header sticky', async ({ page }) => {
      await page.goto(`${kura.url}/shipping-management`);
      const table = page.getByRole('table', { name: /^(Platform orders|プラットフォーム注文)$/ });
      await expectColumnsInView(page, table, names(ORDER_COLUMNS));
      await expectStickyHeader(table);
    });

    test('advance orders: every default column in view, the header sticky', async ({ page }) => {
      await page.goto(`${kura.url}/AdvanceOrder`);
      const table = page.getByRole('table', { name: /^(Advance orders|予約注文)$/ });
      await expectColumnsInView(page, table, names(ADVANCE_COLUMNS));
      await expectStickyHeader(table);
    });

    test('OTZ orders: every default column in view, the header sticky', async ({ page }) => {
      await page.goto(`${kura.url}/otz?status=ALL`);
      const table = page.getByRole('table', { name: /^(OTZ orders|OTZ注文)/ });
      await expectColumnsInView(page, table, names(OTZ_COLUMNS));
      await expectStickyHeader(table);
    });

    test('shipments and a shipment’s orders: every default column in view', async ({ page }) => {
      const { shipmentId, openShipmentId } = await seed();
      await page.goto(`${kura.url}/shipment`);
      const table = page.getByRole('table', { name: /^(Shipments|出荷)$/ });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      // One shipment is too few rows to scroll: its header is checked sticky on the orders.
      await expectColumnsInView(page, table, names(SHIPMENT_COLUMNS), 1);

      await table
        .getByRole('button', { name: new RegExp(shipmentId) })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      const orders = drawer.getByRole('table');
      // The drawer slides in from the right: measured once it has come to rest.
      await expect(async () => expectColumnsInView(page, orders, names(SHIPMENT_ORDER_COLUMNS))).toPass();
      await expectStickyHeader(orders);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // Before customs an admin sees a button a row to take the order out.
      await table
        .getByRole('button', { name: new RegExp(openShipmentId) })
        .first()
        .click();
      const open = page.getByRole('dialog').getByRole('table');
      const withRemove = [...SHIPMENT_ORDER_COLUMNS, H('Remove', '外す')];
      await expect(async () => expectColumnsInView(page, open, names(withRemove), 2)).toPass();
    });

    test('sales: every default column in view, the header sticky', async ({ page }) => {
      const from = DateTime.now().setZone('Asia/Tokyo').minus({ months: 6 }).toFormat('yyyy-MM-dd');
      await page.goto(`${kura.url}/sales-management?period=${from}..${today()}`);
      const table = page.getByRole('table', { name: /^(Sales|売上)$/ });
      await expectColumnsInView(page, table, names(SALES_COLUMNS));
      await expectStickyHeader(table);
    });

    test('OTZ sales: every default column in view, the header sticky', async ({ page }) => {
      await page.goto(`${kura.url}/ot-sales-management`);
      const table = page.getByRole('table', { name: /^(OTZ sales|OTZ売上)$/ });
      await expectColumnsInView(page, table, names(OTZ_SALES_COLUMNS));
      await expectStickyHeader(table);
    });
  });
}
