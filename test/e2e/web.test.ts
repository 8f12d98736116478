// Solidus in VS Code's web worker extension host (as in vscode.dev): the same .vsix, forced into the worker by `remote.extensionKind`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  copyDemo,
  openPopup,
  pasteClipboard,
  popupRows,
  readJson,
  runPaletteCommand,
  sessionForSuite,
  waitFor,
  withFailureArtifacts,
} from './harness';

/** A command without shell lines (expands in the browser) and one with a shell line (refused there). */
const EXPLAIN = 'Explain $ARGUMENTS in plain words.\n';
const STATUS = 'Summarise this state:\n\n!`git status`\n';

let workspaceDir: string;
/** Outside the workspace: what links and references from the workspace must never reach. */
let outsideDir: string;

before(() => {
  workspaceDir = copyDemo();
  outsideDir = mkdtempSync(path.join(os.tmpdir(), 'solidus-web-outside-'));
  writeFileSync(path.join(outsideDir, 'secret.txt'), 'TOP-SECRET\n');
  writeFileSync(path.join(outsideDir, 'leak.md'), 'LEAKED COMMAND\n');
  const commands = path.join(workspaceDir, '.claude/commands');
  mkdirSync(commands, { recursive: true });
  writeFileSync(path.join(commands, 'explain.md'), EXPLAIN);
  writeFileSync(path.join(commands, 'status.md'), STATUS);
  // The attacker's workspace: a command file that is a link out, a folder link out, and references through both.
  symlinkSync(path.join(outsideDir, 'leak.md'), path.join(commands, 'leak.md'));
  symlinkSync(outsideDir, path.join(workspaceDir, 'link-out'));
  writeFileSync(path.join(workspaceDir, 'notes.txt'), 'inside-note\n');
  writeFileSync(
    path.join(commands, 'peek.md'),
    `Read @notes.txt then @link-out/secret.txt then @${path.join(outsideDir, 'secret.txt')} end\n`,
  );
});

after(() => {
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
  if (outsideDir) rmSync(outsideDir, { recursive: true, force: true });
});

/**
 * The lines of the Solidus output channel that hold `words`, as the workbench shows them, on one line (the
 * view wraps long lines and renders only what is on screen, so its own filter picks the lines).
 */
async function outputLines(page: Page, words: string): Promise<string> {
  const filter = page.locator('.part.panel input[placeholder^="Filter"]').filter({ visible: true }).first();
  if ((await filter.inputValue()) !== words) await filter.fill(words);
  const lines = page.locator('.part.panel .monaco-editor .view-lines').filter({ visible: true }).first();
  return (await lines.innerText()).replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');
}

