/**
 * The checklist's lone-character check on messages made to wrap on purpose: it must find a
 * character left alone on a message's last line, and nothing in data, on one line or with two
 * characters under the rest. Without it the check could pass forever by finding nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { loneCharacterFindings } from '../support/blocks';
import { useKuraServer } from '../support/server';

const kura = useKuraServer();

const SENTENCE = '入力した内容を保存しました';

/**
 * A message of `SENTENCE` in `markup` (its `%` replaced by the text), made just narrow enough
 * for the last `alone` characters to go to a line of their own.
 */
async function narrowed(page: Page, markup: string, alone: number) {
  await page.setContent(
    `<body style="font: 16px sans-serif; margin: 0">${markup.replace('%', `<span id="text">${SENTENCE}</span>`)}</body>`,
  );
  await page.evaluate((alone) => {
    const text = document.getElementById('text')!.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 0);
    range.setEnd(text, text.data.length - alone);
    const box = document.getElementById('box')!;
    box.style.width = `${Math.ceil(range.getBoundingClientRect().width) + 1}px`;
  }, alone);
}

test('a message bar with one character on its last line is found, with its text', async ({ page }) => {
  await narrowed(page, '<div id="box" class="fui-MessageBarBody">%</div>', 1);
  const findings = await loneCharacterFindings(page);
  expect(findings).toHaveLength(1);
  expect(findings[0]).toContain('“た” of “入力した内容を保存しました”');
});

test('an alert, a field error and a dialog body are messages too', async ({ page }) => {
  for (const markup of [
    '<div id="box" role="alert">%</div>',
    '<div class="fui-Field"><div id="box" class="fui-Field__validationMessage">%</div></div>',
    '<div class="fui-DialogContent"><p id="box">%</p></div>',
  ]) {
    await narrowed(page, markup, 1);
    expect(await loneCharacterFindings(page), markup).toHaveLength(1);
  }
});

test('a 。 alone counts; where line breaking keeps it with the character before, it is not alone', async ({
  page,
}) => {
  const fullStop = (lineBreak: string) =>
    narrowed(page, `<div id="box" role="status" style="line-break: ${lineBreak}">%。</div>`, 0);
  // `anywhere` lets 。 start a line, as no rule of the app does.
  await fullStop('anywhere');
  const findings = await loneCharacterFindings(page);
  expect(findings).toHaveLength(1);
  expect(findings[0]).toContain('“。”');
  // By default 。 never starts a line: the character before it comes down too.
  await fullStop('auto');
  expect(await loneCharacterFindings(page)).toEqual([]);
});

test('two characters under the rest, one line, and data in a cell are not findings', async ({ page }) => {
  await narrowed(page, '<div id="box" role="alert">%</div>', 2);
  expect(await loneCharacterFindings(page)).toEqual([]);
  await narrowed(page, '<div id="box" role="alert">%</div>', 0);
  expect(await loneCharacterFindings(page)).toEqual([]);
  // A figure breaking in a table cell inside a message is data.
  await narrowed(page, '<div role="alert"><table><tr><td id="box">%</td></tr></table></div>', 1);
  expect(await loneCharacterFindings(page)).toEqual([]);
});

test('a title and a text in one message are two paragraphs: a one-line text under its title is fine', async ({
  page,
}) => {
  await page.setContent(
    '<div class="fui-MessageBarBody" style="width: 400px"><div>保存できませんでした</div><div>。</div></div>',
  );
  // A paragraph of one character is not a wrap.
  expect(await loneCharacterFindings(page)).toEqual([]);
});

test("in the app, the global rule keeps a narrowed message's last character company; plain wrapping leaves it alone", async ({
  page,
}) => {
  await page.addInitScript(
    ([key]) => localStorage.setItem(key!, JSON.stringify({ selectedLang: 'ja' })),
    [STORAGE_KEYS.i18nConfig],
  );
  await page.goto(`${kura.url}/auth/login`);
  // The sign-in card's welcome line (a Body1), given a sentence and narrowed as above.
  const line = page.getByRole('main').locator('.fui-Body1').first();
  await expect(line).toBeVisible();
  await line.evaluate((el, text) => {
    el.textContent = text;
    const range = document.createRange();
    range.setStart(el.firstChild!, 0);
    range.setEnd(el.firstChild!, text.length - 1);
    Object.assign((el as HTMLElement).style, {
      display: 'block',
      width: `${Math.ceil(range.getBoundingClientRect().width) + 1}px`,
    });
  }, SENTENCE);
  expect(await loneCharacterFindings(page)).toEqual([]);
  await line.evaluate((el) => ((el as HTMLElement).style.textWrap = 'wrap'));
  expect(await loneCharacterFindings(page)).toEqual([
    expect.stringContaining('“た” of “入力した内容を保存しました”'),
  ]);
});
