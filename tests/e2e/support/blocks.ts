/** Helpers for the shared screen blocks: the dialog, the table, the toast host, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits for the screen to come to rest: the content fades in on every route change (200 ms),
 * dialogs and drawers slide in, and axe measuring text half faded in reports its contrast as
 * too low. Long animations (a success toast's 6-second timer, spinners) are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    // Only running ones: a paused animation would never finish.
    const short = document.getAnimations().filter((a) => {
      const end = a.effect?.getComputedTiming().endTime;
      return a.playState === 'running' && typeof end === 'number' && end <= 2000;
    });
    await Promise.all(short.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * Axe on the screen at rest. Left out: Fluent's focus-trap sentinels (not content), and a
 * tooltip the pointer happens to rest on: Fluent portals it to the end of the body, outside
 * every landmark by design, while its trigger (which it describes) stands in one.
 */
export async function axeCheck(page: Page, build: (axe: AxeBuilder) => AxeBuilder = (axe) => axe) {
  await animationsDone(page);
  return build(
    new AxeBuilder({ page }).exclude('[data-tabster-dummy]').exclude('.fui-Tooltip__content'),
  ).analyze();
}

/** Toasts are checked on their own. */
export async function seriousViolations(page: Page) {
  const result = await axeCheck(page);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/** Presses Tab until `target` has focus, as a keyboard user would reach it. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether the element with focus is inside `container`. */
export const focusInside = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

/** The toasts on screen (Fluent keeps a second copy for screen readers, without this class). */
export const toasts = (page: Page) => page.locator('.fui-Toast');

/** True when the page itself scrolls sideways (a table's own frame may). */
export const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * What a Japanese screen may show in Latin letters: names of platforms and services and of
 * their own screens and credentials (Shopify's Admin API and Dev Dashboard, Amazon's LWA), codes
 * and their kinds (HS: the customs tariff code, HSコード in Japanese customs' own papers),
 * currencies, file kinds (CSV, PDF), millimetres as label sheets print them ("70 × 37 mm"), key
 * names, the date format's mask. Anything else in Latin letters outside the data is an English
 * text left untranslated.
 */
export const LATIN_IN_JAPANESE = [
  'Kura',
  'Amazon',
  'Shopify',
  'Admin',
  'API',
  'Dev',
  'Dashboard',
  'LWA',
  'HS',
  'PayPal',
  'OTZ',
  'SKU',
  'JAN',
  'ASIN',
  'ID',
  'CSV',
  'PDF',
  'mm',
  'URL',
  'Web',
  'JPY',
  'INR',
  'USD',
  'Ctrl',
  'Enter',
  'YYYY-MM-DD',
  // India's exporter and tax numbers, named so on customs papers.
  'IEC',
  'GSTIN',
];

/**
 * What the screen says that it should not: an i18n key (`orders.fields.x`), a camelCase field
 * name, JSON, and on a Japanese screen English words. Read from the visible text and the
 * accessible names, placeholders and titles of the page (dialogs and drawers included).
 *
 * The records' own texts are as staff typed them: a table cell's text, a card's or a list
 * item's, a name quoted in a sentence (“…”, 「…」) and the `data` given (names the screen
 * shows elsewhere, e.g. in a drawer) are left out of the camelCase and English checks; badges
 * and buttons inside cells are the screen's own words and are checked. A raw record shown on
 * purpose (`pre`) and an image's inner text (a logo's letters; its name is its label) are not
 * text of the screen.
 */
export async function textFindings(page: Page, language: 'en' | 'ja', data: readonly string[] = []) {
  const { all, own } = await page.evaluate(() => {
    const all: string[] = [];
    const own: string[] = [];
    const isData = (el: Element) =>
      !!el.closest('td, [role="gridcell"], article, li, .fui-Avatar') &&
      !el.closest('.fui-Badge, button, [role="button"], [role="tab"], [role="menuitem"]');
    const shown = (el: Element) =>
      el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) &&
      !el.closest('[aria-hidden="true"]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(el.tagName) || !shown(el)) continue;
      if (el.closest('pre, [role="img"][aria-label]')) continue;
      all.push(text);
      if (!isData(el)) own.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], [aria-description]')) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'aria-description']) {
        const text = el.getAttribute(attr)?.trim();
        if (!text) continue;
        all.push(text);
        // A cell's button names its row by the row's data ("Open order …").
        if (!el.closest('td')) own.push(text);
      }
    }
    return { all, own };
  });
  const findings = new Set<string>();
  // Not words: addresses, file names and extensions, codes with figures (CHK-O-12, B0C1X).
  const plain = (text: string) =>
    text
      .replace(/\bhttps?:\/\/\S*/g, ' ')
      .replace(/\S+@\S+/g, ' ')
      .replace(/\b[\w-]+\.(csv|txt|tsv|xlsx|com|in|jp|example)\b/g, ' ')
      .replace(/(^|[^\w])\.(csv|txt|tsv|xlsx)\b/g, ' ')
      .replace(
        /[A-Za-z0-9]*\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)+|[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*-\d[A-Za-z0-9-]*/g,
        ' ',
      );
  for (const text of all.map(plain)) {
    for (const m of text.match(/\b[a-z][a-zA-Z0-9]+(?:[.:][a-z][a-zA-Z0-9_]+)+\b/g) ?? [])
      findings.add(`raw key: ${m}`);
    if (/\{"|\[\{|"\s*:\s*"/.test(text)) findings.add(`JSON: ${text.slice(0, 80)}`);
  }
  const known = [...data].sort((a, b) => b.length - a.length);
  for (let text of own.map(plain)) {
    for (const name of known) text = text.split(name).join(' ');
    text = text.replace(/“[^”]*”|「[^」]*」|"[^"]*"/g, ' ');
    for (const m of text.match(/\b[a-z]+[A-Z][a-zA-Z]*\b/g) ?? []) findings.add(`camelCase: ${m}`);
    if (language !== 'ja') continue;
    for (const allowed of LATIN_IN_JAPANESE) text = text.split(allowed).join(' ');
    for (const word of text.match(/[A-Za-z][A-Za-z'’]*/g) ?? []) {
      if (word.length < 2) continue;
      findings.add(`English in Japanese: ${word} (in “${text.trim().slice(0, 60)}”)`);
    }
  }
  return [...findings];
}

/** The header cells' names: their text, or the name of what they hold (a select-all box). */
export const headerNames = (table: Locator) =>
  table
    .getByRole('columnheader')
    .evaluateAll((cells) =>
      cells.map(
        (th) =>
          (th as HTMLElement).innerText.trim() ||
          th.querySelector('[aria-label]')?.getAttribute('aria-label') ||
          th.getAttribute('aria-label') ||
          '',
      ),
    );

/**
 * The table's default columns in view: every header inside the frame's visible box and the
 * window, with the page not scrolling sideways; and the header on top of the rows when they
 * scroll in the frame, and still in the window when the page scrolls. Returns what is wrong.
 */
export async function tableFindings(page: Page, table: Locator) {
  const findings: string[] = [];
  const frame = table.locator('xpath=..');
  const outside = await table.evaluate((el) => {
    const box = el.parentElement!.getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    return [...el.querySelectorAll('thead th')]
      .map((th) => ({ th: th as HTMLElement, r: th.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.right > right + 1 || r.left < box.left - 1))
      .map(
        ({ th, r }) =>
          `${th.innerText.trim() || '(no text)'} ends at ${Math.round(r.right)} of ${Math.round(right)}`,
      );
  });
  for (const o of outside) findings.push(`column out of view: ${o}`);
  if (await pageScrollsSideways(page)) findings.push('the page scrolls sideways');

  const header = table.getByRole('columnheader').first();
  const before = await header.boundingBox();
  if (await frame.evaluate((el) => el.scrollBy(0, 3000) === undefined && el.scrollTop > 0)) {
    const after = await header.boundingBox();
    if (!before || !after || Math.abs(after.y - before.y) > 1)
      findings.push(`header moved with the rows: y ${before?.y} → ${after?.y}`);
  }
  await page.evaluate(() => window.scrollBy(0, 3000));
  const box = await header.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height)
    findings.push(`header out of the window after scrolling the page: y ${box?.y}`);
  await frame.evaluate((el) => el.scrollTo(0, 0));
  await page.evaluate(() => window.scrollTo(0, 0));
  return findings;
}

/**
 * Where the screen says something to staff in sentences: the elements a lone last character
 * is looked for in. Data never counts (a long id or figure breaks where it must), so text
 * inside the data and controls of `NOT_MESSAGES` is left out even inside a message.
 * - `[role="alert"]`, `[role="status"]`: live messages (a form's error line, the forbidden state);
 * - `.fui-MessageBarBody`: every message bar's text (page errors, warnings, import results);
 * - `.fui-Field__validationMessage`, `.fui-Field__hint`: a field's error and its note;
 * - `.fui-DialogContent`: a dialog's body (the questions that ask first, the forms' notes);
 * - `.fui-ToastTitle`, `.fui-ToastBody`: the toasts;
 * - `.fui-Body1`, `.fui-Caption1`, `.fui-Subtitle2`: the ui kit's running text (screen
 *   intros, card notes, empty states' titles and texts, drawers' notes).
 */
export const MESSAGE_SELECTORS = [
  '[role="alert"]',
  '[role="status"]',
  '.fui-MessageBarBody',
  '.fui-Field__validationMessage',
  '.fui-Field__hint',
  '.fui-DialogContent',
  '.fui-ToastTitle',
  '.fui-ToastBody',
  '.fui-Body1',
  '.fui-Caption1',
  '.fui-Subtitle2',
];

/** Data and controls: their text is not a message even inside one. */
export const NOT_MESSAGES =
  'td, th, [role="gridcell"], [role="columnheader"], button, [role="button"], [role="tab"], ' +
  '[role="menuitem"], [role="option"], [role="combobox"], label, dt, dd, input, textarea, ' +
  'select, pre, .fui-Badge, [data-clipped]';

/**
 * Messages whose last line holds one character alone (a 。 or one kana under the rest), read
 * from the line boxes: every paragraph of a message (the text under one block box, as a
 * message may hold a title and a text) has its last two characters, trailing spaces left out,
 * measured with a Range; the last one standing below the one before it is a lone character.
 * Returns “text” per finding, with what the last line holds.
 */
export async function loneCharacterFindings(page: Page) {
  return page.evaluate(
    ({ selectors, notMessages }) => {
      const byParagraph = new Map<Element, Text[]>();
      const seen = new Set<Node>();
      const paragraphOf = (el: Element) => {
        let at: Element = el;
        // Inline boxes flow in the lines of the nearest block box (a flex item is one too).
        while (at.parentElement && getComputedStyle(at).display === 'inline') at = at.parentElement;
        return at;
      };
      for (const message of document.querySelectorAll(selectors.join(', '))) {
        if (message.closest(notMessages)) continue;
        const walker = document.createTreeWalker(message, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          const el = node.parentElement;
          if (seen.has(node) || !el || !node.data.trim() || el.closest(notMessages)) continue;
          if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
          seen.add(node);
          const paragraph = paragraphOf(el);
          byParagraph.set(paragraph, [...(byParagraph.get(paragraph) ?? []), node]);
        }
      }
      const findings: string[] = [];
      const range = document.createRange();
      for (const [paragraph, nodes] of byParagraph) {
        // The last two characters that are not spaces, from the end (a character is a code
        // point: a surrogate pair is one).
        const last: { node: Text; start: number; end: number }[] = [];
        for (let n = nodes.length - 1; n >= 0 && last.length < 2; n--) {
          const node = nodes[n]!;
          for (let i = node.data.length; i > 0 && last.length < 2;) {
            const code = node.data.codePointAt(i - 2);
            const size = i >= 2 && code !== undefined && code > 0xffff ? 2 : 1;
            const start = i - size;
            if (node.data.slice(start, i).trim()) last.push({ node, start, end: i });
            i = start;
          }
        }
        if (last.length < 2) continue;
        const rect = ({ node, start, end }: (typeof last)[number]) => {
          range.setStart(node, start);
          range.setEnd(node, end);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 || r.height > 0);
          return rects[rects.length - 1];
        };
        const [lastChar, before] = [rect(last[0]!), rect(last[1]!)];
        if (!lastChar || !before) continue;
        // On a line of its own: it starts below the middle of the line before.
        if (lastChar.top > before.top + before.height / 2) {
          const text = nodes
            .map((n) => n.data)
            .join('')
            .replace(/\s+/g, ' ')
            .trim();
          const shown = text.length > 70 ? `…${text.slice(-70)}` : text;
          findings.push(
            `lone character on the last line: “${last[0]!.node.data.slice(last[0]!.start, last[0]!.end)}” of “${shown}” (${paragraph.tagName.toLowerCase()}, ${Math.round(paragraph.getBoundingClientRect().width)} px wide)`,
          );
        }
      }
      return findings;
    },
    { selectors: MESSAGE_SELECTORS, notMessages: NOT_MESSAGES },
  );
}
