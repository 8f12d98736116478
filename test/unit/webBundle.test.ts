// The web worker bundle: the extension builds without a Node built-in, twins stand in, and a built-in fails the build.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { webHost } from '../../scripts/webHost.mjs';

const ROOT = path.join(__dirname, '..', '..');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-web-bundle-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** Bundles `entry` as build.mjs bundles the web extension, in memory. */
function bundle(entry: string): Promise<esbuild.BuildResult & { outputFiles: esbuild.OutputFile[] }> {
  return esbuild.build({
    bundle: true,
    write: false,
    logLevel: 'silent',
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    entryPoints: [entry],
    outfile: path.join(scratch, 'out.js'),
    plugins: [webHost],
  });
}

describe('the web worker bundle', () => {
  it('bundles the extension with the twins and requires nothing but vscode', async () => {
    const result = await bundle(path.join(ROOT, 'extension/extension.ts'));
    const text = result.outputFiles[0].text;
    const required = [...new Set([...text.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]))];
    assert.deepEqual(required, ['vscode']);
    assert.match(text, /web worker extension host/, 'platform.web.ts is in');
    assert.doesNotMatch(text, /Node extension host/, 'platform.ts is out');
    assert.doesNotMatch(text, /check-ignore/, 'slashFiles.ts (git) is out');
  });

  it('fails when a Node built-in slips in, naming the importer', async () => {
    const entry = path.join(scratch, 'leak.ts');
    writeFileSync(entry, "import { homedir } from 'node:os';\nexport const home = homedir();\n");
    await assert.rejects(bundle(entry), (error: Error) => {
      assert.match(error.message, /no Node built-ins: .*leak\.ts imports "node:os"/);
      return true;
    });
    writeFileSync(entry, "import { readFileSync } from 'fs';\nexport const read = readFileSync;\n");
    await assert.rejects(bundle(entry), /imports "fs"/);
  });

  it('takes `./name.web.ts` in place of `./name` when there is one, and `./name` otherwise', async () => {
    writeFileSync(
      path.join(scratch, 'main.ts'),
      "import { where } from './place';\nimport { other } from './other';\nconsole.log(where, other);\n",
    );
    writeFileSync(path.join(scratch, 'place.ts'), "export const where = 'node-side';\n");
    writeFileSync(path.join(scratch, 'place.web.ts'), "export const where = 'web-side';\n");
    writeFileSync(path.join(scratch, 'other.ts'), "export const other = 'only-one';\n");
    const text = (await bundle(path.join(scratch, 'main.ts'))).outputFiles[0].text;
    assert.match(text, /web-side/);
    assert.doesNotMatch(text, /node-side/);
    assert.match(text, /only-one/);
  });
});
