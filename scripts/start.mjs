// `npm start`: the desktop app in local mode. Where the Electron binary is missing (it cannot
// be downloaded on every machine), say so in one line and serve the same app to the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function run(args) {
  const result = spawnSync('npm', ['run', '--silent', ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const builtIndex = path.join(root, 'dist/renderer/index.html');
const sources = ['renderer', 'shared/src'].map((d) => newestMtime(path.join(root, d)));
if (!existsSync(builtIndex) || Math.max(...sources) > statSync(builtIndex).mtimeMs) {
  console.log('kura: building the screens …');
  run(['build:renderer']);
}

// Look for the binary without require('electron'): its index.js tries to download the
// binary on first use, which hangs or fails where the download host is unreachable.
function findElectronBinary() {
  const pkg = path.join(root, 'node_modules/electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const relative = readFileSync(pathFile, 'utf8');
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(pkg, 'dist');
  const binary = path.join(dist, relative);
  return existsSync(binary) ? binary : null;
}
const electronBinary = findElectronBinary();

const children = [];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

if (electronBinary) {
  run(['build:electron']);
  const child = spawn(electronBinary, ['.'], { cwd: root, stdio: 'inherit' });
  children.push(child);
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log(
    'kura: the Electron binary is not installed here, so Kura is served to your browser instead: open the URL below.',
  );
  // A young generation of at most 3 × 4 MB, as `npm run server` (docs/architecture.md).
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=4', '--max-old-space-size=512', '--import', 'tsx', 'server/src/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, KURA_RENDERER_DIR: path.join(root, 'dist/renderer') },
    },
  );
  children.push(child);
  child.on('exit', (code) => process.exit(code ?? 0));
}
