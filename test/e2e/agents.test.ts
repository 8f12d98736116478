// Solidus as the guard other agents use, in code-server: solidus_find and solidus_run called through vscode.lm.invokeTool, schema-checked args, a search round.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  type EditorSession,
  openPopup,
  REPO_ROOT,
  readJson,
  runPaletteCommand,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

const LM_EXTENSION = path.join(REPO_ROOT, 'test', 'e2e', 'lm-extension');

let editor: EditorSession;
let workspaceDir: string;
let scratch: string;

const userSettings = (): Record<string, unknown> => readJson<Record<string, unknown>>(editor.server.settingsPath);
const logs = () => editor.logs();

interface ToolResult {
  ok: boolean;
  text?: string;
  name?: string;
  error?: string;
}

/** Starts a tool call from the test extension's palette command; `settle` waits for its answer. */
async function startTool(name: string, input: unknown): Promise<() => Promise<ToolResult>> {
  const result = path.join(workspaceDir, 'tool-result.json');
  rmSync(result, { force: true });
  writeFileSync(path.join(workspaceDir, 'tool-call.json'), JSON.stringify({ name, input }));
  await runPaletteCommand(editor.page, 'Solidus Test: Invoke Tool');
  return () =>
    waitFor(() => (existsSync(result) ? (JSON.parse(readFileSync(result, 'utf8')) as ToolResult) : undefined), 30_000, {
      message: `the answer of ${name}`,
    });
}

async function callTool(name: string, input: unknown): Promise<ToolResult> {
  return (await startTool(name, input))();
}

before(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-agents-'));
  const lmVsix = path.join(scratch, 'solidus-test-lm.vsix');
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'),
      'package',
      '--no-dependencies',
      '--skip-license',
      '-o',
      lmVsix,
    ],
    { cwd: LM_EXTENSION, stdio: 'pipe' },
  );
  workspaceDir = path.join(scratch, 'workspace');
  cpSync(path.join(REPO_ROOT, 'demo'), workspaceDir, { recursive: true });
  editor = await startSession({
    workspaceDir,
    extraVsix: [lmVsix],
    // Only the core's own rule asks: a cosmetic plan runs at once, a push is always confirmed.
    userSettings: { 'solidus.ai.confirmBeforeRun': false },
    // The @solidus handler is driven through a test hook: code-server has no chat extension to open the Chat view.
    env: { SOLIDUS_TEST_HOOKS: '1' },
  });
  await waitFor(() => /catalog built/.test(editor.solidusLog()), 60_000, { message: 'the catalog to be built' });
});

