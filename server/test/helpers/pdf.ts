/**
 * Reads a PDF back the way a viewer does (pdf.js, through unpdf): its pages' text, and what
 * fonts it embeds. Tests of the documents assert on this, never on PDFKit's calls.
 */
import { extractText, getDocumentProxy } from 'unpdf';

export interface PdfReadBack {
  pages: number;
  /** Each page's text, items joined by a space (pdf.js splits runs where the font changes). */
  text: string[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReadBack> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  await pdf.cleanup();
  return { pages: totalPages, text };
}

/** The embedded fonts' names: a subset's name starts with six capitals and a plus sign. */
export function embeddedFontNames(bytes: Uint8Array): string[] {
  const source = Buffer.from(bytes).toString('latin1');
  return [...new Set([...source.matchAll(/\/FontName \/([^\s/>]+)/g)].map((m) => m[1] as string))];
}
