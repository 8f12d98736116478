// Runs every test layer after the set-up: the house checks first (rustfmt, clippy, Biome), then native Rust,
// wasm boundary and CLI, shell units, end to end.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const say = (text) => process.stderr.write(`\x1b[1m[test]\x1b[0m ${text}\n`);
const LAYERS = ['lint', 'native', 'wasm', 'unit', 'e2e'];
const only = process.argv.slice(2); // e.g. `npm test -- lint native wasm unit e2e`
const unknown = only.filter((name) => !LAYERS.includes(name));
if (unknown.length) {
  say(`unknown layer ${unknown.join(', ')}: the layers are ${LAYERS.join(', ')}`);
  process.exit(2);
}

/** Runs a command, echoing its output, and returns the output for counting. */
function runLayer(name, cmd, args, env = {}) {
  say(`layer: ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const tee = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

function count(layer) {
  let passed = 0;
  let failed = 0;
  for (const m of layer.output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  for (const m of layer.output.matchAll(/^# pass (\d+)$/gm)) passed += Number(m[1]);
  for (const m of layer.output.matchAll(/^# fail (\d+)$/gm)) failed += Number(m[1]);
  for (const m of layer.output.matchAll(/^lint: (\d+) passed, (\d+) failed$/gm)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  // A layer that exits non-zero without counting a failure still failed.
  if (layer.code !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/**
 * Where the read-only `shared/` folder (fixtures, bench data, conformance cases) is: SOLIDUS_SHARED,
 * else beside this checkout, else beside the repository this one was cloned from (a clone made in a
 * temporary folder has no `shared/` beside it). Every layer gets it through SOLIDUS_SHARED.
 */
function findShared() {
  if (process.env.SOLIDUS_SHARED) return process.env.SOLIDUS_SHARED;
  const candidates = [join(root, '..', 'shared')];
  try {
    const origin = execFileSync('git', ['config', '--get', 'remote.origin.url'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    if (origin && !/^[\w+.-]+:\/\//.test(origin) && !/^[^/]+@[^:]+:/.test(origin))
      candidates.push(join(origin, '..', 'shared'));
  } catch {
    // Not a clone, or no origin: only the folder beside this checkout counts.
  }
  return candidates.find((dir) => existsSync(join(dir, 'fixtures')));
}

/** The test files of one layer's folder, for Node's runner (Node 20 matches no .ts by itself). */
const files = (dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
const wants = (name) => only.length === 0 || only.includes(name);
const layers = [];

/** Builds (bootstrapping what the e2e layer needs), then runs the chosen layers after the house checks. */
async function buildAndTest() {
  const shared = findShared();
  if (shared) process.env.SOLIDUS_SHARED = shared;
  else say('shared/ (fixtures, bench data) not found beside this checkout or its origin: set SOLIDUS_SHARED');
  if (wants('e2e')) execFileSync('bash', ['scripts/bootstrap.sh'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/build.mjs', '--package', '--no-bootstrap'], { cwd: root, stdio: 'inherit' });

  if (wants('native')) layers.push(await runLayer('native Rust', 'cargo', ['test', '--release', '--quiet']));
  const nodeTest = ['--require', './test/unit/vscode-stub.cjs', '--import', 'tsx', '--test', '--test-reporter=tap'];
  if (wants('wasm'))
    layers.push(await runLayer('wasm boundary and CLI', process.execPath, [...nodeTest, ...files('test/wasm')]));
  if (wants('unit')) layers.push(await runLayer('shell units', process.execPath, [...nodeTest, ...files('test/unit')]));
  if (wants('e2e')) {
    layers.push(
      await runLayer('end to end in code-server', process.execPath, [
        '--import',
        'tsx',
        '--test',
        '--test-reporter=tap',
        '--test-concurrency=1',
        ...files('test/e2e'),
      ]),
    );
  }
}

ensureNodeModules();
// The house checks run before the build: a tree that fails them fails `npm test` without building it.
if (wants('lint')) layers.push(await runLayer('house checks (lint)', process.execPath, ['scripts/lint.mjs']));
const lintFailed = layers.some((layer) => layer.code !== 0);
if (lintFailed) say('house checks failed: the build and the other layers are skipped (`npm run lint` reruns them)');
if (!lintFailed && LAYERS.some((name) => name !== 'lint' && wants(name))) await buildAndTest();

let passed = 0;
let failed = 0;
for (const layer of layers) {
  const c = count(layer);
  say(`${layer.name}: ${c.passed} passed, ${c.failed} failed`);
  passed += c.passed;
  failed += c.failed;
}
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
