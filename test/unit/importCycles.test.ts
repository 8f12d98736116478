// The import-cycle check of `npm run lint`: it finds a cycle through value imports, ignores type-only ones, and the shell has none.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
// @ts-expect-error: a plain ES module of the build scripts, without type declarations.
import { findCycles, importGraph, runtimeImports } from '../../scripts/importCycles.mjs';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A folder `src/` of modules from `(name, text)` pairs. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'solidus-cycles-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, 'src', name, '..'), { recursive: true });
    writeFileSync(join(root, 'src', `${name}.ts`), text);
  }
  return root;
}

describe('import cycles', () => {
  it('finds a cycle of value imports across three modules, through a subfolder index', () => {
    const root = tree({
      agent: "import { runItem } from './run';\n",
      run: "import { runSlash } from './slash';\n",
      'slash/index': "import { runDo } from '../agent';\n",
    });
    const cycles = findCycles(importGraph(root, ['src']));
    assert.deepEqual(cycles, [['src/agent', 'src/run', 'src/slash/index']]);
  });

  it('does not count imports that only bring types', () => {
    const root = tree({
      a: "import { b } from './b';\n",
      b: "import type { A } from './a';\nimport { type Other } from './a';\nexport const b = 1;\n",
    });
    assert.deepEqual(findCycles(importGraph(root, ['src'])), []);
  });

  it('counts a mixed import, a re-export and a side-effect import as run-time imports', () => {
    assert.deepEqual(
      runtimeImports(
        "import { type A, b } from './x';\nexport { c } from './y';\nimport './z';\nimport type { D } from './w';\n",
      ),
      ['./x', './y', './z'],
    );
  });

  it('the shell (extension/, webview/) has no import cycle', () => {
    const cycles = findCycles(importGraph(join(__dirname, '..', '..'), ['extension', 'webview']));
    assert.deepEqual(cycles, []);
  });
});
