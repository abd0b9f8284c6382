/**
 * Page object of Settings → Connections, in either language (the texts each step looks for are
 * passed in), and the platforms' fakes a spec points a Kura server at.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import type { PlatformEndpoints } from '../../../server/src/config';
import { startAmazonFake, type AmazonFake } from '../../../server/test/fakes/amazon-fake';
import { startShopifyFake, type ShopifyFake } from '../../../server/test/fakes/shopify-fake';

export interface ConnectionTexts {
  shopDomain: string;
  accessToken: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  japan: string;
  india: string;
  /** The checkbox that gives each region its own refresh token, and those fields. */
  separateAccounts: string;
  refreshTokenFe: string;
  refreshTokenEu: string;
  save: string;
  test: string;
  syncNow: string;
  map: string;
  confirmMap: string;
  product: string;
  runsOf: (platform: string) => string;
  waitingOf: (platform: string) => string;
}

export const CONNECTIONS_EN: ConnectionTexts = {
  shopDomain: 'Shop domain',
  accessToken: 'Admin API access token',
  clientId: 'LWA client identifier',
  clientSecret: 'LWA client secret',
  refreshToken: 'Refresh token',
  japan: 'Amazon.co.jp',
  india: 'Amazon.in',
  separateAccounts: 'Japan and India are separate Amazon accounts, each authorized apart',
  refreshTokenFe: 'Refresh token for Amazon.co.jp (Far East)',
  refreshTokenEu: 'Refresh token for Amazon.in (Europe)',
  save: 'Save',
  test: 'Test connection',
  syncNow: 'Sync now',
  map: 'Map to product',
  confirmMap: 'Map and apply the lines',
  product: 'Product',
  runsOf: (platform) => `${platform} sync runs`,
  waitingOf: (platform) => `${platform} lines waiting for a product`,
};

export const CONNECTIONS_JA: ConnectionTexts = {
  shopDomain: 'ショップのドメイン',
  accessToken: 'Admin API アクセストークン',
  clientId: 'LWA クライアント ID',
  clientSecret: 'LWA クライアントシークレット',
  refreshToken: 'リフレッシュトークン',
  japan: 'Amazon.co.jp',
  india: 'Amazon.in',
  separateAccounts: '日本とインドは別々の Amazon アカウント（それぞれでアプリを承認）',
  refreshTokenFe: 'Amazon.co.jp（極東）のリフレッシュトークン',
  refreshTokenEu: 'Amazon.in（ヨーロッパ）のリフレッシュトークン',
  save: '保存',
  test: '接続をテスト',
  syncNow: '今すぐ同期',
  map: '商品に割り当て',
  confirmMap: '割り当てて明細を取り込む',
  product: '商品',
  runsOf: (platform) => `${platform} の同期履歴`,
  waitingOf: (platform) => `${platform} の商品待ちの明細`,
};

export type Platform = 'shopify' | 'amazon';
const TITLES: Record<Platform, string> = { shopify: 'Shopify', amazon: 'Amazon' };

export class ConnectionsPage {
  constructor(
    readonly page: Page,
    readonly texts: ConnectionTexts = CONNECTIONS_EN,
  ) {}

  async open(baseUrl: string) {
    await this.page.goto(`${baseUrl}/settings/connections`);
    await expect(
      this.section('shopify').getByRole('heading', { name: 'Shopify', exact: true }),
    ).toBeVisible();
  }

