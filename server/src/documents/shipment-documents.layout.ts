/**
 * What the commercial invoice and the packing list share on paper: the parties and the
 * shipment's particulars at the top of the first page, a table whose header row is drawn again
 * at the top of every page it runs onto, and "Page n of m" at the foot of every page.
 *
 * The table is drawn here rather than with PDFKit's `doc.table()`: that one moves to a new page
 * on its own and draws no header there, and a customs officer reading page 3 must see which
 * column is the HS code.
 */
import { FONT, type Pdf } from './pdf';
import type { ShipmentPapers } from './shipment-documents.service';

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

const PAD = 3;
const BODY_SIZE = 8.5;
const RULE = '#9e9e9e';
const SHADE = '#efefef';
/** Room kept at the foot of each page for "Page n of m". */
const FOOTER_ROOM = 18;

const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom - FOOTER_ROOM;
const left = (doc: Pdf) => doc.page.margins.left;
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

function label(doc: Pdf, text: string, x: number, y: number, width: number) {
  doc.font(FONT.bold).fontSize(7.5).fillColor('#555555').text(text.toUpperCase(), x, y, { width });
  doc.fillColor('#000000');
}

/** A block of lines under a small caption; answers where it ends. */
function block(doc: Pdf, caption: string, lines: string[], x: number, y: number, width: number): number {
  label(doc, caption, x, y, width);
  let at = y + 11;
  for (const [i, line] of lines.entries()) {
    doc
      .font(i === 0 ? FONT.bold : FONT.regular)
      .fontSize(i === 0 ? 10 : 9)
      .text(line, x, at, { width });
    at = doc.y + 1;
  }
  return at;
}

const nonEmpty = (lines: (string | undefined | null)[]) =>
  lines.map((line) => line?.trim() ?? '').filter((line) => line !== '');

export function exporterLines(papers: ShipmentPapers): string[] {
  const e = papers.exporter;
  return nonEmpty([
    e.name,
    ...e.address.split(/\r?\n/),
    e.phone && `Phone: ${e.phone}`,
    e.email && `Email: ${e.email}`,
    e.taxId && `Tax ID: ${e.taxId}`,
  ]);
}

export function consigneeLines(papers: ShipmentPapers): string[] {
  const c = papers.consignee;
  if (!c) return ['Not recorded on the orders'];
  return nonEmpty([
    c.name,
    ...c.address.split(/\r?\n/),
    [c.city, c.state, c.postcode].filter(Boolean).join(', '),
    c.country,
    c.phone && `Phone: ${c.phone}`,
  ]);
}

/**
 * The first page's top: the title, exporter and consignee side by side, then the particulars
 * (label/value pairs) in two columns. Leaves `doc.y` under it all.
 */
export function drawHeading(
  doc: Pdf,
  title: string,
  papers: ShipmentPapers,
  particulars: [string, string][],
) {
  const x = left(doc);
  const width = contentWidth(doc);
  doc.font(FONT.bold).fontSize(16).text(title, x, doc.page.margins.top, { width });
  const top = doc.y + 8;
  const half = (width - 16) / 2;
  const exporterEnd = block(doc, 'Exporter', exporterLines(papers), x, top, half);
  const consigneeEnd = block(doc, 'Consignee', consigneeLines(papers), x + half + 16, top, half);
  let y = Math.max(exporterEnd, consigneeEnd) + 8;
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y += 6;
  const rows = Math.ceil(particulars.length / 2);
  for (let row = 0; row < rows; row += 1) {
    let rowEnd = y;
    for (let col = 0; col < 2; col += 1) {
      const pair = particulars[row * 2 + col];
      if (!pair) continue;
      const cx = x + col * (half + 16);
      label(doc, pair[0], cx, y + 1, 90);
      doc
        .font(FONT.regular)
        .fontSize(9)
        .text(pair[1], cx + 92, y, { width: half - 92 });
      rowEnd = Math.max(rowEnd, doc.y);
    }
    y = rowEnd + 3;
  }
  doc.y = y + 8;
}

function rowHeight(doc: Pdf, columns: readonly Column[], cells: readonly string[], bold: boolean): number {
  doc.font(bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE);
  return (
    Math.max(...columns.map((c, i) => doc.heightOfString(cells[i] ?? '', { width: c.width - 2 * PAD }))) +
    2 * PAD
  );
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
  doc.font(bold ? FONT.bold : FONT.regular).fontSize(BODY_SIZE);
  for (const [i, column] of columns.entries()) {
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
 * again) whenever the next row would reach the footer; then the totals row, kept on a page with
 * at least the header above it.
 */
export function drawTable(
  doc: Pdf,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  totals: readonly string[],
  continued: string,
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
  if (!fits(rowHeight(doc, columns, totals, true))) newPage();
  y = drawRow(doc, columns, totals, y, { bold: true });
  doc.y = y + 10;
}

/** Label/value lines under the table (totals, weights), moved to a new page if they do not fit. */
export function drawSummary(doc: Pdf, pairs: [string, string][], note?: string) {
  const height = pairs.length * 14 + (note ? 40 : 0);
  if (doc.y + height > bottom(doc)) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  const x = left(doc);
  for (const [name, value] of pairs) {
    const y = doc.y;
    doc.font(FONT.bold).fontSize(9).text(name, x, y, { width: 150 });
    doc
      .font(FONT.regular)
      .fontSize(9)
      .text(value, x + 155, y, { width: contentWidth(doc) - 155 });
    doc.y = Math.max(doc.y, y + 12) + 2;
  }
  if (note) {
    doc.moveDown(0.8);
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .text(note, x, doc.y, { width: contentWidth(doc) });
  }
}

/** "Page n of m" at the foot of every page, written once all pages exist. */
export function numberPages(doc: Pdf) {
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
      .text(`Page ${i - start + 1} of ${count}`, left(doc), doc.page.height - margin - 10, {
        width: contentWidth(doc),
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
  doc.fillColor('#000000');
}
