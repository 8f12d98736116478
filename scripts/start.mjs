// `npm start`: builds Solidus and runs it in code-server on 127.0.0.1 with a demo workspace, until Ctrl+C.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCodeServer } from './codeserver.mjs';
import { ensureNodeModules } from './deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runDir = path.join(root, '.solidus-run');
const vsixPath = path.join(root, 'artifacts', 'solidus.vsix');
const port = Number(process.env.PORT || 8123);

const step = (message) => process.stderr.write(`\x1b[1m[start]\x1b[0m ${message}\n`);

/** Runs a command with inherited output; exits with its status if it fails. */
function run(what, command, args) {
  step(what);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    step(`${what} failed: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    step(`${what} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  step(`PORT must be a TCP port number, got ${JSON.stringify(process.env.PORT)}`);
  process.exit(1);
}

ensureNodeModules();
run('checking build tools, code-server and Chromium (bootstrap)', 'bash', [path.join(root, 'scripts', 'bootstrap.sh')]);
// Bootstrap ran just above, so the build skips its own check.
run('building and packaging Solidus', process.execPath, [
  path.join(root, 'scripts', 'build.mjs'),
  '--package',
  '--no-bootstrap',
]);
if (!existsSync(vsixPath)) {
  step(`the build did not produce ${path.relative(root, vsixPath)}`);
  process.exit(1);
}

// The demo is copied once, so the user's edits in the copy survive restarts.
const demoDir = path.join(runDir, 'demo');
if (!existsSync(demoDir)) {
  step(`copying demo/ to ${path.relative(root, demoDir)}`);
  cpSync(path.join(root, 'demo'), demoDir, { recursive: true });
}

mkdirSync(runDir, { recursive: true });
const logPath = path.join(runDir, 'code-server.log');
writeFileSync(logPath, '');

// Handlers go in before the server starts: code-server runs in its own process group, so Ctrl+C
// reaches only this process, which then stops the server gracefully (extension state gets saved).
let server;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  step(`${signal}: stopping code-server`);
  await server?.stop(); // Without a server yet, the exit hook of codeserver.mjs ends a half-started one.
  process.exit(server ? 0 : 130);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

step(`starting code-server on 127.0.0.1:${port} (log: ${path.relative(root, logPath)})`);
try {
  server = await startCodeServer({
    vsixPath,
    workspaceDir: demoDir,
    port,
    userDataDir: path.join(runDir, 'user-data'),
    extensionsDir: path.join(runDir, 'extensions'),
    onOutput: (chunk) => appendFileSync(logPath, chunk),
  });
} catch (error) {
  step(`could not start code-server: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
process.stdout.write(
  `\nSolidus is running: open http://127.0.0.1:${port}/ in a browser (workspace: ${path.relative(root, demoDir)}).\n` +
    'Press Ctrl+Alt+Space in the editor to open Solidus. Press Ctrl+C here to stop.\n\n',
);

const status = await server.exited;
if (!stopping) {
  step(`code-server exited unexpectedly (${status}); see ${path.relative(root, logPath)}`);
  await server.stop();
  process.exit(1);
}
