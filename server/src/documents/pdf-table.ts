/**
 * A table on paper whose header row is drawn again at the top of every page it runs onto, under
 * a "continued" line, and "Page n of m" at the foot of every page: what the customs papers and
 * the pick list share.
 *
 * It is drawn here rather than with PDFKit's `doc.table()`: that one moves to a new page on its
 * own and draws no header there, and a customs officer reading page 3 must see which column is
 * the HS code, as a picker on page 3 must see which is the quantity.
 */
import { FONT, type Pdf } from './pdf';

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** The column's body cells in bold (the header row always is). */
  bold?: boolean;
}

const PAD = 3;
const BODY_SIZE = 8.5;
export const RULE = '#9e9e9e';
const SHADE = '#efefef';
/** Room kept at the foot of each page for "Page n of m". */
const FOOTER_ROOM = 18;

export const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom - FOOTER_ROOM;
export const left = (doc: Pdf) => doc.page.margins.left;
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function rowHeight(doc: Pdf, columns: readonly Column[], cells: readonly string[], bold: boolean): number {
  const heights = columns.map((c, i) => {
    doc.font(bold || c.bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE);
    return doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * PAD });
  });
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(
  doc: Pdf,
  columns: readonly Column[],
  cells: readonly string[],
  y: number,
  { bold = false, shade = false }: { bold?: boolean; shade?: boolean } = {},
): number {
  const height = rowHeight(doc, columns, cells, bold);
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  let x = left(doc);
  if (shade) doc.rect(x, y, width, height).fill(SHADE).fillColor('#000000');
  for (const [i, column] of columns.entries()) {
    doc.font(bold || column.bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE);
    doc.text(cells[i] ?? '', x + PAD, y + PAD, {
      width: column.width - 2 * PAD,
      align: column.align ?? 'left',
      lineBreak: true,
    });
    x += column.width;
  }
  doc
    .moveTo(left(doc), y + height)
    .lineTo(left(doc) + width, y + height)
    .lineWidth(0.4)
    .strokeColor(RULE)
    .stroke();
  return y + height;
}

/**
 * The table: its header, then each row, a new page (with `continued` at its top and the header
 * again) whenever the next row would reach the footer; then the totals row if there is one, kept
 * on a page with at least the header above it.
 */
export function drawTable(
  doc: Pdf,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  { totals, continued }: { totals?: readonly string[]; continued: string },
) {
  const headers = columns.map((c) => c.header);
  const header = (y: number) => drawRow(doc, columns, headers, y, { bold: true, shade: true });
  let y = header(doc.y);
  const fits = (height: number) => y + height <= bottom(doc);
  const newPage = () => {
    doc.addPage();
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor('#555555')
      .text(continued, left(doc), doc.page.margins.top, { width: contentWidth(doc) });
    doc.fillColor('#000000');
    y = header(doc.y + 4);
  };
  for (const cells of rows) {
    if (!fits(rowHeight(doc, columns, cells, false))) newPage();
    y = drawRow(doc, columns, cells, y);
  }
  if (totals) {
    if (!fits(rowHeight(doc, columns, totals, true))) newPage();
    y = drawRow(doc, columns, totals, y, { bold: true });
  }
  doc.y = y + 10;
}

/** "Page n of m" (or the reader's words for it) at the foot of every page, once all pages exist. */
export function numberPages(doc: Pdf, words = (page: number, count: number) => `Page ${page} of ${count}`) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    // Text below the bottom margin would make PDFKit start a page of its own.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor('#555555')
      .text(words(i - start + 1, count), left(doc), doc.page.height - margin - 10, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.fillColor('#000000');
}
