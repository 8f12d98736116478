// What the real core sends, typed by the TypeScript compiler against the generated boundary types.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import ts from 'typescript';
import type { Core } from '../../crate/pkg/solidus_core';
import { CoreHost, type ProjectInput } from '../../extension/core';
import { fixtureSources } from '../fixtures';

const GENERATED = join(__dirname, '..', '..', 'extension', 'generated', 'core-types');

/** One value the core returned and the type its binding method declares. */
type Sample = { type: string; value: unknown };

/**
 * Writes each sample as an object literal annotated with its declared type and compiles the file
 * once: a literal gets TypeScript's excess-property check, so a key the type lacks is an error, as
 * is a missing required key or a value outside its union. Returns the complaints by sample.
 */
function typeErrors(samples: Sample[]): Map<number, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'solidus-boundary-'));
  const file = join(dir, 'samples.ts');
  const names = [...new Set(samples.flatMap((s) => s.type.match(/[A-Z]\w*/g) ?? []))].sort();
  // Line n + 1 holds sample n.
  const lines = [`import type { ${names.join(', ')} } from ${JSON.stringify(GENERATED)};`];
  samples.forEach((s, n) => {
    lines.push(`export const sample${n}: ${s.type} = ${JSON.stringify(s.value) ?? 'undefined'};`);
  });
  writeFileSync(file, lines.join('\n'));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    types: [],
  });
  const errors = new Map<number, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
    const sample = d.file?.fileName === file ? line - 1 : -1;
    errors.set(sample, [...(errors.get(sample) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return errors;
}

/** An array result as one sample per element: a literal of hundreds of shapes is too big a union. */
function each(type: string, values: unknown[]): Sample[] {
  return values.map((value) => ({ type, value }));
}

describe('the values the core sends have their generated types', () => {
  const samples: Sample[] = [];
  let errors = new Map<number, string[]>();
  before(() => {
    const core = new CoreHost();
    const { stats, warnings } = core.build(fixtureSources());
    samples.push({ type: 'CatalogStats', value: stats }, ...each('Warning', warnings));
    // Every item would make a literal of megabytes: every setting with a schema of alternatives or
    // an enum, and the first commands, cover each optional field.
    const items = core.items();
    const commands = items.filter((i) => i.kind === 'command').slice(0, 100);
    const settings = items.filter((i) => i.setting?.alternatives || i.setting?.enum).slice(0, 200);
    samples.push(...each('Item', [...commands, ...settings]));
    samples.push({ type: 'Item | undefined', value: core.item('setting:editor.fontSize') });
    for (const query of ['word wrap', '>format', '$ ls', '/review a.ts', '/do make it bigger', 'git push']) {
      samples.push({ type: 'RankResult', value: core.rank({ query, limit: 15 }) });
      samples.push({ type: 'RankResult', value: core.rank({ query, limit: 15, full: true, mode: 'any' }) });
      // The lean path's own crossing, which `rank` assembles: rows by index and the summaries.
      const glue = (core as unknown as { core: Core }).core;
      samples.push({ type: 'RankRows', value: glue.rankRows({ query, limit: 15 }) });
      samples.push({ type: 'Input', value: core.parseInput(query) });
    }
    const glue = (core as unknown as { core: Core }).core;
    samples.push(...each('ItemSummary', glue.summaries(false).slice(0, 300)));

    const project: ProjectInput = {
      folders: [
        {
          name: 'app',
          root: '/w/app',
          files: [
            {
              path: 'package.json',
              text: '{"name": "app", "scripts": {"build": "tsc"}, "workspaces": ["packages/*"]}',
            },
            { path: 'justfile', text: 'deploy env:\n    ./deploy.sh {{env}}\n' },
            { path: 'Cargo.toml', text: '[package]\nname = "app"\n' },
            { path: 'pnpm-lock.yaml', text: '' },
          ],
          entries: ['package.json', 'justfile', 'Cargo.toml', 'pnpm-lock.yaml'],
        },
      ],
      trusted: true,
      os: 'linux',
      customCommands: {
        tidy: { steps: [{ command: 'editor.action.formatDocument' }, { terminal: 'npm run lint' }] },
        broken: { steps: [{ nothing: 1 }] },
      },
      tasks: [{ name: 'build', source: 'Workspace', folder: 'app', detail: 'tsc -b' }],
    };
    samples.push({ type: 'ProjectFileRequest', value: core.projectFilesToRead(project) });
    const built = core.setProject(project);
    samples.push({ type: 'ProjectResult', value: built });
    const projectItems = core.items().filter((i) => i.fromWorkspace);
    assert.ok(projectItems.length > 3, 'the project gives items');
    samples.push(...each('Item', projectItems));
    for (const item of projectItems) {
      samples.push({ type: 'RunSpec | undefined', value: core.runSpec(item.id) });
      samples.push({ type: 'CustomCommand | undefined', value: core.customCommand(item.id) });
    }

    samples.push({
      type: 'SlashSearchPlan',
      value: core.slashSearchFolders({ projectRoots: ['/w'], home: '/h', trusted: true }),
    });
    samples.push(...each('SlashProvider', core.slashProviders()));
    const discovery = core.setSlash({
      trusted: true,
      files: [
        {
          provider: 'claude',
          scope: 'project',
          root: '/w/.claude/commands',
          path: 'review.md',
          text: '---\ndescription: Review\nargument-hint: <file>\nallowed-tools: Bash\n---\nReview $ARGUMENTS !`git diff`\n',
        },
        { provider: 'gemini', scope: 'user', root: '/h/.gemini/commands', path: 'broken.toml', text: 'prompt = ' },
        {
          provider: 'copilot',
          scope: 'project',
          root: '/w/.github/prompts',
          path: 'ask.prompt.md',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: `${input:…}` is Copilot prompt-file syntax, not a template.
          text: 'Ask about ${input:topic:a topic} in #file:a.ts',
        },
        {
          provider: 'claude',
          scope: 'project',
          root: '/w/.claude/commands',
          path: 'hidden.md',
          text: 'Hi\u200b there',
        },
      ],
    });
    samples.push({ type: 'SlashDiscovery', value: discovery });
    for (const text of ['/review a.ts', '/ask', '/hidden', '/nothing here', '/prompts:missing']) {
      samples.push({ type: 'SlashExpansion', value: core.expandSlash({ text }) });
    }

    const context = { os: 'linux', textSelected: false };
    samples.push({
      type: 'PrepareDoResult',
      value: core.prepareDo({ request: 'make the font bigger', context, search: ['font size'], round: 1 }),
    });
    samples.push({ type: 'PrepareDoResult', value: core.prepareDo({ request: '', context }) });
    const answer = JSON.stringify({
      reply: 'ok',
      steps: [
        { type: 'setting', key: 'editor.fontSize', value: 16 },
        { type: 'item', id: 'command:editor.action.formatDocument' },
        { type: 'terminal', command: 'ls' },
        { type: 'item', id: 'command:nope' },
      ],
    });
    samples.push({ type: 'CheckPlanResult', value: core.checkPlan(answer) });
    samples.push({ type: 'CheckPlanResult', value: core.checkPlan('no plan here') });
    samples.push({ type: 'FindResult', value: core.findEntries('format document', 5) });
    samples.push({ type: 'FindResult', value: core.findEntries('') });
    samples.push({ type: 'CheckSettingResult', value: core.checkSetting({ key: 'editor.fontSize', text: '18' }) });
    samples.push({ type: 'CheckSettingResult', value: core.checkSetting({ key: 'editor.fontSize', text: 'x' }) });
    samples.push({ type: 'CheckSettingResult', value: core.checkSetting({ key: 'no.such.setting', value: 1 }) });
    samples.push({ type: 'ReadSettingResult', value: core.readSetting('editor.fontSize', 14) });
    samples.push({ type: 'ReadSettingResult', value: core.readSetting('no.such.setting', 1) });
    samples.push({ type: 'HiddenTextReport', value: core.hiddenText('plain') });
    samples.push({ type: 'HiddenTextReport', value: core.hiddenText('Review\u{E0072}\u{E006D} the code') });
    core.dispose();

    // Three values the core must never send, to prove the check can fail.
    const { total, ...stats2 } = samples[0]!.value as { total: number };
    errors = typeErrors([
      ...samples,
      { type: 'CatalogStats', value: { ...stats2, totl: total } },
      { type: 'CatalogStats', value: stats2 },
      { type: 'FindResult', value: { ok: true, code: 'x', message: 'y' } },
    ]);
  });

  it('every sample type-checks, and the samples reach both sides of each result', () => {
    assert.deepEqual(
      [...errors].filter(([n]) => n < samples.length),
      [],
    );
    const oks = samples.filter((s) => /Result$/.test(s.type)).map((s) => (s.value as { ok?: boolean }).ok);
    assert.ok(oks.includes(true) && oks.includes(false), 'both accepted and refused results are checked');
  });

  it('the check sees a renamed key, a missing one and a wrong literal', () => {
    const said = (n: number) => (errors.get(samples.length + n) ?? []).join('\n');
    assert.match(said(0), /'"totl"' does not exist in type 'CatalogStats'/);
    assert.match(said(1), /'total' is missing/);
    assert.match(said(2), /'"code"' does not exist/);
  });
});
