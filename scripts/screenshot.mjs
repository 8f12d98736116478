// `npm run screenshot`: refreshes media/popup.png, the README's picture, by running the popup e2e test
// that shows "word wrap" with SOLIDUS_SCREENSHOT=readme. `npm test` saves the same view under the ignored
// test-results/ instead, so a test run leaves the clone as it found it.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules } from './deps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const picture = path.join(root, 'media', 'popup.png');
/** The one test whose view is the README's picture (test/e2e/popup.test.ts). */
const TEST_NAME = '"word wrap" lists the setting and the toggle command';

const step = (message) => process.stderr.write(`\x1b[1m[screenshot]\x1b[0m ${message}\n`);

/** Runs a command with inherited output; exits with its status if it fails. */
function run(what, command, args, env = {}) {
  step(what);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error || result.status !== 0) {
    step(`${what} failed (${result.error ? result.error.message : `exit ${result.status ?? result.signal}`})`);
    process.exit(result.status || 1);
  }
}

ensureNodeModules();
run('checking build tools, code-server and Chromium (bootstrap)', 'bash', [path.join(root, 'scripts', 'bootstrap.sh')]);
run('building and packaging Solidus', process.execPath, [
  path.join(root, 'scripts', 'build.mjs'),
  '--package',
  '--no-bootstrap',
]);
const before = existsSync(picture) ? statSync(picture).mtimeMs : 0;
run(
  'running the popup test that takes the picture',
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-name-pattern=${TEST_NAME}`, 'test/e2e/popup.test.ts'],
  { SOLIDUS_SCREENSHOT: 'readme' },
);
if (!existsSync(picture) || statSync(picture).mtimeMs === before) {
  step(`the test passed but did not write ${path.relative(root, picture)}: is TEST_NAME still its name?`);
  process.exit(1);
}
step(`wrote ${path.relative(root, picture)}; look at it, then commit it with the change it shows`);
