/**
 * Ill-formed text at the edge: a lone UTF-16 surrogate (`"\ud800"` is a valid JSON escape but
 * no Unicode text) in any text field of any route is refused with 400 naming the field, and
 * nothing is written. Without the rule PostgreSQL answered 500 for one in an order's customer (a
 * JSON column), its driver stored U+FFFD in place of one in a text column, and SQLite stored it
 * as it came.
 *
 * The routes and their text fields are read from the OpenAPI document, so a new route or field
 * is covered without editing this file: every body field the document types as text (free-form
 * objects included), every query parameter (sent as `%ED%A0%80`, the surrogate's UTF-8 bytes),
 * and every path parameter (the same bytes, which no route can take: a bad URL).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createProduct, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

const LONE = '\uD800';
/** The UTF-8 encoding scheme applied to U+D800, which UTF-8 forbids: what a URL can carry of it. */
const LONE_IN_URL = '%ED%A0%80';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Every path to a text value in a body of `schema`: `['customer', 'name']`, `['ids', '0']`. */
function textPaths(doc: OpenApi, schema: JsonSchema | undefined, at: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 10) return [];
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return textPaths(doc, doc.components?.schemas?.[name], at, depth + 1);
  }
  const found: string[][] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) found.push(at);
  for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...textPaths(doc, variant, at, depth + 1));
  }
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    found.push(...textPaths(doc, child, [...at, key], depth + 1));
  }
  // A free-form object (a preference's value): any of its values may be text.
  if (schema.additionalProperties && !schema.properties) {
    const values = schema.additionalProperties === true ? {} : schema.additionalProperties;
    found.push(
      ...textPaths(doc, Object.keys(values).length ? values : { type: 'string' }, [...at, 'key'], depth + 1),
    );
  }
  if (schema.items) found.push(...textPaths(doc, schema.items, [...at, '0'], depth + 1));
  return found;
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const inner = bodyWith(rest, value);
  return /^\d+$/.test(head) ? [inner] : { [head]: inner };
}

const queryTakesText = (schema: JsonSchema | undefined): boolean =>
  !!schema &&
  (schema.type === 'string' ||
    (Array.isArray(schema.type) && schema.type.includes('string')) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(queryTakesText));

/** A path parameter's value that its route could take, so the request reaches the text in question. */
const PATH_VALUES: Record<string, string> = { platformCode: 'SHOPIFY', date: '2026-05-01' };

/** Routes that end the caller's session. */
const SKIPPED = [/\/auth\/logout$/, /^\/api\/docs/];

interface Answer {
  status: number;
  body: { code?: string; errors?: { field: string; code: string }[] };
}

