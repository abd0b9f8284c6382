import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { DEMO_ACCOUNTS } from '../../../server/src/demo/seed';
import { MESSAGES } from '#shared/messages';
import { withJanCheckDigit } from '#shared/domain/jan';
import { ProductFormPage } from '../support/products.pages';
import { IssuesPage, NewProductRequestPage } from '../support/requests.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });
const admin = DEMO_ACCOUNTS.admin;
// Every page starts signed in as the admin; signing in is session.spec's subject.
test.use(kura.signedIn('admin'));

/** Every POST issues/ the page sends, to prove that invalid input sends nothing. */
function postedIssues(page: Page) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/api\/v1\/issues\/?$/.test(new URL(r.url()).pathname)) {
      posts.push(r.postData() ?? '');
    }
  });
  return posts;
}

const artifacts = path.resolve(import.meta.dirname, '../../artifacts');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });

const today = () => DateTime.now().setZone('Asia/Tokyo').toFormat('yyyy-MM-dd');

test('file a product request, see it unresolved, resolve it, find it under resolved', async ({ page }) => {
  const form = new NewProductRequestPage(page);
  await form.goto(kura.url);
  const posts = postedIssues(page);

  await form.submit.click();
  await expect(page.getByText(MESSAGES.enterName)).toBeVisible();
  await form.fill({
    title: 'Hinoki bath stool',
    link: 'shop.example/hinoki',
    expectedPrice: '4.5',
    quantity: '0',
  });
  await form.submit.click();
  await expect(page.getByText(MESSAGES.notCorrectFormat)).toBeVisible();
  await expect(page.getByText(MESSAGES.enterNumber)).toBeVisible();
  await expect(page.getByText(MESSAGES.invalidQuantity)).toBeVisible();
  // What was typed stays, and nothing went to the server.
  await expect(form.title).toHaveValue('Hinoki bath stool');
  expect(posts).toEqual([]);

  await form.fill({
    title: 'Hinoki bath stool',
    link: 'https://shop.example/hinoki-stool',
    expectedPrice: '¥4,800',
    quantity: '3',
    note: 'Customers in Bengaluru keep asking',
  });
  await form.submit.click();
  await expect(page.getByText('Your request for Hinoki bath stool was sent').first()).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(form.title).toHaveValue('');
  await expect(form.expectedPrice).toHaveValue('');
  await expect(form.recentItem('Hinoki bath stool')).toContainText('Unresolved');
  await shot(page, 'product-request-en');

  const issues = new IssuesPage(page);
  await issues.goto(kura.url);
  const row = issues.row('Hinoki bath stool');
  await expect(row).toContainText('¥4,800');
  await expect(row).toContainText('Customers in Bengaluru keep asking');
  await expect(row).toContainText(admin.fullname);
  await expect(row).toContainText('Unresolved');
  await expect(row.getByRole('link', { name: 'Hinoki bath stool' })).toHaveAttribute(
    'href',
    'https://shop.example/hinoki-stool',
  );

  await shot(page, 'issues-en');
  await issues.markResolved('Hinoki bath stool');
  await expect(page.getByText('The request for Hinoki bath stool is resolved').first()).toBeVisible();
  await expect(issues.row('Hinoki bath stool')).toHaveCount(0);

  await issues.showOnly('Resolved');
  await expect(page).toHaveURL(/resolved=resolved/);
  const resolved = issues.row('Hinoki bath stool');
  await expect(resolved).toContainText('Resolved');
  await expect(resolved).toContainText(`by ${admin.fullname}, ${today()}`);
  await expect(resolved.getByRole('button', { name: 'Mark as resolved' })).toHaveCount(0);

  await issues.showOnly('All');
  await expect(issues.row('Hinoki bath stool')).toBeVisible();
});

test('an admin turns a request into a product: one call creates it and resolves the request', async ({
  page,
}) => {
  const token = await kura.token();
  const created = await kura.api('issues/', {
    token,
    body: { title: 'Nambu tekki teapot 0.6 L', expectedPrice: 7200, quantity: 2 },
  });
  expect(created.status).toBe(201);
  const { data: issue } = (await created.json()) as { data: { _id: string } };

  const issues = new IssuesPage(page);
  await issues.goto(kura.url);
  await issues.createProductFrom('Nambu tekki teapot 0.6 L');
  await expect(page).toHaveURL(/\/products\/new$/);
  // react-router keeps navigation state under history.state.usr.
  expect(await page.evaluate(() => (history.state as { usr?: unknown }).usr)).toEqual({
    prefill: { name: 'Nambu tekki teapot 0.6 L', purchasePrice: 7200 },
    fromIssueId: issue._id,
  });
  const form = new ProductFormPage(page);
  await expect(form.name).toHaveValue('Nambu tekki teapot 0.6 L');

  // Every write the page sends from here on.
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  const sku = `E2E-NAMBU-${Date.now()}`;
  await form.sku.fill(sku);
  await form.jan.fill(withJanCheckDigit(`20${String(Date.now() % 1e10).padStart(10, '0')}`));
  await form.submitCreate.click();
  await expect(page.getByText('The product request was marked as resolved').first()).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  expect(writes).toEqual([`POST /api/v1/issues/${issue._id}/product`]);

  const resolved = await kura.api(`issues/?resolved=true&limit=100`, { token });
  const { data } = (await resolved.json()) as { data: { _id: string; resolvedBy: { fullname: string } }[] };
  expect(data.find((i) => i._id === issue._id)?.resolvedBy.fullname).toBe(admin.fullname);
  const products = await kura.api(`products?skuCode=${encodeURIComponent(sku)}`, { token });
  expect(((await products.json()) as { totalCount: number }).totalCount).toBe(1);
});

test.describe(() => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('the same flow in Japanese', async ({ page }) => {
    const form = new NewProductRequestPage(page);
    await form.goto(kura.url);
    await expect(page.getByRole('heading', { name: '商品のリクエスト' })).toBeVisible();
    const posts = postedIssues(page);

    await form.submit.click();
    await expect(page.getByText('名前を入力してください')).toBeVisible();
    expect(posts).toEqual([]);

    await form.fill({ title: '有田焼 湯呑み 5客セット', expectedPrice: '6500', quantity: '4' });
    await form.submit.click();
    await expect(page.getByText('有田焼 湯呑み 5客セット のリクエストを送信しました').first()).toBeVisible();
    await expect(form.recentItem('有田焼 湯呑み 5客セット')).toContainText('未解決');
    await shot(page, 'product-request-ja');

    const issues = new IssuesPage(page);
    await issues.goto(kura.url);
    await expect(issues.row('有田焼 湯呑み 5客セット')).toContainText('￥6,500');
    await issues.markResolved('有田焼 湯呑み 5客セット');
    await expect(
      page.getByText('有田焼 湯呑み 5客セット のリクエストを解決済みにしました').first(),
    ).toBeVisible();
    await issues.showOnly('Resolved');
    const row = issues.row('有田焼 湯呑み 5客セット');
    await expect(row).toContainText('解決済み');
    await expect(row).toContainText(`${admin.fullname}・${today()}`);
    await shot(page, 'issues-ja');
  });
});
