import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';
import { client } from './helpers/http';
import { startTestServer, testDialects, type TestServer } from './helpers/test-server';

describe.each(testDialects())('KURA_DEMO=1 start (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect, config: { demo: true } });
  });
  afterAll(() => server?.close());

  it('seeds the demo accounts into the empty database and says so in /config', async () => {
    const api = client(server.url);
    expect((await api.get('/api/v1/config')).body.demo).toBe(true);
    const login = await api.post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_PASSWORDS.admin,
    });
    expect(login.status).toBe(200);
    expect(login.body.data.role).toBe('admin');
    const creator = await api.post('/api/v1/auth/login', {
      email: DEMO_ACCOUNTS.orderCreator.email,
      password: DEMO_PASSWORDS.orderCreator,
    });
    expect(creator.body.data.role).toBe('orderCreator');
  });
});
