/**
 * What a platform connection (Shopify's Admin API, Amazon's SP-API) gives the live sync: pages of
 * order lines updated since a cursor, in the import's own line shape (import-line.ts), so live
 * orders are matched, written and cancelled by the same rules as an imported report.
 *
 * The cursor is the source's own text, opaque to the sync: the sync stores the cursor of a page
 * in the same transaction as the page's lines, and a run that dies resumes from the last stored
 * cursor. A source may answer a line again (its window overlaps the last one a little); the
 * import's upsert by platform + order id + product absorbs repeats.
 */
import type { z } from 'zod';
import { formatMessage, type MessageKey, type MessageParams } from '#shared/messages';
import type { ImportLine } from '../order-import/import-line';

export type ConnectionKind = 'shopify' | 'amazon';

export interface SourcePage {
  /**
   * The page's order lines; every line of one order is on one page (Shopify's discount share
   * and Amazon's items are per order). `row` counts lines from 1 within the run.
   */
  lines: ImportLine[];
  /** Orders the page covered, lines or not (a cancelled order, an order of gift cards only). */
  orders: number;
  /** Where the next page starts: stored with this page's lines. */
  cursor: string;
  /** False on the run's last page; its cursor is where the next run begins. */
  more: boolean;
}

/**
 * An order the source skipped (another currency, a marketplace not chosen, a bad amount): the
 * run counts it among its errors; the order comes again when it next changes.
 */
export interface OrderProblem {
  orderId: string;
  code: MessageKey;
  params?: MessageParams;
}

export interface PlatformSource {
  readonly kind: ConnectionKind;
  /**
   * The pages after `cursor` (null: the first sync, every order the platform has), one request
   * chain at a time: the next page is fetched only when the previous one was taken.
   */
  pages(cursor: string | null, signal: AbortSignal): AsyncIterable<SourcePage>;
  /** One cheap authenticated call ("Test connection"); throws a {@link PlatformError}. */
  test(signal: AbortSignal): Promise<void>;
}

/**
 * Why a platform call failed, as the sync and the Connections screen need to tell it:
 * - `auth`: 401/403, the token or app is refused; the connection stops until an admin fixes it.
 * - `throttled`, `server`, `network`: retried with backoff inside the source; thrown only when the
 *   retries are spent, and the next run tries again.
 * - `malformed`: an answer not of the documented shape; the run fails, nothing of that page stored.
 */
export type PlatformErrorKind = 'auth' | 'throttled' | 'server' | 'network' | 'malformed';

/**
 * `code` names the message the run's record and the screen show (shared/src/messages.ts, with
 * its English and Japanese texts), e.g. the refused token's "check that the app has read_orders".
 */
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    readonly code: MessageKey,
    readonly params: MessageParams = {},
    readonly status?: number,
  ) {
    super(formatMessage(code, params));
    this.name = 'PlatformError';
  }
}

/** A source's cursor as the opaque text the sync stores: base64url JSON. */
export const encodeSourceCursor = (cursor: unknown): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/**
 * A stored cursor read back and checked against its schema; one that is not (another version's,
 * a damaged row) is a `malformed` failure with `code`, never a crash deeper in the source.
 */
export function decodeSourceCursor<T>(text: string, schema: z.ZodType<T>, code: MessageKey): T {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new PlatformError('malformed', code);
  return parsed.data;
}
