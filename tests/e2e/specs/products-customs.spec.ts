/**
 * The customs section of the product form (HS code, country of origin, English description,
 * net weight), in English and Japanese: its messages, the searchable country list in the user's
 * language, what is saved, and the details dialog showing it.
 */
import { expect, test, type Page } from '@playwright/test';
import { withJanCheckDigit } from '#shared/domain/jan';
import { ProductFormPage, ProductsListPage } from '../support/products.pages';
import { useKuraServer } from '../support/server';

const kura = useKuraServer({ demo: true });

interface Customs {
  _id: string;
  skuCode: string;
  janCode: string;
  hsCode: string | null;
  countryOfOrigin: string | null;
  descriptionEn: string | null;
  netWeightGrams: number | null;
}

let serial = 0;
/** A JAN no demo product has (the demo data set uses 45/49 prefixes). */
const freshJan = () =>
  withJanCheckDigit(
    `21${String(Date.now() % 1e8).padStart(8, '0')}${String(serial++ % 100).padStart(2, '0')}`,
  );

async function savedProduct(sku: string): Promise<Customs> {
  const res = await kura.api(`products?skuCode=${encodeURIComponent(sku)}`, { token: await kura.token() });
  const [product] = ((await res.json()) as { data: Customs[] }).data;
  if (!product) throw new Error(`no product ${sku}`);
  return product;
}

/** The details dialog of the product, opened as a scanner would: its JAN typed into the search box. */
async function openDetails(page: Page, jan: string, title: string) {
  const list = new ProductsListPage(page);
  await list.goto(kura.url);
  await list.search.fill(jan);
  await list.search.press('Enter');
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toBeVisible();
  return details;
}

test.describe('in English', () => {
  test.use(kura.signedIn('admin'));

  test('a new product starts in Japan; wrong customs values are refused; the saved ones are shown', async ({
    page,
  }) => {
    await page.goto(`${kura.url}/products/new`);
    const form = new ProductFormPage(page);
    await expect(page.getByRole('heading', { name: 'Customs' })).toBeVisible();
    await expect(form.country).toHaveValue('Japan (JP)');
    await expect(page.getByText('left empty, the papers use the product name')).toBeVisible();

    const sku = `E2E-CUS-${Date.now()}`;
    const jan = freshJan();
    await form.fill({ name: 'E2E Gyokuro 100g', sku, jan, stock: '4' });
    await form.field('HS code').fill('0902.1');
    await form.field('Net weight (g)').fill('0');
    await form.submitCreate.click();
    await expect(form.messageOf('HS code')).toContainText('Enter an HS code of 6 to 10 digits');
    await expect(form.messageOf('Net weight (g)')).toContainText(
      'Enter the net weight in whole grams, from 1 to 1,000,000',
    );
    await expect(page).toHaveURL(/\/products\/new$/);

    await form.field('HS code').fill('0902.10');
    await form.chooseCountry('indi', 'India (IN)');
    await form.field('English description').fill('Green tea (gyokuro), 100 g bag');
    await form.field('Net weight (g)').fill('100');
    await form.submitCreate.click();
    await expect(page.getByText('Product E2E Gyokuro 100g was added').first()).toBeVisible();

    expect(await savedProduct(sku)).toMatchObject({
      hsCode: '090210',
      countryOfOrigin: 'IN',
      descriptionEn: 'Green tea (gyokuro), 100 g bag',
      netWeightGrams: 100,
    });
    const details = await openDetails(page, jan, 'Product details');
    await expect(details).toContainText('090210');
    await expect(details).toContainText('India (IN)');
    await expect(details).toContainText('Green tea (gyokuro), 100 g bag');
    await expect(details).toContainText('100 g');

    await details.getByRole('button', { name: 'Edit product' }).click();
    await expect(form.field('HS code')).toHaveValue('090210');
    await expect(form.country).toHaveValue('India (IN)');
    await expect(form.field('Net weight (g)')).toHaveValue('100');
  });
});

test.describe('in Japanese', () => {
  test.use(kura.signedIn('admin', { language: 'ja' }));

  test('in Japanese: messages and country names are Japanese, and an edit saves the customs fields', async ({
    page,
  }) => {
    const sku = `E2E-CUSJA-${Date.now()}`;
    const jan = freshJan();
    const res = await kura.api('products', {
      token: await kura.token(),
      body: { name: 'E2E 抹茶チョコ', skuCode: sku, janCode: jan, inStockQuantity: 5 },
    });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { data: Customs }).data;
    // The API assumes no country: only the new-product form starts in Japan.
    expect(created.countryOfOrigin).toBeNull();

    await page.goto(`${kura.url}/product-edit?id=${created._id}`);
    const form = new ProductFormPage(page);
    await expect(page.getByRole('heading', { name: '通関' })).toBeVisible();
    await expect(form.country).toHaveValue('');
    await form.field('HSコード').fill('12345');
    await form.field('正味重量（g）').fill('1000001');
    await page.getByRole('button', { name: '商品を更新' }).click();
    await expect(form.messageOf('HSコード')).toContainText('HSコードは6～10桁の数字で入力してください');
    await expect(form.messageOf('正味重量（g）')).toContainText('1000000以下の値を入力してください');
    await expect(page.getByText(/Enter an HS code|Must be at most/)).toHaveCount(0);

    await form.field('HSコード').fill('1806 32');
    await form.chooseCountry('中国', '中国 (CN)');
    await form.field('英語の品名').fill('Matcha chocolate');
    await form.field('正味重量（g）').fill('80');
    await page.getByRole('button', { name: '商品を更新' }).click();
    await expect(page.getByText('商品を更新しました').first()).toBeVisible();

    expect(await savedProduct(sku)).toMatchObject({
      hsCode: '180632',
      countryOfOrigin: 'CN',
      descriptionEn: 'Matcha chocolate',
      netWeightGrams: 80,
    });
    const details = await openDetails(page, jan, '商品詳細');
    await expect(details).toContainText('180632');
    await expect(details).toContainText('中国 (CN)');
    await expect(details).toContainText('80 g');
  });
});
