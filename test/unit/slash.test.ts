// Shell-side slash-command logic: segment replacement, the workspace boundary for file references, list matching, refusals.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as vscode from 'vscode';
import { CoreHost, type SlashExpandRequest } from '../../extension/core';
import type { Context } from '../../extension/ctx';
import { readConfig, SLASH_PROVIDERS } from '../../extension/settings/config';
import { isInside } from '../../extension/slash/files';
import { joinSegments, resolveInWorkspace, runSlashText, type SlashSegment } from '../../extension/slash/run';
import { fixtureSources } from '../fixtures';

describe('joinSegments', () => {
  const segments: SlashSegment[] = [
    { kind: 'text', text: '  Diff:\n' },
    { kind: 'shell', command: "git diff 'a b'", text: "!`git diff 'a b'`" },
    { kind: 'text', text: '\nFile: ' },
    { kind: 'file', path: 'x.ts', text: '@x.ts' },
    { kind: 'text', text: ' end  ' },
  ];

  it('replaces shell and file segments by what the callback gives, in order, and trims the ends', async () => {
    const seen: string[] = [];
    const text = await joinSegments(segments, async (s) => {
      seen.push(s.kind === 'shell' ? s.command : s.path);
      return s.kind === 'shell' ? 'OUT' : 'CONTENT';
    });
    assert.deepEqual(seen, ["git diff 'a b'", 'x.ts']);
    assert.equal(text, 'Diff:\nOUT\nFile: CONTENT end');
  });

  it('keeps a segment as written when the callback declines it', async () => {
    const text = await joinSegments(segments, async () => undefined);
    assert.equal(text, "Diff:\n!`git diff 'a b'`\nFile: @x.ts end");
  });

  it('inserts replacement text literally ($& and $1 stay as they are)', async () => {
    const text = await joinSegments([{ kind: 'shell', command: 'x', text: 'x' }], async () => '$& $1 $$');
    assert.equal(text, '$& $1 $$');
  });
});

describe('the workspace boundary for file references', () => {
  let dir: string;
  let ws: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'solidus-slash-unit-'));
    ws = path.join(dir, 'ws');
    mkdirSync(path.join(ws, 'src'), { recursive: true });
    writeFileSync(path.join(ws, 'src', 'a.ts'), 'a');
    writeFileSync(path.join(dir, 'secret.txt'), 's');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(ws, 'link.txt'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('isInside: the root itself and paths below it, never a sibling with the same prefix or a parent', () => {
    assert.equal(isInside('/w/ws', '/w/ws'), true);
    assert.equal(isInside('/w/ws', '/w/ws/src/a.ts'), true);
    assert.equal(isInside('/w/ws', '/w/ws-other/a.ts'), false);
    assert.equal(isInside('/w/ws', '/w/secret.txt'), false);
    assert.equal(isInside('/w/ws', '/w/ws/../secret.txt'), false);
  });

  it('resolves relative and absolute paths inside the workspace', async () => {
    const real = await resolveInWorkspace('src/a.ts', [ws]);
    assert.ok(real?.endsWith(path.join('ws', 'src', 'a.ts')));
    assert.ok(await resolveInWorkspace(path.join(ws, 'src', 'a.ts'), [ws]));
  });

  it('refuses ../ escapes, absolute paths outside, symlinks pointing outside and missing files', async () => {
    assert.equal(await resolveInWorkspace('../secret.txt', [ws]), undefined);
    assert.equal(await resolveInWorkspace(path.join(dir, 'secret.txt'), [ws]), undefined);
    assert.equal(await resolveInWorkspace('link.txt', [ws]), undefined);
    assert.equal(await resolveInWorkspace('src/missing.ts', [ws]), undefined);
    assert.equal(await resolveInWorkspace('src/a.ts', []), undefined);
  });
});

describe('slash settings', () => {
  it('default to /do and every provider; odd values fall back, only `false` turns a provider off', () => {
    const store = (vscode as unknown as { __configuration: Map<string, unknown> }).__configuration;
    assert.deepEqual(readConfig().slash, { target: 'do', providers: [...SLASH_PROVIDERS] });
    store.set('solidus.slash.target', 'printer');
    store.set('solidus.slash.providers.codex', false);
    store.set('solidus.slash.providers.cursor', 'no');
    assert.deepEqual(readConfig().slash, { target: 'do', providers: SLASH_PROVIDERS.filter((p) => p !== 'codex') });
    store.set('solidus.slash.target', 'clipboard');
    assert.equal(readConfig().slash.target, 'clipboard');
    for (const key of ['target', 'providers.codex', 'providers.cursor']) store.delete(`solidus.slash.${key}`);
  });
});

describe('a refused slash command', () => {
  // The core decides a refusal (here Codex's unknown /prompts:<name>); the shell must show it and
  // send nothing on: no /do request, no chat, no clipboard.
  it('is shown as an error and nothing is sent, while a known command of the same tool is sent', async () => {
    const core = new CoreHost();
    core.build(fixtureSources());
    core.setSlash({
      files: [{ provider: 'codex', scope: 'user', root: '/h/.codex/prompts', path: 'draft.md', text: 'Draft $1' }],
      trusted: true,
    });
    const sentToDo: string[] = [];
    const errors: string[] = [];
    const copied: string[] = [];
    const window = vscode.window as unknown as Record<string, unknown>;
    const saved = {
      showErrorMessage: window.showErrorMessage,
      env: (vscode as unknown as Record<string, unknown>).env,
    };
    window.showErrorMessage = async (message: string) => void errors.push(message);
    (vscode as unknown as Record<string, unknown>).env = {
      clipboard: { writeText: async (text: string) => void copied.push(text) },
    };
    const executed = (vscode as unknown as { __executed: unknown[][] }).__executed;
    const before = executed.length;
    const ctx = {
      slash: {
        whenReady: async () => undefined,
        expand: async (request: SlashExpandRequest) => core.expandSlash(request),
      },
      core,
      log: { info() {}, warn() {}, error() {} },
      config: { slash: { target: 'do' } },
      runDo: async (text: string) => {
        sentToDo.push(text);
        return 'ran';
      },
    } as unknown as Context;
    try {
      await runSlashText(ctx, '/prompts:nope some text');
      assert.equal(errors.length, 1, errors.join('\n'));
      assert.match(errors[0], /Codex has no saved prompt named nope/);
      assert.deepEqual(sentToDo, []);
      assert.deepEqual(copied, []);
      assert.equal(executed.length, before, 'nothing was opened in chat');

      // The same path with a prompt Codex has: sent to /do as expanded.
      await runSlashText(ctx, '/prompts:draft notes');
      assert.deepEqual(sentToDo, ['Draft notes']);
      assert.equal(errors.length, 1);
    } finally {
      window.showErrorMessage = saved.showErrorMessage;
      (vscode as unknown as Record<string, unknown>).env = saved.env;
      core.dispose();
    }
  });
});
