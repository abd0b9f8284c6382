/**
 * Saves a CSV export to the file the user picks. Main fetches the export from the API itself
 * and streams the body to disk byte for byte: the server's UTF-8 byte order mark (which Excel
 * needs to read Japanese) and every row arrive exactly as served, and a large export never
 * crosses IPC as one string. The renderer names only an API path and a suggested file name;
 * the destination comes only from the native save dialog the user answered.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Language } from '#shared';

export interface SaveDialogResult {
  canceled: boolean;
  filePath?: string;
}

export interface CsvResponse {
  ok: boolean;
  status: number;
  body: ReadableStream<Uint8Array> | null;
}

export interface CsvExportDeps {
  showSaveDialog(options: {
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<SaveDialogResult>;
  fetch(url: string, init: { headers: Record<string, string> }): Promise<CsvResponse>;
  /** Base URL of the API the app is connected to right now, e.g. http://127.0.0.1:53122/api/v1 */
  getApiBaseUrl(): Promise<string>;
  /** The signed-in session's token, from the token vault. */
  getToken(): string | undefined;
  /** Where the bytes go; a file stream unless a test says otherwise. */
  openFile?(file: string): Writable;
  /** Folder the dialog opens in (Downloads in the app). */
  defaultDir?: string;
  /** Stops the download; the file is then not left behind (Cancel in the export's progress). */
  signal?: AbortSignal;
  /** Rows and bytes written so far, as they arrive, and once more when done. */
  onProgress?(progress: ExportProgress): void;
}

export interface ExportProgress {
  /** CSV records written, the header included: a line break inside quotes is not a record. */
  rows: number;
  bytes: number;
  done: boolean;
}

/** The native notification when a long export is saved, in the user's language. */
export const EXPORT_SAVED_TEXT: Record<Language, (file: string) => string> = {
  en: (file) => `Export saved: ${file}. Click to show it in its folder.`,
  ja: (file) => `エクスポートを保存しました：${file}。クリックするとフォルダーを開きます。`,
};

function countingBytes(report: (rows: number, bytes: number) => void) {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      report(0, bytes);
      done(null, chunk);
    },
  });
}

/**
 * Counts CSV records in a byte stream as it passes: a record ends at a line feed outside
 * quotes (a quote inside a field is doubled, which toggles twice and changes nothing).
 * UTF-8 never uses the bytes of `"` or `\n` inside a multi-byte character.
 */
function countingRows(report: (rows: number, bytes: number) => void) {
  let rows = 0;
  let bytes = 0;
  let quoted = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) rows += 1;
      }
      bytes += chunk.length;
      report(rows, bytes);
      done(null, chunk);
    },
  });
}

/** Why an export could not be saved; the IPC router answers it as a plain failure. */
export class CsvExportError extends Error {
  constructor(
    readonly reason: 'outside-api' | 'http',
    readonly status?: number,
  ) {
    super(reason === 'outside-api' ? 'The export address is not on the API' : `The API answered ${status}`);
    this.name = 'CsvExportError';
  }
}

/**
 * The export's address: the path resolved against the configured API, refused unless it
 * stays on that API's origin and under its path (no other host, no `..` out of it).
 */
export function exportUrl(apiPath: string, apiBaseUrl: string): string {
  const base = new URL(apiBaseUrl.endsWith('/') ? apiBaseUrl : `${apiBaseUrl}/`);
  let url: URL;
  try {
    url = new URL(apiPath, base);
  } catch {
    throw new CsvExportError('outside-api');
  }
  if (
    url.origin !== base.origin ||
    !url.pathname.startsWith(base.pathname) ||
    url.pathname === base.pathname
  ) {
    throw new CsvExportError('outside-api');
  }
  return url.href;
}

/** What kind of file an export is: its extension, the dialog's filter, how progress is counted. */
interface ExportKind {
  extension: 'csv' | 'pdf';
  filterName: string;
  /** CSV records are counted as they pass; a PDF reports its bytes only. */
  countRows: boolean;
}

const CSV: ExportKind = { extension: 'csv', filterName: 'CSV', countRows: true };
const PDF: ExportKind = { extension: 'pdf', filterName: 'PDF', countRows: false };

export function saveCsv(
  request: { defaultName: string; path: string },
  deps: CsvExportDeps,
): Promise<{ saved: boolean; path?: string; canceled?: boolean }> {
  return saveExport(CSV, request, deps);
}

/** A PDF the API makes (customs papers, a pick list, labels), saved as a CSV export is. */
export function savePdf(
  request: { defaultName: string; path: string },
  deps: CsvExportDeps,
): Promise<{ saved: boolean; path?: string; canceled?: boolean }> {
  return saveExport(PDF, request, deps);
}

async function saveExport(
  kind: ExportKind,
  { defaultName, path: apiPath }: { defaultName: string; path: string },
  deps: CsvExportDeps,
): Promise<{ saved: boolean; path?: string; canceled?: boolean }> {
  const url = exportUrl(apiPath, await deps.getApiBaseUrl());
  // basename again here: the schema already refuses separators, but this module must be
  // safe on its own.
  let name = path.basename(defaultName.replace(/\\/g, '/')) || `export.${kind.extension}`;
  if (!name.toLowerCase().endsWith(`.${kind.extension}`)) name = `${name}.${kind.extension}`;

  // The request first: a refused export says so before a file is chosen or created.
  const token = deps.getToken();
  const response = await deps.fetch(url, { headers: token ? { Authorization: `Token ${token}` } : {} });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new CsvExportError('http', response.status);
  }
  const result = await deps.showSaveDialog({
    defaultPath: deps.defaultDir ? path.join(deps.defaultDir, name) : name,
    filters: [{ name: kind.filterName, extensions: [kind.extension] }],
  });
  if (result.canceled || !result.filePath) {
    await response.body.cancel().catch(() => undefined);
    return { saved: false };
  }
  // Written beside the destination and renamed at the end: a cancelled or failed export leaves
  // no partial file, and a file it was to replace stays as it was.
  const partial = path.join(path.dirname(result.filePath), `.${path.basename(result.filePath)}.partial`);
  const open = deps.openFile ?? ((file: string) => createWriteStream(file));
  let last = { rows: 0, bytes: 0 };
  const report = (rows: number, bytes: number) => {
    last = { rows, bytes };
    deps.onProgress?.({ rows, bytes, done: false });
  };
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      kind.countRows ? countingRows(report) : countingBytes(report),
      open(partial),
      { signal: deps.signal },
    );
    await rename(partial, result.filePath);
  } catch (error) {
    await rm(partial, { force: true });
    if (deps.signal?.aborted) return { saved: false, canceled: true };
    throw error;
  }
  deps.onProgress?.({ ...last, done: true });
  return { saved: true, path: result.filePath };
}
