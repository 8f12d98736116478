// Coverage-guided fuzzing of every reader of outside text: `npm run fuzz -- <seconds per target>`.
//
// Runs each target of fuzz/ once, one after another, under `nice -n 19`, and prints executions,
// coverage and findings per target. Not part of `npm test`.
//
//   node scripts/fuzz.mjs [seconds=60] [--runs N] [--engine libfuzzer|afl] [--only a,b] [--list]
//
// A target stops at its time or, with --runs, once it has run N inputs, whichever comes first,
// so a fast target hands the rest of the time budget to the slow ones.
//
// The engine is libFuzzer through cargo-fuzz when a nightly toolchain is installed (it is several
// times faster here), else AFL++ through cargo-afl on stable. Tools go to
// ${SOLIDUS_CACHE:-~/.cache/solidus}/fuzz-tools (installed once, checked quickly afterwards);
// corpora, seeds, crashes and run summaries to ${SOLIDUS_CACHE:-~/.cache/solidus}/fuzz.
// Seeds are gathered at run time from the shared slash corpus, the fixture documents, the
// conformance file and the demo workspace, plus the small hand-written set in fuzz/seeds/.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fuzzDir = join(root, 'fuzz');
const shared = process.env.SOLIDUS_SHARED ?? join(root, '../shared');
const cache = process.env.SOLIDUS_CACHE ?? join(homedir(), '.cache/solidus');
const tools = join(cache, 'fuzz-tools');
const work = join(cache, 'fuzz');
const say = (text) => process.stderr.write(`\x1b[1m[fuzz]\x1b[0m ${text}\n`);

/** Tool versions; bump here, the install below follows. */
const CARGO_FUZZ = '0.13.2';
const CARGO_AFL = '0.18.2';

const argv = process.argv.slice(2);
const flag = (name) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv.splice(at, 2)[1] : undefined;
};
const engineArg = flag('--engine');
const only = flag('--only')?.split(',');
const runs = flag('--runs');
if (runs !== undefined && !/^\d+$/.test(runs)) throw new Error(`--runs takes a number, not ${runs}`);
const listOnly = argv.includes('--list');
const seconds = Number(argv.find((a) => /^\d+$/.test(a)) ?? 60);

/** The targets, as fuzz/src/lib.rs lists them in TARGETS. */
function targets() {
  const lib = readFileSync(join(fuzzDir, 'src/lib.rs'), 'utf8');
  const names = [...lib.matchAll(/^\s*\("(\w+)", \w+\),$/gm)].map((m) => m[1]);
  if (names.length === 0) throw new Error('fuzz/src/lib.rs lists no TARGETS');
  return names;
}

const env = {
  ...process.env,
  PATH: `${join(tools, 'bin')}:${process.env.PATH}`,
  // cargo-afl keeps the AFL++ it builds in the XDG data folder; keep it with the other tools.
  XDG_DATA_HOME: join(tools, 'share'),
  SOLIDUS_SHARED: shared,
};
const nice = (cmd, args, opts = {}) =>
  spawnSync('nice', ['-n', '19', cmd, ...args], { cwd: root, env, stdio: 'inherit', ...opts });
const ok = (cmd, args) => spawnSync(cmd, args, { cwd: root, env, stdio: 'ignore' }).status === 0;

/** The host target triple, where cargo-fuzz puts its binaries. */
function hostTriple() {
  const out = spawnSync('rustc', ['-vV'], { env, encoding: 'utf8' }).stdout ?? '';
  const host = out.match(/^host: (\S+)$/m)?.[1];
  if (!host) throw new Error('rustc -vV gives no host triple');
  return host;
}

function hasNightly() {
  return ok('rustup', ['run', 'nightly', 'rustc', '--version']);
}

/** `cargo install --root` into the cache, only when the wanted version is not already there. */
function install(crate, version, binary) {
  const path = join(tools, 'bin', binary);
  if (existsSync(path)) {
    const out = spawnSync(path, [binary.replace(/^cargo-/, ''), '--version'], { env, encoding: 'utf8' });
    if (out.stdout?.includes(version)) return;
  }
  say(`installing ${crate} ${version} into ${tools}`);
  const r = nice('cargo', ['install', '--locked', '--root', tools, '--version', version, crate]);
  if (r.status !== 0) throw new Error(`cargo install ${crate} failed`);
}

