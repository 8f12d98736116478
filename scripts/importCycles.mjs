// Finds import cycles among the shell's modules (extension/, webview/); a check of `npm run lint`.
// Only imports that remain at run time count: `import type` and imports whose every name is a type
// are erased by the compiler, so they cannot make one module wait on another half-loaded.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every relative `import … from './x'` and `export … from './x'` of a module that is not types only. */
export function runtimeImports(text) {
  const found = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"](\.{1,2}\/[^'"]+)['"]/gms;
  for (const m of text.matchAll(statement)) {
    if (m[2]) continue; // `import type { … }`
    const names = m[3].match(/^\{([^}]*)\}$/s);
    if (names) {
      const specifiers = names[1]
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (specifiers.length > 0 && specifiers.every((s) => s.startsWith('type '))) continue;
    }
    found.push(m[4]);
  }
  // Side-effect imports (`import './x'`) run the module too.
  for (const m of text.matchAll(/^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) found.push(m[1]);
  return found;
}

/** The module graph of the `.ts` files under `dirs` (recursively), keyed by path relative to `root`, without extension. */
export function importGraph(root, dirs) {
  const graph = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) {
        const from = path.slice(0, -3);
        const targets = runtimeImports(readFileSync(join(root, path), 'utf8')).map((spec) => {
          const target = join(dirname(path), spec.replace(/\.(js|ts)$/, ''));
          return existsSync(join(root, target, 'index.ts')) ? join(target, 'index') : target;
        });
        graph.set(from, [...new Set(targets)]);
      }
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(dir);
  return graph;
}

/** A cycle for each import that closes one (a back edge of a depth-first walk), as the modules around it from its smallest name; none means the graph has no cycle. */
export function findCycles(graph) {
  const cycles = new Map();
  const state = new Map(); // undefined: unseen, 1: on the current path, 2: done
  const path = [];
  const visit = (node) => {
    state.set(node, 1);
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 1) {
        const cycle = path.slice(path.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(rotated.join(' → '), rotated);
      } else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...cycles.values()];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findCycles(importGraph(root, ['extension', 'webview']));
  for (const cycle of cycles) {
    process.stderr.write(`import cycle: ${[...cycle, cycle[0]].map((m) => relative('.', m)).join(' → ')}\n`);
  }
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
