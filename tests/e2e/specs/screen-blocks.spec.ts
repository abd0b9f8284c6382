/**
 * The shared screen blocks on real screens: the one dialog (focus in, trapped, Escape asks
 * before dropping typed text, focus back to the opener), the one table (fits 1280 px, sticky
 * header and first column, truncation with the whole text on hover, numbers right, rows that
 * open), the one toast host (bottom-end, three at most, no repeats, errors stay), the role
 * state, axe on every list screen in both languages, and a keyboard-only run.
 */
import { expect, test } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { focusInside, pageScrollsSideways, seriousViolations, tabTo, toasts } from '../support/blocks';
import { Shell } from '../support/pages';
import { ProductsListPage } from '../support/products.pages';
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

    await row.getByRole('cell').nth(1).dblclick();
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

  // One test per language: they are the longest of the suite, and two workers share them.
  for (const language of ['English', '日本語'] as const) {
    test.describe(() => {
      test.use(kura.signedIn('admin', { language: language === '日本語' ? 'ja' : 'en' }));
      test(`axe finds nothing serious on any list screen (${language}), scrolled and with a dialog open`, async ({
        page,
      }) => {
        test.setTimeout(150_000);
        // A low-stock, inactive row: the badge and the stock on the row tint.
        await createProduct({
          name: 'Blocks inactive low',
          inStockQuantity: 0,
          lowStockLevel: 5,
          activeStatus: false,
        });
        const screens = [
          '/products?status=inactive',
          '/users',
          '/issues',
          '/memo',
          '/settings/category',
          '/settings/Manufacturer',
          '/settings/supplier',
          '/settings/shippingMethod',
          '/settings/handling-charges',
          '/audit-log',
        ];
        for (const path of screens) {
          await page.goto(`${kura.url}${path}`);
          // The screen itself, loaded: its heading, and no spinner left (the side menu's list
          // shows long before the screen's own list or table, and the empty memo board has none).
          const main = page.getByRole('main');
          await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(main.getByRole('progressbar')).toHaveCount(0);
          expect(await seriousViolations(page), `${language} ${path}`).toEqual([]);
        }
        // The products list scrolled down and across, all columns shown, then with a dialog.
        const list = new ProductsListPage(page);
        await list.goto(kura.url, '?limit=100&lowStock=true');
        const frame = list.table.locator('xpath=..');
        await frame.evaluate((el) => el.scrollBy(3000, 3000));
        expect(await seriousViolations(page), `${language} products scrolled`).toEqual([]);
        await list.rows.nth(1).getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page), `${language} remarks dialog`).toEqual([]);
        await page.keyboard.press('Escape');
        // The history screen scrolled across, then with an entry's raw record open.
        await page.goto(`${kura.url}/audit-log?limit=100`);
        const history = page.getByRole('table');
        await expect(history.getByRole('row').nth(1)).toBeVisible();
        await history.locator('xpath=..').evaluate((el) => el.scrollBy(3000, 3000));
        expect(await seriousViolations(page), `${language} history scrolled`).toEqual([]);
        await history.getByRole('row').nth(1).getByRole('button').last().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await seriousViolations(page), `${language} raw record dialog`).toEqual([]);
        await page.keyboard.press('Escape');
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
