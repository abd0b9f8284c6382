/**
 * The pick list as a printed sheet: a header (date, orders, units), then per shelf a table with
 * a box to tick, each product's name (its Japanese name under it when it has one), SKU, JAN,
 * total quantity and the orders it goes to. A shelf that runs onto the next page has its name
 * and the table's header again there, and every page says "Page n of m". The headings are in
 * the reader's language.
 */
import type { PickListAnswer } from '#shared/schemas/labels';
import { FONT, renderPdf, type Pdf } from './pdf';
import { bottom, drawTable, left, numberPages, type Column } from './pdf-table';

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
  continued: (shelf: string) => `${shelf} (continued)`,
  page: (page: number, count: number) => `Page ${page} of ${count}`,
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
    continued: (shelf: string) => `${shelf}（続き）`,
    page: (page: number, count: number) => `${page} / ${count} ページ`,
  },
};

// Widths in points over the 515 of an A4 page less 40-point margins.
const WIDTHS = [22, 170, 80, 85, 38, 120];
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
  const headers = ['', t.product, t.sku, t.jan, t.quantity, t.goesTo];
  const columns: Column[] = headers.map((header, i) => ({ header, width: WIDTHS[i] ?? 0 }));
  columns[0] = { ...columns[0]!, align: 'center' };
  columns[4] = { ...columns[4]!, align: 'right', bold: true };
  for (const shelf of list.shelves) {
    doc.moveDown(0.8);
    const name = shelf.shelf === null ? t.noShelf : `${t.shelf} ${shelf.shelf}`;
    // Keep a shelf's heading with its first rows: no heading alone at a page's foot.
    if (doc.y > bottom(doc) - 60) doc.addPage();
    doc.font(FONT.bold).fontSize(12).text(`${name}  (${t.units}: ${shelf.units})`, left(doc));
    doc.moveDown(0.2);
    const rows = shelf.products.map((product) => [
      BOX,
      product.nameJa && product.nameJa !== product.name ? `${product.name}\n${product.nameJa}` : product.name,
      product.sku,
      product.jan,
      String(product.quantity),
      product.orders.map((order) => `${order.orderId} × ${order.quantity}`).join('\n'),
    ]);
    drawTable(doc, columns, rows, { continued: t.continued(name) });
  }
}

export function pickListPdf(list: PickListAnswer, lang: PickListLanguage): Promise<Buffer> {
  return renderPdf({ title: `${TEXTS[lang].title} ${list.date}` }, (doc) => {
    drawPickList(doc, list, lang);
    numberPages(doc, TEXTS[lang].page);
  });
}
