// Builds Solidus: the Rust core to wasm, the wasm glue, the TypeScript bundles, and (with --package) the .vsix.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './deps.mjs';
import { webHost } from './webHost.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const say = (text) => process.stderr.write(`\x1b[1m[build]\x1b[0m ${text}\n`);
const run = (cmd, argv, opts = {}) => execFileSync(cmd, argv, { cwd: root, stdio: 'inherit', ...opts });

/** The wasm-bindgen version pinned in crate/Cargo.toml; the CLI must match it exactly. */
function pinnedWasmBindgen() {
  const manifest = readFileSync(join(root, 'crate/Cargo.toml'), 'utf8');
  const match = manifest.match(/wasm-bindgen\s*=\s*"=([0-9.]+)"/);
  if (!match) throw new Error('crate/Cargo.toml must pin wasm-bindgen with "="');
  return match[1];
}

const cache = process.env.SOLIDUS_CACHE ?? join(homedir(), '.cache/solidus');
const version = pinnedWasmBindgen();
const wasmBindgen = join(cache, `wasm-bindgen-${version}`, 'bin', 'wasm-bindgen');
if (!existsSync(wasmBindgen) || !args.has('--no-bootstrap')) {
  run('bash', ['scripts/bootstrap.sh', 'build']);
}

// `npm run bench` and `npm run package` reach the build without test.mjs, so the build installs what it uses.
ensureNodeModules();

say('compiling the Rust core to wasm');
run('cargo', ['build', '--quiet', '--target', 'wasm32-unknown-unknown', '--release', '-p', 'solidus-core']);
const pkg = join(root, 'crate/pkg');
rmSync(pkg, { recursive: true, force: true });
// One .wasm for every host: the `web` glue instantiates the core from bytes the caller passes (read through
// VS Code's file API by the extension, with fs by the CLI), and its reset function makes a fresh instance
// after a panic. No default path: nothing fetches the file behind the caller's back.
run(wasmBindgen, [
  '--target',
  'web',
  '--experimental-reset-state-function',
  '--omit-default-module-path',
  '--out-dir',
  pkg,
  join(root, 'target/wasm32-unknown-unknown/release/solidus_core.wasm'),
]);

say('type-checking TypeScript');
run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.json')]);

say('bundling the extension (Node and web worker hosts), the CLI and the webview');
const esbuild = await import('esbuild');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, 'webview'), { recursive: true });
const common = { bundle: true, sourcemap: true, logLevel: 'warning', minify: false };
await esbuild.build({
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  entryPoints: { extension: join(root, 'extension/extension.ts') },
  outdir: dist,
});
// The same entry for VS Code for the Web (package.json `browser`): a web worker, no Node.
await esbuild.build({
  ...common,
  platform: 'browser',
  format: 'cjs',
  target: 'es2022',
  external: ['vscode'],
  entryPoints: { extension: join(root, 'extension/extension.ts') },
  outdir: join(dist, 'web'),
  plugins: [webHost],
});
await esbuild.build({
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  entryPoints: { cli: join(root, 'extension/cli.ts') },
  outdir: dist,
  banner: { js: '#!/usr/bin/env node' },
});
await esbuild.build({
  ...common,
  platform: 'browser',
  format: 'iife',
  target: 'es2022',
  entryPoints: { popup: join(root, 'webview/popup.ts') },
  outdir: join(dist, 'webview'),
});
copyFileSync(join(root, 'webview/popup.css'), join(dist, 'webview/popup.css'));
// The glue is in each bundle; the .wasm is the one file both hosts (and the CLI) read.
mkdirSync(join(dist, 'core'), { recursive: true });
copyFileSync(join(pkg, 'solidus_core_bg.wasm'), join(dist, 'core', 'solidus_core_bg.wasm'));

if (args.has('--package')) {
  say('packaging the .vsix');
  mkdirSync(join(root, 'artifacts'), { recursive: true });
  run(process.execPath, [
    join(root, 'node_modules/@vscode/vsce/vsce'),
    'package',
    '--no-dependencies',
    '--no-rewrite-relative-links',
    '--out',
    join(root, 'artifacts/solidus.vsix'),
  ]);
  say(`artifacts/solidus.vsix: ${statSync(join(root, 'artifacts/solidus.vsix')).size} bytes`);
}
writeFileSync(join(dist, '.built'), new Date().toISOString());
say('done');
