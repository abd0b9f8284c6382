/**
 * Maps `app://kura/<path>` requests to files of the renderer build. This is the one place a
 * page-controlled string becomes a file path, so anything that could leave the build folder
 * (dot segments, encoded separators, drive letters, NUL) is refused rather than cleaned up.
 */
import nodePath from 'node:path';
import { APP_HOST, APP_SCHEME } from './security';

type PathApi = Pick<typeof nodePath, 'resolve' | 'relative' | 'isAbsolute' | 'sep'>;

const INDEX = 'index.html';
const FORBIDDEN_SEGMENT = /^\.{1,2}$|[\\/:\0*?"<>|]/;
/**
 * The build's brotli and gzip copies are for the team server's browsers (the package leaves
 * them out); the app serves the plain files, and a copy asked for by name is refused rather
 * than sent as bytes a page cannot read.
 */
const COMPRESSED_COPY = /\.(?:br|gz)$/i;

/**
 * The absolute file for a request, or null when it must be refused (404). Paths without a
 * file extension are client-side routes (/shipping-management) and get index.html.
 */
export function resolveAppAsset(
  requestUrl: string,
  rootDir: string,
  path: PathApi = nodePath,
): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password) return null;
  // Decoding happens once, per segment, after splitting: an encoded "/" or "\" must never
  // become a separator.
  if (/%(?:2f|5c|00)/i.test(url.pathname)) return null;
  let segments: string[];
  try {
    segments = url.pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
  if (segments.some((s) => FORBIDDEN_SEGMENT.test(s))) return null;
  const last = segments.at(-1);
  if (last !== undefined && COMPRESSED_COPY.test(last)) return null;
  if (last === undefined || !last.includes('.')) segments = [INDEX];

  const root = path.resolve(rootDir);
  const file = path.resolve(root, ...segments);
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return file;
}

const MIME_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json; charset=utf-8',
};

/** Content type by extension; unknown files are served as opaque bytes, never sniffed as HTML. */
export function mimeTypeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  return MIME_TYPES[ext] ?? 'application/octet-stream';
}
