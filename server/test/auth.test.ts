import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, emailNotFound, messageCodeOf } from '#shared/messages';
import { client, register, type Client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('accounts (%s)', (dialect) => {
  let server: TestServer;
  let api: Client;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
    api = client(server.url);
  });
  afterAll(() => server?.close());

  it('makes the first account admin and later ones wait without a role', async () => {
    const first = await register(api, { email: 'First@Kura.example', username: 'first' });
    expect(first.user.role).toBe('admin');
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await register(api);
    expect(second.user.role).toBeNull();
    const me = await api.get('/api/v1/auth/me', { token: second.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ _id: second.user._id, role: null, email: second.email });
  });

  it('applies the registration rules with their messages', async () => {
    const valid = {
      fullname: 'Valid Name',
      email: 'valid@kura.example',
      username: 'validname',
      password: 'secret',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...valid, fullname: 'ab' }, 'fullname', MESSAGES.minLength],
      [{ ...valid, username: 'x'.repeat(51) }, 'username', MESSAGES.maxLength],
      [{ ...valid, password: 'pw' }, 'password', MESSAGES.minLength],
      [{ ...valid, password: 'p'.repeat(51) }, 'password', MESSAGES.maxLength],
      [{ ...valid, email: 'not-an-email' }, 'email', MESSAGES.wrongEmail],
      [{ ...valid, email: '' }, 'email', MESSAGES.required],
      [{ ...valid, fullname: undefined }, 'fullname', MESSAGES.required],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post('/api/v1/auth/register', body);
      expect(res.status, `${field}: ${message}`).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.code).toBe(messageCodeOf(message)?.code);
      expect(res.body.errors).toContainEqual({ field, code: messageCodeOf(message)?.code, message });
    }
  });

  it('refuses a duplicate email or username whatever the case, naming the field', async () => {
    const taken = await register(api, { email: 'taken@kura.example', username: 'TakenName' });
    const byEmail = await api.post('/api/v1/auth/register', {
      fullname: 'Someone',
      email: 'TAKEN@kura.example',
      username: 'another',
      password: 'secret',
    });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toEqual({
      code: 'duplicateField',
      message: MESSAGES.duplicateField,
      errors: [{ field: 'email', code: 'duplicateField', message: MESSAGES.duplicateField }],
    });
    const byUsername = await api.post('/api/v1/auth/register', {
      fullname: 'Someone',
      email: 'fresh@kura.example',
      username: taken.username.toLowerCase(),
      password: 'secret',
    });
    expect(byUsername.status).toBe(409);
    expect(byUsername.body.errors).toEqual([
      { field: 'username', code: 'duplicateField', message: MESSAGES.duplicateField },
    ]);
  });

  it('logs in, validates the token and logs out for good', async () => {
    const account = await register(api, { email: 'login@kura.example', password: 'right-pass' });
    const wrong = await api.post('/api/v1/auth/login', {
      email: 'login@kura.example',
      password: 'wrong-pass',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'invalidLogin', message: MESSAGES.invalidLogin });
    const unknown = await api.post('/api/v1/auth/login', {
      email: 'nobody@kura.example',
      password: 'right-pass',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 'invalidLogin', message: MESSAGES.invalidLogin });
    const short = await api.post('/api/v1/auth/login', { email: 'login@kura.example', password: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.minLength);

    const ok = await api.post('/api/v1/auth/login', { email: 'LOGIN@kura.example', password: 'right-pass' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ _id: account.user._id, email: 'login@kura.example', role: null });
    const token = ok.body.token as string;

    const valid = await api.get('/api/v1/auth/validate-token', { token });
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ valid: true, data: { _id: account.user._id } });
    // Bearer is accepted as well as the Token scheme the clients send.
    const bearer = await api.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);

    const out = await api.post('/api/v1/auth/logout', undefined, { token });
    expect(out.status).toBe(204);
    const after = await api.get('/api/v1/auth/validate-token', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 'unauthenticated', message: MESSAGES.unauthenticated });
    // The registration session is a different session and still works.
    expect((await api.get('/api/v1/auth/me', { token: account.token })).status).toBe(200);
  });

  it('resets a forgotten password through a one-time link', async () => {
    const account = await register(api, { email: 'forgetful@kura.example', password: 'old-password' });
    const missing = await api.post('/api/v1/auth/forgot-password', { email: 'ghost@kura.example' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'emailNotFound',
      message: emailNotFound('ghost@kura.example'),
      params: { email: 'ghost@kura.example' },
    });
    const badFormat = await api.post('/api/v1/auth/forgot-password', { email: 'ghost' });
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toBe(MESSAGES.wrongEmail);

    const sent = await api.post('/api/v1/auth/forgot-password', { email: 'forgetful@kura.example' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: MESSAGES.resetLinkSent });
    const mail = server.mails.at(-1);
    expect(mail?.to.email).toBe('forgetful@kura.example');
    const link = new URL(mail?.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth/reset-password`);
    const token = link.searchParams.get('token') ?? '';

    const bad = await api.post('/api/v1/auth/reset-password', {
      token: 'x'.repeat(43),
      password: 'new-password',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'resetLinkInvalid', message: MESSAGES.resetLinkInvalid });

    const reset = await api.post('/api/v1/auth/reset-password', { token, password: 'new-password' });
    expect(reset.status).toBe(200);
    // Every session of the account ends with the reset.
    expect((await api.get('/api/v1/auth/me', { token: account.token })).status).toBe(401);
    const again = await api.post('/api/v1/auth/reset-password', { token, password: 'third-password' });
    expect(again.status).toBe(400);

    expect(
      (await api.post('/api/v1/auth/login', { email: account.email, password: 'old-password' })).status,
    ).toBe(401);
    expect(
      (await api.post('/api/v1/auth/login', { email: account.email, password: 'new-password' })).status,
    ).toBe(200);
  });
});

describe.each(testDialects())('first admin under concurrency (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(() => server?.close());

  it('makes exactly one admin when the first registrations race', async () => {
    const api = client(server.url);
    const accounts = await Promise.all(Array.from({ length: 6 }, () => register(api)));
    expect(accounts.filter((a) => a.user.role === 'admin')).toHaveLength(1);
  });
});

describe.each(testDialects())('rate limits (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { loginRateLimit: 3 } });
  });
  afterAll(() => server?.close());

  it('answers 429 with a clear message after too many login or forgot-password attempts', async () => {
    const api = client(server.url);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await api.post('/api/v1/auth/login', { email: 'a@kura.example', password: 'wrong-pass' })).status,
      ).toBe(401);
    }
    const limited = await api.post('/api/v1/auth/login', { email: 'a@kura.example', password: 'wrong-pass' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: 'tooManyRequests', message: MESSAGES.tooManyRequests });

    for (let i = 0; i < 3; i += 1) {
      expect((await api.post('/api/v1/auth/forgot-password', { email: 'a@kura.example' })).status).toBe(404);
    }
    const forgot = await api.post('/api/v1/auth/forgot-password', { email: 'a@kura.example' });
    expect(forgot.status).toBe(429);
    expect(forgot.body).toEqual({ code: 'tooManyRequests', message: MESSAGES.tooManyRequests });
  });

  it('limits registrations per address too, creating no account once limited', async () => {
    const api = client(server.url);
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.post('/api/v1/auth/register', {
          fullname: `Flood ${i}`,
          email: `flood${i}@kura.example`,
          username: `flood${i}`,
          password: 'secret-pass',
        }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(attempts.find((r) => r.status === 429)?.body).toEqual({
      code: 'tooManyRequests',
      message: MESSAGES.tooManyRequests,
    });
    const admin = attempts.find((r) => r.body?.data?.role === 'admin');
    const users = await api.get('/api/v1/users?limit=100', { token: admin?.body.accessToken });
    expect(users.body.totalCount).toBe(3);
  });
});

describe('rate limits behind a proxy', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      startTestServer({ dialect: 'sqlite', config: { loginRateLimit: 2 } }),
      // The test's loopback connection plays the proxy.
      startTestServer({ dialect: 'sqlite', config: { loginRateLimit: 2, trustProxy: ['127.0.0.1'] } }),
    ]);
  });
  afterAll(() => Promise.all([direct?.close(), proxied?.close()]));

  const attempt = (server: TestServer, clientAddress: string) =>
    client(server.url).post(
      '/api/v1/auth/login',
      { email: 'a@kura.example', password: 'wrong-pass' },
      { headers: { 'x-forwarded-for': clientAddress } },
    );

  it('counts each client behind a trusted proxy on its own', async () => {
    for (let i = 0; i < 2; i += 1) expect((await attempt(proxied, '203.0.113.7')).status).toBe(401);
    expect((await attempt(proxied, '203.0.113.7')).status).toBe(429);
    // Another shop's staff behind the same proxy still get in.
    expect((await attempt(proxied, '198.51.100.20')).status).toBe(401);
  });

  it('ignores X-Forwarded-For from an untrusted peer, so it cannot dodge the limit', async () => {
    expect((await attempt(direct, '203.0.113.1')).status).toBe(401);
    expect((await attempt(direct, '203.0.113.2')).status).toBe(401);
    expect((await attempt(direct, '203.0.113.3')).status).toBe(429);
  });
});
