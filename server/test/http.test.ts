import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages';
import { effectiveAccess } from '../src/http/access';
import { client, setupAccounts, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('HTTP surface (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  let admin: Awaited<ReturnType<typeof setupAccounts>>['admin'];
  let rendererDir: string;

  beforeAll(async () => {
    rendererDir = mkdtempSync(join(tmpdir(), 'kura-renderer-'));
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Kura</title><div id="root"></div>');
    writeFileSync(join(rendererDir, 'app.js'), 'console.log("kura")');
    server = await startTestServer({ dialect, config: { rendererDir, restrictedBrand: true } });
    api = client(server.url);
    ({ admin } = await setupAccounts(api));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(rendererDir, { recursive: true, force: true });
  });

  it('reports health and public configuration', async () => {
    const health = await api.get('/api/v1/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', version: expect.any(String), database: dialect });
    const config = await api.get('/api/v1/config');
    expect(config.body).toEqual({
      restrictedBrand: true,
      version: health.body.version,
      demo: false,
      timeZone: 'Asia/Tokyo',
    });
  });

  it('tolerates trailing and doubled slashes', async () => {
    expect((await api.get('/api/v1/users/', { token: admin.token })).status).toBe(200);
    expect((await api.get('/api/v1//users', { token: admin.token })).status).toBe(200);
    const doubled = await api.put(
      `/api/v1/users//${admin.user._id}`,
      { role: 'admin' },
      { token: admin.token },
    );
    expect(doubled.status).toBe(200);
    const trailing = await api.put(
      `/api/v1/users/${admin.user._id}/`,
      { role: 'admin' },
      { token: admin.token },
    );
    expect(trailing.status).toBe(200);
  });

  it('answers errors in one shape', async () => {
    const unknown = await api.get('/api/v1/no-such-thing', { token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'notFound', message: MESSAGES.notFound });
    const unknownPost = await api.post('/api/v1/no-such-thing', {});
    expect(unknownPost.status).toBe(404);
    expect(unknownPost.body).toEqual({ code: 'notFound', message: MESSAGES.notFound });

    const noBody = await api.post('/api/v1/auth/login');
    expect(noBody.status).toBe(400);
    expect(noBody.body).toEqual({
      code: 'required',
      message: MESSAGES.required,
      errors: [{ field: 'body', code: 'required', message: MESSAGES.required }],
    });
    // An empty JSON body is {}: here, a login without its fields.
    const emptyJson = await api.request('POST', '/api/v1/auth/login', {
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.status).toBe(400);
    expect(emptyJson.body.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'password']);
    const brokenJson = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(brokenJson.status).toBe(400);
    expect(await brokenJson.json()).toEqual({ code: 'malformedJson', message: MESSAGES.malformedJson });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await api.get('/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/{id}']),
    );
    const page = await fetch(`${server.url}/api/docs`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });

  it('sends security headers and allows only the configured origins', async () => {
    const res = await fetch(`${server.url}/api/v1/health`, { headers: { origin: 'app://kura' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('access-control-allow-origin')).toBe('app://kura');
    const other = await fetch(`${server.url}/api/v1/health`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/v1/users`, {
      method: 'OPTIONS',
      headers: {
        origin: 'app://kura',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // The desktop app edits and deletes through the same preflight.
    expect(preflight.headers.get('access-control-allow-methods')?.split(/,\s*/)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
  });

  it('serves the renderer and falls back to index.html for app routes only', async () => {
    const asset = await fetch(`${server.url}/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('kura');
    for (const path of ['/', '/auth/login', '/settings/category']) {
      const page = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
    }
    const missingAsset = await fetch(`${server.url}/missing.js`, {
      headers: { accept: 'application/javascript' },
    });
    expect(missingAsset.status).toBe(404);
    const api404 = await fetch(`${server.url}/api/v1/nothing-here`, { headers: { accept: 'text/html' } });
    expect(api404.status).toBe(404);
    expect(await api404.json()).toEqual({ code: 'notFound', message: MESSAGES.notFound });
  });

  it('declares undeclared API routes admin-only', () => {
    expect(effectiveAccess('/api/v1/anything', undefined)).toEqual(['admin']);
    expect(effectiveAccess('/api/v1/anything', 'staff')).toBe('staff');
    expect(effectiveAccess('/assets/app.js', undefined)).toBe('public');
  });

  // Last: it breaks the database on purpose.
  it('hides the details of a 500', async () => {
    await sql`drop table user_preferences`.execute(server.app.db);
    const res = await api.get('/api/v1/user-preferences/layout', { token: admin.token });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 'somethingWentWrong', message: MESSAGES.somethingWentWrong });
  });
});