describe.each(testDialects())('ill-formed text (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let doc: OpenApi;
  let tables: string[];

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
    ({ admin } = await setupAccounts(api));
    doc = (await api.get('/api/docs/json')).body as OpenApi;
    const listed =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(
            server.app.db,
          )
        : await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(server.app.db);
    tables = listed.rows.map((r) => r.name).filter((name) => !name.startsWith('sqlite_'));
    expect(tables).toContain('audit_log');
  });
  afterAll(() => server?.close());

  /** Rows in every table, and the audit log's: a refused request changes neither. */
  const written = async () => {
    const counts = await Promise.all(
      tables.map((t) =>
        sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(server.app.db),
      ),
    );
    return counts.map((c, i) => `${tables[i]}=${String(c.rows[0]?.n)}`).join(' ');
  };

  const names = (answer: Answer, field: string, code = 'illFormedText') =>
    answer.status === 400 && !!answer.body.errors?.some((e) => e.field === field && e.code === code);

  it('refuses a lone surrogate in any text field of any route with 400 naming it, writing nothing', async () => {
    const failures: string[] = [];
    const covered = new Set<string>();
    let cases = 0;
    const before = await written();
    for (const [template, operations] of Object.entries(doc.paths)) {
      if (SKIPPED.some((p) => p.test(template))) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${template}`;
        const parameters = operation.parameters ?? [];
        const pathOf = (bad?: string) =>
          template.replace(/{(\w+)}/g, (_, name: string) =>
            name === bad ? LONE_IN_URL : (PATH_VALUES[name] ?? 'some-id'),
          );
        const check = async (label: string, answer: Answer, field: string | undefined) => {
          cases += 1;
          covered.add(route);
          const ok =
            field === undefined
              ? answer.status === 400 && answer.body.code === 'badUrl'
              : names(answer, field);
          if (!ok)
            failures.push(`${route} ${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
        };

        const schema = operation.requestBody?.content?.['application/json']?.schema;
        for (const path of textPaths(doc, schema)) {
          const field = path.join('.');
          const res = await api.request(method.toUpperCase(), pathOf(), {
            token: admin.token,
            body: bodyWith(path, `a${LONE}b`),
          });
          await check(`body ${field}`, res, field);
        }
        for (const p of parameters.filter((p) => p.in === 'query' && queryTakesText(p.schema))) {
          const res = await api.request(method.toUpperCase(), `${pathOf()}?${p.name}=a${LONE_IN_URL}b`, {
            token: admin.token,
          });
          await check(`query ${p.name}`, res, p.name);
        }
        for (const p of parameters.filter((p) => p.in === 'path')) {
          const res = await api.request(method.toUpperCase(), pathOf(p.name), { token: admin.token });
          await check(`path ${p.name}`, res, undefined);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await written()).toBe(before);
    // The document's routes with text, bodies, lists and ids alike: far more than a handful.
    expect(covered.size).toBeGreaterThan(60);
    expect(cases).toBeGreaterThan(300);
    console.info(`ill-formed text (${dialect}): ${cases} requests over ${covered.size} routes`);
  });

  it('refuses a lone surrogate in a key of a free-form object, naming the object', async () => {
    const res = await api.post(
      '/api/v1/user-preferences',
      { _id: 'edge.table', value: { [`a${LONE}`]: 1 } },
      { token: admin.token },
    );
    expect(names(res, 'value')).toBe(true);
  });

  describe("an order's customer (a JSON column)", () => {
    let product: string;
    const line = (orderId: string, customer: unknown) => ({
      product,
      platformCode: 'AMAZONIND',
      orderId,
      orderQuantity: 1,
      currency: 'INR',
      baseOrderPrice: 10,
      customer,
    });
    const as = () => ({ token: admin.token });
    const ordersNamed = async (orderId: string) =>
      (await api.get(`/api/v1/orders?orderId=${orderId}`, as())).body.totalCount as number;

    beforeAll(async () => {
      product = await createProduct(api, admin, { skuCode: 'EDGE-1', inStockQuantity: 10 });
    });

    it('refuses one in a new order, alone or among several lines, and creates nothing', async () => {
      const before = await written();
      const one = await api.post(
        '/api/v1/orders',
        line('EDGE-A', { name: `Ravi ${LONE}`, city: 'Pune' }),
        as(),
      );
      expect(one.status, JSON.stringify(one.body)).toBe(400);
      expect(one.body.errors).toEqual([
        { field: 'customer.name', code: 'illFormedText', message: expect.any(String) },
      ]);
      const several = await api.post(
        '/api/v1/orders',
        [line('EDGE-B', { name: 'Meera' }), line('EDGE-C', { city: `\uDC00Pune` })],
        as(),
      );
      expect(names(several, '1.customer.city'), JSON.stringify(several.body)).toBe(true);
      expect(await written()).toBe(before);
      expect(await ordersNamed('EDGE-A')).toBe(0);
      expect(await ordersNamed('EDGE-B')).toBe(0);
    });

    it('refuses one in an edit and keeps the saved customer; well-formed text of any plane is kept', async () => {
      const customer = { name: '山田 花子 😀', city: 'Ōsaka 𠮷野家' };
      const created = await api.post('/api/v1/orders', line('EDGE-D', customer), as());
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.data._id as string;
      const saved = (await api.get(`/api/v1/orders/${id}`, as())).body.data.customer;
      expect(saved).toMatchObject(customer);

      const before = await written();
      const edit = await api.put(`/api/v1/orders/${id}`, { customer: { ...customer, name: `\uD83D` } }, as());
      expect(edit.status, JSON.stringify(edit.body)).toBe(400);
      expect(names(edit, 'customer.name')).toBe(true);
      expect(await written()).toBe(before);
      expect((await api.get(`/api/v1/orders/${id}`, as())).body.data.customer).toEqual(saved);
    });
  });
});
