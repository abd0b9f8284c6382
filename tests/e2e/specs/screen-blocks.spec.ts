/**
 * The shared screen blocks on real screens: the one dialog (focus in, trapped, Escape asks
 * before dropping typed text, focus back to the opener), the one table (fits 1280 px, sticky
 * header and first column, truncation with the whole text on hover, numbers right, rows that
 * open), the one toast host (bottom-end, three at most, no repeats, errors stay), the role
 * state, axe on every list screen in both languages, and a keyboard-only run.
 */
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { STORAGE_KEYS } from '#shared/constants';
import { withJanCheckDigit } from '#shared/domain/jan';
import { PRODUCT_FAMILIES } from '../../../server/src/demo/products.data';
import { DEMO_ACCOUNTS, expandFamilies } from '../../../server/src/demo/seed';
import {
  DEMO_CATEGORIES,
  DEMO_HANDLING_FEES,
  DEMO_MANUFACTURERS,
  DEMO_SHIPPING_METHODS,
  DEMO_SUPPLIERS,
} from '../../../server/src/demo/settings.data';
import {
  animationsDone,
  focusInside,
  headerNames,
  loneCharacterFindings,
  pageScrollsSideways,
  seriousViolations,
  tableFindings,
  tabTo,
  textFindings,
  toasts,
} from '../support/blocks';
import { Shell } from '../support/pages';
import { ProductsListPage } from '../support/products.pages';
import { makeFixture, SCREENS, type Fixture, type Screen } from '../support/screens';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

