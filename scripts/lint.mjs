// The house checks, alone as `npm run lint` and first in `npm test`: rustfmt, clippy for the native and
// the wasm32 target (warnings are errors), no import cycle in the shell, and Biome for the TypeScript. Every check runs even after one
// fails, so one run shows everything to fix; the exit status is 1 when any failed.
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (text) => process.stderr.write(`\x1b[1m[lint]\x1b[0m ${text}\n`);
const WASM_TARGET = 'wasm32-unknown-unknown';

/** Adds the wasm32 target when rustup lacks it, as scripts/bootstrap.sh does before a build. */
function ensureWasmTarget() {
  let installed;
  try {
    installed = execFileSync('rustup', ['target', 'list', '--installed'], { encoding: 'utf8' }).split('\n');
  } catch {
    return; // No rustup: a toolchain without the target makes the wasm32 clippy check fail and say why.
  }
  if (installed.includes(WASM_TARGET)) return;
  say(`adding Rust target ${WASM_TARGET}`);
  execFileSync('rustup', ['target', 'add', WASM_TARGET], { stdio: 'inherit' });
}

const checks = [
  { name: 'rustfmt', cmd: 'cargo', args: ['fmt', '--check'], hint: '`cargo fmt` rewrites the files' },
  {
    name: 'clippy, native',
    cmd: 'cargo',
    args: ['clippy', '--quiet', '--all-targets', '--', '-D', 'warnings'],
    hint: 'each warning above names its lint',
  },
  {
    name: `clippy, ${WASM_TARGET}`,
    cmd: 'cargo',
    args: ['clippy', '--quiet', '--target', WASM_TARGET, '-p', 'solidus-core', '--all-targets', '--', '-D', 'warnings'],
    hint: 'code under cfg(target_arch = "wasm32") is checked only here',
  },
  {
    name: 'import cycles (extension/, webview/)',
    cmd: process.execPath,
    args: [join(root, 'scripts/importCycles.mjs')],
    hint: 'pass the callee in (as ctx.runDo is) instead of importing a module that imports you',
  },
  {
    name: 'biome (format, lint, imports)',
    cmd: process.execPath,
    args: [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'check', '--error-on-warnings'],
    hint: '`npx biome check --write` applies the formatting and the safe fixes',
  },
];

ensureWasmTarget();
let passed = 0;
let failed = 0;
for (const check of checks) {
  const start = performance.now();
  const result = spawnSync(check.cmd, check.args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    say(`ok: ${check.name} (${seconds} s)`);
  } else {
    failed += 1;
    const why = result.error ? result.error.message : `exit status ${result.status ?? result.signal}`;
    say(`FAILED: ${check.name} (${why}; ${check.hint})`);
  }
}
// scripts/test.mjs counts this line.
process.stdout.write(`lint: ${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 ? 0 : 1;
