import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { allowListSchema, judge, parseReport } from '../scripts/electronegativity-report';

// As electronegativity 1.10 writes it: a header with spaces, quoted fields, quotes doubled.
const REPORT = `issue, severity, confidence, filename, location, sample, description, url
CSP_GLOBAL_CHECK,"LOW","TENTATIVE","main/app-protocol.ts","30:34",N/A,"Failed to parse CSP, it may not be valid.",https://github.com/doyensec/electronegativity/wiki/CSP_GLOBAL_CHECK
SANDBOX_JS_CHECK,"MEDIUM","FIRM","main/main.ts","35:19","const window = new BrowserWindow({","Use sandbox for untrusted origins",https://github.com/doyensec/electronegativity/wiki/SANDBOX_JS_CHECK
NODE_INTEGRATION_JS_CHECK,"HIGH","FIRM","main/extra-window.ts","12:3","webPreferences: { nodeIntegration: true, title: ""a, b"" }","Disable nodeIntegration for untrusted origins",https://github.com/doyensec/electronegativity/wiki/NODE_INTEGRATION_JS_CHECK
`;

const allowSandbox = allowListSchema.parse([
  {
    check: 'SANDBOX_JS_CHECK',
    file: 'main/main.ts',
    reason: 'sandbox: true comes from webPreferences() in security.ts',
  },
]);

describe('electronegativity report', () => {
  it('reads every finding with its fields, commas and quotes inside fields included', () => {
    const findings = parseReport(REPORT);
    expect(findings.map((f) => [f.check, f.severity, f.file])).toEqual([
      ['CSP_GLOBAL_CHECK', 'LOW', 'main/app-protocol.ts'],
      ['SANDBOX_JS_CHECK', 'MEDIUM', 'main/main.ts'],
      ['NODE_INTEGRATION_JS_CHECK', 'HIGH', 'main/extra-window.ts'],
    ]);
    expect(findings[2]!.sample).toBe('webPreferences: { nodeIntegration: true, title: "a, b" }');
  });

  it('fails on an unexplained HIGH finding and passes what the allow-list explains', () => {
    const { unexplained, explained, stale } = judge(parseReport(REPORT), allowSandbox);
    expect(unexplained.map((f) => f.check)).toEqual(['NODE_INTEGRATION_JS_CHECK']);
    expect(explained.map((f) => f.check)).toEqual(['SANDBOX_JS_CHECK']);
    expect(stale).toEqual([]);
  });

  it('explains a finding only for the file its entry names', () => {
    const elsewhere = allowListSchema.parse([{ ...allowSandbox[0], file: 'main/other.ts' }]);
    const { unexplained, stale } = judge(parseReport(REPORT), elsewhere);
    expect(unexplained.map((f) => f.check)).toEqual(['SANDBOX_JS_CHECK', 'NODE_INTEGRATION_JS_CHECK']);
    expect(stale).toEqual(elsewhere);
  });

  it('ignores LOW and informational findings', () => {
    const { unexplained } = judge(parseReport(REPORT).slice(0, 1), []);
    expect(unexplained).toEqual([]);
  });

  it('refuses an entry without a reason, and output that is not the report', () => {
    expect(() =>
      allowListSchema.parse([{ check: 'SANDBOX_JS_CHECK', file: 'main/main.ts', reason: '' }]),
    ).toThrow();
    expect(() => allowListSchema.parse([{ check: 'SANDBOX_JS_CHECK', file: 'main/main.ts' }])).toThrow();
    expect(() => parseReport('something went wrong\n')).toThrow(/not an electronegativity CSV report/);
    expect(() => parseReport('')).toThrow(/not an electronegativity CSV report/);
  });
});

describe('the scan in npm test', () => {
  const repo = path.resolve(import.meta.dirname, '../..');
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  const run = async (input: string, allowList: unknown[]) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'kura-eneg-test-'));
    dirs.push(dir);
    const list = path.join(dir, 'allow.json');
    await writeFile(list, JSON.stringify(allowList));
    return promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'electron/scripts/electronegativity-check.ts',
        '--input',
        input,
        '--allow-list',
        list,
      ],
      { cwd: repo, timeout: 60_000 },
    ).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
  };

  it('fails on a planted window without context isolation or sandbox', async () => {
    const src = await mkdtemp(path.join(tmpdir(), 'kura-eneg-src-'));
    dirs.push(src);
    await writeFile(
      path.join(src, 'window.ts'),
      `import { BrowserWindow } from 'electron';
export const w = new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });
`,
    );
    const result = await run(src, []);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/HIGH CONTEXT_ISOLATION_JS_CHECK window\.ts:2/);
    expect(result.out).toMatch(/MEDIUM SANDBOX_JS_CHECK window\.ts:2/);
  }, 60_000);
});
