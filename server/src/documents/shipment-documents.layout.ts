/**
 * What the commercial invoice and the packing list share on paper besides their table (see
 * pdf-table.ts): the parties and the shipment's particulars at the top of the first page, and
 * the totals under the table.
 */
import { FONT, type Pdf } from './pdf';
import { bottom, contentWidth, left, RULE } from './pdf-table';
import type { ShipmentPapers } from './shipment-documents.service';

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
