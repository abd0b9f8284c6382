/**
 * Server configuration from the environment (README "Configuration"). Every value is checked
 * once at start; a bad one stops the server with a one-line message naming the variable.
 */
import { IANAZone } from 'luxon';
import { z } from 'zod';
import { DEFAULT_PORT } from '#shared/constants';
import { parseSecretKey } from './connections/secret-box';

export interface ServerConfig {
  port: number;
  host: string;
  /** SQLite file path (relative to the working folder), `:memory:`, or a postgres:// URL. */
  databaseUrl: string;
  restrictedBrand: boolean;
  demo: boolean;
  smtpUrl: string | null;
  /** Origin used in e-mailed links; null means the server's own listening address. */
  publicUrl: string | null;
  rendererDir: string;
  corsOrigins: string[];
  /** Attempts per minute per IP, for each of registration, login and the password-reset routes. */
  loginRateLimit: number;
  /**
   * Behind a reverse proxy or load balancer: which hops' X-Forwarded-For to believe, so the
   * rate limit and the logs see the client's address, not the proxy's (Fastify `trustProxy`).
   */
  trustProxy: boolean | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Checks every response against its schema (http/responses.ts): on in the test servers and
   * `npm run dev:server`, off in production, where it would cost more than the queries.
   */
  checkResponses: boolean;
  /**
   * The business's IANA time zone: an order's date is the calendar date there, and history
   * shows times there, whatever the time zone of the machine or of the person looking.
   */
  timeZone: string;
  /** KURA_SECRET_KEY: the connections' secret key (32 bytes); null: the key file (secret-box.ts). */
  secretKey?: Buffer | null;
  /** Where the platform clients call; null: the platforms' own addresses. */
  platformEndpoints?: PlatformEndpoints;
}

/** Overrides of the platforms' addresses (a proxy, a sandbox, a test's fake). */
export interface PlatformEndpoints {
  shopifyApiBase: string | null;
  spapiEndpointFe: string | null;
  spapiEndpointEu: string | null;
  lwaTokenUrl: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const flag = (on: string) =>
  z
    .string()
    .optional()
    .transform((v) => v === on);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : null));

const endpoint = optionalText.pipe(z.url({ protocol: /^https?$/ }).nullable());

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().trim().min(1).default('data/kura.sqlite'),
  KURA_BRAND: flag('restricted'),
  KURA_DEMO: flag('1'),
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).nullable()),
  KURA_PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).nullable()),
  KURA_RENDERER_DIR: z.string().trim().min(1).default('dist/renderer'),
  KURA_CORS_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : ['app://kura'],
    ),
  KURA_LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  KURA_TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((v): boolean | string[] => {
      if (!v || v === 'false') return false;
      if (v === 'true') return true;
      return v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
    }),
  KURA_CHECK_RESPONSES: flag('1'),
  KURA_TIME_ZONE: z
    .string()
    .trim()
    .default('Asia/Tokyo')
    .refine((zone) => IANAZone.isValidZone(zone), 'not an IANA time zone (e.g. Asia/Tokyo)'),
  KURA_SECRET_KEY: optionalText.refine(
    (v) => v === null || parseSecretKey(v) !== null,
    '32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
  ),
  KURA_SHOPIFY_API_BASE: endpoint,
  KURA_SPAPI_ENDPOINT_FE: endpoint,
  KURA_SPAPI_ENDPOINT_EU: endpoint,
  KURA_LWA_TOKEN_URL: endpoint,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Variables whose value a refusal must not repeat (it goes to the console and the logs). */
const SECRET_VARIABLES = new Set(['KURA_SECRET_KEY']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid ${name}=${SECRET_VARIABLES.has(name) ? '[redacted]' : JSON.stringify(env[name] ?? '')}: ${issue?.message ?? 'bad value'}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    restrictedBrand: e.KURA_BRAND,
    demo: e.KURA_DEMO,
    smtpUrl: e.SMTP_URL,
    publicUrl: e.KURA_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    rendererDir: e.KURA_RENDERER_DIR,
    corsOrigins: e.KURA_CORS_ORIGINS,
    loginRateLimit: e.KURA_LOGIN_RATE_LIMIT,
    trustProxy: e.KURA_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    checkResponses: e.KURA_CHECK_RESPONSES,
    timeZone: e.KURA_TIME_ZONE,
    secretKey: e.KURA_SECRET_KEY ? parseSecretKey(e.KURA_SECRET_KEY) : null,
    platformEndpoints: {
      shopifyApiBase: e.KURA_SHOPIFY_API_BASE?.replace(/\/+$/, '') ?? null,
      spapiEndpointFe: e.KURA_SPAPI_ENDPOINT_FE?.replace(/\/+$/, '') ?? null,
      spapiEndpointEu: e.KURA_SPAPI_ENDPOINT_EU?.replace(/\/+$/, '') ?? null,
      lwaTokenUrl: e.KURA_LWA_TOKEN_URL ?? null,
    },
  };
}