function setUpAfl() {
  install('cargo-afl', CARGO_AFL, 'cargo-afl');
  const share = join(tools, 'share/afl.rs');
  const built =
    existsSync(share) &&
    readdirSync(share).some((d) => existsSync(join(share, d, `afl.rs-${CARGO_AFL}`, 'afl/bin/afl-fuzz')));
  if (!built) {
    say('building AFL++ (once)');
    if (nice('cargo', ['afl', 'config', '--build']).status !== 0) throw new Error('cargo afl config --build failed');
  }
}

// Seeds ---------------------------------------------------------------------------------------

const SEP = Buffer.from([0xff]);
const fixture = (name) => join(shared, 'fixtures/vscode-1.139.1', name);

function slashFiles() {
  const manifest = join(shared, 'corpus/slash/MANIFEST.jsonl');
  if (!existsSync(manifest)) return [];
  return readFileSync(manifest, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .map((e) => ({ tool: e.tool, path: join(shared, 'corpus/slash', e.path) }))
    .filter((e) => existsSync(e.path));
}

function conformance() {
  const file = join(shared, 'conformance/omp-dialect.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** The first `n` lines of a document, closed again so it stays near its grammar. */
function head(path, n, close) {
  if (!existsSync(path)) return '';
  const lines = readFileSync(path, 'utf8').split('\n').slice(0, n);
  return `${lines.join('\n').replace(/,\s*$/, '')}\n${close}`;
}

/** A JSON document cut to its first `n` entries at the top level and one level down. */
function shrinkJson(path, n) {
  if (!existsSync(path)) return '';
  const cut = (value, depth) => {
    if (Array.isArray(value)) return value.slice(0, n).map((v) => (depth > 0 ? cut(v, depth - 1) : v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .slice(0, n)
          .map(([k, v]) => [k, depth > 0 ? cut(v, depth - 1) : v]),
      );
    }
    return value;
  };
  return JSON.stringify(cut(JSON.parse(readFileSync(path, 'utf8')), 3));
}

/** Setting properties of the fixture schema: `property 0xFF default 0xFF typed text`. */
function schemaSeeds() {
  const path = fixture('resource-language-settings-schema.json');
  if (!existsSync(path)) return [];
  const props = JSON.parse(readFileSync(path, 'utf8')).properties ?? {};
  return Object.entries(props)
    .filter((_, i) => i % 7 === 0)
    .slice(0, 120)
    .map(([, p]) =>
      Buffer.concat([
        Buffer.from(JSON.stringify(p)),
        SEP,
        Buffer.from(JSON.stringify(p.default ?? null)),
        SEP,
        Buffer.from(String(p.enum?.[0] ?? p.default ?? '')),
      ]),
    );
}

/** Writes the seeds of one target into a fresh folder; the inputs found later go elsewhere. */
function gatherSeeds(target, dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const put = (data) => writeFileSync(join(dir, `seed-${n++}`), data);
  const own = join(fuzzDir, 'seeds', target);
  if (existsSync(own)) for (const f of readdirSync(own)) copyFileSync(join(own, f), join(dir, f));
  const files = slashFiles();
  const cases = conformance();
  const dialect = target.replace(/^expand_/, '');
  switch (target) {
    case 'frontmatter':
      for (const f of files) put(readFileSync(f.path));
      break;
    case 'slash_discover':
      for (const f of files.filter((_, i) => i % 10 === 0)) put(readFileSync(f.path));
      break;
    case 'slash_args':
      for (const c of cases.filter((c) => c.kind === 'args' || c.kind === 'split')) put(c.input);
      break;
    case 'expand_solidus':
    case 'expand_claude':
    case 'expand_codex':
    case 'expand_gemini':
    case 'expand_cursor':
    case 'expand_copilot':
    case 'expand_opencode': {
      const args = ['a.ts "b c"', 'KEY=v x=1', 'it\'s "quoted" $HOME `x`', ''];
      for (const c of cases.filter((c) => c.kind === 'expand')) {
        put(Buffer.concat([Buffer.from(c.body), SEP, Buffer.from(c.input.replace(/^\/\S+ ?/, ''))]));
      }
      const mine = files.filter((f) => f.tool === dialect || (dialect === 'solidus' && f.tool === 'claude'));
      for (const [i, f] of (mine.length ? mine : files.slice(0, 50)).entries()) {
        put(Buffer.concat([readFileSync(f.path), SEP, Buffer.from(args[i % args.length]), SEP, Buffer.from('v')]));
      }
      break;
    }
    case 'jsonc':
      put(head(fixture('default-settings.jsonc'), 300, '}'));
      put(head(fixture('default-keybindings.jsonc'), 200, ']'));
      put(shrinkJson(fixture('extensions.json'), 4));
      for (const p of [join(root, 'demo/package.json'), join(root, 'tsconfig.json'), join(root, 'biome.json')]) {
        if (existsSync(p)) put(readFileSync(p));
      }
      break;
    case 'catalog': {
      const documents = [
        shrinkJson(fixture('keybindings-schema.json'), 12),
        head(fixture('default-settings.jsonc'), 200, '}'),
        shrinkJson(fixture('resource-language-settings-schema.json'), 12),
        head(fixture('default-keybindings.jsonc'), 120, ']'),
        shrinkJson(fixture('extensions.json'), 3),
        shrinkJson(fixture('registered-commands.json'), 200),
      ];
      put(Buffer.concat(documents.flatMap((d, i) => (i ? [SEP, Buffer.from(d)] : [Buffer.from(d)]))));
      break;
    }
    case 'project_npm':
      for (const p of [join(root, 'demo/package.json'), join(root, 'package.json')]) put(readFileSync(p));
      break;
    case 'project_cargo':
      for (const p of ['Cargo.toml', 'crate/Cargo.toml', 'fuzz/Cargo.toml']) put(readFileSync(join(root, p)));
      break;
    case 'project_custom':
      break;
    case 'schema':
      for (const s of schemaSeeds()) put(s);
      break;
    case 'agent_plan':
      put(Buffer.alloc(256, 7));
      break;
    default:
      break;
  }
  if (readdirSync(dir).length === 0) put('');
}

// Engines -------------------------------------------------------------------------------------

function runLibFuzzer(target, corpus, seeds, artifacts, log) {
  // The binary built above, run directly: `cargo fuzz run` would rebuild on every source change.
  const bin = join(fuzzDir, 'target', hostTriple(), 'release', target);
  const r = nice(
    bin,
    [
      corpus,
      seeds,
      `-max_total_time=${seconds}`,
      ...(runs ? [`-runs=${runs}`] : []),
      '-timeout=10',
      '-rss_limit_mb=2048',
      '-print_final_stats=1',
      `-artifact_prefix=${artifacts}/`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28, encoding: 'utf8' },
  );
  const out = `${r.stdout}${r.stderr}`;
  writeFileSync(log, out);
  const stat = (name) => Number(out.match(new RegExp(`stat::${name}:\\s*(\\d+)`))?.[1] ?? Number.NaN);
  const last = [...out.matchAll(/cov: (\d+) ft: (\d+) corp: (\d+)/g)].at(-1);
  return {
    executions: stat('number_of_executed_units'),
    edges: Number(last?.[1] ?? Number.NaN),
    features: Number(last?.[2] ?? Number.NaN),
    corpus: Number(last?.[3] ?? Number.NaN),
    peakRssMb: stat('peak_rss_mb'),
    status: r.status,
  };
}

function runAfl(target, corpus, seeds, artifacts, log) {
  const bin = join(fuzzDir, 'target/release/solidus-fuzz');
  // AFL++ resumes from its own output folder (`-i -`) once it has one.
  const resume = existsSync(join(corpus, 'default/fuzzer_stats'));
  const r = nice(
    'cargo',
    [
      'afl',
      'fuzz',
      '-i',
      resume ? '-' : seeds,
      '-o',
      corpus,
      '-V',
      String(seconds),
      ...(runs ? ['-E', runs] : []),
      '-t',
      '10000',
      bin,
      target,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 28,
      encoding: 'utf8',
      env: {
        ...env,
        AFL_NO_UI: '1',
        AFL_SKIP_CPUFREQ: '1',
        AFL_NO_AFFINITY: '1',
        AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES: '1',
        AFL_AUTORESUME: '1',
      },
    },
  );
  writeFileSync(log, `${r.stdout}${r.stderr}`);
  const statsFile = join(corpus, 'default/fuzzer_stats');
  const stats = existsSync(statsFile)
    ? Object.fromEntries(
        readFileSync(statsFile, 'utf8')
          .split('\n')
          .map((l) => l.split(/\s*:\s*/))
          .filter((kv) => kv.length === 2),
      )
    : {};
  for (const kind of ['crashes', 'hangs']) {
    const dir = join(corpus, 'default', kind);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).filter((f) => f.startsWith('id:'))) {
      copyFileSync(join(dir, f), join(artifacts, `${kind.slice(0, -1)}-${f.replace(/[^\w.-]/g, '_')}`));
    }
  }
  return {
    executions: Number(stats.execs_done),
    edges: Number(stats.edges_found),
    features: Number.NaN,
    corpus: Number(stats.corpus_count),
    peakRssMb: Number(stats.peak_rss_mb),
    status: r.status,
  };
}

// Main ----------------------------------------------------------------------------------------

const all = targets();
if (listOnly) {
  for (const t of all) process.stdout.write(`${t}\n`);
  process.exit(0);
}
const chosen = only ?? all;
for (const t of chosen) if (!all.includes(t)) throw new Error(`no fuzz target named ${t}`);
const engine = engineArg ?? (hasNightly() ? 'libfuzzer' : 'afl');
mkdirSync(tools, { recursive: true });
say(`engine ${engine}, ${seconds} s per target, ${chosen.length} targets`);
if (engine === 'libfuzzer') {
  install('cargo-fuzz', CARGO_FUZZ, 'cargo-fuzz');
  const r = nice('cargo', ['+nightly', 'fuzz', 'build', '--sanitizer', 'none', '--features', 'libfuzzer']);
  if (r.status !== 0) throw new Error('cargo fuzz build failed');
} else if (engine === 'afl') {
  setUpAfl();
  const r = nice('cargo', ['afl', 'build', '--release', '--features', 'afl', '--bin', 'solidus-fuzz'], {
    cwd: fuzzDir,
  });
  if (r.status !== 0) throw new Error('cargo afl build failed');
} else {
  throw new Error(`unknown engine ${engine}; use libfuzzer or afl`);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const results = [];
for (const target of chosen) {
  const corpus = join(work, engine, 'corpus', target);
  const seeds = join(work, 'seeds', target);
  const artifacts = join(work, engine, 'artifacts', target);
  const logs = join(work, 'logs', stamp);
  for (const d of [corpus, artifacts, logs]) mkdirSync(d, { recursive: true });
  gatherSeeds(target, seeds);
  const before = new Set(readdirSync(artifacts));
  say(`${target}: ${readdirSync(seeds).length} seeds, ${seconds} s`);
  const started = Date.now();
  const run = engine === 'libfuzzer' ? runLibFuzzer : runAfl;
  const r = run(target, corpus, seeds, artifacts, join(logs, `${target}.log`));
  const found = readdirSync(artifacts)
    .filter((f) => !before.has(f))
    .map((f) => join(artifacts, f));
  const row = { target, ...r, seconds: Math.round((Date.now() - started) / 1000), findings: found };
  results.push(row);
  say(
    `${target}: ${row.executions} executions, ${row.edges} edges${Number.isNaN(row.features) ? '' : `, ${row.features} features`}, ${found.length ? `FOUND ${found.map((f) => basename(f)).join(' ')}` : 'nothing found'}`,
  );
}

const summary = join(work, 'runs', `${stamp}-${engine}.json`);
mkdirSync(dirname(summary), { recursive: true });
writeFileSync(summary, `${JSON.stringify({ engine, seconds, results }, null, 2)}\n`);
process.stdout.write(`\n${'target'.padEnd(18)} ${'executions'.padStart(11)} ${'edges'.padStart(6)}  findings\n`);
for (const r of results) {
  process.stdout.write(
    `${r.target.padEnd(18)} ${String(r.executions).padStart(11)} ${String(r.edges).padStart(6)}  ${r.findings.length}\n`,
  );
}
process.stdout.write(`\nsummary: ${summary}\n`);
const bad = results.filter((r) => r.findings.length > 0 || (r.status !== 0 && engine === 'libfuzzer'));
if (bad.length) {
  say(`findings in ${bad.map((r) => r.target).join(', ')}; reproduce with`);
  say('  cargo +nightly fuzz run --sanitizer none --features libfuzzer <target> <file>   (libFuzzer)');
  say('  SOLIDUS_FUZZ_REPLAY=1 fuzz/target/release/solidus-fuzz <target> <file>          (AFL++)');
  process.exit(1);
}
