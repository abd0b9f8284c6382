/**
 * kill -9 under load: the server as `npm run server` runs it (server/src/main.ts, on a SQLite
 * file) in a child process, a write load from several workers at once (products created, stock
 * adjusted, orders created, accepted and cancelled one by one and in bulk), SIGKILL at a random
 * moment, a restart on the same file, and then:
 *
 * - every write the server acknowledged (answered 2xx) is there: each product, each stock
 *   adjustment (by its note), each order, in the status it was last answered with, or in the one
 *   a request in flight at the kill asked for;
 * - a bulk status change in flight is all or nothing;
 * - the database keeps every promise of its schema (server/test/helpers/invariants.ts):
 *   integrity_check ok, stock = ledger, an accepted order holds stock iff its movement exists.
 *
 * Each worker owns its products and orders, so what it was answered is what must be stored.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../src/db/connect';
import { checkInvariants, type InvariantCheck } from '../helpers/invariants';
import { janOf } from '../fuzz/values';
import { Random } from '../../src/demo/random';

const ROOT = join(import.meta.dirname, '..', '..', '..');

export interface CrashOptions {
  rounds: number;
  /** Parallel writers. */
  workers?: number;
  /** The load runs this long (ms, drawn between the two) before each kill. */
  loadMs?: [number, number];
  seed?: number;
  log?: (line: string) => void;
}

export interface CrashResult {
  rounds: number;
  /** Writes answered 2xx over the whole run; each is checked after every later kill. */
  acknowledged: number;
  /** Acknowledged writes looked up, summed over the rounds' checks. */
  checked: number;
  /** Writes in flight when the server was killed (their outcome either way is allowed). */
  inFlightAtKill: number;
  /** Milliseconds from spawning the server to its listening, after each kill. */
  restartMs: number[];
  failures: string[];
  /** The last round's invariant checks. */
  checks: InvariantCheck[];
}

type Status = 'RECEIVED' | 'ACCEPTED' | 'CANCELLED';

interface OrderState {
  status: Status;
  /** A status change sent and not answered when the server died. */
  pending?: Status;
  /** The bulk change it was part of (all or nothing). */
  bulk?: number;
}

interface ServerProcess {
  child: ChildProcess;
  url: string;
  ms: number;
}

