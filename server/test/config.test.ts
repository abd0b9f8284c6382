import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('has working defaults for a local install', () => {
    expect(loadConfig({})).toEqual({
      port: 4400,
      host: '127.0.0.1',
      databaseUrl: 'data/kura.sqlite',
      restrictedBrand: false,
      demo: false,
      smtpUrl: null,
      publicUrl: null,
      rendererDir: 'dist/renderer',
      corsOrigins: ['app://kura'],
      loginRateLimit: 10,
      trustProxy: false,
      logLevel: 'info',
      checkResponses: false,
      timeZone: 'Asia/Tokyo',
      secretKey: null,
      platformEndpoints: {
        shopifyApiBase: null,
        spapiEndpointFe: null,
        spapiEndpointEu: null,
        lwaTokenUrl: null,
      },
    });
  });

  it("reads the live sync's secret key and platform addresses", () => {
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ KURA_SECRET_KEY: hex }).secretKey).toEqual(Buffer.from(hex, 'hex'));
    expect(loadConfig({ KURA_SECRET_KEY: base64 }).secretKey).toEqual(Buffer.alloc(32, 9));
    const config = loadConfig({
      KURA_SHOPIFY_API_BASE: 'http://127.0.0.1:9000/',
      KURA_SPAPI_ENDPOINT_FE: 'https://sellingpartnerapi-fe.amazon.com',
      KURA_SPAPI_ENDPOINT_EU: 'https://sellingpartnerapi-eu.amazon.com',
      KURA_LWA_TOKEN_URL: 'https://api.amazon.com/auth/o2/token',
    });
    expect(config.platformEndpoints).toEqual({
      shopifyApiBase: 'http://127.0.0.1:9000',
      spapiEndpointFe: 'https://sellingpartnerapi-fe.amazon.com',
      spapiEndpointEu: 'https://sellingpartnerapi-eu.amazon.com',
      lwaTokenUrl: 'https://api.amazon.com/auth/o2/token',
    });
    // A key of the wrong size is refused without being repeated.
    const short = Buffer.alloc(16, 1).toString('base64');
    expect(() => loadConfig({ KURA_SECRET_KEY: short })).toThrow(/^Invalid KURA_SECRET_KEY=\[redacted\]: /);
    expect(() => loadConfig({ KURA_SECRET_KEY: short })).not.toThrow(short);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://kura:pw@db:5432/kura',
      KURA_BRAND: 'restricted',
      KURA_DEMO: '1',
      SMTP_URL: 'smtp://mail.example:587',
      KURA_PUBLIC_URL: 'https://kura.example/',
      KURA_RENDERER_DIR: '/srv/kura/renderer',
      KURA_CORS_ORIGINS: 'app://kura, https://kura.example',
      KURA_LOGIN_RATE_LIMIT: '5',
      KURA_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      LOG_LEVEL: 'warn',
      KURA_CHECK_RESPONSES: '1',
      KURA_TIME_ZONE: 'Asia/Kolkata',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      restrictedBrand: true,
      demo: true,
      smtpUrl: 'smtp://mail.example:587',
      publicUrl: 'https://kura.example',
      corsOrigins: ['app://kura', 'https://kura.example'],
      loginRateLimit: 5,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      logLevel: 'warn',
      checkResponses: true,
      timeZone: 'Asia/Kolkata',
    });
    expect(() => loadConfig({ KURA_TIME_ZONE: 'Mars/Olympus' })).toThrow(/KURA_TIME_ZONE/);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ KURA_TRUST_PROXY: 'true' }).trustProxy).toBe(true);

    expect(loadConfig({ KURA_BRAND: 'default', KURA_DEMO: 'yes' })).toMatchObject({
      restrictedBrand: false,
      demo: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ KURA_LOGIN_RATE_LIMIT: '0' }, 'KURA_LOGIN_RATE_LIMIT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'mail.example' }, 'SMTP_URL'],
    [{ KURA_PUBLIC_URL: 'ftp://kura.example' }, 'KURA_PUBLIC_URL'],
    [{ KURA_SECRET_KEY: 'not-a-key' }, 'KURA_SECRET_KEY'],
    [{ KURA_SHOPIFY_API_BASE: 'shopify' }, 'KURA_SHOPIFY_API_BASE'],
    [{ KURA_SPAPI_ENDPOINT_FE: 'ftp://x.example' }, 'KURA_SPAPI_ENDPOINT_FE'],
    [{ KURA_SPAPI_ENDPOINT_EU: 'eu' }, 'KURA_SPAPI_ENDPOINT_EU'],
    [{ KURA_LWA_TOKEN_URL: 'token' }, 'KURA_LWA_TOKEN_URL'],
  ])('rejects %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid ${name}=`));
  });
});
