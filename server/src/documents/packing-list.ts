/**
 * The packing list of a shipment (English, A4): the commercial invoice's heading without prices,
 * per line the goods, their quantity and net weight, then the totals and the packages.
 */
import { particulars } from './commercial-invoice';
import { renderPdf } from './pdf';
import { drawTable, numberPages, type Column } from './pdf-table';
import { drawHeading, drawSummary } from './shipment-documents.layout';
import { paperWeight, type ShipmentPapers } from './shipment-documents.service';

export function packingListPdf(papers: ShipmentPapers): Promise<Buffer> {
  const columns: Column[] = [
    { header: 'No.', width: 24, align: 'right' },
    { header: 'Description of goods', width: 245 },
    { header: 'HS code', width: 66 },
    { header: 'Qty', width: 70, align: 'right' },
    { header: 'Net weight', width: 110, align: 'right' },
  ];
  const rows = papers.lines.map((line, i) => [
    String(i + 1),
    line.description,
    line.hsCode,
    String(line.quantity),
    paperWeight(line.netWeightGrams),
  ]);
  const totals = ['', 'Total', '', String(papers.totalQuantity), paperWeight(papers.netWeightGrams)];
  return renderPdf({ title: `Packing list ${papers.shipmentId}` }, (doc) => {
    drawHeading(doc, 'PACKING LIST', papers, particulars(papers, false));
    drawTable(doc, columns, rows, { totals, continued: `Packing list ${papers.shipmentId} (continued)` });
    drawSummary(doc, [
      ['Total quantity', String(papers.totalQuantity)],
      ['Net weight', paperWeight(papers.netWeightGrams)],
      ['Gross weight', paperWeight(papers.grossWeightGrams)],
      ['Number of packages', String(papers.packages)],
    ]);
    numberPages(doc);
  });
}
