/**
 * The pick list as a printed sheet: a header (date, orders, units), then per shelf a table with
 * a box to tick, each product's name (its Japanese name under it when it has one), SKU, JAN,
 * total quantity and the orders it goes to. The headings are in the reader's language.
 */
import type { PickListAnswer } from '#shared/schemas/labels';
import { FONT, renderPdf, type Pdf } from './pdf';

export const PICK_LIST_LANGUAGES = ['en', 'ja'] as const;
export type PickListLanguage = (typeof PICK_LIST_LANGUAGES)[number];

const EN = {
  title: 'Pick list',
  date: 'Date',
  orders: 'Orders',
  units: 'Units',
  shelf: 'Shelf',
  noShelf: 'No shelf',
  product: 'Product',
  sku: 'SKU',
  jan: 'JAN',
  quantity: 'Qty',
  goesTo: 'Orders (quantity)',
  empty: 'No accepted orders to pick.',
};

const TEXTS: Record<PickListLanguage, typeof EN> = {
  en: EN,
  ja: {
    title: 'ピッキングリスト',
    date: '日付',
    orders: '注文数',
    units: '点数',
    shelf: '棚番号',
    noShelf: '棚番号なし',
    product: '商品',
    sku: 'SKU',
    jan: 'JAN',
    quantity: '数量',
    goesTo: '注文（数量）',
    empty: 'ピッキングする受付済みの注文はありません。',
  },
};

// Column widths in points over the 515 of an A4 page less 40-point margins.
const COLUMNS = [22, 170, 80, 85, 38, 120];
const BOX = '□';

function drawPickList(doc: Pdf, list: PickListAnswer, lang: PickListLanguage) {
  const t = TEXTS[lang];
  doc.font(FONT.bold).fontSize(16).text(t.title);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(`${t.date}: ${list.date}    ${t.orders}: ${list.orders}    ${t.units}: ${list.units}`);
  if (list.shelves.length === 0) {
    doc.moveDown().text(t.empty);
    return;
  }
  for (const shelf of list.shelves) {
    doc.moveDown(0.8);
    const heading = shelf.shelf === null ? t.noShelf : `${t.shelf} ${shelf.shelf}`;
    // Keep a shelf's heading with its first rows: no heading alone at a page's foot.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
    doc.font(FONT.bold).fontSize(12).text(`${heading}  (${t.units}: ${shelf.units})`, doc.page.margins.left);
    doc.font(FONT.regular).fontSize(9);
    const table = doc.table({
      columnStyles: COLUMNS,
      defaultStyle: { padding: 3, border: 0.5, borderColor: '#888888' },
      rowStyles: (row) => (row === 0 ? { backgroundColor: '#eeeeee' } : undefined),
    });
    table.row(
      ['', t.product, t.sku, t.jan, t.quantity, t.goesTo].map((text) => ({ text, type: 'TH' as const })),
    );
    for (const product of shelf.products) {
      table.row([
        { text: BOX, align: 'center', font: { size: 12 } },
        product.nameJa && product.nameJa !== product.name
          ? `${product.name}\n${product.nameJa}`
          : product.name,
        product.sku,
        product.jan,
        { text: String(product.quantity), align: { x: 'right' }, font: { src: FONT.bold, size: 11 } },
        product.orders.map((order) => `${order.orderId} × ${order.quantity}`).join('\n'),
      ]);
    }
    table.end();
  }
}

export function pickListPdf(list: PickListAnswer, lang: PickListLanguage): Promise<Buffer> {
  return renderPdf({ title: `${TEXTS[lang].title} ${list.date}` }, (doc) => drawPickList(doc, list, lang));
}
