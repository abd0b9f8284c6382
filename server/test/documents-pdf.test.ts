import { describe, expect, it } from 'vitest';
import { FONT, renderPdf } from '../src/documents/pdf';
import { embeddedFontNames, readPdf } from './helpers/pdf';

describe('PDF documents', () => {
  it('sets Japanese and English in one embedded, subset font that a viewer reads back', async () => {
    const bytes = await renderPdf({ title: 'Test' }, (doc) => {
      doc.font(FONT.bold).fontSize(16).text('Commercial Invoice');
      doc.font(FONT.regular).fontSize(10).text('抹茶ラテ 30本入り — Matcha latte, 30 sticks');
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await readPdf(bytes);
    expect(pages).toBe(1);
    expect(text[0]).toContain('Commercial Invoice');
    expect(text[0]).toContain('抹茶ラテ 30本入り');
    const fonts = embeddedFontNames(bytes);
    expect(fonts).toHaveLength(2);
    for (const name of fonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSansJP/);
    // Two 5 MB fonts, a few dozen glyphs each.
    expect(bytes.length).toBeLessThan(60_000);
  });

  it('keeps a page of many Japanese lines small', async () => {
    const names = ['緑茶', '抹茶', 'ほうじ茶', '玄米茶', '煎茶', '羊羹', '最中', '煎餅', '和三盆', '金平糖'];
    const bytes = await renderPdf({ title: 'Lines' }, (doc) => {
      for (let i = 0; i < 50; i += 1) doc.text(`${i + 1}. ${names[i % names.length]} 詰め合わせ No.${i}`);
    });
    const { text } = await readPdf(bytes);
    expect(text.join(' ')).toContain('50. 金平糖 詰め合わせ No.49');
    expect(bytes.length).toBeLessThan(300_000);
  });

  it('refuses to answer a document whose drawing failed', async () => {
    await expect(
      renderPdf({ title: 'Broken' }, () => {
        throw new Error('no lines');
      }),
    ).rejects.toThrow('no lines');
  });
});

describe('PDF fonts', () => {
  it('opens each font file once: switching fonts back and forth parses neither again', async () => {
    await renderPdf({ title: 'Fonts' }, (doc) => {
      // PDFKit counts every font it opens (the F<n> resource names).
      const opened = () => (doc as unknown as { _fontCount: number })._fontCount;
      doc.font(FONT.bold).text('SKU-1');
      doc.font(FONT.regular).text('抹茶');
      const once = opened();
      for (let i = 0; i < 10; i += 1) doc.font(FONT.bold).text('SKU').font(FONT.regular).text('抹茶');
      expect(opened()).toBe(once);
    });
  });
});
