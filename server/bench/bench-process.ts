/**
 * The bench's server in a process of its own, and what /proc says of a process: every scenario
 * measures the server's own CPU time and memory, not the load generator's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORDS } from '../src/demo/seed';

/**
 * Starts server-process.ts on `database` (a SQLite path or a postgres:// URL) as the team server
 * runs (`--max-semi-space-size=4`: a young generation of at most 3 × 4 MB;
 * `--max-old-space-size=512`: see docs/architecture.md, "Memory stays bounded under load") and
 * resolves once it is listening.
 */
export async function spawnServer(database: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--max-semi-space-size=4',
      '--max-old-space-size=512',
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'server-process.ts'),
      database,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  return { url, child };
}

/** CPU seconds a process has used (this one without a pid), or undefined where there is no /proc. */
export function cpuSeconds(pid?: number): number | undefined {
  if (pid === undefined) return process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** A process's memory figures from /proc (VmHWM: peak resident, VmRSS: now), in MB. */
export function memoryMb(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  try {
    for (const line of readFileSync(`/proc/${pid}/status`, 'utf8').split('\n')) {
      const match = /^(Vm\w+):\s+(\d+) kB/.exec(line);
      if (match) out[match[1] as string] = Number(match[2]) / 1024;
    }
  } catch {
    // No /proc here: no figures.
  }
  return out;
}

/** The demo administrator's session token on the server at `url`. */
export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORDS.admin }),
  });
  return ((await res.json()) as { token: string }).token;
}
