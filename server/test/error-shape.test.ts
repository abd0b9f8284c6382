/**
 * Every answer under /api/ is in the API's error shape `{ code, message, params?, errors? }`
 * with a fitting 4xx status, whoever refuses the request: Node's HTTP parser (headers or an
 * address over its limit, a malformed request line), Fastify's router and body parsers, the
 * schemas, or the not-found handler. None may come from the renderer's files (a 403 or an HTML
 * page) or in Node's or Fastify's own shape. Requests go over a raw socket, byte for byte as
 * written here: an HTTP client would refuse or tidy most of them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { client, setupAccounts } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Sends `head` (request line and headers, without the blank line) and `body` as they are. */
function rawRequest(port: number, head: string, body: Buffer | string = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)]));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A server refusing a request it has not read to the end may reset the connection after
    // its answer: what arrived before the reset is the answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const end = raw.indexOf('\r\n\r\n');
      if (end === -1) {
        reject(new Error(`no answer: ${JSON.stringify(raw.slice(0, 200))}`));
        return;
      }
      const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let text = raw.slice(end + 4);
      // Keep-alive is off (Connection: close), so a chunked answer is the only other framing.
      if (headers['transfer-encoding'] === 'chunked') {
        let plain = '';
        let rest = text;
        for (;;) {
          const lineEnd = rest.indexOf('\r\n');
          const size = parseInt(rest.slice(0, lineEnd), 16);
          if (!size) break;
          plain += rest.slice(lineEnd + 2, lineEnd + 2 + size);
          rest = rest.slice(lineEnd + 2 + size + 2);
        }
        text = plain;
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text });
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('timed out')));
  });
}

interface Case {
  label: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  status: number;
  code: string;
  /** The field `errors` must name, when the refusal is about one. */
  field?: string;
  allow?: string;
}

const SHAPE_KEYS = ['code', 'message', 'params', 'errors'];