after(async () => {
  await editor?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the language model tools', () => {
  test('solidus_find lists ranked entries with a setting’s type, values and range', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-find',
      async () => {
        const found = await callTool('solidus_find', { words: 'font size', limit: 10 });
        assert.ok(found.ok, found.error);
        assert.match(found.text ?? '', /Actions \(id \| kind \| title/);
        assert.match(found.text ?? '', /\neditor\.fontSize \| number \| any \| /);
      },
      logs,
    );
  });

  test('a cosmetic plan runs through solidus_run at once and the answer says what ran', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-run-cosmetic',
      async () => {
        const answer = await callTool('solidus_run', {
          reply: 'Bigger font.',
          steps: [{ type: 'setting', key: 'editor.fontSize', value: 19, why: 'bigger' }],
        });
        assert.ok(answer.ok, answer.error);
        assert.match(answer.text ?? '', /Solidus ran 1 of 1 step; 0 dropped\./);
        assert.match(answer.text ?? '', /1\. \[ran\] Set Editor: Font Size = 19 — safe/);
        await waitFor(() => userSettings()['editor.fontSize'] === 19, 10_000, { message: 'editor.fontSize = 19' });
      },
      logs,
    );
  });

  test('a plan that pushes shows the confirmation with the class; Cancel leaves everything unchanged', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-run-push',
      async () => {
        const settle = await startTool('solidus_run', {
          reply: 'Push and widen tabs.',
          steps: [
            { type: 'setting', key: 'editor.tabSize', value: 7, why: 'tabs' },
            { type: 'item', id: 'command:git.pushWithTags', why: 'publish', risk: 'safe' },
          ],
        });
        const dialog = editor.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        const text = await dialog.innerText();
        assert.match(text, /Solidus: run this plan\? 1 step needs confirmation/);
        assert.match(text, /acts on a remote/);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        const answer = await settle();
        assert.equal(answer.ok, false, 'the call is cancelled');
        assert.equal(userSettings()['editor.tabSize'], undefined);
        assert.doesNotMatch(editor.solidusLog(), /ran step \d+ \[item, acts on a remote\]/);
      },
      logs,
    );
  });

  test('an invented id comes back dropped with its reason, and nothing runs', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-run-invented',
      async () => {
        const answer = await callTool('solidus_run', {
          steps: [{ type: 'item', id: 'command:frobnicator.frobnicateAll' }],
        });
        assert.ok(answer.ok, answer.error);
        assert.match(answer.text ?? '', /Solidus ran 0 of 0 steps; 1 dropped\./);
        assert.match(answer.text ?? '', /Dropped step 1: unknown item “command:frobnicator\.frobnicateAll”/);
      },
      logs,
    );
  });

  test('schema-checked args run their effect (a search with the query); wrong args are dropped with the reason', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-run-args',
      async () => {
        const wrong = await callTool('solidus_run', {
          steps: [{ type: 'item', id: 'command:workbench.action.findInFiles', args: { query: 42 } }],
        });
        assert.ok(wrong.ok, wrong.error);
        assert.match(wrong.text ?? '', /Dropped step 1: “workbench\.action\.findInFiles”: args\.query must be string/);
        const answer = await callTool('solidus_run', {
          steps: [
            {
              type: 'item',
              id: 'command:workbench.action.findInFiles',
              args: { query: 'solidusNeedle', triggerSearch: true },
            },
          ],
        });
        assert.ok(answer.ok, answer.error);
        assert.match(
          answer.text ?? '',
          /1\. \[ran\] Run command .* with: \{"query":"solidusNeedle","triggerSearch":true\}/,
        );
        const box = editor.page.locator('.search-view .search-widget textarea').first();
        await waitFor(async () => (await box.inputValue().catch(() => '')) === 'solidusNeedle', 15_000, {
          message: 'the search view to hold the query',
        });
      },
      logs,
    );
  });
});

describe('/do search round', () => {
  test('the scripted model searches for words first, then plans from what the catalog has for them', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-search-round',
      async () => {
        const frame = await openPopup(editor.page);
        await frame.locator('#solidus-query').fill('/do show the invisible characters');
        await editor.page.keyboard.press('Enter');
        await waitFor(() => userSettings()['editor.renderWhitespace'] === 'all', 30_000, {
          message: 'editor.renderWhitespace = all',
        });
        const log = await waitFor(
          () => (/do: outcome: ran 1 step/.test(editor.solidusLog()) ? editor.solidusLog() : undefined),
          10_000,
          { message: 'the outcome line' },
        );
        assert.match(log, /do: search round 1: \["render whitespace"\]; shortlist \d+ entries/);
      },
      logs,
    );
  });
});

describe('@solidus', () => {
  test('the participant answers with the plan, Run and Cancel; Run runs it and offers Undo', async () => {
    await withFailureArtifacts(
      editor.page,
      'agents-chat',
      async () => {
        const { page } = editor;
        await runPaletteCommand(page, 'Solidus: Answer as @solidus (test hook)', 10_000, { opensQuickInput: true });
        const input = page.locator('.quick-input-widget input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill('make the font bigger and turn on word wrap');
        await page.keyboard.press('Enter');
        const log = await waitFor(
          () => (/chat: outcome: ran/.test(editor.solidusLog()) ? editor.solidusLog() : undefined),
          30_000,
          { message: 'the chat plan to run' },
        );
        // appendText writes spaces as &nbsp; so the text stays plain; the Chat view shows them as spaces.
        const shown = log.replaceAll('&nbsp;', ' ');
        assert.match(shown, /test hook chat response \(planned\):/);
        assert.match(shown, /markdown: I'll increase the editor font size to 16 and turn on word wrap\./);
        assert.match(
          shown,
          /```text\n1\. Set Editor: Font Size = 16 +\(bigger font\)\n2\. Set Editor: Word Wrap = "on"/,
        );
        assert.match(shown, /button: Run\nbutton: Cancel/);
        await waitFor(
          () => userSettings()['editor.fontSize'] === 16 && userSettings()['editor.wordWrap'] === 'on',
          10_000,
          { message: 'both settings written' },
        );
        const toast = page.locator('.notifications-toasts').getByText('Solidus: ran 2 steps.');
        await toast.waitFor({ state: 'visible', timeout: 10_000 });
      },
      logs,
    );
  });
});