let serial = 0;
const freshJan = () =>
  withJanCheckDigit(
    `21${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

interface ApiProduct {
  _id: string;
  name: string;
  skuCode: string;
  inStockQuantity: number;
}

async function createProduct(body: Record<string, unknown>): Promise<ApiProduct> {
  const res = await kura.api('products', {
    token: await kura.token(),
    body: { skuCode: `BLK-${Date.now()}-${serial++}`, janCode: freshJan(), ...body },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: ApiProduct }).data;
}

const LONG_NAME = 'Blocks test: an uncommonly long product name that cannot fit its column in any window';

test.describe('as admin', () => {
  // Every page starts signed in; signing in is session.spec's subject.
  test.use(kura.signedIn('admin'));

  const DIALOG_TEXTS = {
    English: {
      opener: /remarks for/,
      field: /New remark/,
      ask: 'Discard changes?',
      discard: 'Discard',
      keep: 'Keep editing',
    },
    日本語: {
      opener: /の備考/,
      field: /新しい備考/,
      ask: '変更を破棄しますか？',
      discard: '破棄する',
      keep: '編集を続ける',
    },
  } as const;

  for (const language of ['English', '日本語'] as const) {
    const texts = DIALOG_TEXTS[language];
    test.describe(() => {
      test.use(kura.signedIn('admin', { language: language === '日本語' ? 'ja' : 'en' }));
      test(`dialog (${language}): focus starts in the field, stays inside, Escape asks before dropping text and focus returns to the opener`, async ({
        page,
      }) => {
        const product = await createProduct({ name: 'Blocks remarks product', inStockQuantity: 9 });
        const list = new ProductsListPage(page);
        await list.goto(kura.url, `?q=${encodeURIComponent(product.skuCode)}`);
        const opener = list.row(product.skuCode).getByRole('button', { name: texts.opener });
        await opener.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        const field = dialog.getByRole('textbox', { name: texts.field });
        await expect(field).toBeFocused();

        // Trapped: Tab and Shift+Tab never leave it.
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          expect(await focusInside(dialog)).toBe(true);
        }
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside(dialog)).toBe(true);

        // Nothing typed: Escape closes at once and the opener has focus again.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();

        // Something typed: Escape asks first; keeping the text, then discarding it.
        await page.keyboard.press('Enter');
        await expect(field).toBeFocused();
        await page.keyboard.type('half a thought');
        await page.keyboard.press('Escape');
        const ask = page.getByRole('dialog', { name: texts.ask });
        await expect(ask).toBeVisible();
        await expect(ask.getByRole('button', { name: texts.discard })).toBeFocused();
        await ask.getByRole('button', { name: texts.keep }).click();
        await expect(ask).toBeHidden();
        await expect(field).toHaveValue('half a thought');
        await page.keyboard.press('Escape');
        await page
          .getByRole('dialog', { name: texts.ask })
          .getByRole('button', { name: texts.discard })
          .click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await expect(opener).toBeFocused();
      });
    });
  }

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1400, height: 900 },
  ]) {
    test(`table at ${viewport.width}×${viewport.height}: fits the window, sticky header and first column, numbers right`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const list = new ProductsListPage(page);
      await list.goto(kura.url, '?limit=100');
      await expect(list.rows).toHaveCount(101);
      expect(await pageScrollsSideways(page)).toBe(false);
      // Every default column, the stock included, is inside the window.
      for (const name of ['Stock quantity', 'Status', 'Remarks']) {
        const box = await list.columnHeader(name).boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      }
      const stockIndex = (await list.table.getByRole('columnheader').allTextContents()).indexOf(
        'Stock quantity',
      );
      const stockCell = list.rows.nth(1).getByRole('cell').nth(stockIndex);
      expect(await stockCell.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');

      // The rows scroll inside the table's frame; the header stays on top of them.
      const header = list.columnHeader('Name');
      const before = await header.boundingBox();
      const frame = list.table.locator('xpath=..');
      await frame.evaluate((el) => el.scrollBy(0, 1200));
      await expect(list.rows.nth(1)).not.toBeInViewport();
      const after = await header.boundingBox();
      expect(after?.y).toBeCloseTo(before?.y ?? -1, 0);
      await expect(header).toBeInViewport();

      // With every column shown it scrolls sideways, and the name column stays put.
      await page.getByRole('button', { name: 'Columns' }).click();
      for (const name of ['Amazon stock', 'Release date', 'Last order date', 'Suppliers']) {
        await page.getByRole('menuitemcheckbox', { name }).click();
      }
      await page.keyboard.press('Escape');
      const firstName = list.rows.nth(50).getByRole('cell').first();
      const x0 = (await firstName.boundingBox())?.x;
      await frame.evaluate((el) => el.scrollBy(2000, 0));
      expect(await frame.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect((await firstName.boundingBox())?.x).toBeCloseTo(x0 ?? -1, 0);
      expect(await pageScrollsSideways(page)).toBe(false);
      await page.getByRole('button', { name: 'Columns' }).click();
      for (const name of ['Amazon stock', 'Release date', 'Last order date', 'Suppliers']) {
        await page.getByRole('menuitemcheckbox', { name }).click();
      }
      await page.keyboard.press('Escape');
    });
  }

  test('table: long text is cut, with the whole text on hover; a row opens on double-click and on Enter', async ({
    page,
  }) => {
    const product = await createProduct({ name: LONG_NAME, inStockQuantity: 4 });
    const list = new ProductsListPage(page);
    await list.goto(kura.url, `?q=${encodeURIComponent(product.skuCode)}`);
    const row = list.row(product.skuCode);
    await expect(row).toHaveCount(1);
    const name = row.locator('[data-clipped="true"]', { hasText: LONG_NAME });
    await expect(name).toHaveText(LONG_NAME);
    expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await name.hover();
    await expect(page.getByRole('tooltip')).toHaveText(LONG_NAME);

    // A plain cell (the SKU): the name is a link of its own.
    await row.getByRole('cell', { name: product.skuCode, exact: true }).dblclick();
    await expect(page).toHaveURL(new RegExp(`/product-edit\\?id=${product._id}$`));
    await page.goBack();
    await expect(row).toHaveCount(1);
    await row.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product-edit\\?id=${product._id}$`));
  });

  test('users table: a long email is cut with the whole text on hover and keyboard focus', async ({
    page,
  }) => {
    const email = `a.very.long.address.${Date.now()}@blocks.example`;
    const res = await kura.api('auth/register', {
      body: { fullname: 'Blocks Long Email', email, username: `blk${Date.now()}`, password: 'blocks-pass-1' },
    });
    expect(res.status).toBeLessThan(300);
    await page.goto(`${kura.url}/users?q=Blocks`);
    const table = page.getByRole('table', { name: 'Users' });
    const cell = table
      .getByRole('row')
      .filter({ hasText: 'Blocks Long Email' })
      .locator('[data-clipped="true"]', {
        hasText: email,
      });
    await expect(cell).toBeVisible();
    await cell.focus();
    await expect(page.getByRole('tooltip')).toHaveText(email);
    // The neighbour starts after the cut text ends: nothing overlaps.
    const emailBox = await cell.boundingBox();
    const next = await cell.locator('xpath=ancestor::td[1]/following-sibling::td[1]').boundingBox();
    expect((emailBox?.x ?? 0) + (emailBox?.width ?? 0)).toBeLessThanOrEqual(next?.x ?? 0);
    expect(await pageScrollsSideways(page)).toBe(false);
  });

  test('toasts: bottom-end, three at most, one of a kind, errors stay until dismissed', async ({ page }) => {
    const product = await createProduct({ name: 'Blocks toast product' });
    // Each try to add a remark fails with a different message.
    const messages = ['Something Went Wrong', 'Duplicate field', 'Invalid Quantity', 'Not correct format'];
    let call = 0;
    await page.route(`**/api/v1/products/${product._id}/remarks`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, json: { message: messages[call++ % messages.length] } })
        : route.continue(),
    );
    const list = new ProductsListPage(page);
    await list.goto(kura.url, `?q=${encodeURIComponent(product.skuCode)}`);
    await list
      .row(product.skuCode)
      .getByRole('button', { name: /remarks for/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('will not save');
    const add = dialog.getByRole('button', { name: 'Add remark' });
    for (let i = 0; i < 4; i++) {
      await add.click();
      await expect.poll(() => call).toBe(i + 1);
    }
    await expect(toasts(page)).toHaveCount(3);
    // The same message again while it is shown: still one of it.
    call = 0;
    await add.click();
    await expect.poll(() => call).toBe(1);
    await expect(toasts(page)).toHaveCount(3);

    // In the bottom-end corner, clear of the top bar.
    const box = await toasts(page).first().boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y > viewport.height / 2).toBe(true);
    expect(box && viewport && box.x + box.width > viewport.width / 2).toBe(true);

    // Errors outlive the 6-second auto-hide; dismissing one lets the waiting fourth in.
    await page.waitForTimeout(7000);
    await expect(toasts(page)).toHaveCount(3);
    // The modal dialog hides the rest of the page from assistive technology; close it first.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page
      .getByRole('dialog', { name: 'Discard changes?' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await toasts(page).first().getByRole('button', { name: 'Dismiss' }).click();
    await expect(toasts(page)).toHaveCount(3);
    await expect(toasts(page).filter({ hasText: /correct format|形式/ })).toHaveCount(1);
  });

  // One test per language: the list screens themselves are the checklist's (below).
  for (const language of ['English', '日本語'] as const) {
    test.describe(() => {
      test.use(kura.signedIn('admin', { language: language === '日本語' ? 'ja' : 'en' }));
      test(`axe finds nothing serious on the products list and the history scrolled down and across (${language})`, async ({
        page,
      }) => {
        // A low-stock, inactive row: the badge and the stock on the row tint.
        await createProduct({
          name: 'Blocks inactive low',
          inStockQuantity: 0,
          lowStockLevel: 5,
          activeStatus: false,
        });
        const list = new ProductsListPage(page);
        await list.goto(kura.url, '?limit=100&lowStock=true');
        const frame = list.table.locator('xpath=..');
        await frame.evaluate((el) => el.scrollBy(3000, 3000));
        expect(await seriousViolations(page), `${language} products scrolled`).toEqual([]);
        await page.goto(`${kura.url}/audit-log?limit=100`);
        const history = page.getByRole('table');
        await expect(history.getByRole('row').nth(1)).toBeVisible();
        await history.locator('xpath=..').evaluate((el) => el.scrollBy(3000, 3000));
        expect(await seriousViolations(page), `${language} history scrolled`).toEqual([]);
      });
    });
  }

  test('keyboard only: add a category, open a product from the list with Enter, adjust its stock', async ({
    page,
  }) => {
    const product = await createProduct({ name: 'Blocks keyboard product', inStockQuantity: 7 });
    const category = `Keyboard category ${Date.now()}`;
    await page.goto(`${kura.url}/settings/category`);
    const nameField = page.getByRole('textbox', { name: /Category name/ });
    await tabTo(page, nameField);
    await page.keyboard.type(category);
    await page.keyboard.press('Enter');
    await expect(page.getByText('new category added').first()).toBeVisible();

    const list = new ProductsListPage(page);
    await list.goto(kura.url, `?q=${encodeURIComponent(product.skuCode)}`);
    await expect(list.rows).toHaveCount(2);
    await tabTo(page, list.rows.nth(1));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/product-edit\\?id=${product._id}$`));

    await tabTo(page, page.getByRole('button', { name: 'Adjust stock' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('spinbutton')).toBeFocused();
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Counted again');
    await tabTo(page, dialog.getByRole('button', { name: 'Save adjustment' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('current-stock')).toHaveText('12');
    await expect(page.getByRole('button', { name: 'Adjust stock' })).toBeFocused();
  });
});

test.describe(() => {
  test.use(kura.signedIn('orderCreator'));

  test('an orderCreator who opens /products is told at once it is not for their role, with no actions and no request', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/products')) calls.push(r.url());
    });
    // "At once" is measured from a page that has the app loaded, as after signing in.
    await page.goto(`${kura.url}/`);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    for (const language of ['English', '日本語'] as const) {
      if (language === '日本語') await new Shell(page).chooseLanguage('日本語');
      await page.goto(`${kura.url}/products`);
      const state = page.getByTestId('forbidden');
      await expect(state).toBeVisible({ timeout: 3000 });
      await expect(state).toContainText(
        language === 'English' ? 'Not available for your role' : 'このロールでは利用できません',
      );
      await expect(
        page.getByRole('button', { name: /Export|エクスポート|Add Product|商品を追加/ }),
      ).toHaveCount(0);
      await expect(page.getByRole('searchbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Try again|再試行/ })).toHaveCount(0);
    }
    expect(calls).toEqual([]);
  });
});

test.describe(() => {
  test.use(kura.signedIn('admin'));

  test('a 4xx answer is shown at once, not retried', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/products/000000000000000000000000')) calls.push(r.url());
    });
    // "At once" is measured from a page that has the app loaded, as after signing in.
    await page.goto(`${kura.url}/`);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.goto(`${kura.url}/product-edit?id=000000000000000000000000`);
    await expect(page.getByText('This product does not exist')).toBeVisible({ timeout: 5000 });
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(1);
  });
});

/**
 * The staff checklist, on every screen of support/screens.ts in English and Japanese at
 * 1280 × 800, on one load of each: no failed API call, no raw key, field name, JSON or (in
 * Japanese) English, no message whose last line holds one character alone, axe clean, the table's default columns in view under a sticky header,
 * focus back on the opener after each dialog and drawer (Escape and the close button), final
 * actions that ask, and a form that asks before its typed text is left behind. Every screen
 * is checked and every finding reported together; the screens run in a loop inside a few
 * tests, since a page load is cheap and a test's start is not.
 */
test.describe('the staff checklist', () => {
  let fixture: Promise<Fixture> | undefined;
  // Small enough that the last of them to start does not hold the run up long.
  const GROUPS = 6;
  const groupOf = (index: number) => index % GROUPS;

  for (const language of ['en', 'ja'] as const) {
    for (let group = 0; group < GROUPS; group++) {
      const screens = SCREENS.filter((_s, i) => groupOf(i) === group);
      test(`every screen, group ${group + 1} of ${GROUPS} (${language}): ${screens.map(screenName).join(', ')}`, async ({
        browser,
      }) => {
        test.setTimeout(60_000 + screens.length * 25_000);
        fixture ??= makeFixture(kura);
        const made = await fixture;
        const findings: string[] = [];
        for (const screen of screens) {
          const context = await browser.newContext({
            viewport: { width: 1280, height: 800 },
            storageState:
              screen.as === 'signedOut'
                ? signedOutState(kura.url, language)
                : await kura.storageState(screen.as, { language }),
          });
          const page = await context.newPage();
          try {
            for (const finding of await checkScreen(page, screen, made, language))
              findings.push(`${screenName(screen)}: ${finding}`);
          } catch (error) {
            findings.push(`${screenName(screen)}: stopped: ${String(error).split('\n')[0]}`);
          } finally {
            await context.close();
          }
        }
        expect(findings).toEqual([]);
      });
    }
  }
});

function screenName(screen: Screen) {
  const path = typeof screen.path === 'string' ? screen.path : screen.path({} as Fixture).split('?')[0];
  return `${path} (${screen.as})`;
}

function signedOutState(origin: string, language: 'en' | 'ja') {
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [{ name: STORAGE_KEYS.i18nConfig, value: JSON.stringify({ selectedLang: language }) }],
      },
    ],
  };
}

/** The records' texts the screens show as typed (see textFindings). */
const DATA_TEXTS = [
  ...Object.values(DEMO_ACCOUNTS).flatMap((a) => [a.fullname, a.username]),
  ...[...expandFamilies(PRODUCT_FAMILIES)].map((item) => item.name),
  ...DEMO_MANUFACTURERS,
  ...[...DEMO_CATEGORIES, ...DEMO_SUPPLIERS, ...DEMO_SHIPPING_METHODS].map((item) => item.name),
  ...DEMO_HANDLING_FEES.map((fee) => fee.title),
  'Checklist product',
  'Checklist request',
  'Checklist memo',
  'A memo the checklist opens.',
  'Ravi Kumar',
];

/**
 * Waits until no API call has been open for two looks in a row (a screen asks for its
 * preferences and counts after its first rows): the load's answers are all in. Bounded, since
 * the new-order poller never lets the network idle for long.
 */
async function apiSettled(page: Page, inFlight: () => number) {
  let quiet = 0;
  for (let i = 0; i < 40 && quiet < 2; i++) {
    await page.waitForTimeout(125);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
}

/** A short wait: a check that does not find its element reports it and the run goes on. */
const SHORT = { timeout: 10_000 };

async function checkScreen(page: Page, screen: Screen, made: Fixture, language: 'en' | 'ja') {
  const findings: string[] = [];
  const failed: string[] = [];
  const onResponse = (r: Response) => {
    if (r.url().includes('/api/') && r.status() >= 400)
      failed.push(`${r.status()} ${r.request().method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`);
  };
  page.on('response', onResponse);
  let open = 0;
  const isApi = (r: Request) => r.url().includes('/api/');
  const started = (r: Request) => void (isApi(r) && open++);
  const ended = (r: Request) => void (isApi(r) && open--);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const path = typeof screen.path === 'string' ? screen.path : screen.path(made);
  await page.goto(`${kura.url}${path}`);
  // Loaded: its heading, no spinner, the table's first row, the late requests answered.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('progressbar')).toHaveCount(0);
  const table = screen.table
    ? main.getByRole('table', screen.table.name ? { name: screen.table.name } : {}).first()
    : undefined;
  if (table) await expect(table.getByRole('row').nth(1)).toBeVisible();
  await apiSettled(page, () => open);
  page.off('response', onResponse);
  page.off('request', started);
  page.off('requestfinished', ended);
  page.off('requestfailed', ended);
  for (const f of failed) findings.push(`failed request on load: ${f}`);

  await animationsDone(page);
  for (const f of await textFindings(page, language, DATA_TEXTS)) findings.push(f);
  for (const f of await loneCharacterFindings(page)) findings.push(f);
  for (const v of await seriousViolations(page)) findings.push(`axe ${v.id}: ${v.nodes.join(', ')}`);

  if (table && screen.table) {
    if (language === 'en') {
      const names = await headerNames(table);
      if (JSON.stringify(names) !== JSON.stringify(screen.table.columns))
        findings.push(
          `default columns ${JSON.stringify(names)}, listed ${JSON.stringify(screen.table.columns)}`,
        );
    }
    for (const f of await tableFindings(page, table)) findings.push(f);
  }

  for (const overlay of screen.overlays ?? []) {
    try {
      await overlay.before?.(page, made);
      const opener = overlay.opener(page, made);
      for (const closeWith of ['Escape', 'the close button'] as const) {
        await opener.click(SHORT);
        const shown = page.getByRole('dialog').last();
        await expect(shown).toBeVisible(SHORT);
        await animationsDone(page);
        if (closeWith === 'Escape') {
          if (!(await focusInside(shown))) findings.push(`${overlay.what}: focus not inside when it opens`);
          for (const f of await textFindings(page, language, DATA_TEXTS))
            findings.push(`${overlay.what}: ${f}`);
          for (const f of await loneCharacterFindings(page)) findings.push(`${overlay.what}: ${f}`);
          for (const v of await seriousViolations(page))
            findings.push(`${overlay.what}: axe ${v.id}: ${v.nodes.join(', ')}`);
          await page.keyboard.press('Escape');
        } else {
          await shown
            .locator('[data-dialog-close]')
            .or(shown.getByRole('button', { name: /^(Close|閉じる|Cancel|キャンセル)$/ }))
            .first()
            .click(SHORT);
        }
        await expect(page.getByRole('dialog'), `${overlay.what} closes with ${closeWith}`).toHaveCount(
          0,
          SHORT,
        );
        if (!(await opener.evaluate((el) => el === document.activeElement)))
          findings.push(`${overlay.what}: focus not back on the opener after ${closeWith}`);
      }
    } catch (error) {
      findings.push(`${overlay.what}: ${String(error).split('\n')[0]}`);
      await page.keyboard.press('Escape');
    }
  }

  for (const action of screen.finalActions ?? []) {
    try {
      await action.before?.(page, made);
      const trigger = action.trigger(page, made);
      await trigger.click(SHORT);
      const question = page.getByRole('dialog', { name: /[?？]/ });
      await expect(question, `${action.what} asks`).toBeVisible(SHORT);
      await animationsDone(page);
      const safe = await question.evaluate(
        (el) =>
          el.contains(document.activeElement) &&
          document.activeElement?.tagName === 'BUTTON' &&
          !document.activeElement.hasAttribute('data-dialog-primary'),
      );
      if (!safe) findings.push(`${action.what}: the safe answer does not have focus`);
      for (const f of await textFindings(page, language, DATA_TEXTS)) findings.push(`${action.what}: ${f}`);
      for (const f of await loneCharacterFindings(page)) findings.push(`${action.what}: ${f}`);
      await page.keyboard.press('Escape');
      await expect(question).toBeHidden(SHORT);
      if (!(await trigger.evaluate((el) => el === document.activeElement).catch(() => false)))
        findings.push(`${action.what}: focus not back on the button that asked`);
      await action.after?.(page);
    } catch (error) {
      findings.push(`${action.what}: ${String(error).split('\n')[0]}`);
      await page.keyboard.press('Escape');
    }
  }

  if (screen.form) {
    try {
      const field = screen.form(page);
      await field.fill('Checklist typing', SHORT);
      const here = page.url();
      // Leaving by a link of the page: the menu's, or the sign-in pages' own.
      const away = page
        .getByTestId('side-menu')
        .getByRole('link')
        .or(main.getByRole('link'))
        .filter({ hasNot: page.locator(`[href="${new URL(here).pathname}"]`) });
      const link = (await away.count()) > 0 ? away.last() : away.first();
      const href = await link.getAttribute('href');
      if (href && new URL(href, here).pathname === new URL(here).pathname) throw new Error('no link away');
      await link.click(SHORT);
      const ask = page.getByRole('dialog', { name: /^(Leave without saving\?|保存せずに移動しますか？)$/ });
      await expect(ask, 'leaving with typed text asks').toBeVisible(SHORT);
      await ask.getByRole('button', { name: /^(Stay and keep editing|このまま編集を続ける)$/ }).click();
      await expect(ask).toBeHidden(SHORT);
      expect(page.url()).toBe(here);
      await expect(field).toHaveValue('Checklist typing');
    } catch (error) {
      findings.push(`unsaved form: ${String(error).split('\n')[0]}`);
    }
  }
  return findings;
}
