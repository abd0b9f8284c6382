/**
 * Where the Shopify client's access token comes from. Two kinds of app reach a shop's Admin API:
 * - a custom app created in the shop's admin (possible until 2026): the token it shows once,
 *   which lasts until the app is uninstalled;
 * - an app of the shop's own organization made in the Dev Dashboard: its client id and secret are
 *   exchanged for a token at the shop (the OAuth client credentials grant,
 *   `POST /admin/oauth/access_token`), which expires after about a day — fetched when first
 *   needed, kept until five minutes before it expires, and fetched again once when Shopify
 *   refuses it.
 */
import { z } from 'zod';
import { PlatformError } from '../platform-source';

export interface ShopifyTokens {
  token(signal: AbortSignal): Promise<string>;
  /**
   * Shopify refused the token (401/403): forgets it and answers whether a new one may be fetched
   * (once); false means the credentials themselves are refused.
   */
  refused(): boolean;
}

/** An admin-created custom app's token, as given. */
export const fixedToken = (accessToken: string): ShopifyTokens => ({
  token: async () => accessToken,
  refused: () => false,
});

/** How long before its expiry a token is fetched again. */
export const TOKEN_MARGIN_MS = 5 * 60_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive().optional(),
});

export function clientCredentialsToken(options: {
  /** `https://{shop}.myshopify.com/admin/oauth/access_token` (or the configured base's). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  now?: () => number;
}): ShopifyTokens {
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  /** The token in use; `afterRefusal`: fetched because Shopify refused the one before. */
  let kept: { token: string; until: number; afterRefusal: boolean } | null = null;
  let refusedLast = false;

  async function fetchToken(signal: AbortSignal): Promise<string> {
    let response: Response;
    try {
      response = await doFetch(options.tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }).toString(),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      void error;
      throw new PlatformError('network', 'shopifyUnreachable');
    }
    const text = await response.text();
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new PlatformError('auth', 'shopifyClientRefused', {}, response.status);
    }
    if (response.status !== 200) {
      throw new PlatformError('server', 'shopifyServerError', { status: response.status }, response.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = tokenAnswer.safeParse(json);
    if (!parsed.success)
      throw new PlatformError('malformed', 'shopifyAnswerMalformed', { path: 'access_token' });
    // Without a stated lifetime, a day as Shopify documents, less the margin.
    const lifetime = (parsed.data.expires_in ?? 86_399) * 1000;
    kept = {
      token: parsed.data.access_token,
      until: now() + lifetime - TOKEN_MARGIN_MS,
      afterRefusal: refusedLast,
    };
    refusedLast = false;
    return kept.token;
  }

  return {
    async token(signal) {
      if (kept && now() < kept.until) return kept.token;
      return fetchToken(signal);
    },
    refused() {
      // A token fetched just now and refused all the same: the app lacks the scope or access.
      const again = !kept?.afterRefusal;
      kept = null;
      refusedLast = true;
      return again;
    },
  };
}
