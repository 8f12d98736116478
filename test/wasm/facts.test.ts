// Facts the shell takes from the built core: package.json's slash switches and the project watch list.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CoreHost } from '../../extension/core';
import { watchGlobs } from '../../extension/project/files';
import { SLASH_PROVIDERS } from '../../extension/settings/config';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const properties: Record<string, unknown> = manifest.contributes.configuration.properties;
const PREFIX = 'solidus.slash.providers.';

describe('package.json against the core', () => {
  it('has one solidus.slash.providers.<id> switch per slash provider the core knows, and the shell reads each', () => {
    const core = new CoreHost();
    const ids = core.slashProviders();
    assert.ok(ids.includes('claude'), ids.join());
    const switches = Object.keys(properties)
      .filter((key) => key.startsWith(PREFIX))
      .map((key) => key.slice(PREFIX.length));
    assert.deepEqual([...switches].sort(), [...ids].sort());
    assert.deepEqual([...SLASH_PROVIDERS].sort(), [...ids].sort());
    core.dispose();
  });

  it('watches what the core reads: deno.jsonc, pnpm-lock.yaml and go.mod at the root, and each member glob', () => {
    const core = new CoreHost();
    const base = { trusted: true, os: 'linux' } as const;
    const listed = core.projectFilesToRead({
      ...base,
      folders: [
        { name: 'app', root: '/app', files: [], entries: ['deno.jsonc', 'pnpm-lock.yaml', 'go.mod', 'README.md'] },
        { name: 'app', root: '/app2', files: [] },
      ],
    });
    // The core names the folders and picks the root files; the shell matches nothing itself.
    assert.deepEqual(listed.roots, [
      { name: 'app', read: ['deno.jsonc'], presence: ['pnpm-lock.yaml', 'go.mod'] },
      { name: 'app~2', read: [], presence: [] },
    ]);
    const request = core.projectFilesToRead({
      ...base,
      folders: [
        { name: 'app', root: '/app', files: [{ path: 'package.json', text: '{"workspaces":["packages/*"]}' }] },
      ],
    });
    const [root, ...rest] = watchGlobs(request, 'app');
    const names = root.slice(1, -1).split(',');
    for (const name of ['package.json', 'deno.jsonc', 'pnpm-lock.yaml', 'go.mod', 'Cargo.toml', '*.csproj'])
      assert.ok(names.includes(name), `${name} in ${root}`);
    assert.ok(rest.includes('packages/*/package.json'), rest.join());
    core.dispose();
  });
});
