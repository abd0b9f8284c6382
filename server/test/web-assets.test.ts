/**
 * The renderer's files as a browser on the LAN receives them: the precompressed copy its
 * Accept-Encoding allows, hashed files cached for a year, index.html revalidated by ETag,
 * and a missing script answered with a JSON 404 rather than the page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { startTestServer, type TestServer } from './helpers/test-server';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that leaves the body as sent (fetch would decode it and hide what came over the wire). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const SCRIPT = `export const greeting = ${JSON.stringify('こんにちは '.repeat(200))};\n`;
const INDEX = '<!doctype html><title>Kura</title><div id="root"></div>';

describe('renderer files over HTTP', () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kura-web-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX));
    writeFileSync(join(dir, 'assets', 'start-AbC123.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'start-AbC123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'start-AbC123.js.gz'), gzipSync(SCRIPT));
    // A file the build left uncompressed (too small to gain): served as it is.
    writeFileSync(join(dir, 'assets', 'tiny-Zz9.js'), 'export {};\n');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ dialect: 'sqlite', config: { rendererDir: dir } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only that', async () => {
    const url = `${server.url}/assets/start-AbC123.js`;
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);

    const gz = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);

    const uncompressed = await rawGet(`${server.url}/assets/tiny-Zz9.js`, { 'accept-encoding': 'br, gzip' });
    expect(uncompressed.status).toBe(200);
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body.toString()).toBe('export {};\n');
  });

  it('caches hashed files for a year and makes index.html and unhashed files revalidate', async () => {
    const asset = await rawGet(`${server.url}/assets/start-AbC123.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    for (const path of ['/', '/index.html', '/favicon.svg']) {
      const res = await rawGet(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.etag, path).toBeTruthy();
    }
    // Client-side routes get the same revalidated page.
    const route = await rawGet(`${server.url}/settings/category`, {
      accept: 'text/html',
      'accept-encoding': 'gzip',
    });
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(route.body).toString()).toBe(INDEX);
  });

  it('answers a revalidation of an unchanged index.html with 304 and no body', async () => {
    const first = await rawGet(`${server.url}/index.html`, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    const again = await rawGet(`${server.url}/index.html`, {
      'accept-encoding': 'br',
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const changed = await rawGet(`${server.url}/index.html`, {
      'accept-encoding': 'br',
      'if-none-match': '"other"',
    });
    expect(changed.status).toBe(200);
  });

  it('answers a missing file under /assets with a JSON 404, even to a browser asking for HTML', async () => {
    const missing = await rawGet(`${server.url}/assets/start-OldBuild.js`, { accept: 'text/html,*/*' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(missing.body.toString())).toEqual({ code: 'notFound', message: MESSAGES.notFound });
    expect(String(missing.headers['cache-control'])).not.toMatch(/immutable/);
  });
});
