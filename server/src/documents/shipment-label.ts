/**
 * The shipment's label: an A6 label in the top-left quarter of an A4 sheet (cut along the dashed
 * line, or print four to a sheet one at a time), so any office printer makes it. It carries the
 * shipment id as a Code 128 barcode to scan at packing and hand-over, the tracking link, the
 * number of orders inside and who it goes to.
 */
import { drawBarcode, isDrawable } from './barcode';
import { FONT, renderPdf } from './pdf';
import type { ShipmentPapers } from './shipment-documents.service';

/** A6 in points: the quarter of A4. */
const LABEL = { width: 297.64, height: 420.94 };
const INSET = 16;

export function shipmentLabelPdf(papers: ShipmentPapers): Promise<Buffer> {
  return renderPdf({ title: `Shipment label ${papers.shipmentId}`, margin: 0 }, (doc) => {
    const width = LABEL.width - 2 * INSET;
    doc
      .rect(0.5, 0.5, LABEL.width, LABEL.height)
      .dash(4, { space: 3 })
      .lineWidth(0.5)
      .strokeColor('#777777')
      .stroke()
      .undash();
    const x = INSET;
    let y = INSET;
    const caption = (text: string) => {
      doc.font(FONT.bold).fontSize(7).fillColor('#555555').text(text.toUpperCase(), x, y, { width });
      doc.fillColor('#000000');
      y = doc.y + 1;
    };
    caption('Shipment');
    doc.font(FONT.bold).fontSize(18).text(papers.shipmentId, x, y, { width });
    y = doc.y + 6;
    // A shipment id outside Code 128's printable ASCII (or too long to scan) is printed only.
    if (isDrawable('code128', papers.shipmentId)) {
      y += drawBarcode(doc, { type: 'code128', text: papers.shipmentId, x, y, width, barHeightMm: 16 }) + 8;
    }
    doc
      .font(FONT.regular)
      .fontSize(10)
      .text(
        `${papers.orderCount} ${papers.orderCount === 1 ? 'order' : 'orders'} · ${papers.shippingDate}`,
        x,
        y,
        {
          width,
        },
      );
    y = doc.y + 10;
    caption('Ship to');
    const to = papers.consignee;
    doc
      .font(FONT.bold)
      .fontSize(13)
      .text(to?.name || '—', x, y, { width });
    y = doc.y + 1;
    const place = to ? [to.city, to.state, to.country].filter(Boolean).join(', ') : '';
    if (place) {
      doc.font(FONT.regular).fontSize(11).text(place, x, y, { width });
      y = doc.y;
    }
    y += 10;
    caption('Tracking');
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .text(papers.trackingLink || '—', x, y, { width, link: papers.trackingLink || undefined });
    y = doc.y + 2;
    if (papers.shippingMethod) {
      doc.font(FONT.regular).fontSize(8.5).text(papers.shippingMethod, x, y, { width });
    }
  });
}
