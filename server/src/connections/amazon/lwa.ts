/**
 * Access tokens from Login with Amazon (LWA) for the Selling Partner API: the app's client
 * identifier and secret and the seller's refresh token buy an access token valid for
 * `expires_in` seconds (an hour), sent as `x-amz-access-token`. A token is kept until a minute
 * before it runs out, so a request never leaves with one that expires on the way.
 */
import { z } from 'zod';
import { PlatformError } from '../platform-source';
import { requestSignal, retrying, type Timing } from './retry';

/** A token is renewed this long before Amazon says it expires. */
export const TOKEN_MARGIN_MS = 60_000;

export interface LwaOptions {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  tokenUrl: string;
  fetch: typeof fetch;
  timing: Timing;
  /**
   * The marketplaces this refresh token serves, named in a refusal when the connection holds
   * more than one (a seller with a Japan and an India account): which token to renew.
   */
  marketplaces?: string;
}

export interface AccessToken {
  value: string;
  /** Fetched for this call rather than taken from the cache: a refusal then is no expiry. */
  fresh: boolean;
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

const errorAnswer = z.object({ error: z.string(), error_description: z.string().optional() });

export class LwaTokens {
  #token: { value: string; renewAt: number } | undefined;
  #pending: Promise<string> | undefined;

  constructor(private readonly options: LwaOptions) {}

  async get(signal: AbortSignal): Promise<AccessToken> {
    const cached = this.#token;
    if (cached && this.options.timing.now() < cached.renewAt) return { value: cached.value, fresh: false };
    // Requests made while a token is on its way wait for the same one.
    this.#pending ??= this.#fetch(signal).finally(() => {
      this.#pending = undefined;
    });
    return { value: await this.#pending, fresh: true };
  }

  /** Forgets `value` (Amazon refused it), unless a newer token has replaced it already. */
  invalidate(value: string): void {
    if (this.#token?.value === value) this.#token = undefined;
  }

  async #fetch(signal: AbortSignal): Promise<string> {
    const { clientId, clientSecret, refreshToken, tokenUrl, fetch, timing } = this.options;
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    });
    // Counted from before asking: the token's hour began no earlier.
    const asked = timing.now();
    const response = await retrying(
      () =>
        fetch(tokenUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
            accept: 'application/json',
          },
          body,
          signal: requestSignal(signal),
        }),
      { timing, signal },
    );
    const json = await readJson(response, signal);
    if (!response.ok) {
      const refused = errorAnswer.safeParse(json);
      if (!refused.success || response.status >= 500) {
        throw new PlatformError('malformed', 'amazonMalformed', { operation: 'token' }, response.status);
      }
      // invalid_grant: the refresh token is wrong, revoked or of another app; anything else
      // (invalid_client, unauthorized_client, invalid_request) names the app's own credentials.
      if (refused.data.error !== 'invalid_grant')
        throw new PlatformError('auth', 'amazonClientRefused', {}, response.status);
      const { marketplaces } = this.options;
      throw marketplaces
        ? new PlatformError(
            'auth',
            'amazonRegionRefreshTokenRefused',
            { marketplace: marketplaces },
            response.status,
          )
        : new PlatformError('auth', 'amazonRefreshTokenRefused', {}, response.status);
    }
    const token = tokenAnswer.safeParse(json);
    if (!token.success) throw new PlatformError('malformed', 'amazonMalformed', { operation: 'token' });
    this.#token = {
      value: token.data.access_token,
      renewAt: asked + token.data.expires_in * 1000 - TOKEN_MARGIN_MS,
    };
    return token.data.access_token;
  }
}

/** An answer's JSON body, or undefined when it is not JSON; a body cut off is a network failure. */
export async function readJson(response: Response, signal: AbortSignal): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    if (signal.aborted) throw signal.reason;
    throw new PlatformError('network', 'amazonUnreachable', {}, response.status);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
