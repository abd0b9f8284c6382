/**
 * The Amazon marketplaces Kura sells on, as the Selling Partner API names them. Each is served by
 * its selling region's endpoint: Japan by the Far East one, India by the Europe one. A selling
 * partner authorizes an app per region, so a seller on both marketplaces may have two refresh
 * tokens: the one connection holds a refresh token per region (amazon-source.ts).
 */
import type { Currency, Platform } from '#shared/constants';
import { PLATFORM_CURRENCY } from '#shared/constants';
import type { AmazonRegionName } from '#shared/schemas/connections';

export type AmazonRegion = AmazonRegionName;

export interface AmazonMarketplace {
  id: string;
  platform: Platform;
  currency: Currency;
  region: AmazonRegion;
  /** The order's `SalesChannel`, as the All Orders report's `sales-channel` writes it too. */
  channel: string;
}

const marketplace = (id: string, platform: Platform, region: AmazonRegion, channel: string) => ({
  id,
  platform,
  currency: PLATFORM_CURRENCY[platform],
  region,
  channel,
});

export const AMAZON_JP = marketplace('A1VC38T7YXB528', 'AMAZONJP', 'fe', 'Amazon.co.jp');
export const AMAZON_IN = marketplace('A21TJRUUN4KGV', 'AMAZONIND', 'eu', 'Amazon.in');

export const AMAZON_MARKETPLACES: ReadonlyMap<string, AmazonMarketplace> = new Map(
  [AMAZON_JP, AMAZON_IN].map((m) => [m.id, m]),
);

export const DEFAULT_ENDPOINTS: Readonly<Record<AmazonRegion, string>> = {
  fe: 'https://sellingpartnerapi-fe.amazon.com',
  eu: 'https://sellingpartnerapi-eu.amazon.com',
};

/** Login with Amazon's token endpoint: the one SP-API documents for every selling region. */
export const DEFAULT_LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';