describe.each(testDialects())('the error shape everywhere under /api/ (%s)', (dialect) => {
  let server: TestServer;
  let port: number;
  let rendererDir: string;
  let token: string;

  beforeAll(async () => {
    // With the renderer's files served: their catch-all route is what an /api path fell into.
    rendererDir = mkdtempSync(join(tmpdir(), 'kura-error-shape-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Kura</title><div id="root"></div>');
    writeFileSync(join(rendererDir, 'app.js'), 'console.log("kura")');
    server = await startTestServer({ dialect, config: { rendererDir } });
    port = Number(new URL(server.url).port);
    ({
      admin: { token },
    } = await setupAccounts(client(server.url)));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  const send = ({ method = 'GET', path, headers = {}, body }: Omit<Case, 'label' | 'status' | 'code'>) => {
    const lines = [
      `${method} ${path} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Connection: close',
      `Authorization: Token ${token}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
    return rawRequest(port, lines.join('\r\n'), body);
  };

  /** Checks one answer against the case; returns what is wrong with it, if anything. */
  function problems(c: Case, answer: RawAnswer): string[] {
    const found: string[] = [];
    if (answer.status !== c.status) found.push(`status ${answer.status}, wanted ${c.status}`);
    if (!/^application\/json/.test(answer.headers['content-type'] ?? '')) {
      found.push(`content-type ${answer.headers['content-type']}`);
    }
    let body: { code?: unknown; message?: unknown; errors?: { field: string; code: string }[] };
    try {
      body = JSON.parse(answer.text) as typeof body;
    } catch {
      return [...found, `not JSON: ${answer.text.slice(0, 120)}`];
    }
    const extra = Object.keys(body).filter((key) => !SHAPE_KEYS.includes(key));
    if (extra.length > 0) found.push(`keys outside the shape: ${extra.join(', ')}`);
    if (body.code !== c.code) found.push(`code ${String(body.code)}, wanted ${c.code}`);
    if (typeof body.message !== 'string' || body.message === '') found.push('no message');
    else if (body.message !== MESSAGES[c.code as keyof typeof MESSAGES] && !body.errors) {
      found.push(`message ${body.message}`);
    }
    if (c.field !== undefined && !body.errors?.some((e) => e.field === c.field)) {
      found.push(`errors name ${JSON.stringify(body.errors?.map((e) => e.field))}, wanted ${c.field}`);
    }
    if (c.allow !== undefined && answer.headers.allow !== c.allow) {
      found.push(`allow ${answer.headers.allow}, wanted ${c.allow}`);
    }
    return found;
  }

  const json = { 'Content-Type': 'application/json' };
  const html = { Accept: 'text/html,application/xhtml+xml,*/*' };
  const CASES: Case[] = [
    // Refused by Node's HTTP parser, before Fastify.
    {
      label: 'one oversized header',
      path: '/api/v1/health',
      headers: { 'X-Big': 'a'.repeat(20_000) },
      status: 431,
      code: 'headersTooLarge',
    },
    {
      label: 'too many headers in all',
      path: '/api/v1/categories',
      headers: Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`X-Header-${i}`, 'a'.repeat(20)])),
      status: 431,
      code: 'headersTooLarge',
    },
    {
      label: 'a query string over the limit',
      path: `/api/v1/categories?name=${'a'.repeat(20_000)}`,
      status: 414,
      code: 'uriTooLong',
    },
    {
      label: 'a path over the limit',
      path: `/api/v1/products/${'a'.repeat(20_000)}`,
      status: 414,
      code: 'uriTooLong',
    },
    {
      label: 'an unknown method',
      method: 'BREW',
      path: '/api/v1/health',
      status: 400,
      code: 'invalidRequest',
    },
    {
      label: 'a malformed Content-Length',
      method: 'POST',
      path: '/api/v1/categories',
      headers: { ...json, 'Content-Length': 'twelve' },
      status: 400,
      code: 'invalidRequest',
    },

    // Long query strings under the limit reach the list codec.
    {
      label: 'a long page number',
      path: `/api/v1/categories?page=${'9'.repeat(5_000)}`,
      status: 400,
      code: 'queryRange',
      field: 'page',
    },

    // Bodies.
    {
      label: 'malformed JSON',
      method: 'POST',
      path: '/api/v1/categories',
      headers: json,
      body: '{"name":',
      status: 400,
      code: 'malformedJson',
    },
    {
      label: 'JSON that is not UTF-8',
      method: 'POST',
      path: '/api/v1/categories',
      headers: json,
      body: Buffer.from([...Buffer.from('{"name":"a'), 0xff, 0xfe, ...Buffer.from('b"}')]),
      status: 400,
      code: 'illFormedText',
      field: 'body',
    },
    {
      label: 'a JSON escape of a lone surrogate',
      method: 'POST',
      path: '/api/v1/categories',
      headers: json,
      body: '{"name":"a\\ud800b"}',
      status: 400,
      code: 'illFormedText',
      field: 'name',
    },
    {
      // JSON.parse reads any depth; saving the preference walked it recursively and overflowed.
      label: 'a preference nested 10,000 levels deep',
      method: 'POST',
      path: '/api/v1/user-preferences',
      headers: json,
      body: `{"_id":"deep","value":{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
      status: 400,
      code: 'nestedTooDeep',
      field: 'body',
    },
    {
      label: 'text/plain',
      method: 'POST',
      path: '/api/v1/categories',
      headers: { 'Content-Type': 'text/plain' },
      body: '{"name":"Tea"}',
      status: 415,
      code: 'unsupportedMediaType',
    },
    {
      label: 'XML',
      method: 'PUT',
      path: '/api/v1/categories/some-id',
      headers: { 'Content-Type': 'application/xml' },
      body: '<name>Tea</name>',
      status: 415,
      code: 'unsupportedMediaType',
    },
    {
      label: 'a form',
      method: 'POST',
      path: '/api/v1/memos',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'title=Tea',
      status: 415,
      code: 'unsupportedMediaType',
    },
    {
      label: 'a multipart form to a JSON route',
      method: 'POST',
      path: '/api/v1/memos',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nTea\r\n--x--\r\n',
      status: 415,
      code: 'unsupportedMediaType',
    },
    {
      label: 'a body without a content type',
      method: 'POST',
      path: '/api/v1/memos',
      body: '{"title":"Tea"}',
      status: 415,
      code: 'unsupportedMediaType',
    },
    {
      label: 'a body over the limit',
      method: 'POST',
      path: '/api/v1/memos',
      headers: json,
      body: JSON.stringify({ title: 'x'.repeat(2 ** 21) }),
      status: 413,
      code: 'bodyTooLarge',
    },

    // Addresses no route takes.
    { label: 'an unknown path', path: '/api/v1/no-such-thing', headers: html, status: 404, code: 'notFound' },
    { label: 'the bare prefix', path: '/api', headers: html, status: 404, code: 'notFound' },
    { label: 'another version', path: '/api/v2/users', headers: html, status: 404, code: 'notFound' },
    { label: 'too deep', path: '/api/v1/products/a/b/c', headers: html, status: 404, code: 'notFound' },
    {
      label: 'doubled slashes',
      path: '/api//v1//no-such//thing',
      headers: html,
      status: 404,
      code: 'notFound',
    },
    { label: 'dot segments', path: '/api/v1/../../etc/passwd', headers: html, status: 404, code: 'notFound' },
    {
      label: 'encoded dot segments',
      path: '/api/v1/%2e%2e/%2e%2e/index.html',
      headers: html,
      status: 404,
      code: 'notFound',
    },
    {
      label: 'unknown under the docs',
      path: '/api/docs/nothing',
      headers: html,
      status: 404,
      code: 'notFound',
    },
    {
      label: 'an unknown POST',
      method: 'POST',
      path: '/api/v1/no-such-thing',
      status: 404,
      code: 'notFound',
    },

    // Addresses a route takes with other methods.
    {
      label: 'PATCH a list',
      method: 'PATCH',
      path: '/api/v1/categories',
      status: 405,
      code: 'methodNotAllowed',
      allow: 'GET, POST, HEAD',
    },
    {
      label: 'DELETE a category',
      method: 'DELETE',
      path: '/api/v1/categories/some-id',
      status: 405,
      code: 'methodNotAllowed',
      allow: 'PUT',
    },
    {
      label: 'DELETE a product',
      method: 'DELETE',
      path: '/api/v1/products/some-id',
      status: 405,
      code: 'methodNotAllowed',
      allow: 'GET, PUT, HEAD',
    },
    {
      label: 'POST the health check',
      method: 'POST',
      path: '/api/v1/health',
      status: 405,
      code: 'methodNotAllowed',
      allow: 'GET, HEAD',
    },

    // What a path or a query may not hold.
    {
      label: '%00 in an id',
      path: '/api/v1/products/%00',
      status: 400,
      code: 'controlCharacter',
      field: 'id',
    },
    {
      label: '%00 in an id to update',
      method: 'PUT',
      path: '/api/v1/categories/a%00b',
      headers: json,
      body: '{}',
      status: 400,
      code: 'controlCharacter',
      field: 'id',
    },
    { label: 'a cut-short escape in a path', path: '/api/v1/products/%E0%A4%A', status: 400, code: 'badUrl' },
    {
      label: 'an encoded lone surrogate in a path',
      path: '/api/v1/products/%ED%A0%80',
      status: 400,
      code: 'badUrl',
    },
    { label: 'overlong UTF-8 in a path', path: '/api/v1/%c0%ae%c0%ae/', status: 400, code: 'badUrl' },
    {
      label: '%00 in a query value',
      path: '/api/v1/categories?name=a%00b',
      status: 400,
      code: 'controlCharacter',
      field: 'name',
    },
    {
      label: 'an encoded lone surrogate in a query value',
      path: '/api/v1/categories?name=%ED%A0%80',
      status: 400,
      code: 'illFormedText',
      field: 'name',
    },
    {
      label: 'an encoded lone surrogate in a query key',
      path: '/api/v1/categories?%ED%A0%80=1',
      status: 400,
      code: 'illFormedText',
      field: '%ED%A0%80',
    },
    {
      label: 'a broken escape in a query value',
      path: '/api/v1/products/search?searchString=100%zz',
      status: 400,
      code: 'badUrl',
      field: 'searchString',
    },
  ];

  it.each(CASES.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const answer = await send(c);
    expect(problems(c, answer), answer.text.slice(0, 300)).toEqual([]);
    // And the server still answers on a new connection.
    expect((await send({ path: '/api/v1/health' })).status).toBe(200);
  });

  it('refuses a very long id on every route that takes one with 400 naming it, never a 403 or 414', async () => {
    const routes = server.app.routeAccess.filter(
      (r) => r.method !== 'HEAD' && r.url.startsWith('/api/v1/') && r.url.includes('/:'),
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      for (const length of [65, 101, 300, 5_000]) {
        const path = route.url.replace(/:\w+/g, 'x'.repeat(length));
        const hasBody = route.method === 'POST' || route.method === 'PUT';
        const c: Case = {
          label: `${route.method} ${route.url} (${length})`,
          method: route.method,
          path,
          headers: { ...html, ...(hasBody ? json : {}) },
          ...(hasBody ? { body: '{}' } : {}),
          status: 400,
          code: '',
        };
        const answer = await send(c);
        let body: { code?: string; errors?: { field: string }[] } = {};
        try {
          body = JSON.parse(answer.text) as typeof body;
        } catch {
          // Reported below as a problem of the shape.
        }
        const found = problems({ ...c, code: body.code ?? '(none)' }, answer);
        if (!body.errors?.some((e) => params.includes(e.field))) {
          found.push(`errors name ${JSON.stringify(body.errors?.map((e) => e.field))}, not ${params}`);
        }
        if (found.length > 0) failures.push(`${c.label}: ${found.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers an OPTIONS that is no preflight as one, not with a plain-text error', async () => {
    const bare = await send({ method: 'OPTIONS', path: '/api/v1/no-such-thing' });
    expect(bare.status).toBe(204);
    expect(bare.text).toBe('');
    const preflight = await send({
      method: 'OPTIONS',
      path: '/api/v1/categories',
      headers: { Origin: 'app://kura', 'Access-Control-Request-Method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('app://kura');
  });

  it('still serves the renderer outside /api', async () => {
    for (const path of ['/', '/settings/category', '/products/some-id']) {
      const page = await send({ path, headers: html });
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('<div id="root">');
    }
    const asset = await send({ path: '/app.js' });
    expect(asset.status).toBe(200);
    expect(asset.text).toContain('kura');
    const missing = await send({ path: '/missing.js', headers: { Accept: 'application/javascript' } });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.text)).toEqual({ code: 'notFound', message: MESSAGES.notFound });
  });
});
