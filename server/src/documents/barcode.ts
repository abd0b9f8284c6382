/**
 * Barcodes drawn into a PDF as vectors, so they scan as well from a cheap laser printer as from
 * a label printer. bwip-js (Barcode Writer in Pure PostScript) encodes and lays out the bars and
 * the human-readable digits; it answers an SVG whose paths PDFKit draws as they are.
 */
import { toSVG } from 'bwip-js/node';
import { isValidJan } from '#shared/domain/jan';
import type { Pdf } from './pdf';

export type BarcodeType = 'ean13' | 'ean8' | 'code128';

export interface BarcodeSpec {
  type: BarcodeType;
  text: string;
  /** Top-left corner and width in points; the height follows from the bars' height. */
  x: number;
  y: number;
  width: number;
  /** The bars' height in millimetres at the drawn size (before the digits under them). */
  barHeightMm?: number;
  /** The digits or text under the bars; on unless a label prints them itself. */
  withText?: boolean;
}

/** Why a code cannot be drawn: a JAN whose check digit is wrong would scan as another product. */
export class BarcodeError extends Error {
  constructor(readonly text: string) {
    super(`Not a barcode this label can print: ${text}`);
    this.name = 'BarcodeError';
  }
}

interface SvgPath {
  d: string;
  strokeWidth: number | null;
}

const MM = 72 / 25.4;

/** Whether `text` can be drawn as `type` (a JAN/EAN needs its digits and a right check digit). */
export function isDrawable(type: BarcodeType, text: string): boolean {
  if (type === 'ean13') return /^\d{13}$/.test(text) && isValidJan(text);
  if (type === 'ean8') return /^\d{8}$/.test(text) && isValidJan(text);
  // Code 128 sets B: printable ASCII.
  return text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);
}

/** Draws the barcode and answers the height it took, in points. */
export function drawBarcode(doc: Pdf, spec: BarcodeSpec): number {
  const { type, text, x, y, width, barHeightMm = 12, withText = true } = spec;
  if (!isDrawable(type, text)) throw new BarcodeError(text);
  // One unit per module; the bars' height is set below, at the size drawn.
  const svg = toSVG({
    bcid: type,
    text,
    scale: 1,
    height: 10,
    includetext: withText,
    // An EAN's digits sit in their standard groups; a Code 128's text is centred.
    ...(type === 'code128' ? { textxalign: 'center' } : {}),
  });
  const viewBox = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!viewBox) throw new BarcodeError(text);
  const [vbWidth, vbHeight] = [Number(viewBox[1]), Number(viewBox[2])];
  const scale = width / vbWidth;
  const paths = [...svg.matchAll(/<path([^>]*)\/>/g)].map(([, attributes = '']): SvgPath => {
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1] ?? '';
    const stroke = /stroke-width="([\d.]+)"/.exec(attributes)?.[1];
    return { d, strokeWidth: stroke === undefined ? null : Number(stroke) };
  });
  // Every bar is a vertical line "Mx bottom Lx 0". The shortest bottom is the bars' height (an
  // EAN's guard bars reach further down, between the digits); bars are stretched to the
  // height asked for and everything under them moves down by as much, digits unscaled.
  const bars = paths
    .filter((path) => path.strokeWidth !== null)
    .flatMap(({ d, strokeWidth }) =>
      [...d.matchAll(/M([\d.]+) ([\d.]+)L[\d.]+ ([\d.]+)/g)].map(([, x1, y1, y2]) => ({
        x: Number(x1),
        bottom: Math.max(Number(y1), Number(y2)),
        width: strokeWidth as number,
      })),
    );
  if (bars.length === 0) throw new BarcodeError(text);
  const barsHeight = Math.min(...bars.map((bar) => bar.bottom));
  const extra = (barHeightMm * MM) / scale - barsHeight;
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.fillColor('#000000').strokeColor('#000000');
  for (const bar of bars) {
    doc
      .moveTo(bar.x, 0)
      .lineTo(bar.x, bar.bottom + extra)
      .lineWidth(bar.width)
      .stroke();
  }
  doc.translate(0, extra);
  for (const path of paths) if (path.strokeWidth === null && path.d) doc.path(path.d).fill();
  doc.restore();
  return (vbHeight + extra) * scale;
}
