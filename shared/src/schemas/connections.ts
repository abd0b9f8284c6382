/**
 * Live sync's platform connections (admin): Shopify's Admin API and Amazon's SP-API, each pulled
 * every `intervalMinutes` into orders by the import's rules. Secrets go in and never come out:
 * an answer says only when each was set.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { idSchema, textSchema, timestampSchema } from './common';

export const CONNECTION_KINDS = ['shopify', 'amazon'] as const;
export type ConnectionKindName = (typeof CONNECTION_KINDS)[number];

/** The Amazon marketplaces Kura sells on: Amazon.co.jp and Amazon.in. */
export const AMAZON_MARKETPLACES = ['A1VC38T7YXB528', 'A21TJRUUN4KGV'] as const;
export type AmazonMarketplaceId = (typeof AMAZON_MARKETPLACES)[number];

/**
 * SP-API's selling regions of those marketplaces: Japan is served by the Far East one, India by
 * the Europe one. An authorization (a refresh token) is a selling account's, and an account is
 * of one region: the region, not the marketplace, is what a refresh token covers.
 */
export const AMAZON_REGIONS = ['fe', 'eu'] as const;
export type AmazonRegionName = (typeof AMAZON_REGIONS)[number];
export const AMAZON_MARKETPLACE_REGION: Readonly<Record<AmazonMarketplaceId, AmazonRegionName>> = {
  A1VC38T7YXB528: 'fe',
  A21TJRUUN4KGV: 'eu',
};

export const CONNECTION_STATES = ['idle', 'running', 'stopped', 'failing'] as const;
export const CONNECTION_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** Runs a list of runs answers (the newest). */
export const CONNECTION_RUNS_LISTED = 50;
/** Failed runs in a row after which a connection is `failing` and admins are told. */
export const CONNECTION_FAILING_AFTER = 3;
export const CONNECTION_INTERVAL = { min: 1, max: 1440, default: 5 } as const;

export const connectionKindParamsSchema = z.object({ kind: z.enum(CONNECTION_KINDS) });

const intervalMinutes = z
  .number()
  .int()
  .min(CONNECTION_INTERVAL.min)
  .max(CONNECTION_INTERVAL.max)
  .default(CONNECTION_INTERVAL.default);

/** A secret as typed: no blanks around it, no control characters, bounded. */
const secret = textSchema().trim().min(1).max(4096);

export const shopifyConnectionInputSchema = z.object({
  shopDomain: textSchema()
    .trim()
    .toLowerCase()
    .max(255)
    .regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, { message: MESSAGES.connectionShopDomain }),
  /** An admin-created custom app's Admin API access token… */
  accessToken: secret.optional(),
  /**
   * …or a Dev Dashboard app's client id (its secret in `clientSecret`), exchanged at the shop for
   * tokens of a day. Given, the connection uses it; left out, the access token.
   */
  clientId: textSchema().trim().max(255).optional(),
  clientSecret: secret.optional(),
  enabled: z.boolean(),
  intervalMinutes,
});
export type ShopifyConnectionInput = z.infer<typeof shopifyConnectionInputSchema>;

export const amazonConnectionInputSchema = z.object({
  clientId: textSchema().trim().min(1).max(255),
  clientSecret: secret.optional(),
  /** The refresh token of every chosen marketplace's region that has none of its own below. */
  refreshToken: secret.optional(),
  /**
   * A region's own refresh token, for a seller whose Japan and India accounts are authorized
   * apart: it wins over `refreshToken` for that region's marketplaces. Left out, the stored one
   * is kept; null forgets it (the region falls back to `refreshToken`).
   */
  refreshTokens: z
    .object({ fe: secret.nullable().optional(), eu: secret.nullable().optional() })
    .strict()
    .optional(),
  marketplaceIds: z
    .array(z.enum(AMAZON_MARKETPLACES))
    .min(1)
    .max(AMAZON_MARKETPLACES.length)
    .refine((ids) => new Set(ids).size === ids.length, { message: MESSAGES.duplicateField }),
  enabled: z.boolean(),
  intervalMinutes,
});
export type AmazonConnectionInput = z.infer<typeof amazonConnectionInputSchema>;

const counts = {
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unmatched: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
};

export const connectionRunSchema = z.object({
  runId: idSchema,
  startedAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
  status: z.enum(CONNECTION_RUN_STATUSES),
  ...counts,
  /** Why it failed (the platform's or the sync's message, in English; `messageCode` to translate). */
  message: z.string().nullable(),
  messageCode: z.string().nullable(),
});
export type ConnectionRun = z.infer<typeof connectionRunSchema>;

const common = {
  enabled: z.boolean(),
  intervalMinutes: z.number().int(),
  state: z.enum(CONNECTION_STATES),
  /** Why the connection is stopped (auth refused) or failing, when it is. */
  stateMessage: z.string().nullable(),
  stateMessageCode: z.string().nullable(),
  lastRun: connectionRunSchema.nullable(),
  consecutiveFailures: z.number().int().nonnegative(),
  unmatchedWaiting: z.number().int().nonnegative(),
  /** The admin whose name the orders and history entries of its runs carry. */
  savedBy: z.object({ _id: idSchema, fullname: z.string() }).nullable(),
  updatedAt: timestampSchema,
};

export const connectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shopify'),
    /** `clientId` when the connection uses a Dev Dashboard app (client credentials), else null. */
    settings: z.object({ shopDomain: z.string(), clientId: z.string().nullable() }),
    accessTokenSetAt: timestampSchema.optional(),
    clientSecretSetAt: timestampSchema.optional(),
    ...common,
  }),
  z.object({
    kind: z.literal('amazon'),
    settings: z.object({ clientId: z.string(), marketplaceIds: z.array(z.enum(AMAZON_MARKETPLACES)) }),
    clientSecretSetAt: timestampSchema.optional(),
    refreshTokenSetAt: timestampSchema.optional(),
    /** When each region's own refresh token was set (absent: the region uses `refreshToken`). */
    regionTokensSetAt: z
      .object({ fe: timestampSchema.optional(), eu: timestampSchema.optional() })
      .optional(),
    ...common,
  }),
]);
export type Connection = z.infer<typeof connectionSchema>;

export const connectionListSchema = z.object({ data: z.array(connectionSchema) });
export const connectionResponseSchema = z.object({ data: connectionSchema });
export const connectionRunsSchema = z.object({ data: z.array(connectionRunSchema) });
export const connectionSyncStartedSchema = z.object({ runId: idSchema });
export const connectionTestResultSchema = z.object({ ok: z.literal(true) });

/** Lines waiting for a product, grouped by what they name (SKU, else ASIN). */
export const unmatchedGroupSchema = z.object({
  sku: z.string(),
  asin: z.string(),
  /** A product name the platform gave one of the lines. */
  name: z.string(),
  lines: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
});
export const unmatchedGroupsSchema = z.object({ data: z.array(unmatchedGroupSchema) });

export const unmatchedMapInputSchema = z
  .object({
    sku: textSchema().trim().min(1).max(255).optional(),
    asin: textSchema().trim().min(1).max(64).optional(),
    productId: idSchema,
  })
  .refine((v) => (v.sku === undefined) !== (v.asin === undefined), {
    message: MESSAGES.connectionMapSkuOrAsin,
    path: ['sku'],
  });

export const unmatchedMapResultSchema = z.object({
  /** Waiting lines applied now (created, updated, or already stored). */
  applied: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
});
