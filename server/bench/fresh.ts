/**
 * Requests as staff make them: every request of a fresh scenario carries a filter set or a
 * search text the server has not seen in this run (a new status tab, platform and date window;
 * a new order id fragment or product word), so a cache that only pays off when a request
 * repeats earns nothing here. The texts are drawn from the database's own order ids and
 * product names, the way staff type them: a fragment of an order id, the start of a word or
 * two of a product's name.
 *
 * Deterministic: one seeded generator per run (the demo data's), so two runs send the same
 * sequence.
 */
import { sql, type Kysely } from 'kysely';
import { ORDER_STATUSES, PLATFORMS } from '#shared/constants';
import type { Database } from '../src/db/database';
import { hashPassword } from '../src/auth/password';
import { Random } from '../src/demo/random';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';

/** What the fresh requests are drawn from, read once from the database at scale. */
export interface Vocabulary {
  orderIds: string[];
  /** Product names without the generator's "(lot N)" suffix, one per family. */
  productNames: string[];
  /** Customers' emails (the generated data set has few distinct names, many emails). */
  customerEmails: string[];
  /** The newest order date (the end of the data set's three years). */
  lastDate: string;
}

export async function loadVocabulary(db: Kysely<Database>): Promise<Vocabulary> {
  // A spread sample without a full sort: every order whose id hash falls in a slice.
  const orderIds = (
    await db
      .selectFrom('orders')
      .select('order_id')
      .where(sql<boolean>`substr(id, 1, 2) = 'a7'`)
      .limit(20_000)
      .execute()
  ).map((r) => r.order_id);
  const names = await db.selectFrom('products').select('name').limit(50_000).execute();
  const productNames = [...new Set(names.map((r) => r.name.replace(/\s*\(lot \d+\)$/, '')))];
  const customers = await db
    .selectFrom('orders')
    .select('customer')
    .where('customer', 'is not', null)
    .where(sql<boolean>`substr(id, 1, 2) = 'b3'`)
    .limit(5_000)
    .execute();
  const customerEmails = [
    ...new Set(customers.map((r) => (JSON.parse(r.customer as string) as { email?: string }).email ?? '')),
  ].filter((n) => n.length >= 6);
  const last = await db
    .selectFrom('orders')
    .select('order_date')
    .orderBy('order_date', 'desc')
    .limit(1)
    .execute();
  return {
    orderIds,
    productNames,
    customerEmails,
    lastDate: last[0]?.order_date ?? new Date().toISOString(),
  };
}

/** Draws texts and filter sets never drawn before in this run (a repeat is drawn again). */
export class FreshRequests {
  private readonly seen = new Set<string>();
  private readonly draw: Random;

  constructor(
    private readonly vocabulary: Vocabulary,
    seed = 20261126,
  ) {
    this.draw = new Random(`kura-bench/fresh/${seed}`);
  }

  private random(): number {
    return this.draw.next();
  }

  private pick<T>(list: readonly T[]): T {
    return this.draw.pick(list);
  }

  private int(min: number, max: number): number {
    return this.draw.int(min, max);
  }

  /** Calls `draw` until it gives something not given before. */
  private unique(draw: () => string): string {
    for (let i = 0; i < 1000; i++) {
      const value = draw();
      if (value && !this.seen.has(value)) {
        this.seen.add(value);
        return value;
      }
    }
    throw new Error('the vocabulary ran out of fresh values');
  }

  /** 4 to 8 characters from anywhere in an order id ("403-12", "8793-38", "#3513"). */
  orderIdFragment(): string {
    return this.unique(() => {
      const id = this.pick(this.vocabulary.orderIds);
      const length = Math.min(id.length, this.int(4, 8));
      const start = this.int(0, id.length - length);
      return id.slice(start, start + length);
    });
  }

  /** The start of one or two words of a product's name, 4 to 12 characters, at least 3 once trimmed ("Matcha", "Koi Mat"). */
  productWords(): string {
    return this.unique(() => {
      const words = this.pick(this.vocabulary.productNames)
        .split(/\s+/)
        .filter((w) => /\p{L}/u.test(w));
      if (words.length === 0) return 'matcha';
      const first = this.int(0, words.length - 1);
      const phrase = words.slice(first, first + this.int(1, 2)).join(' ');
      const length = Math.min(phrase.length, this.int(4, 12));
      const text = phrase.slice(0, length).trim();
      // A word is at least a trigram ("M" of a size, "no" cut from "no March" are drawn again).
      return [...text].length >= 3 ? text : '';
    });
  }

  /** The start of a customer's email, 6 characters or more ("rohan07", "aarav220@ex"). */
  customerEmail(): string {
    return this.unique(() => {
      const email = this.pick(this.vocabulary.customerEmails);
      return email.slice(0, this.int(6, email.length));
    });
  }

  /** A status tab of order management: all statuses, or one. */
  statusTab(): string | undefined {
    return this.random() < 0.3 ? undefined : this.pick(ORDER_STATUSES);
  }

  /** A date window of a week to a year, ending on a day of the data set's three years. */
  dateWindow(): { from: string; to: string } {
    const end = new Date(`${this.vocabulary.lastDate.slice(0, 10)}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() - this.int(0, 3 * 365 - 365));
    const start = new Date(end);
    start.setUTCDate(start.getUTCDate() - this.int(7, 365));
    return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
  }

  /** An order list as order management asks for it: tab, platform or all, a date window. */
  orderList(): string {
    return this.unique(() => {
      const status = this.statusTab();
      const platform = this.random() < 0.4 ? undefined : this.pick(PLATFORMS);
      const { from, to } = this.dateWindow();
      return (
        `/api/v1/orders?page=1&limit=25${status ? `&shipmentStatus=${status}` : ''}` +
        `${platform ? `&platformCode=${platform}` : ''}&orderDate[gte]=${from}&orderDate[lte]=${to}`
      );
    });
  }

  /** The status tabs' counts for a new window (and platform). */
  orderTotals(): string {
    return this.unique(() => {
      const platform = this.random() < 0.5 ? undefined : this.pick(PLATFORMS);
      const { from, to } = this.dateWindow();
      return `/api/v1/orders/total?start_date=${from}&end_date=${to}${platform ? `&platformCode=${platform}` : ''}`;
    });
  }

  /** An order search of a new text, within a status tab (or all) as order management sends it. */
  orderSearch(text: string): string {
    const status = this.statusTab();
    return `/api/v1/orders/search?searchStr=${encodeURIComponent(text)}&page=1&limit=50${status ? `&shipmentStatus=${status}` : ''}`;
  }

  /** The sales summary of a new date window (and platform). */
  salesSummary(): string {
    return this.unique(() => {
      const platform = this.random() < 0.5 ? undefined : this.pick(PLATFORMS);
      const { from, to } = this.dateWindow();
      return `/api/v1/sales/summary?from=${from}&to=${to}${platform ? `&platformCode=${platform}` : ''}`;
    });
  }
}

/**
 * A database seeded by `npm run seed` has no accounts: the bench signs in as the demo
 * administrator, so it adds that account (with the demo password) where it is missing.
 */
export async function ensureBenchAdmin(db: Kysely<Database>): Promise<boolean> {
  const account = DEMO_ACCOUNTS.admin;
  const held = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', account.email)
    .executeTakeFirst();
  if (held) return false;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      id: crypto.randomUUID(),
      fullname: account.fullname,
      email: account.email,
      username: account.username,
      role: account.role,
      password_hash: await hashPassword(DEMO_PASSWORDS.admin),
      active: 1,
      last_login_at: null,
      password_changed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return true;
}
