/**
 * Every screen of the app, for the staff checklist (screen-blocks.spec): a new screen joins
 * the checklist by being added here. Each entry says where the screen is, who opens it, its
 * table's default columns, the dialogs and drawers it opens, the form whose unsaved work must
 * not be lost, and its final actions (which must ask first). Names are matched in English and
 * Japanese alike, so one entry serves both languages.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import type { KuraServer } from './server';

export type Audience = 'admin' | 'orderCreator' | 'signedOut';

/** What the fixture made for the screens to open: one of each thing a screen shows. */
export interface Fixture {
  productId: string;
  /** An ACCEPTED order (its drawer can cancel it). */
  orderId: string;
  /** A shipment of two orders (its drawer can take one out). */
  shipmentId: string;
  shipmentOrderId: string;
  /** An OTZ order, RECEIVED (it can be accepted). */
  otzId: string;
  /** An advance order, awaiting (it can be cancelled). */
  advanceOrderId: string;
  /** An unresolved product request. */
  issueTitle: string;
  memoTitle: string;
}

export interface Overlay {
  /** What it is, for the report. */
  what: string;
  /** Brings the screen to where the opener shows (a search), if it needs to. */
  before?: (page: Page, fixture: Fixture) => Promise<void>;
  /** The button that opens the dialog or drawer. */
  opener: (page: Page, fixture: Fixture) => Locator;
}

export interface FinalAction {
  what: string;
  /** Opens what holds the action (a drawer, a search, a row's menu), if anything. */
  before?: (page: Page, fixture: Fixture) => Promise<void>;
  /** The button that asks; the question must open, its safe answer focused. */
  trigger: (page: Page, fixture: Fixture) => Locator;
  /** Closes what `before` opened, once the question is answered. */
  after?: (page: Page) => Promise<void>;
}

export interface Screen {
  /** The route, with the fixture's ids where the screen needs one. */
  path: string | ((fixture: Fixture) => string);
  as: Audience;
  /** The screen's table and its default columns' headers, in English, in order. */
  table?: { name?: RegExp; columns: string[] };
  overlays?: Overlay[];
  /** A field of the screen's form: typing in it makes unsaved work, and leaving asks. */
  form?: (page: Page) => Locator;
  finalActions?: FinalAction[];
}

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const main = (page: Page) => page.getByRole('main');
/** A button by its English or Japanese name, exact. */
const button = (scope: Page | Locator, en: string, ja: string) =>
  scope.getByRole('button', { name: new RegExp(`^(${esc(en)}|${esc(ja)})$`) });
/** The first field of the screen's form (search boxes are searchboxes, not textboxes). */
const firstField = (page: Page) => main(page).getByRole('textbox').first();
const search = async (page: Page, text: string) => {
  await main(page).getByRole('searchbox').first().fill(text);
};
/** The drawer open on screen (a dialog that is not the confirmation). */
const drawer = (page: Page) => page.getByRole('dialog').first();
const closeDrawer = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

const CATALOG_COLUMNS = ['Name', 'Created date', 'Status'];

