/**
 * `npm test`'s Electron security scan: electronegativity over electron/src, failing on any
 * HIGH or MEDIUM finding that electron/electronegativity-allowlist.json does not explain.
 * Run: node --import tsx electron/scripts/electronegativity-check.ts
 * [--input <folder>] [--allow-list <file>] (other folders and lists: the tests' planted finding)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { allowListSchema, formatFinding, judge, parseReport, type Finding } from './electronegativity-report';

const repo = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const cli = require.resolve('@doyensec/electronegativity/dist/index.js');
// Needs the network (it downloads Electron's release list): the build machines have none.
// Staying on a supported Electron is the dependency updates' job (docs/electron-security.md).
const EXCLUDED_CHECKS = ['availablesecurityfixesglobalcheck'];

const { values: args } = parseArgs({
  options: {
    input: { type: 'string', default: path.join(repo, 'electron/src') },
    'allow-list': { type: 'string', default: path.join(repo, 'electron/electronegativity-allowlist.json') },
  },
});

async function scan(): Promise<Finding[]> {
  const pkg = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const dir = await mkdtemp(path.join(tmpdir(), 'kura-electronegativity-'));
  const report = path.join(dir, 'report.csv');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        cli,
        ...['--input', path.resolve(args.input), '--relative'],
        // The scanner cannot find the version in electron/src; without it it assumes 0.1.0 and
        // judges by that version's defaults.
        ...['--electron-version', pkg.devDependencies.electron!],
        ...['--exclude-checks', EXCLUDED_CHECKS.join(',')],
        ...['--output', report, '--verbose', 'false'],
      ],
      { cwd: repo, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
    );
    return parseReport(await readFile(report, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const allowList = allowListSchema.parse(JSON.parse(await readFile(path.resolve(args['allow-list']), 'utf8')));

/**
 * The tool writes its CSV header and its rows with two concurrent writes: the header's
 * truncating write can land last and wipe the rows, or land after them and overwrite the first
 * one, which then does not parse. So a report that does not parse, or comes back empty, is
 * scanned again (a few times: a scan takes seconds). Sources with real findings always yield
 * some, so an empty report after every try means there are none.
 */
const ATTEMPTS = 4;
let findings: Finding[] = [];
let unreadable: unknown;
for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
  try {
    findings = await scan();
    unreadable = undefined;
  } catch (error) {
    unreadable = error;
    continue;
  }
  if (findings.length > 0) break;
}
if (unreadable !== undefined) {
  console.error(`electronegativity: no readable report in ${ATTEMPTS} scans: ${String(unreadable)}`);
  process.exit(1);
}
if (findings.length === 0 && allowList.length > 0) {
  console.error(
    `electronegativity: the report came back empty ${ATTEMPTS} times; if the findings are really gone, empty the allow-list.`,
  );
  process.exit(1);
}

const { unexplained, explained, stale } = judge(findings, allowList);
for (const entry of stale) {
  console.warn(
    `electronegativity: allow-list entry matches nothing, remove it: ${entry.check} ${entry.file}`,
  );
}
if (unexplained.length > 0) {
  console.error(
    `electronegativity: ${unexplained.length} HIGH/MEDIUM finding(s) not explained in ${path.relative(repo, path.resolve(args['allow-list']))}:`,
  );
  for (const f of unexplained) console.error(`  ${formatFinding(f)}`);
  process.exit(1);
}
console.log(
  `electronegativity: ${findings.length} finding(s), ${explained.length} HIGH/MEDIUM explained by the allow-list, none unexplained.`,
);
