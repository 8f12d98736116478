// Benchmark (prints only): slash-command discovery and expansion in wasm under Node, through the shell's file reader.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { CoreHost, type SlashDiscovery } from '../extension/core';

// The extension's built-in names; slash.ts itself needs `vscode`, which plain Node lacks.

import { collectSlashFiles } from '../extension/slash/files';

const CORPUS = join(__dirname, '..', '..', 'shared', 'corpus', 'slash');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number): string => `${n.toFixed(2)} ms`;

/** Every folder below `root`, the root included: each may be a project where some tool looks. */
function allDirs(root: string): string[] {
  const dirs = [root];
  for (let i = 0; i < dirs.length; i++) {
    for (const name of readdirSync(dirs[i]!)) {
      const full = join(dirs[i]!, name);
      if (statSync(full).isDirectory()) dirs.push(full);
    }
  }
  return dirs;
}

/** 500 command files spread evenly over the six tools with project folders, about 1 KB each. */
function syntheticProject(): string {
  const root = mkdtempSync(join(os.tmpdir(), 'solidus-slash-bench-'));
  const body = `Review $1 carefully, then $ARGUMENTS.\n${'Check the tests, the docs and the changelog. '.repeat(20)}`;
  const kinds: [string, (i: number) => string, (i: number) => string][] = [
    ['.solidus/commands', (i) => `cmd${i}.md`, (i) => `---\ndescription: Solidus ${i}\n---\n${body}`],
    [
      '.claude/commands',
      (i) => `team${i % 5}/cmd${i}.md`,
      (i) => `---\ndescription: Claude ${i}\nargument-hint: <file>\n---\n${body}`,
    ],
    [
      '.gemini/commands',
      (i) => `git/cmd${i}.toml`,
      (i) => `description = "Gemini ${i}"\nprompt = """\n${body}{{args}}\n"""\n`,
    ],
    ['.cursor/commands', (i) => `cmd${i}.md`, () => body],
    [
      '.github/prompts',
      (i) => `cmd${i}.prompt.md`,
      (i) => `---\ndescription: Copilot ${i}\n---\n${body}\${input:topic}`,
    ],
    ['.opencode/commands', (i) => `cmd${i}.md`, (i) => `---\ndescription: OpenCode ${i}\n---\n${body}`],
  ];
  for (let i = 0; i < 500; i++) {
    const [dir, name, text] = kinds[i % kinds.length]!;
    const file = join(root, dir, name(i));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text(i));
  }
  return root;
}

/** Times reading (the shell) and discovery (the core) for a set of project roots; returns the catalog. */
async function measure(core: CoreHost, label: string, projectRoots: string[], rounds = 10) {
  const plan = core.slashSearchFolders({ projectRoots, trusted: true });
  const readStart = performance.now();
  const files = await collectSlashFiles(plan);
  const readMs = performance.now() - readStart;
  const times: number[] = [];
  if (!core.ready) core.build({});
  let discovery = core.setSlash({ files, trusted: true });
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    // Discovery and the catalog's re-index, which is what a changed command file costs.
    discovery = core.setSlash({ files, trusted: true });
    times.push(performance.now() - start);
  }
  const { commands, skipped } = discovery;
  process.stdout.write(
    `${label}: ${files.length} files read in ${ms(readMs)}; discovery of ${commands.length} commands ` +
      `(${commands.filter((c) => !c.shadowedBy).length} active, ${skipped.length} skipped) ${ms(median(times))} median of ${rounds}\n`,
  );
  return discovery;
}

/** Times expanding each active command of the discovery the core holds now. */
function measureExpansion(core: CoreHost, label: string, discovery: SlashDiscovery): void {
  const active = discovery.commands.filter((command) => !command.shadowedBy);
  const times: number[] = [];
  for (const command of active) {
    const start = performance.now();
    core.expandSlash({ text: `/${command.name} src/a.ts "two words" third`, inputs: { topic: 'x' } });
    times.push(performance.now() - start);
  }
  process.stdout.write(
    `slash expansion (${label}): ${active.length} commands, median ${ms(median(times))}, max ${ms(Math.max(...times))}\n`,
  );
}

export async function benchSlash(): Promise<void> {
  const core = new CoreHost();
  const project = syntheticProject();
  try {
    measureExpansion(core, 'corpus', await measure(core, 'slash corpus', allDirs(CORPUS)));
    measureExpansion(core, '500-file project', await measure(core, 'slash 500-file project', [project]));
  } finally {
    rmSync(project, { recursive: true, force: true });
    core.dispose();
  }
}

if (require.main === module) void benchSlash();
