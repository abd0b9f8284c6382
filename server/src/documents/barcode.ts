/**
 * Barcodes drawn into a PDF as vectors, so they scan as well from a cheap laser printer as from
 * a label printer. bwip-js (Barcode Writer in Pure PostScript) encodes and lays out the bars and
 * the human-readable digits; it answers an SVG whose paths PDFKit draws as they are.
 */
import { createRequire } from 'node:module';
import type * as BwipJs from 'bwip-js/node';
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

type Bwip = typeof BwipJs;
let bwip: Bwip | undefined;
/** bwip-js, loaded with the first barcode (5 MB once loaded, in a process that may print none). */
const toSVG: Bwip['toSVG'] = (options) => {
  bwip ??= createRequire(import.meta.url)('bwip-js/node') as Bwip;
  return bwip.toSVG(options);
};

/** Whether `text` can be drawn as `type` (a JAN/EAN needs its digits and a right check digit). */
export function isDrawable(type: BarcodeType, text: string): boolean {
  if (type === 'ean13') return /^\d{13}$/.test(text) && isValidJan(text);
  if (type === 'ean8') return /^\d{8}$/.test(text) && isValidJan(text);
  // Code 128 sets B: printable ASCII.
  return text.length > 0 && text.length <= 80 && /^[\x20-\x7e]+$/.test(text);
}

interface Layout {
  width: number;
  height: number;
  /** Vertical bars: x, their bottom (the top is 0), stroke width; in modules. */
  bars: { x: number; bottom: number; width: number }[];
  /** The shortest bar's bottom: the bars' height (an EAN's guard bars reach further down). */
  barsHeight: number;
  /**
   * The human-readable text's outlines as PDF path operators, filled: converted once, since
   * PDFKit's own SVG path parser took most of a sheet's time (and its garbage).
   */
  glyphs: string;
}

const NUMBER = /-?\d*\.?\d+(?:e[-+]?\d+)?/gi;
// Hundredths of a module (a few thousandths of a millimetre at a label's size), as bwip-js writes.
const round = (n: number) => String(Math.round(n * 100) / 100);

/**
 * An SVG path of bwip-js's text outlines (M, L, Q, Z, absolute) as PDF operators. PDF has no
 * quadratic curve: each becomes the cubic of the same shape (control points two thirds of the
 * way from each end towards the quadratic's one).
 */
function pdfOperators(d: string): string {
  const ops: string[] = [];
  let [x, y] = [0, 0];
  for (const [, command = '', args = ''] of d.matchAll(/([MLQZ])([^MLQZ]*)/gi)) {
    const n = (args.match(NUMBER) ?? []).map(Number);
    switch (command.toUpperCase()) {
      case 'M':
      case 'L':
        for (let i = 0; i + 1 < n.length; i += 2) {
          [x, y] = [n[i] as number, n[i + 1] as number];
          ops.push(`${round(x)} ${round(y)} ${command.toUpperCase() === 'M' && i === 0 ? 'm' : 'l'}`);
        }
        break;
      case 'Q':
        for (let i = 0; i + 3 < n.length; i += 4) {
          const [qx, qy, ex, ey] = n.slice(i, i + 4) as [number, number, number, number];
          const c1 = [x + ((qx - x) * 2) / 3, y + ((qy - y) * 2) / 3];
          const c2 = [ex + ((qx - ex) * 2) / 3, ey + ((qy - ey) * 2) / 3];
          ops.push(`${c1.map(round).join(' ')} ${c2.map(round).join(' ')} ${round(ex)} ${round(ey)} c`);
          [x, y] = [ex, ey];
        }
        break;
      default:
        ops.push('h');
    }
  }
  return ops.join('\n');
}

/**
 * Layouts by code: bwip-js takes about 2 ms to lay one out, and a sheet of labels prints the
 * same few codes hundreds of times (2,000 labels of ten products: 4.4 s, most of it this).
 */
const layouts = new Map<string, Layout>();
const LAYOUTS_KEPT = 500;

function layoutOf(type: BarcodeType, text: string, withText: boolean): Layout {
  const key = `${type}\u0000${withText ? 1 : 0}\u0000${text}`;
  const kept = layouts.get(key);
  if (kept) return kept;
  // One unit per module; the bars' height is set when drawn, at the size drawn.
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
  const paths = [...svg.matchAll(/<path([^>]*)\/>/g)].map(([, attributes = '']): SvgPath => {
    const d = /\bd="([^"]+)"/.exec(attributes)?.[1] ?? '';
    const stroke = /stroke-width="([\d.]+)"/.exec(attributes)?.[1];
    return { d, strokeWidth: stroke === undefined ? null : Number(stroke) };
  });
  // Every bar is a vertical line "Mx bottom Lx 0".
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
  const layout: Layout = {
    width: Number(viewBox[1]),
    height: Number(viewBox[2]),
    bars,
    barsHeight: Math.min(...bars.map((bar) => bar.bottom)),
    glyphs: paths
      .filter((path) => path.strokeWidth === null && path.d)
      .map((path) => `${pdfOperators(path.d)}\nf`)
      .join('\n'),
  };
  if (layouts.size >= LAYOUTS_KEPT) layouts.delete(layouts.keys().next().value as string);
  layouts.set(key, layout);
  return layout;
}

/** Draws the barcode and answers the height it took, in points. */
export function drawBarcode(doc: Pdf, spec: BarcodeSpec): number {
  const { type, text, x, y, width, barHeightMm = 12, withText = true } = spec;
  if (!isDrawable(type, text)) throw new BarcodeError(text);
  const { width: vbWidth, height: vbHeight, bars, barsHeight, glyphs } = layoutOf(type, text, withText);
  const scale = width / vbWidth;
  // Bars are stretched to the height asked for and everything under them moves down by as
  // much, the digits unscaled.
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
  if (glyphs) doc.addContent(glyphs);
  doc.restore();
  return (vbHeight + extra) * scale;
}
