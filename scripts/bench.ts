// Benchmarks (print only, never fail): catalog build, popup rank latency, shortlist recall, in wasm under Node.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CoreHost, type ItemSummary } from '../extension/core';
import { SHARED, fixtureSources } from '../test/fixtures';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number): string => `${n.toFixed(3)} ms`;

/** Everyday popup queries of one to three words, including partial words as people type them. */
const QUERIES: string[][] = [
  ['font', 'zen', 'format', 'wrap', 'minimap', 'theme', 'terminal', 'commit', 'sav', 'tab', 'rename', 'fold', 'ligatures', 'autosave', 'breadcrumbs'],
  ['word wrap', 'font size', 'tab size', 'save all', 'close editor', 'toggle sidebar', 'git push', 'line numbers', 'format document', 'auto save', 'go line', 'color theme', 'split editor', 'find files', 'wor wra'],
  ['toggle word wrap', 'editor font size', 'format on save', 'close all editors', 'toggle zen mode', 'render white space', 'git commit all', 'show all commands', 'reload window now', 'open keyboard shortcuts', 'editor tab size', 'terminal font size', 'trim trailing whitespace', 'sort lines ascending', 'ed fo si'],
];

function main(): void {
  const sources = fixtureSources();
  const core = new CoreHost();
  process.stdout.write('Solidus benchmark (wasm under Node, fixture catalog of VS Code 1.139.1)\n\n');

  const buildTimes: number[] = [];
  for (let i = 0; i < 12; i++) {
    const start = performance.now();
    core.build(sources);
    buildTimes.push(performance.now() - start);
  }
  const items = core.items();
  process.stdout.write(`catalog build: ${items.length} items, median ${ms(percentile(buildTimes.slice(2), 50))} (10 runs after 2 warm-ups)\n\n`);

  process.stdout.write('popup rank latency (mode all, limit 50):\n');
  for (const [i, queries] of QUERIES.entries()) {
    for (const q of queries) core.rank({ query: q, limit: 50 }); // warm-up
    const times: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const q of queries) {
        const start = performance.now();
        core.rank({ query: q, limit: 50 });
        times.push(performance.now() - start);
      }
    }
    process.stdout.write(`  ${i + 1} word${i ? 's' : ' '}: p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  (${times.length} runs)\n`);
  }

  const covers = (list: ItemSummary[], expect: string[][]): string[][] => {
    const names = new Set(list.flatMap((item) => [item.command, item.key]).filter(Boolean));
    return expect.filter((group) => !group.some((name) => names.has(name)));
  };
  const shortlistTimes: number[] = [];
  const sets: [string, string][] = [
    ['shared/bench/requests.jsonl', join(SHARED, 'bench', 'requests.jsonl')],
    ['bench/own-requests.jsonl (written before tuning, never tuned on)', join(__dirname, '..', 'bench', 'own-requests.jsonl')],
  ];
  for (const [name, file] of sets) {
    const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
    const requests = lines.map((l) => JSON.parse(l) as { request: string; expect: string[][] });
    process.stdout.write(`\nshortlist recall (mode any) on ${name}:\n`);
    for (const limit of [20, 60]) {
      let covered = 0;
      const misses: string[] = [];
      for (const { request, expect } of requests) {
        const start = performance.now();
        const list = core.rank({ query: request, limit, mode: 'any' }).results.map((r) => r.item);
        shortlistTimes.push(performance.now() - start);
        const missing = covers(list, expect);
        if (missing.length === 0) covered++;
        else misses.push(`    "${request}": missing ${missing.map((g) => g.join(' | ')).join('; ')}`);
      }
      process.stdout.write(`  recall@${limit}: ${(covered / requests.length).toFixed(3)} (${covered}/${requests.length})\n`);
      if (misses.length) process.stdout.write(`  misses at ${limit}:\n${misses.join('\n')}\n`);
    }
  }
  process.stdout.write(`  shortlist build: p50 ${ms(percentile(shortlistTimes, 50))}  p95 ${ms(percentile(shortlistTimes, 95))}\n`);
  core.dispose();
}

main();