export const SCREENS: Screen[] = [
  // Signed out.
  { path: '/auth/login', as: 'signedOut' },
  { path: '/auth/registration', as: 'signedOut', form: firstField },
  { path: '/auth/forgot-password', as: 'signedOut' },
  { path: '/auth/reset-password', as: 'signedOut' },
  { path: '/terms', as: 'signedOut' },

  // Products and stock.
  {
    path: '/products',
    as: 'admin',
    table: {
      name: /^(Products|商品)$/,
      columns: [
        'Select every product on this page',
        'Name',
        'SKU',
        'Category',
        'Manufacturer',
        'Stock quantity',
        'Status',
        'Remarks',
      ],
    },
    overlays: [
      {
        what: 'print labels dialog',
        before: async (page) => {
          await main(page).getByRole('row').nth(1).getByRole('checkbox').check();
        },
        opener: (page) => button(page, 'Print labels', 'ラベルを印刷'),
      },
      {
        what: 'remarks dialog',
        opener: (page) =>
          main(page)
            .getByRole('button', { name: /remarks for|の備考/ })
            .first(),
      },
      {
        what: 'import CSV dialog',
        opener: (page) => button(page, 'Import CSV', 'CSV を取り込む'),
      },
    ],
  },
  { path: '/products/new', as: 'admin', form: firstField },
  {
    path: (f) => `/product-edit?id=${f.productId}`,
    as: 'admin',
    form: firstField,
    overlays: [{ what: 'stock adjustment', opener: (page) => button(page, 'Adjust stock', '在庫を調整') }],
  },

  // Settings: the menu, the catalog's lists, the exchange rates.
  {
    path: '/settings',
    as: 'admin',
    overlays: [
      {
        what: 'activity and settings panel',
        opener: (page) => button(page, 'Activity and settings', 'アクティビティと設定'),
      },
    ],
  },
  ...['/settings/category', '/settings/Manufacturer', '/settings/supplier'].map((path): Screen => ({
    path,
    as: 'admin',
    table: { columns: CATALOG_COLUMNS },
    form: firstField,
  })),
  // Shipping methods and handling charges have no status to switch.
  {
    path: '/settings/shippingMethod',
    as: 'admin',
    table: { columns: ['Name', 'Created date'] },
    form: firstField,
  },
  {
    path: '/settings/handling-charges',
    as: 'admin',
    table: { columns: ['Title', 'Type', 'Value', 'Created date'] },
    form: firstField,
  },
  {
    path: '/settings/exchange-rates',
    as: 'admin',
    table: { columns: ['Date', 'Rate (yen per rupee)', 'Last changed'] },
    form: (page) => main(page).getByRole('textbox', { name: /^(Rate|レート)/ }),
  },
  {
    path: '/settings/connections',
    as: 'admin',
    form: (page) => main(page).getByRole('textbox', { name: /^(Shop domain|ショップのドメイン)/ }),
  },
  {
    path: '/settings/business-details',
    as: 'admin',
    form: (page) => main(page).getByRole('textbox', { name: /^(Business name|事業者名)/ }),
  },

  // Orders.
  {
    path: '/shipping-management',
    as: 'admin',
    table: {
      name: /^(Platform orders|プラットフォーム注文)$/,
      columns: [
        'Select every order on this page',
        'Order ID',
        'Order date',
        'Platform',
        'Product',
        'Quantity',
        'Order price',
        'Platform fee',
        'Status',
        'Shipment ID',
      ],
    },
    overlays: [
      {
        what: 'order drawer',
        before: (page, f) => search(page, f.orderId),
        opener: (page, f) =>
          main(page).getByRole('button', { name: new RegExp(`(Open order|注文) ${esc(f.orderId)}`) }),
      },
    ],
    finalActions: [
      {
        what: 'cancel an order in its drawer',
        before: async (page, f) => {
          await search(page, f.orderId);
          await main(page)
            .getByRole('button', { name: new RegExp(`(Open order|注文) ${esc(f.orderId)}`) })
            .click();
        },
        trigger: (page) => button(drawer(page), 'Cancel order', '注文をキャンセル'),
        after: closeDrawer,
      },
    ],
  },
  // The printable pick list of every accepted order.
  { path: '/pick-list', as: 'admin' },
  {
    path: '/orderentryform',
    as: 'admin',
    form: (page) => main(page).getByRole('textbox', { name: /^(Order ID|注文ID)/ }),
  },
  {
    path: '/orderentryform',
    as: 'orderCreator',
    form: (page) => main(page).getByRole('textbox', { name: /^(Order ID|注文ID)/ }),
  },
  // The packing station: its queue. (Its dialogs give the focus back to the scan field, not to
  // the button that opened them, so a scanner's next keys land there: packing.spec holds them.)
  ...(['admin', 'orderCreator'] as const).map((as): Screen => ({
    path: '/packing',
    as,
    table: {
      name: /^(Accepted orders to pack|梱包待ちの受付済み注文)$/,
      columns: ['Order ID', 'Platform', 'Expected shipping date', 'Product', 'Quantity'],
    },
  })),
  {
    path: '/AdvanceOrder',
    as: 'admin',
    table: {
      name: /^(Advance orders|予約注文)$/,
      columns: [
        'Order ID',
        'Delivery date',
        'Platform',
        'Product',
        'Quantity',
        'Status',
        'Created',
        'Actions',
      ],
    },
    finalActions: [
      {
        what: 'cancel an advance order',
        before: (page, f) => search(page, f.advanceOrderId),
        trigger: (page, f) =>
          main(page).getByRole('button', {
            name: new RegExp(
              `^(Cancel advance order ${esc(f.advanceOrderId)}|予約注文 ${esc(f.advanceOrderId)} をキャンセル)$`,
            ),
          }),
      },
    ],
  },
  {
    path: '/otz',
    as: 'admin',
    table: {
      columns: ['PayPal transaction', 'Order date', 'Customer', 'Items', 'Amount', 'Status', 'Actions'],
    },
    finalActions: [
      {
        what: 'accept an OTZ order (takes stock)',
        before: (page, f) => search(page, f.otzId),
        trigger: (page, f) =>
          button(main(page).getByRole('row').filter({ hasText: f.otzId }), 'Accept', '承認する'),
      },
    ],
  },
  { path: '/order-import', as: 'admin' },

  // Shipments.
  {
    path: '/order-amalgamation',
    as: 'admin',
    table: {
      name: /^(Packed orders ready to ship|出荷待ちの梱包済み注文)$/,
      columns: [
        'Select every order on this page',
        'Order ID',
        'Order date',
        'Platform',
        'Product',
        'Quantity',
        'Order price',
        'Customer',
      ],
    },
    overlays: [
      {
        what: 'new shipment dialog',
        before: async (page) => {
          await main(page).getByRole('table').getByRole('row').nth(1).getByRole('checkbox').check();
        },
        opener: (page) => button(page, 'Create shipment', '出荷を作成'),
      },
    ],
  },
  ...(['admin', 'orderCreator'] as const).map((as): Screen => ({
    path: '/shipment',
    as,
    table: {
      name: /^(Shipments|出荷)$/,
      columns: [
        'Shipment ID',
        'Shipping date',
        'Tracking link',
        'Shipping fee (¥)',
        'Custom ID',
        'Custom fee (₹)',
        'Received date',
        'Status',
        'Actions',
      ],
    },
    overlays: [
      {
        what: 'shipment drawer',
        before: (page, f) => search(page, f.shipmentId),
        opener: (page, f) =>
          main(page)
            .getByRole('button', { name: new RegExp(`^(Open shipment|出荷) ${esc(f.shipmentId)}`) })
            .first(),
      },
    ],
    // Only an admin takes an order out of a shipment.
    finalActions:
      as === 'orderCreator'
        ? []
        : [
            {
              what: 'take an order out of a shipment',
              before: async (page, f) => {
                await search(page, f.shipmentId);
                await main(page)
                  .getByRole('button', { name: new RegExp(`^(Open shipment|出荷) ${esc(f.shipmentId)}`) })
                  .first()
                  .click();
              },
              trigger: (page, f) =>
                drawer(page).getByRole('button', {
                  name: new RegExp(`(Remove order|注文) ${esc(f.shipmentOrderId)}`),
                }),
              after: closeDrawer,
            },
          ],
  })),

  // Sales.
  {
    path: '/sales-management',
    as: 'admin',
    table: {
      name: /^(Sales|売上)$/,
      columns: [
        'Advance',
        'Order date',
        'Order id',
        'Platform',
        'Order price (¥)',
        'Purchase price (¥)',
        'Shipping fee (¥)',
        'Commission (¥)',
        'Product',
        'Profit (¥)',
      ],
    },
    overlays: [
      { what: 'CSV download dialog', opener: (page) => button(page, 'Download CSV', 'CSVダウンロード') },
      {
        what: 'product details',
        opener: (page) =>
          main(page)
            .getByRole('button', { name: /^(Show product|商品 )/ })
            .first(),
      },
    ],
  },
  { path: '/ot-sales-management', as: 'admin' },

  // The rest of the menu.
  {
    path: '/Simulator',
    as: 'admin',
    table: {
      name: /^(Saved simulations|保存したシミュレーション)$/,
      columns: ['Name', 'Platform', 'Price', 'Profit', 'Updated', 'Actions'],
    },
    form: (page) => main(page).getByRole('textbox').first(),
    overlays: [
      { what: 'platform defaults', opener: (page) => button(page, 'Platform defaults', '販売先の既定値') },
    ],
  },
  { path: '/newproductrequest', as: 'admin', form: firstField },
  {
    path: '/issues',
    as: 'admin',
    table: {
      columns: ['Product', 'Expected price', 'Quantity', 'Note', 'Requested by', 'Status', 'Actions'],
    },
    finalActions: [
      {
        what: 'mark a request as resolved',
        before: (page, f) => search(page, f.issueTitle),
        trigger: (page) =>
          main(page)
            .getByRole('button', { name: /^(Mark as resolved|解決済みにする)$/ })
            .first(),
      },
    ],
  },
  {
    path: '/memo',
    as: 'admin',
    overlays: [{ what: 'memo editor', opener: (page) => button(page, 'New memo', '新しいメモ') }],
  },
  {
    path: '/audit-log',
    as: 'admin',
    overlays: [
      {
        what: 'raw record of a change',
        opener: (page) =>
          main(page)
            .getByRole('button', { name: /^(Raw record|元データ):/ })
            .first(),
      },
    ],
  },
  {
    path: '/users',
    as: 'admin',
    table: {
      columns: ['Full name', 'Email', 'User name', 'Role', 'Status', 'Created', 'Last login', 'Actions'],
    },
  },
  ...(['admin', 'orderCreator'] as const).map((as): Screen => ({ path: '/user/profile', as })),
];

