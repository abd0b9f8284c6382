/**
 * The platform clients behind the connections: Shopify's GraphQL Admin API and Amazon's
 * Selling Partner API, at their own addresses unless the server's configuration points them
 * elsewhere (a proxy, a sandbox, a test's fake).
 */
import type { PlatformEndpoints } from '../config';
import { createAmazonSource } from './amazon/amazon-source';
import {
  REGION_TOKEN_FIELD,
  type AmazonSettings,
  type ShopifySettings,
  type SourceFactory,
} from './connections.service';
import { createShopifySource } from './shopify/shopify-source';

/** The sources of a server whose business keeps its dates in `timeZone`. */
export function platformSources(timeZone: string): SourceFactory {
  return (kind, settings, secrets, env: PlatformEndpoints, onProblem) => {
    if (kind === 'shopify') {
      const { shopDomain, clientId } = settings as ShopifySettings;
      return createShopifySource({
        shopDomain,
        ...(clientId
          ? { clientId, clientSecret: secrets.clientSecret ?? '' }
          : { accessToken: secrets.accessToken ?? '' }),
        ...(env.shopifyApiBase ? { apiBase: env.shopifyApiBase } : {}),
        timeZone,
        onProblem,
      });
    }
    const { clientId, marketplaceIds } = settings as AmazonSettings;
    return createAmazonSource({
      clientId,
      clientSecret: secrets.clientSecret ?? '',
      refreshToken: secrets.refreshToken,
      refreshTokens: Object.fromEntries(
        Object.entries(REGION_TOKEN_FIELD).flatMap(([region, field]) =>
          secrets[field] ? [[region, secrets[field]]] : [],
        ),
      ),
      marketplaceIds,
      endpoints: {
        ...(env.spapiEndpointFe ? { fe: env.spapiEndpointFe } : {}),
        ...(env.spapiEndpointEu ? { eu: env.spapiEndpointEu } : {}),
      },
      ...(env.lwaTokenUrl ? { lwaTokenUrl: env.lwaTokenUrl } : {}),
      timeZone,
      onProblem,
    });
  };
}
