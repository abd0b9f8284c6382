/**
 * Product labels on A4 label sheets (the layout: shared/src/domain/label-sheet.ts). Each label
 * holds the product's name (two lines at most, cut with an ellipsis), its SKU and its JAN as a
 * scannable EAN barcode with the digits under the bars. The page has no margin: the sheet's own
 * layout places every label, and nothing is drawn outside its label's box.
 */
import {
  LABEL_SHEETS,
  labelBox,
  placeLabels,
  sheetsNeeded,
  type LabelsPerPage,
} from '#shared/domain/label-sheet';
import { drawBarcode, type BarcodeType } from './barcode';
import { FONT, renderPdf, type Pdf } from './pdf';

export interface LabelContent {
  name: string;
  sku: string;
  jan: string;
  barcode: BarcodeType;
}

const MM = 72 / 25.4;

/**
 * What fits each sheet's label, millimetres and points. Printers shift a sheet by up to a
 * millimetre or two, so the padding keeps text and bars clear of the die-cut edges; the
 * barcode (about 100% of EAN's nominal size on 24-up, 90% on 40-up) stays wide enough for
 * a handheld scanner.
 */
const STYLE: Record<
  LabelsPerPage,
  { padX: number; padY: number; name: number; sku: number; barcodeWidth: number; barHeight: number }
> = {
  24: { padX: 3, padY: 2.5, name: 7.5, sku: 7, barcodeWidth: 38, barHeight: 12 },
  40: { padX: 2, padY: 1.5, name: 6.5, sku: 6, barcodeWidth: 33, barHeight: 8 },
};

function drawLabel(doc: Pdf, label: LabelContent, perPage: LabelsPerPage, position: number) {
  const sheet = LABEL_SHEETS[perPage];
  const style = STYLE[perPage];
  const box = labelBox(sheet, position);
  const x = (box.xMm + style.padX) * MM;
  const width = (sheet.widthMm - 2 * style.padX) * MM;
  let y = (box.yMm + style.padY) * MM;

  doc.font(FONT.regular).fontSize(style.name);
  const nameLine = doc.currentLineHeight(true);
  doc.text(label.name, x, y, { width, height: nameLine * 2, ellipsis: '…', lineGap: 0 });
  y += nameLine * 2;
  doc.font(FONT.bold).fontSize(style.sku);
  const skuLine = doc.currentLineHeight(true);
  doc.text(label.sku, x, y, { width, height: skuLine, ellipsis: '…', lineBreak: false });
  y += skuLine + 0.5 * MM;

  // EAN-8 has 67 modules to EAN-13's 95: drawn at the same module width, not stretched.
  const share = label.barcode === 'ean8' ? 0.7 : 1;
  const barcodeWidth = Math.min(style.barcodeWidth * share * MM, width);
  drawBarcode(doc, {
    type: label.barcode,
    text: label.jan,
    x: x + (width - barcodeWidth) / 2,
    y,
    width: barcodeWidth,
    barHeightMm: style.barHeight,
  });
}

export function productLabelsPdf(
  labels: readonly LabelContent[],
  perPage: LabelsPerPage,
  start: number,
): Promise<Buffer> {
  return renderPdf({ title: 'Product labels', margin: 0 }, (doc) => {
    const placed = placeLabels(perPage, start, labels.length);
    // The first page is the document's own; each later sheet is added as a label reaches it.
    for (let page = 1; page < sheetsNeeded(perPage, start, labels.length); page += 1)
      doc.addPage({ margin: 0 });
    placed.forEach(({ page, position }, i) => {
      doc.switchToPage(page);
      drawLabel(doc, labels[i] as LabelContent, perPage, position);
    });
  });
}
