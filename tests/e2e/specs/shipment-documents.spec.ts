/**
 * A shipment's papers from its drawer, in English and Japanese: the invoice refused while a
 * product lacks its HS code (the dialog names it, links to its edit page, and gives focus back
 * to the Documents button), then, the product completed, the invoice and the packing list
 * downloaded and read back: text, the total, a Japanese product name.
 */
import { expect, test, type Download, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { readFileSync } from 'node:fs';
import { withJanCheckDigit } from '#shared/domain/jan';
import { useKuraServer } from '../support/server';
import { ShipmentsPage } from '../support/shipments.pages';

const kura = useKuraServer({ demo: true });

let serial = 0;
const freshJan = () =>
  withJanCheckDigit(
    `22${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

type Json = Record<string, unknown>;

async function call(path: string, method: string, body?: unknown): Promise<Json> {
  const res = await kura.api(path, {
    token: await kura.token(),
    method,
    ...(body === undefined ? {} : { body }),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Made {
  shipmentId: string;
  incompleteId: string;
  incompleteName: string;
  /** The incomplete product as created: a product is saved whole. */
  incompleteBody: Json;
}

/** A shipment of two products: a Japanese-named one, and one without its HS code. */
async function makeShipment(tag: string): Promise<Made> {
  await call('business-details', 'PUT', {
    name: 'Kura Trading K.K.',
    address: '1-2-3 Kanda\nChiyoda-ku, Tokyo',
    phone: '+81 3-1234-5678',
    email: 'export@kura.example',
  });
  const bodies = new Map<string, Json>();
  const product = async (name: string, fields: Json) => {
    const body = {
      name,
      skuCode: `E2E-DOC-${tag}-${serial++}`,
      janCode: freshJan(),
      purchasePrice: 300,
      inStockQuantity: 100,
      amazonStockQuantity: 0,
      availablePlatforms: [{ code: 'AMAZONIND', asin: `B0DOC${tag}${serial}` }],
      countryOfOrigin: 'JP',
      netWeightGrams: 200,
      ...fields,
    };
    const id = ((await call('products', 'POST', body)) as { data: { _id: string } }).data._id;
    bodies.set(id, body);
    return id;
  };
  const yokan = await product(`本練羊羹 ${tag}`, { hsCode: '170490' });
  const incompleteName = `E2E Sencha ${tag}`;
  const incompleteId = await product(incompleteName, { hsCode: null });
  const today = new Date().toISOString().slice(0, 10);
  const created = (await call(
    'orders',
    'POST',
    [
      [yokan, 2, 2400],
      [incompleteId, 1, 1250.5],
    ].map(([id, quantity, price], i) => ({
      product: id,
      platformCode: 'AMAZONIND',
      currency: 'INR',
      orderId: `403-E2E-DOC-${tag}-${i}-${Date.now()}`,
      orderDate: today,
      orderQuantity: quantity,
      baseOrderPrice: price,
      discount: 0,
      customer: { name: 'Priya Sharma', city: 'Bengaluru', country: 'India', address: '12 MG Road' },
    })),
  )) as { data: { _id: string }[] };
  const ids = created.data.map((o) => o._id);
  for (const shipmentStatus of ['ACCEPTED', 'PACKED'])
    await call('orders/status', 'PUT', { ids, shipmentStatus });
  const shipmentId = `E2E-DOC-${tag}-${Date.now()}`;
  await call('shipments', 'POST', {
    shipmentId,
    shippingDate: today,
    totalShippingFee: 1200,
    shipmentTrackingLink: 'https://track.example/EX1JP',
    orderIds: ids,
  });
  return { shipmentId, incompleteId, incompleteName, incompleteBody: bodies.get(incompleteId) ?? {} };
}

async function pdfText(download: Download): Promise<string> {
  const path = await download.path();
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

async function save(page: Page, menu: RegExp, item: RegExp): Promise<Download> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return downloaded;
}

const LANGUAGES = [
  {
    language: 'en' as const,
    menu: /^Documents$/,
    invoice: /^Commercial invoice$/,
    packing: /^Packing list$/,
    missing: /^Products lack customs details$/,
    lacks: 'Lacks: HS code',
    close: /^Close$/,
  },
  {
    language: 'ja' as const,
    menu: /^書類$/,
    invoice: /^コマーシャルインボイス$/,
    packing: /^パッキングリスト$/,
    missing: /^通関情報が足りない商品があります$/,
    lacks: '不足: HS コード',
    close: /^閉じる$/,
  },
];

for (const lang of LANGUAGES) {
  test.describe(`in ${lang.language}`, () => {
    test.use(kura.signedIn('admin', { language: lang.language }));

    test('the invoice names a product lacking its HS code; completed, the papers download', async ({
      page,
    }) => {
      const made = await makeShipment(lang.language);
      const shipments = new ShipmentsPage(page);
      // The drawer opens over the list (which it hides from the accessibility tree).
      await page.goto(`${kura.url}/shipment?open=${encodeURIComponent(made.shipmentId)}`);
      const drawer = shipments.drawer(made.shipmentId);
      await expect(drawer).toBeVisible({ timeout: 30_000 });

      await drawer.getByRole('button', { name: lang.menu }).click();
      await page.getByRole('menuitem', { name: lang.invoice }).click();
      const dialog = page.getByRole('dialog', { name: lang.missing });
      await expect(dialog).toBeVisible();
      const item = dialog.getByTestId('missing-product');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(made.incompleteName);
      await expect(item).toContainText(lang.lacks);
      await expect(item.getByRole('link')).toHaveAttribute(
        'href',
        `/product-edit?id=${encodeURIComponent(made.incompleteId)}`,
      );
      await dialog.getByRole('button', { name: lang.close }).last().click();
      await expect(dialog).toBeHidden();
      await expect(drawer.getByRole('button', { name: lang.menu })).toBeFocused();

      const { inStockQuantity: _stock, ...fields } = made.incompleteBody;
      await call(`products/${made.incompleteId}`, 'PUT', { ...fields, hsCode: '0902.10' });

      const invoice = await pdfText(await save(page, lang.menu, lang.invoice));
      expect(invoice).toContain('COMMERCIAL INVOICE');
      expect(invoice).toContain(`INV-${made.shipmentId}`);
      expect(invoice).toContain('Kura Trading K.K.');
      expect(invoice).toContain('Priya Sharma');
      expect(invoice).toContain(`本練羊羹 ${lang.language}`);
      expect(invoice).toContain('090210');
      // 2,400.00 + 1,250.50.
      expect(invoice).toContain('INR 3,650.50');

      const packing = await pdfText(await save(page, lang.menu, lang.packing));
      expect(packing).toContain('PACKING LIST');
      expect(packing).toContain(`本練羊羹 ${lang.language}`);
      expect(packing).toContain('0.600 kg');
      expect(packing).not.toContain('3,650.50');
    });
  });
}
