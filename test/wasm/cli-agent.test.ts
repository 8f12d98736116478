// The CLI's /do and slash commands: the exact prompt, plan validation as the extension does it, slash list/expand.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES } from '../fixtures';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const run = (args: string[], input?: string) =>
  JSON.parse(execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input }));

describe('solidus prompt', () => {
  it("lists the shortlist and the seed request's two settings with their schemas", () => {
    const out = run(['prompt', '--vscode', FIXTURES, 'make the font bigger and turn on word wrap']);
    const lines: string[] = out.user.split('\n');
    assert.ok(lines.includes('setting:editor.fontSize | setting | Editor: Font Size'));
    assert.ok(lines.includes('editor.fontSize | number | any | 6 to 100'));
    assert.ok(lines.includes('editor.wordWrap | string | "off", "on", "wordWrapColumn", "bounded" | any'));
    assert.match(out.user, /Request: make the font bigger and turn on word wrap\s*$/);
    assert.match(out.system, /"type": ?"terminal"/);
    assert.equal(out.shortlist.entries.length, 60);
  });
});

describe('solidus validate', () => {
  it("keeps the seed's settings plan without confirmation", () => {
    const answer =
      'Sure!\n```json\n{"reply": "I\'ll increase the editor font size to 16 and turn on word wrap.", "steps": [' +
      '{"type": "setting", "key": "editor.fontSize", "value": 16, "why": "bigger font"},' +
      '{"type": "setting", "key": "editor.wordWrap", "value": "on", "why": "enable word wrap"}]}\n```';
    const out = run(['validate', '--vscode', FIXTURES, '--plan', '-'], answer);
    assert.equal(out.mustConfirm, false);
    assert.deepEqual(
      out.steps.map((s: { description: string }) => s.description),
      ['Set Editor: Font Size = 16', 'Set Editor: Word Wrap = "on"'],
    );
    assert.deepEqual(out.dropped, []);
  });

  it('always confirms a terminal step, shows it in full and drops invented ids', () => {
    const dir = mkdtempSync(join(tmpdir(), 'solidus-plan-'));
    const file = join(dir, 'answer.txt');
    writeFileSync(
      file,
      JSON.stringify({
        reply: 'Reinstall and test.',
        steps: [
          {
            type: 'item',
            id: 'term:run',
            args: 'rm -rf node_modules && npm ci && npm test',
            why: 'clean install',
            risk: 'safe',
          },
          { type: 'item', id: 'command:made.up', why: 'invented' },
        ],
      }),
    );
    const out = run(['validate', '--vscode', FIXTURES, '--plan', file]);
    assert.equal(out.mustConfirm, true);
    assert.equal(out.steps[0].description, 'Run in terminal: rm -rf node_modules && npm ci && npm test');
    assert.deepEqual(out.dropped, [{ step: 1, reason: 'unknown item “command:made.up”' }]);
  });

  it('reports an answer without JSON as an error with exit code 1', () => {
    const result = spawnSync(process.execPath, [CLI, 'validate', '--vscode', FIXTURES, '--plan', '-'], {
      input: 'no plan here',
      encoding: 'utf8',
    });
    assert.equal(result.status, 1);
    assert.equal(JSON.parse(result.stdout).error.code, 'noJsonObject');
  });
});

describe('solidus slash', () => {
  const project = mkdtempSync(join(tmpdir(), 'solidus-slash-project-'));
  const home = mkdtempSync(join(tmpdir(), 'solidus-slash-home-'));
  mkdirSync(join(project, '.claude', 'commands'), { recursive: true });
  mkdirSync(join(project, '.solidus', 'commands'), { recursive: true });
  mkdirSync(join(home, '.gemini', 'commands', 'git'), { recursive: true });
  writeFileSync(
    join(project, '.claude', 'commands', 'review.md'),
    '---\ndescription: Claude review\n---\nReview $ARGUMENTS\n',
  );
  writeFileSync(
    join(project, '.solidus', 'commands', 'review.md'),
    '---\ndescription: Solidus review\nargument-hint: <file> <note>\n---\nReview $1 with note $2\n',
  );
  writeFileSync(
    join(home, '.gemini', 'commands', 'git', 'commit.toml'),
    'description = "Commit"\nprompt = "Write a commit message for {{args}}"\n',
  );

  it('lists every command with tool, scope, path and what shadows it', () => {
    const out = run(['slash', 'list', '--root', project, '--home', home]);
    const brief = out.commands.map(
      (c: { name: string; tool: string; scope: string; path: string; shadowedBy: string | null }) => [
        c.name,
        c.tool,
        c.scope,
        c.path,
        c.shadowedBy,
      ],
    );
    assert.deepEqual(brief, [
      ['review', 'solidus', 'project', 'review.md', null],
      ['review', 'claude', 'project', 'review.md', 'solidus:project:review.md'],
      ['git:commit', 'gemini', 'user', 'git/commit.toml', null],
    ]);
  });

  it('expands typed text with quoted arguments', () => {
    const out = run(['slash', 'expand', '--root', project, '--home', home, '/review a.ts "b c"']);
    assert.equal(out.ok, true);
    assert.equal(out.text, 'Review a.ts with note b c');
    const gemini = run(['slash', 'expand', '--root', project, '--home', home, '/git:commit the parser fix']);
    assert.equal(gemini.text, 'Write a commit message for the parser fix');
  });
});

describe('solidus slash list: names as each tool gives them', () => {
  const project = mkdtempSync(join(tmpdir(), 'solidus-names-project-'));
  const home = mkdtempSync(join(tmpdir(), 'solidus-names-home-'));
  mkdirSync(join(project, '.gemini', 'commands'), { recursive: true });
  mkdirSync(join(home, '.gemini', 'commands'), { recursive: true });
  mkdirSync(join(home, '.codex', 'prompts'), { recursive: true });
  writeFileSync(join(project, '.gemini', 'commands', 'sync.toml'), 'prompt = "project sync"\n');
  writeFileSync(join(home, '.gemini', 'commands', 'sync.toml'), 'prompt = "user sync"\n');
  writeFileSync(join(home, '.gemini', 'commands', 'my notes.toml'), 'prompt = "notes"\n');
  writeFileSync(join(home, '.codex', 'prompts', 'Shout.MD'), 'Say $1 loudly\n');
  writeFileSync(join(home, '.codex', 'prompts', 'init.md'), 'never listed\n');

  it('shows renamed commands with the reason, and why a file was skipped', () => {
    const out = run(['slash', 'list', '--root', project, '--home', home]);
    const named = out.commands.map((c: { name: string; rename?: { from: string } | null }) => [
      c.name,
      c.rename?.from ?? null,
    ]);
    assert.deepEqual(named, [
      ['prompts:Shout', null],
      ['workspace.sync', 'sync'],
      ['my_notes', 'my notes'],
      ['user.sync', 'sync'],
    ]);
    assert.ok(out.commands.every((c: { rename?: { reason: string } | null }) => !c.rename || c.rename.reason));
    const skipped = out.skipped.map((s: { path: string; reason: string }) => [s.path, s.reason]);
    assert.deepEqual(skipped, [['init.md', 'namedLikeBuiltin']]);
  });
});
