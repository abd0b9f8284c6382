/**
 * Amazon's orders through the Selling Partner API, as a {@link PlatformSource}: for each chosen
 * marketplace, on its region's endpoint, `getOrders` by `LastUpdatedAfter` and its `NextToken`
 * pages, and each order's `getOrderItems` (and theirs). One source page per `getOrders` page.
 *
 * The cursor holds, per marketplace, the `LastUpdatedAfter` of the current query, its
 * `NextToken` while the query has more pages, and the highest `LastUpdateDate` seen. A query
 * that ended is followed, in the next run, by one from that highest date less two minutes:
 * Amazon makes an update visible up to two minutes late, and the overlap takes such an order in
 * the next run instead of losing it (the import's upsert absorbs the repeats). A marketplace
 * whose query ended within a run is marked done until the run's last page, so a run resumed
 * from a page's cursor does not ask it again.
 *
 * Refresh tokens: an SP-API authorization is a selling account's, and an account is of one
 * region, so a seller on Amazon.co.jp (Far East) and Amazon.in (Europe) may hold one token per
 * region. Each marketplace's calls carry an access token of its region's refresh token (the
 * region's own, else the shared one); access tokens are kept per refresh token, each renewed
 * before it expires. When a region has its own token, LWA's refusal of a refresh token names
 * the marketplaces it serves, so the admin knows which one to renew; SP-API's refusal of access
 * names its marketplace whenever two are synced.
 */
import { z } from 'zod';
import type { MessageKey, MessageParams } from '#shared/messages';
import { RowProblem, type ImportLine } from '../../order-import/import-line';
import {
  PlatformError,
  decodeSourceCursor,
  encodeSourceCursor,
  type OrderProblem,
  type PlatformSource,
  type SourcePage,
} from '../platform-source';
import { LwaTokens } from './lwa';
import {
  AMAZON_MARKETPLACES,
  DEFAULT_ENDPOINTS,
  DEFAULT_LWA_TOKEN_URL,
  type AmazonMarketplace,
  type AmazonRegion,
} from './marketplaces';
import {
  isPending,
  orderItemsAnswer,
  orderLines,
  ordersAnswer,
  type AmazonOrder,
  type AmazonOrderItem,
} from './order-lines';
import { realTiming, type Timing } from './retry';
import { SpApi, type Operation } from './sp-api';

/** An order skipped and why: the sync records it among the run's errors. */

export interface AmazonSourceOptions {
  clientId: string;
  clientSecret: string;
  /** The refresh token of every region without one of its own in `refreshTokens`. */
  refreshToken?: string | undefined;
  /** A region's own refresh token (its selling account's authorization): wins over `refreshToken`. */
  refreshTokens?: Partial<Record<AmazonRegion, string>>;
  /** Marketplaces to sync: Amazon.co.jp `A1VC38T7YXB528`, Amazon.in `A21TJRUUN4KGV`. */
  marketplaceIds: readonly string[];
  endpoints?: Partial<Record<AmazonRegion, string>>;
  lwaTokenUrl?: string;
  /** The business's time zone: an order's date is its `PurchaseDate` there. */
  timeZone: string;
  onProblem?: (problem: OrderProblem) => void;
  fetch?: typeof fetch;
  sleep?: Timing['sleep'];
  now?: Timing['now'];
  random?: Timing['random'];
}

/** Amazon makes an order's update visible up to this late; `LastUpdatedAfter` must be older. */
export const UPDATE_DELAY_MS = 2 * 60_000;
/**
 * Where the first sync starts: Amazon keeps Japan's orders from 2016 on (and India's for two
 * years), so this asks for every order it has.
 */
export const FIRST_SYNC_FROM = '2016-01-01T00:00:00.000Z';
/** "Test connection" asks for one order updated in the last day. */
const TEST_WINDOW_MS = 24 * 60 * 60_000;

const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)));
const marketCursor = z.object({
  /** `LastUpdatedAfter` of the current (or last) query. */
  after: instant,
  /** The current query's next page. */
  next: z.string().min(1).optional(),
  /** The highest `LastUpdateDate` seen. */
  highest: instant.optional(),
  /** Its query ended within the current run. */
  done: z.literal(true).optional(),
});
type MarketCursor = z.infer<typeof marketCursor>;
const cursorSchema = z.object({ v: z.literal(1), markets: z.record(z.string(), marketCursor) });
type Cursor = z.infer<typeof cursorSchema>;

