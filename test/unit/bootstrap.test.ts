// The environment scripts/bootstrap.sh gives its nested npm installs (`bootstrap.sh nested-env` prints it):
// nothing of the outer npm's, so code-server's postinstall sees the Node that runs the inner npm.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const BOOTSTRAP = path.join(__dirname, '..', '..', 'scripts', 'bootstrap.sh');
const home = mkdtempSync(path.join(tmpdir(), 'solidus-nested-env-'));
after(() => rmSync(home, { recursive: true, force: true }));

/** What `npm test` or `npm start` puts in the environment of everything they start. */
const OUTER_NPM: Record<string, string> = {
  npm_config_user_agent: 'npm/11.0.0 node/v20.0.0 linux x64',
  NPM_CONFIG_PREFIX: '/x',
  npm_lifecycle_event: 'test',
  npm_package_name: 'solidus',
  INIT_CWD: '/tmp',
  NODE: '/usr/bin/node',
};

/** Runs `bootstrap.sh nested-env` with exactly `extra` plus PATH, HOME and a cache of its own. */
function nestedEnv(extra: Record<string, string>): Map<string, string> {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    SOLIDUS_CACHE: path.join(home, 'cache'), // the script makes its cache folder before anything else
    ...extra,
  };
  const result = spawnSync('bash', [BOOTSTRAP, 'nested-env'], { env, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  const vars = new Map<string, string>();
  for (const line of result.stdout.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) vars.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return vars;
}

/** The outer npm's variables still present. */
const survivors = (vars: Map<string, string>) => Object.keys(OUTER_NPM).filter((name) => vars.has(name));

describe('bootstrap.sh nested-env', () => {
  it("drops the outer npm's configuration and lifecycle variables and keeps the rest", () => {
    const vars = nestedEnv({ ...OUTER_NPM, KEEP_ME: '1' });
    assert.deepEqual(survivors(vars), []);
    assert.equal(vars.get('KEEP_ME'), '1');
    assert.equal(vars.get('PATH'), process.env.PATH ?? '/usr/bin:/bin');
    assert.equal(vars.get('HOME'), home);
  });

  it('NESTED_PATH becomes exactly the PATH of the nested install', () => {
    const vars = nestedEnv({ ...OUTER_NPM, NESTED_PATH: '/opt/node24/bin:/usr/bin' });
    assert.equal(vars.get('PATH'), '/opt/node24/bin:/usr/bin');
    assert.deepEqual(survivors(vars), []);
  });
});