let serial = 0;
const freshJan = () =>
  withJanCheckDigit(
    `23${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

/** Makes, through the API, one of each thing the screens open. */
export async function makeFixture(kura: KuraServer): Promise<Fixture> {
  const token = await kura.token();
  const tag = `${Date.now() % 1e8}`;
  const post = async <T>(path: string, body: unknown, method = 'POST'): Promise<T> => {
    const res = await kura.api(path, { token, body, method });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const product = await post<{ _id: string }>('products', {
    name: `Checklist product ${tag}`,
    skuCode: `CHK-${tag}`,
    janCode: freshJan(),
    inStockQuantity: 50,
  });
  const order = (platform: string, orderId: string) => ({
    product: product._id,
    platformCode: platform,
    orderId,
    orderQuantity: 1,
    currency: 'INR',
    baseOrderPrice: 1000,
    discount: 0,
  });
  const placed = async (orderId: string) => {
    const data = await post<{ _id: string } | { _id: string }[]>('orders', order('SHOPIFY', orderId));
    return Array.isArray(data) ? data : [data];
  };
  const orderId = `CHK-O-${tag}`;
  const accepted = await placed(orderId);
  const shipped = [...(await placed(`CHK-S1-${tag}`)), ...(await placed(`CHK-S2-${tag}`))];
  const setStatus = (ids: string[], shipmentStatus: string) =>
    post('orders/status', { ids, shipmentStatus }, 'PUT');
  await setStatus(
    [...accepted, ...shipped].map((o) => o._id),
    'ACCEPTED',
  );
  await setStatus(
    shipped.map((o) => o._id),
    'PACKED',
  );
  const shipmentId = `CHK-SHIP-${tag}`;
  await post('shipments', {
    shipmentId,
    shippingDate: new Date().toISOString().slice(0, 10),
    totalShippingFee: 900,
    shipmentTrackingLink: `${kura.url}/api/v1/health`,
    orderIds: shipped.map((o) => o._id),
  });
  const otzId = `PAYID-CHK-${tag}`;
  await post('otz-orders', {
    paypalTransactionId: otzId,
    orderDate: new Date().toISOString().slice(0, 10),
    customer: { name: 'Ravi Kumar', email: 'ravi@example.com' },
    items: [{ product: product._id, orderQuantity: 1, price: 100 }],
    currency: 'INR',
    amount: 100,
  });
  const advanceOrderId = `CHK-A-${tag}`;
  await post('advance-orders', { ...order('SHOPIFY', advanceOrderId), deliveryDate: '2030-01-15' });
  const issueTitle = `Checklist request ${tag}`;
  await post('issues/', { title: issueTitle });
  const memoTitle = `Checklist memo ${tag}`;
  await post('memos', { title: memoTitle, body: 'A memo the checklist opens.' });
  return {
    productId: product._id,
    orderId,
    shipmentId,
    shipmentOrderId: `CHK-S1-${tag}`,
    otzId,
    advanceOrderId,
    issueTitle,
    memoTitle,
  };
}
