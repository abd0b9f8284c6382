import { describe, expect, it } from 'vitest';
import { connectionSchema } from './ipc';
import { isLoopbackHost, needsInsecureConsent, teamUrlSecurity } from './team-server-url';

describe('team server address: plain http only on this computer', () => {
  it.each([
    'http://localhost',
    'http://localhost:4400/',
    'http://LOCALHOST:4400',
    'HTTP://localhost',
    'Http://127.0.0.1:3000',
    'http://127.0.0.1',
    'http://127.255.255.254:80',
    'http://127.1:4400',
    'http://0x7f.0.0.1',
    'http://[::1]:4400',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]:4400',
  ])('%s is loopback', (url) => {
    expect(teamUrlSecurity(url)).toBe('loopback');
    expect(needsInsecureConsent(url)).toBe(false);
  });

  it.each([
    'http://example.com',
    'HTTP://EXAMPLE.COM/',
    'http://localhost.evil.com',
    'http://localhost.evil.com:4400',
    'http://localhost@evil.com',
    'http://127.0.0.1.evil.com',
    'http://evil.com#@127.0.0.1',
    'http://app.localhost',
    'http://128.0.0.1',
    'http://126.255.255.255',
    'http://0.0.0.0:4400',
    'http://192.168.1.10:4400',
    'http://10.0.0.1',
    'http://[::2]',
    'http://[::ffff:10.0.0.1]',
    'http://[fe80::1]',
  ])('%s needs the insecure-connection consent', (url) => {
    expect(teamUrlSecurity(url)).toBe('insecure');
    expect(needsInsecureConsent(url)).toBe(true);
  });

  it.each([
    'https://kura.example.com',
    'HTTPS://KURA.EXAMPLE.COM',
    'https://127.0.0.1:4400',
    'https://[::1]',
  ])('%s is https', (url) => {
    expect(teamUrlSecurity(url)).toBe('https');
    expect(needsInsecureConsent(url)).toBe(false);
  });

  it.each(['ftp://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', ''])(
    '%s is no team server address',
    (url) => {
      expect(teamUrlSecurity(url)).toBeNull();
    },
  );

  it('checks host names, not arbitrary strings', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('localhost.evil.com')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.com')).toBe(false);
    expect(isLoopbackHost('evil127.0.0.1')).toBe(false);
  });

  it('the IPC schema refuses an insecure address without the consent and takes it with it', () => {
    expect(connectionSchema.safeParse({ mode: 'team', url: 'http://example.com' }).success).toBe(false);
    expect(connectionSchema.safeParse({ mode: 'team', url: 'HTTP://example.com' }).success).toBe(false);
    expect(connectionSchema.safeParse({ mode: 'team', url: 'http://localhost.evil.com' }).success).toBe(
      false,
    );
    expect(
      connectionSchema.safeParse({ mode: 'team', url: 'http://example.com', insecure: false }).success,
    ).toBe(false);
    expect(
      connectionSchema.safeParse({ mode: 'team', url: 'http://example.com', insecure: true }).success,
    ).toBe(true);
    expect(connectionSchema.safeParse({ mode: 'team', url: 'http://127.0.0.1:4400' }).success).toBe(true);
    expect(connectionSchema.safeParse({ mode: 'team', url: 'https://kura.example.com' }).success).toBe(true);
  });
});
