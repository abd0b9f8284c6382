/**
 * The commercial invoice of a shipment (English, A4): who sends to whom, the goods one line per
 * product and unit value with HS code and origin, their exact values in the orders' currency,
 * and the weights. What each field comes from: docs/documents.md.
 */
import { renderPdf } from './pdf';
import { drawTable, numberPages, type Column } from './pdf-table';
import { drawHeading, drawSummary } from './shipment-documents.layout';
import { paperAmount, paperWeight, type ShipmentPapers } from './shipment-documents.service';

export const DECLARATION =
  'We declare that this invoice shows the actual price of the goods described and that all particulars are true and correct.';

export function particulars(papers: ShipmentPapers, withInvoice: boolean): [string, string][] {
  return [
    ...(withInvoice ? ([['Invoice no.', papers.invoiceNumber]] as [string, string][]) : []),
    ['Date', papers.shippingDate],
    ['Shipment ID', papers.shipmentId],
    ['Shipping method', papers.shippingMethod ?? '—'],
    ['Tracking', papers.trackingLink || '—'],
    ...(withInvoice ? ([['Currency', papers.currency ?? '—']] as [string, string][]) : []),
    ['Orders', String(papers.orderCount)],
  ];
}

export function commercialInvoicePdf(papers: ShipmentPapers): Promise<Buffer> {
  const currency = papers.currency;
  const money = (minor: number) => paperAmount(minor, currency);
  const columns: Column[] = [
    { header: 'No.', width: 24, align: 'right' },
    { header: 'Description of goods', width: 176 },
    { header: 'HS code', width: 58 },
    { header: 'Origin', width: 38 },
    { header: 'Qty', width: 40, align: 'right' },
    { header: `Unit value (${currency ?? ''})`, width: 82, align: 'right' },
    { header: `Amount (${currency ?? ''})`, width: 97, align: 'right' },
  ];
  const rows = papers.lines.map((line, i) => [
    String(i + 1),
    line.description,
    line.hsCode,
    line.countryOfOrigin,
    String(line.quantity),
    money(line.unitMinor),
    money(line.amountMinor),
  ]);
  const totals = ['', 'Total', '', '', String(papers.totalQuantity), '', money(papers.totalAmountMinor)];
  return renderPdf({ title: `Commercial invoice ${papers.invoiceNumber}` }, (doc) => {
    drawHeading(doc, 'COMMERCIAL INVOICE', papers, particulars(papers, true));
    drawTable(doc, columns, rows, {
      totals,
      continued: `Commercial invoice ${papers.invoiceNumber} (continued)`,
    });
    drawSummary(
      doc,
      [
        ['Total declared value', `${currency ?? ''} ${money(papers.totalAmountMinor)}`],
        ['Net weight', paperWeight(papers.netWeightGrams)],
        ['Gross weight', paperWeight(papers.grossWeightGrams)],
        ['Number of packages', String(papers.packages)],
      ],
      DECLARATION,
    );
    numberPages(doc);
  });
}
