/**
 * Reads electronegativity's CSV report and decides whether the desktop shell passes: every
 * HIGH or MEDIUM finding must be explained in the allow-list (check id + file + reason).
 * The tool itself exits 0 whatever it finds, hence this judge.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';

export const BLOCKING_SEVERITIES = ['HIGH', 'MEDIUM'] as const;

export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  /** Relative to the scanned folder (electron/src), forward slashes. */
  file: string;
  location: string;
  sample: string;
  description: string;
}

export const allowListSchema = z.array(
  z.object({
    check: z.string().regex(/^[A-Z0-9_]+$/, 'A check id as the report names it, e.g. SANDBOX_JS_CHECK'),
    file: z.string().min(1),
    // An entry is worth nothing without the why: someone must be able to re-check it.
    reason: z.string().min(20),
  }),
);
export type AllowList = z.infer<typeof allowListSchema>;

const HEADER = ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description', 'url'];

/** The CSV electronegativity writes with `-o <file>.csv`. Throws on anything else. */
export function parseReport(csv: string): Finding[] {
  const rows = parse(csv, { trim: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  const [header, ...records] = rows;
  if (!header || header.join(',') !== HEADER.join(',')) {
    throw new Error(`not an electronegativity CSV report (header: ${header?.join(', ') ?? 'none'})`);
  }
  return records.map(([check, severity, confidence, file, location, sample, description]) => ({
    check: check!,
    severity: severity!.toUpperCase(),
    confidence: confidence!,
    file: file!.replaceAll('\\', '/'),
    location: location!,
    sample: sample!,
    description: description!,
  }));
}

export interface Verdict {
  /** HIGH / MEDIUM findings no allow-list entry explains: each one fails the run. */
  unexplained: Finding[];
  /** Findings the allow-list explains. */
  explained: Finding[];
  /** Allow-list entries that matched nothing: to be removed, so the list stays true. */
  stale: AllowList;
}

export function judge(findings: Finding[], allowList: AllowList): Verdict {
  const matches = (entry: AllowList[number], finding: Finding) =>
    entry.check === finding.check && entry.file === finding.file;
  const blocking = findings.filter((f) => (BLOCKING_SEVERITIES as readonly string[]).includes(f.severity));
  return {
    unexplained: blocking.filter((f) => !allowList.some((entry) => matches(entry, f))),
    explained: blocking.filter((f) => allowList.some((entry) => matches(entry, f))),
    stale: allowList.filter((entry) => !findings.some((f) => matches(entry, f))),
  };
}

export function formatFinding(f: Finding): string {
  return `${f.severity} ${f.check} ${f.file}:${f.location} (${f.confidence}) ${f.description}${
    f.sample && f.sample !== 'N/A' ? `\n    ${f.sample}` : ''
  }`;
}