/** Starts server/src/main.ts on the file, as `npm run server` does (its Node flags, no screens). */
async function startServerProcess(file: string): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=4', '--max-old-space-size=512', '--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: file,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        KURA_RENDERER_DIR: join(tmpdir(), 'kura-no-renderer'),
        KURA_LOGIN_RATE_LIMIT: '10000',
        KURA_DEMO: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.on('exit', (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}): ${err.slice(-2000)}`)),
    );
  });
  return { child, url, ms: performance.now() - started };
}

function kill(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

class Dead extends Error {}

/** One JSON request; a dead server (connection refused or cut) throws {@link Dead}. */
async function call(url: string, method: string, path: string, token: string | null, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Dead();
  }
  let json: { data?: { _id?: string } } & Record<string, unknown>;
  try {
    json = (await res.json()) as typeof json;
  } catch {
    throw new Dead();
  }
  return { status: res.status, body: json };
}

export async function runCrashTest(options: CrashOptions): Promise<CrashResult> {
  const { rounds, workers = 6, loadMs = [300, 2500], seed = Date.now() % 2 ** 31 } = options;
  const log = options.log ?? (() => {});
  const stream = new Random(`kura-crash/${seed}`);
  const random = () => stream.next();
  const dir = mkdtempSync(join(tmpdir(), 'kura-crash-'));
  const file = join(dir, 'kura.sqlite');
  const result: CrashResult = {
    rounds: 0,
    acknowledged: 0,
    checked: 0,
    inFlightAtKill: 0,
    restartMs: [],
    failures: [],
    checks: [],
  };

  // What the server acknowledged, by worker-independent keys.
  const products = new Map<string, { name: string; worker: number }>();
  const adjustments = new Map<string, { productId: string; quantity: number }>();
  const orders = new Map<string, OrderState & { worker: number }>();
  let bulkCounter = 0;
  let unique = 0;

  let server = await startServerProcess(file);
  try {
    const registered = await call(server.url, 'POST', '/auth/register', null, {
      fullname: 'Crash Admin',
      email: 'crash@kura.example',
      username: 'crash',
      password: 'crash-pass',
    });
    const token = registered.body.accessToken as string;
    if (!token) throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);

    const worker = async (w: number, url: string, alive: () => boolean) => {
      const mine = () => [...products].filter(([, p]) => p.worker === w).map(([id]) => id);
      const myOrders = (status: Status) =>
        [...orders].filter(([, o]) => o.worker === w && o.status === status && !o.pending).map(([id]) => id);
      const choose = <T>(items: T[]) => items[Math.floor(random() * items.length)];
      while (alive()) {
        const roll = random();
        const own = mine();
        if (own.length < 2 || roll < 0.12) {
          const n = ++unique;
          const name = `Crash product ${w}-${n}`;
          const res = await call(url, 'POST', '/products', token, {
            name,
            skuCode: `CR-${w}-${n}`,
            janCode: janOf(n),
            inStockQuantity: 40 + Math.floor(random() * 60),
          });
          if (res.status === 201 && res.body.data?._id) {
            products.set(res.body.data._id, { name, worker: w });
            result.acknowledged += 1;
          }
        } else if (roll < 0.3) {
          const productId = choose(own) as string;
          const note = `crash-adjustment-${++unique}`;
          const quantity = random() < 0.7 ? 1 + Math.floor(random() * 20) : -1 - Math.floor(random() * 3);
          const res = await call(url, 'POST', `/products/${productId}/stock-adjustments`, token, {
            quantity,
            note,
          });
          if (res.status === 201) {
            adjustments.set(note, { productId, quantity });
            result.acknowledged += 1;
          }
        } else if (roll < 0.55) {
          const n = ++unique;
          const jp = random() < 0.5;
          const res = await call(url, 'POST', '/orders', token, {
            product: choose(own),
            platformCode: jp ? 'AMAZONJP' : 'SHOPIFY',
            orderId: `CR-${w}-${n}`,
            orderQuantity: 1 + Math.floor(random() * 3),
            currency: jp ? 'JPY' : 'INR',
            baseOrderPrice: 1000,
          });
          if (res.status === 201 && res.body.data?._id) {
            orders.set(res.body.data._id, { status: 'RECEIVED', worker: w });
            result.acknowledged += 1;
          }
        } else if (roll < 0.85) {
          // One order accepted or cancelled.
          const accept = roll < 0.75;
          const candidates = accept
            ? myOrders('RECEIVED')
            : [...myOrders('RECEIVED'), ...myOrders('ACCEPTED')];
          const id = choose(candidates);
          if (!id) continue;
          const state = orders.get(id) as OrderState;
          const to: Status = accept ? 'ACCEPTED' : 'CANCELLED';
          state.pending = to;
          const res = await call(url, 'PUT', `/orders/${id}`, token, { shipmentStatus: to });
          delete state.pending;
          if (res.status === 200) {
            state.status = to;
            result.acknowledged += 1;
          }
        } else {
          // Several at once: all or none.
          const accept = random() < 0.6;
          const from = myOrders(accept ? 'RECEIVED' : 'ACCEPTED');
          const ids = from.slice(0, 2 + Math.floor(random() * 3));
          if (ids.length < 2) continue;
          const to: Status = accept ? 'ACCEPTED' : 'CANCELLED';
          const bulk = ++bulkCounter;
          for (const id of ids) Object.assign(orders.get(id) as OrderState, { pending: to, bulk });
          const res = await call(url, 'PUT', '/orders/status', token, { ids, shipmentStatus: to });
          for (const id of ids) {
            const state = orders.get(id) as OrderState;
            delete state.pending;
            delete state.bulk;
            if (res.status === 200) state.status = to;
          }
          if (res.status === 200) result.acknowledged += ids.length;
        }
      }
    };

    for (let round = 1; round <= rounds; round++) {
      let alive = true;
      const url = server.url;
      const running = Array.from({ length: workers }, (_, w) =>
        worker(w, url, () => alive).catch((err: unknown) => {
          if (!(err instanceof Dead)) throw err;
        }),
      );
      const wait = loadMs[0] + random() * (loadMs[1] - loadMs[0]);
      await new Promise((resolve) => setTimeout(resolve, wait));
      await kill(server);
      alive = false;
      await Promise.all(running);
      const inFlight = [...orders.values()].filter((o) => o.pending).length;
      result.inFlightAtKill += inFlight;

      server = await startServerProcess(file);
      result.restartMs.push(server.ms);
      const failures = await verify(file);
      result.failures.push(...failures.map((f) => `round ${round}: ${f}`));
      result.rounds = round;
      log(
        `round ${round}: killed after ${Math.round(wait)} ms; ${result.acknowledged} writes acknowledged so far, ` +
          `${inFlight} status changes in flight; restarted in ${Math.round(server.ms)} ms; ` +
          `${failures.length ? `FAILED: ${failures.join('; ')}` : 'all present, checks ok'}`,
      );
      if (failures.length) break;
    }
  } finally {
    await kill(server);
    rmSync(dir, { recursive: true, force: true });
  }
  return result;

  /** Reads the file after a restart: the acknowledged writes, bulk changes, the invariants. */
  async function verify(path: string): Promise<string[]> {
    const failures: string[] = [];
    const handle = createDatabase(path);
    try {
      const db = handle.db;
      const storedProducts = new Map(
        (await db.selectFrom('products').select(['id', 'name']).execute()).map((r) => [r.id, r.name]),
      );
      for (const [id, p] of products) {
        result.checked += 1;
        if (storedProducts.get(id) !== p.name) failures.push(`product ${p.name} (acknowledged) is missing`);
      }
      const movements = new Map(
        (
          await db
            .selectFrom('stock_movements')
            .select(['note', 'product_id', 'quantity'])
            .where('reason', '=', 'ADJUSTMENT')
            .execute()
        ).map((r) => [r.note, r]),
      );
      for (const [note, a] of adjustments) {
        result.checked += 1;
        const m = movements.get(note);
        if (!m || m.product_id !== a.productId || Number(m.quantity) !== a.quantity) {
          failures.push(`stock adjustment ${note} (acknowledged) is missing`);
        }
      }
      const stored = new Map(
        (await db.selectFrom('orders').select(['id', 'shipment_status']).execute()).map((r) => [
          r.id,
          r.shipment_status as Status,
        ]),
      );
      const bulks = new Map<number, Set<string>>();
      for (const [id, o] of orders) {
        result.checked += 1;
        const status = stored.get(id);
        if (status === undefined) {
          failures.push(`order ${id} (acknowledged) is missing`);
          continue;
        }
        if (status !== o.status && status !== o.pending) {
          failures.push(
            `order ${id} is ${status}; it was answered ${o.status}${o.pending ? `, ${o.pending} was in flight` : ''}`,
          );
        }
        if (o.bulk !== undefined) {
          const outcomes = bulks.get(o.bulk) ?? new Set<string>();
          outcomes.add(status === o.pending ? 'applied' : 'not applied');
          bulks.set(o.bulk, outcomes);
        }
        // What is stored now is what the worker goes on from.
        o.status = status;
        delete o.pending;
        delete o.bulk;
      }
      for (const [bulk, outcomes] of bulks) {
        if (outcomes.size > 1) failures.push(`bulk status change ${bulk} was half applied`);
      }
      result.checks = await checkInvariants(db, { dialect: 'sqlite' });
      for (const c of result.checks) if (!c.ok) failures.push(`${c.name}: ${c.detail ?? ''}`);
    } finally {
      await handle.destroy();
    }
    return failures;
  }
}