describe('Solidus in the web worker extension host', () => {
  const editor = sessionForSuite(
    () => ({
      workspaceDir,
      userSettings: {
        // The user's override of where an extension runs: `web` is the worker, as in VS Code for the Web.
        'remote.extensionKind': { 'solidus-dev.solidus': ['web'] },
        'solidus.slash.target': 'clipboard',
      },
    }),
    {
      beforeOpen: (browser, server) =>
        browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin }),
    },
  );
  const logs = () => editor.logs();
  const userSettings = (): Record<string, unknown> => readJson(editor.server.settingsPath);

  test('it activates in the web worker, not in the Node host, and loads the core from its own files', async (t) => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'web-host',
      async () => {
        await runPaletteCommand(page, 'Solidus: Show Log', 30_000);
        const lines = (words: string, pattern: RegExp) =>
          waitFor(
            async () => {
              const shown = await outputLines(page, words);
              return pattern.test(shown) ? shown : undefined;
            },
            60_000,
            { message: `“${words}” in the Solidus log` },
          );
        // Only the browser bundle names this host; it read the .wasm through VS Code's file API.
        const activated = (await lines('activated', /activated in/)).match(/activated in [\d.]+ ms \(([^)]*)\)/)?.[1];
        t.diagnostic(`activated: ${activated}`);
        assert.match(activated ?? '', /^web worker extension host, no processes; core \d+ bytes read/);
        // explain, status and peek; the linked leak.md is a candidate the core skips, saying why.
        assert.match(await lines('catalog built', /catalog built/), /catalog built \(activation\): \d+ items/);
        assert.match(
          await lines('slash commands discovered', /discovered/),
          /slash commands discovered \(activation\): 3 from 4 files/,
        );
        assert.match(
          await lines('skipped', /skipped/),
          /skipped \S+leak\.md: not read: a symbolic link; the web extension host follows none/,
        );
        // The page runs the worker; the server's Node extension host never started Solidus.
        assert.ok(page.workers().length > 0, 'the page has a worker');
        assert.doesNotMatch(editor.solidusLog(), /activated in/);
      },
      logs,
    );
  });

  test('the popup finds a command and a setting, and Enter toggles the setting', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'web-popup',
      async () => {
        const frame = await openPopup(page);
        await popupRows(
          frame,
          'word wrap',
          (ids) => ids.includes('command:editor.action.toggleWordWrap') && ids.includes('setting:editor.wordWrap'),
        );
        await popupRows(frame, 'minimap', (ids) => ids.includes('setting:editor.minimap.enabled'));
        const row = frame.locator(`.solidus-option[data-id='setting:editor.minimap.enabled']`);
        for (let i = 0; i < 30 && (await row.getAttribute('aria-selected')) !== 'true'; i++)
          await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await waitFor(() => userSettings()['editor.minimap.enabled'] === false, 10_000, {
          message: 'editor.minimap.enabled = false in settings.json',
        });
      },
      logs,
    );
  });

  test('a slash command from the workspace expands through the file API', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'web-slash',
      async () => {
        const frame = await openPopup(page);
        await popupRows(frame, '/explain the cache', (ids) => ids[0] === 'slash:claude:project:explain.md');
        await page.keyboard.press('Enter');
        await page.locator('.part.statusbar', { hasText: 'copied to the clipboard' }).waitFor({ timeout: 15_000 });
        assert.equal(await pasteClipboard(page), 'Explain the cache in plain words.');
      },
      logs,
    );
  });

  test('links and references out of the workspace are not followed: only the workspace file is read', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'web-confinement',
      async () => {
        const frame = await openPopup(page);
        const slash = await popupRows(frame, '/', (ids) => ids.includes('slash:claude:project:peek.md'));
        assert.ok(!slash.some((id) => id.includes('leak')), slash.join());
        await popupRows(frame, '/peek', (ids) => ids[0] === 'slash:claude:project:peek.md');
        await page.keyboard.press('Enter');
        const toast = page.locator('.notifications-toasts', { hasText: 'not read, outside the workspace' });
        await toast.waitFor({ timeout: 15_000 });
        assert.match(await toast.innerText(), /link-out\/secret\.txt/);
        const pasted = await pasteClipboard(page);
        assert.match(pasted, /^Read inside-note\s+then @link-out\/secret\.txt then @\S+secret\.txt end$/);
        assert.doesNotMatch(pasted, /TOP-SECRET|LEAKED/);
      },
      logs,
    );
  });

  test('terminal-only actions are refused with the reason: `$ ls`, npm scripts, a slash command with a shell line', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'web-refusals',
      async () => {
        const reason = /runs Solidus in the browser, where nothing can start a process/;
        const frame = await openPopup(page);
        await popupRows(frame, '$ ls', (ids) => ids.length === 0);
        const hint = async () => (await frame.locator('#solidus-results').innerText()).replace(/\s+/g, ' ');
        await waitFor(async () => /The terminal is not available here/.test(await hint()), 10_000, {
          message: 'the popup to say the terminal is not available',
        });
        assert.match(await hint(), reason);
        // The demo's npm scripts are not offered, and `#` says why.
        await popupRows(frame, '# test', (ids) => !ids.some((id) => id.startsWith('script:')));
        await waitFor(async () => reason.test(await hint()), 10_000, { message: 'the reason under `# test`' });
        // The slash command with a shell line is listed, and refused when run, saying why.
        await popupRows(frame, '/status', (ids) => ids[0] === 'slash:claude:project:status.md');
        await page.keyboard.press('Enter');
        const toast = page.locator('.notifications-toasts', { hasText: 'runs shell commands' });
        await toast.waitFor({ timeout: 15_000 });
        assert.match((await toast.innerText()).replace(/\s+/g, ' '), reason);
      },
      logs,
    );
  });
});
