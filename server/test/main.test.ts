/**
 * The `npm run server` entry as a real process: configuration errors, the reset link in the
 * log when there is no SMTP, secrets kept out of the log, graceful shutdown.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, register } from './helpers/http';

const root = resolve(import.meta.dirname, '../..');
const entry = ['--import', 'tsx', 'server/src/main.ts'];

describe('server entry point', () => {
  let dir: string;
  let child: ChildProcessWithoutNullStreams;
  let output = '';
  let url = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kura-main-'));
    child = spawn(process.execPath, entry, {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        DATABASE_URL: join(dir, 'kura.sqlite'),
        KURA_RENDERER_DIR: join(dir, 'no-renderer'),
        LOG_LEVEL: 'info',
        SMTP_URL: '',
      },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
      child.stdout.on('data', () => {
        const match = /Kura is listening on (http:\/\/[^\s]+) /.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          resolveUrl(match[1]);
        }
      });
    });
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes reset links to the log and keeps passwords and tokens out of it', async () => {
    const api = client(url);
    const account = await register(api, { email: 'logged@kura.example', password: 'very-secret-pw' });
    await api.get('/api/v1/auth/me', { token: account.token });
    const forgot = await api.post('/api/v1/auth/forgot-password', { email: 'logged@kura.example' });
    expect(forgot.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    const resetLine = output.split('\n').find((line) => line.includes('resetLink'));
    expect(resetLine).toContain(`${url}/auth/reset-password?token=`);
    expect(output).not.toContain('very-secret-pw');
    expect(output).not.toContain(account.token);
    // The reset page's URL is logged with its token scrubbed when a browser loads it.
    const link = JSON.parse(resetLine ?? '{}').resetLink as string;
    await fetch(link, { headers: { accept: 'text/html' } });
    await new Promise((r) => setTimeout(r, 200));
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(output.split(token).length - 1).toBe(1);
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad configuration value with one clear line', () => {
    const result = spawnSync(process.execPath, entry, {
      cwd: root,
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^kura: Invalid PORT="eighty"/);
  });
});
