/**
 * The one way the API makes a PDF: A4 pages set in Noto Sans JP, so a Japanese product name, a
 * customer's name in kanji or a Hindi-free English address all render with the same font.
 * PDFKit embeds only the glyphs a document uses (a subset), which keeps a 50-line invoice
 * small although the font files are 5 MB each. The built-in Helvetica is never used: it has no
 * Japanese, and it would make PDFKit read its metrics from files next to its own code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import type PdfKitDocument from 'pdfkit';

const require = createRequire(import.meta.url);

export const FONT = { regular: 'regular', bold: 'bold' } as const;

let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** The font files, read once: each document parses only the tables it needs. */
function fontFiles() {
  fonts ??= {
    regular: readFileSync(
      require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
    ),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf')),
  };
  return fonts;
}

export interface PdfOptions {
  /** The document's title in its properties (the viewer's window title). */
  title: string;
  /** Points (1/72 inch) on every side; 40 unless a sheet of labels needs its own. */
  margin?: number;
  layout?: 'portrait' | 'landscape';
}

export type Pdf = PDFKit.PDFDocument;

/**
 * PDFKit, loaded with the first document: it takes some 26 MB once loaded, and the desktop
 * app's main process, which carries the API, makes documents only when someone asks for one.
 */
let pdfKit: Promise<typeof PdfKitDocument> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((module) => module.default));

/** A new A4 document with the regular and bold fonts registered, set in the regular one. */
async function createPdf({ title, margin = 40, layout = 'portrait' }: PdfOptions): Promise<Pdf> {
  const PDFDocument = await loadPdfKit();
  const { regular, bold } = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin,
    // No font at construction: PDFKit caches a registered font under its name only when no font
    // of the same name is open yet, so opening the regular font here made every later
    // doc.font(FONT.regular) parse the 5 MB file again (4 ms a call: 28 s for 2,000 labels).
    // Null also keeps PDFKit from loading Helvetica.
    font: null as unknown as string,
    bufferPages: true,
    info: { Title: title, Producer: 'Kura', Creator: 'Kura' },
    // Text is selectable and searchable: a customs officer can copy an HS code.
    displayTitle: true,
    lang: 'en',
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  doc.font(FONT.regular);
  return doc;
}

/** Draws a document and answers its bytes once PDFKit has written them all. */
export async function renderPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = await createPdf(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc);
  } catch (error) {
    // The stream is left unended: nothing waits on `done` when drawing failed.
    done.catch(() => undefined);
    throw error;
  }
  doc.end();
  return done;
}

/**
 * Sends a PDF as a download. The file name may hold Japanese (a shipment's id does not, a
 * customer's name might): the plain `filename` keeps ASCII, `filename*` carries it all.
 */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(pdf);
}
