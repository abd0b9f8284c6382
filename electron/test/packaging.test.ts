/**
 * The packaging settings (electron-builder.yml) that the build machines cannot exercise: the
 * binary's fuses, what goes into the app.asar and what stays out of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const config = parse(
  readFileSync(path.resolve(import.meta.dirname, '../../electron-builder.yml'), 'utf8'),
) as {
  electronFuses?: Record<string, unknown>;
  files?: string[];
  asarUnpack?: string[];
};
const files = config.files ?? [];

/**
 * electron-builder's reading of `files`: patterns in order, the last one that matches a path
 * decides (a leading `!` excludes); a path no pattern matches is left out.
 */
function packaged(file: string): boolean {
  let included = false;
  for (const pattern of files) {
    const negated = pattern.startsWith('!');
    if (path.matchesGlob(file, negated ? pattern.slice(1) : pattern)) included = !negated;
  }
  return included;
}

describe('electron-builder.yml', () => {
  it('flips every fuse the hardened app needs', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('unpacks the SQLite drivers from the asar (a native addon cannot load from inside it)', () => {
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*');
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3-multiple-ciphers/**/*');
  });

  it('excludes source maps wherever they are', () => {
    expect(files).toContain('!**/*.map');
    for (const map of [
      'dist-electron/main.js.map',
      'dist/renderer/assets/index-abc.js.map',
      'dist-electron/preload.cjs.map',
    ]) {
      expect(packaged(map), map).toBe(false);
    }
  });

  it('excludes tests, specs and fixtures', () => {
    for (const file of [
      'dist-electron/main.test.js',
      'dist/renderer/assets/login.spec.js',
      'dist-electron/test/fake-electron.js',
      'dist/renderer/fixtures/orders.csv',
      'electron/test/security.test.ts',
      'tests/e2e/specs/desktop.spec.ts',
      'server/test/fixtures/amazon-orders.txt',
    ]) {
      expect(packaged(file), file).toBe(false);
    }
  });

  it('names only the built output, the translation files main reads, package.json and the tray icon', () => {
    const allowed = [
      'dist/renderer/**/*',
      'dist-electron/**/*',
      'renderer/src/i18n/*/common.json',
      'renderer/src/i18n/*/errors.json',
      'package.json',
      'resources/icon.png',
    ];
    expect(files.filter((pattern) => !pattern.startsWith('!'))).toEqual(allowed);
    for (const file of [
      'dist-electron/main.js',
      'dist-electron/preload.cjs',
      'dist/renderer/index.html',
      'dist/renderer/assets/index-abc.js',
      'renderer/src/i18n/en/common.json',
      'renderer/src/i18n/ja/common.json',
      'renderer/src/i18n/ja/errors.json',
      'package.json',
      'resources/icon.png',
    ]) {
      expect(packaged(file), file).toBe(true);
    }
    for (const file of [
      'electron/src/main/main.ts',
      'server/src/main.ts',
      'renderer/src/i18n/en/auth.json',
      'renderer/src/app/app.tsx',
      'dist/renderer/index.html.br',
      'dist/renderer/assets/index-abc.js.gz',
      '.env',
      'package-lock.json',
    ]) {
      expect(packaged(file), file).toBe(false);
    }
  });
});