export const encodeCursor = (cursor: Cursor): string => encodeSourceCursor(cursor);

export const decodeCursor = (text: string | null): Cursor =>
  text === null ? { v: 1, markets: {} } : decodeSourceCursor(text, cursorSchema, 'syncCursorInvalid');

const iso = (ms: number) => new Date(ms).toISOString();

export function createAmazonSource(options: AmazonSourceOptions): PlatformSource {
  const markets = [...new Set(options.marketplaceIds)].map((id) => {
    const market = AMAZON_MARKETPLACES.get(id);
    if (!market) throw new TypeError(`Unknown Amazon marketplace ${id}`);
    return market;
  });
  if (markets.length === 0) throw new TypeError('No Amazon marketplace chosen');
  const timing: Timing = {
    now: options.now ?? realTiming.now,
    sleep: options.sleep ?? realTiming.sleep,
    random: options.random ?? realTiming.random,
  };
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const refreshTokenOf = (market: AmazonMarketplace) =>
    options.refreshTokens?.[market.region] ?? options.refreshToken;
  // Marketplaces are named in refusals unless one shared token serves them all: then the one
  // token field is the one to look at, as before regions had their own.
  const named = markets.some((m) => options.refreshTokens?.[m.region] !== undefined);
  const tokensByRefresh = new Map<string, LwaTokens>();
  const tokensOf = new Map<AmazonMarketplace, LwaTokens>();
  for (const market of markets) {
    const refreshToken = refreshTokenOf(market);
    if (!refreshToken) continue;
    let tokens = tokensByRefresh.get(refreshToken);
    if (!tokens) {
      const served = markets.filter((m) => refreshTokenOf(m) === refreshToken).map((m) => m.channel);
      tokens = new LwaTokens({
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        refreshToken,
        tokenUrl: options.lwaTokenUrl ?? DEFAULT_LWA_TOKEN_URL,
        fetch: fetchImpl,
        timing,
        ...(named ? { marketplaces: served.join(', ') } : {}),
      });
      tokensByRefresh.set(refreshToken, tokens);
    }
    tokensOf.set(market, tokens);
  }
  const api = new SpApi(fetchImpl, timing);
  const endpoint = (market: AmazonMarketplace) =>
    options.endpoints?.[market.region] ?? DEFAULT_ENDPOINTS[market.region];

  const call = async <T>(
    market: AmazonMarketplace,
    operation: Operation,
    url: URL,
    schema: z.ZodType<T>,
    signal: AbortSignal,
  ) => {
    const tokens = tokensOf.get(market);
    // The save refuses a marketplace without a token: only a connection stored otherwise gets here.
    if (!tokens) throw new PlatformError('auth', 'amazonRegionTokenMissing', { marketplace: market.channel });
    // Access refused names its marketplace whenever there are two: one token may be of an
    // account that sells in one region only.
    const answer = await api.get(
      operation,
      url,
      signal,
      tokens,
      markets.length > 1 ? market.channel : undefined,
    );
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new PlatformError('malformed', 'amazonMalformed', { operation });
    return parsed.data;
  };

  const getOrders = (market: AmazonMarketplace, query: Record<string, string>, signal: AbortSignal) => {
    const url = new URL('/orders/v0/orders', endpoint(market));
    url.searchParams.set('MarketplaceIds', market.id);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return call(market, 'getOrders', url, ordersAnswer, signal);
  };

  const getItems = async (market: AmazonMarketplace, orderId: string, signal: AbortSignal) => {
    const items: AmazonOrderItem[] = [];
    let next: string | undefined;
    do {
      const url = new URL(`/orders/v0/orders/${encodeURIComponent(orderId)}/orderItems`, endpoint(market));
      if (next) url.searchParams.set('NextToken', next);
      const { payload } = await call(market, 'getOrderItems', url, orderItemsAnswer, signal);
      items.push(...payload.OrderItems);
      next = payload.NextToken || undefined;
    } while (next);
    return items;
  };

  const problem = (orderId: string, code: MessageKey, params?: MessageParams) =>
    options.onProblem?.({ orderId, code, ...(params ? { params } : {}) });

  /** The lines of one `getOrders` page's orders, fetching their items. */
  async function linesOf(market: AmazonMarketplace, orders: AmazonOrder[], row: number, signal: AbortSignal) {
    const lines: ImportLine[] = [];
    for (const order of orders) {
      if (isPending(order)) continue;
      if (order.MarketplaceId !== undefined && order.MarketplaceId !== market.id) {
        problem(order.AmazonOrderId, 'amazonUnknownMarketplace', {
          orderId: order.AmazonOrderId,
          marketplace: order.MarketplaceId,
        });
        continue;
      }
      const items = await getItems(market, order.AmazonOrderId, signal);
      try {
        lines.push(...orderLines(order, items, market, options.timeZone, row + lines.length));
      } catch (error) {
        if (!(error instanceof RowProblem)) throw error;
        problem(order.AmazonOrderId, error.code, error.params);
      }
    }
    return lines;
  }

  return {
    kind: 'amazon',

    async *pages(cursorText, signal): AsyncGenerator<SourcePage> {
      const cursor = decodeCursor(cursorText);
      let row = 1;
      let yielded = false;
      const endOfRun = (): Cursor => ({
        v: 1,
        markets: Object.fromEntries(
          Object.entries(cursor.markets).map(([id, { done: _done, ...state }]) => [id, state]),
        ),
      });
      for (const [index, market] of markets.entries()) {
        let state: MarketCursor = cursor.markets[market.id] ?? { after: FIRST_SYNC_FROM };
        if (state.done) continue;
        let after = state.after;
        let next = state.next;
        if (next === undefined) {
          const start = state.highest ? Date.parse(state.highest) - UPDATE_DELAY_MS : Date.parse(state.after);
          after = iso(Math.min(start, timing.now() - UPDATE_DELAY_MS));
        }
        // A NextToken from the cursor may have gone stale while the run was down.
        let stored = next !== undefined;
        for (;;) {
          signal.throwIfAborted();
          let answer;
          try {
            answer = await getOrders(
              market,
              next ? { NextToken: next } : { LastUpdatedAfter: after },
              signal,
            );
          } catch (error) {
            if (!(stored && error instanceof PlatformError && error.status === 400)) throw error;
            // Refused: the query starts again from its LastUpdatedAfter. Its first pages come
            // again (the import absorbs repeats) rather than the sync failing on this cursor
            // for ever.
            stored = false;
            next = undefined;
            continue;
          }
          stored = false;
          const { payload } = answer;
          let highest = state.highest ? Date.parse(state.highest) : undefined;
          for (const order of payload.Orders) {
            const updated = Date.parse(order.LastUpdateDate);
            if (highest === undefined || updated > highest) highest = updated;
          }
          const lines = await linesOf(market, payload.Orders, row, signal);
          row += lines.length;
          next = payload.NextToken || undefined;
          state = {
            after,
            ...(next ? { next } : {}),
            ...(highest !== undefined ? { highest: iso(highest) } : {}),
            ...(next ? {} : { done: true as const }),
          };
          cursor.markets[market.id] = state;
          const more =
            next !== undefined || markets.slice(index + 1).some((m) => !cursor.markets[m.id]?.done);
          yielded = true;
          yield {
            lines,
            orders: payload.Orders.length,
            cursor: encodeCursor(more ? cursor : endOfRun()),
            more,
          };
          if (!next) break;
        }
      }
      if (!yielded) yield { lines: [], orders: 0, cursor: encodeCursor(endOfRun()), more: false };
    },

    /**
     * One token and one getOrders of one order per marketplace: that proves the credentials,
     * the seller's authorization and the Orders role the sync needs, where the Sellers API's
     * getMarketplaceParticipations would prove the first two only. Every marketplace is tried,
     * a refusal of one does not hide another's: the refusals of one kind are answered together,
     * naming each marketplace refused.
     */
    async test(signal) {
      const failures: PlatformError[] = [];
      for (const market of markets) {
        try {
          await getOrders(
            market,
            { LastUpdatedAfter: iso(timing.now() - TEST_WINDOW_MS), MaxResultsPerPage: '1' },
            signal,
          );
        } catch (error) {
          if (!(error instanceof PlatformError) || signal.aborted) throw error;
          failures.push(error);
        }
      }
      const [first] = failures;
      if (!first) return;
      const alike = failures.filter((f) => f.code === first.code);
      const names = alike.map((f) => f.params.marketplace).filter((n) => typeof n === 'string');
      if (alike.length < 2 || names.length < 2) throw first;
      throw new PlatformError(
        first.kind,
        first.code,
        { ...first.params, marketplace: names.join(', ') },
        first.status,
      );
    },
  };
}