  section(kind: Platform): Locator {
    return this.page.getByTestId(`connection-${kind}`);
  }
  field(kind: Platform, label: string): Locator {
    // A required field's label ends with its asterisk.
    return this.section(kind).getByLabel(label);
  }
  button(kind: Platform, name: string): Locator {
    return this.section(kind).getByRole('button', { name, exact: true });
  }
  state(kind: Platform): Locator {
    return this.page.getByTestId(`connection-state-${kind}`);
  }
  lastRun(kind: Platform): Locator {
    return this.page.getByTestId(`last-run-${kind}`);
  }
  runs(kind: Platform): Locator {
    return this.page.getByRole('table', { name: this.texts.runsOf(TITLES[kind]) });
  }
  waiting(kind: Platform): Locator {
    return this.page.getByRole('table', { name: this.texts.waitingOf(TITLES[kind]) });
  }
  waitingRow(kind: Platform, sku: string): Locator {
    return this.waiting(kind).getByRole('row').filter({ hasText: sku });
  }
  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }
  toast(text: string | RegExp): Locator {
    return this.page.getByText(text).first();
  }

  async connectShopify(domain: string, token: string) {
    await this.field('shopify', this.texts.shopDomain).fill(domain);
    await this.field('shopify', this.texts.accessToken).fill(token);
    await this.button('shopify', this.texts.save).click();
  }

  async connectAmazon(credentials: { clientId: string; clientSecret: string; refreshToken: string }) {
    await this.field('amazon', this.texts.clientId).fill(credentials.clientId);
    await this.field('amazon', this.texts.clientSecret).fill(credentials.clientSecret);
    await this.field('amazon', this.texts.refreshToken).fill(credentials.refreshToken);
    await this.section('amazon').getByRole('checkbox', { name: this.texts.japan }).check();
    await this.button('amazon', this.texts.save).click();
  }

  checkbox(kind: Platform, name: string): Locator {
    return this.section(kind).getByRole('checkbox', { name, exact: true });
  }

  /**
   * Both marketplaces, as separate accounts: each region's own refresh token (an empty one is
   * left as saved).
   */
  async separateAmazonAccounts(tokens: { fe?: string; eu?: string }) {
    await this.checkbox('amazon', this.texts.japan).check();
    await this.checkbox('amazon', this.texts.india).check();
    await this.checkbox('amazon', this.texts.separateAccounts).check();
    if (tokens.fe !== undefined) await this.field('amazon', this.texts.refreshTokenFe).fill(tokens.fe);
    if (tokens.eu !== undefined) await this.field('amazon', this.texts.refreshTokenEu).fill(tokens.eu);
    await this.button('amazon', this.texts.save).click();
  }

  /** "Map to product" on the group, a product picked by its search, then the confirmation. */
  async mapTo(kind: Platform, sku: string, search: string, productName: string) {
    await this.waitingRow(kind, sku).getByRole('button').click();
    await expect(this.dialog).toBeVisible();
    const picker = this.dialog.getByRole('combobox', { name: this.texts.product });
    await picker.fill(search);
    await this.page.getByRole('option', { name: new RegExp(productName) }).click();
    await this.dialog.getByRole('button', { name: this.texts.confirmMap }).click();
  }
}

export interface Fakes {
  shop: ShopifyFake;
  amazon: AmazonFake;
  endpoints: PlatformEndpoints;
}

/**
 * Shopify's and Amazon's fakes for the spec's server (started when the server asks for their
 * addresses, closed after the file): six shop orders, twelve Amazon orders.
 */
export function usePlatformFakes(): { fakes: () => Promise<Fakes> } {
  let started: Promise<Fakes> | undefined;
  const fakes = () =>
    (started ??= (async () => {
      const [shop, amazon] = await Promise.all([
        startShopifyFake({ generated: 6 }),
        startAmazonFake({ orders: 12 }),
      ]);
      return {
        shop,
        amazon,
        endpoints: {
          shopifyApiBase: shop.url,
          // Each region's own endpoint: it refuses an access token of the other region's account.
          spapiEndpointFe: amazon.regionUrl.fe,
          spapiEndpointEu: amazon.regionUrl.eu,
          lwaTokenUrl: amazon.lwaUrl,
        },
      };
    })());
  test.afterAll(async () => {
    const running = await started?.catch(() => undefined);
    started = undefined;
    await Promise.all([running?.shop.close(), running?.amazon.close()]);
  });
  return { fakes };
}

/** The shop takes the app's access back: every call with the saved token is refused (401). */
export function revokeShopifyToken(shop: ShopifyFake) {
  Object.assign(shop, { accessToken: 'shpat_issued_after_revocation' });
}
