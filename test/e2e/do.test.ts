// /do in a real VS Code (code-server): a scripted chat model, the confirmation dialog, settings written and undone, the audit log.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
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
const { ANSWERS } = createRequire(path.join(LM_EXTENSION, 'package.json'))('./answers.js') as {
  ANSWERS: [string, string][];
};

let editor: EditorSession;
let workspaceDir: string;
let scratch: string;

const userSettings = (): Record<string, unknown> => readJson<Record<string, unknown>>(editor.server.settingsPath);
const settingsText = (): string => readFileSync(editor.server.settingsPath, 'utf8');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const solidusLog = (): string => editor.solidusLog();

/** Flips a boolean setting with the popup (Enter on its row), as a user would. */
async function toggleInPopup(page: Page, text: string, id: string): Promise<void> {
  const frame = await openPopup(page);
  await frame.locator('#solidus-query').fill(text);
  const row = frame.locator(`.solidus-option[data-id='${id}']`);
  await row.waitFor({ timeout: 20_000 });
  for (let i = 0; i < 60 && (await row.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // The popup closes after writing; the next opening must not find this frame on its way out.
  await waitFor(
    async () =>
      frame.isDetached() ||
      !(await frame
        .locator('#solidus-query')
        .isVisible()
        .catch(() => false)),
    10_000,
    {
      message: 'the popup to close after the toggle',
    },
  );
}

/** Types `/do <request>` into the popup and presses Enter. */
async function doFromPopup(page: Page, request: string): Promise<void> {
  const frame = await openPopup(page);
  await frame.locator('#solidus-query').fill(`/do ${request}`);
  await page.keyboard.press('Enter');
}

/**
 * `/do <request>` shows the plan dialog with every pattern in its text; Cancel ends the request
 * as cancelled and leaves the user settings as they were.
 */
async function expectDialogThenCancel(page: Page, request: string, expected: RegExp[]): Promise<void> {
  const settingsBefore = settingsText();
  const done = outcomes();
  await doFromPopup(page, request);
  const dialog = await planDialog(page);
  const text = await dialog.innerText();
  for (const pattern of expected) assert.match(text, pattern, `${request}: ${text}`);
  await press(dialog, 'Cancel');
  await waitFor(() => outcomes() > done, 10_000, { message: `the outcome of “${request}”` });
  assert.match(solidusLog(), /do: outcome: cancelled at the confirmation, nothing ran/);
  assert.equal(settingsText(), settingsBefore, `${request}: Cancel wrote nothing`);
}

/** The modal dialog VS Code shows for a plan. */
async function planDialog(page: Page): Promise<Locator> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  return dialog;
}

async function press(dialog: Locator, label: 'Run Plan' | 'Cancel'): Promise<void> {
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** How many "outcome" lines the log has; each request ends with one. */
const outcomes = (): number => (solidusLog().match(/do: outcome: /g) ?? []).length;

before(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-do-'));
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
  // A script whose run leaves a file, for the plan that runs a project script.
  const manifest = JSON.parse(readFileSync(path.join(workspaceDir, 'package.json'), 'utf8'));
  manifest.scripts.note = `node -e "require('fs').writeFileSync('note-out.txt', 'noted')"`;
  writeFileSync(path.join(workspaceDir, 'package.json'), JSON.stringify(manifest, null, 2));
  // A Claude command file, for the plan that picks a slash command from the shortlist.
  mkdirSync(path.join(workspaceDir, '.claude', 'commands'), { recursive: true });
  writeFileSync(
    path.join(workspaceDir, '.claude', 'commands', 'security-review.md'),
    '---\ndescription: Review my changes for security problems\ntarget: clipboard\n---\n' +
      'Security review of $ARGUMENTS\nMarker: !`touch security-review-ran.txt && echo done`\n',
  );
  editor = await startSession(
    { workspaceDir, extraVsix: [lmVsix] },
    {
      beforeOpen: (browser, server) =>
        browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin }),
    },
  );
  await waitFor(() => /catalog built/.test(solidusLog()), 60_000, { message: 'the catalog to be built' });
});

after(async () => {
  await editor?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const logs = () => editor.logs();

describe('/do with a scripted editor model', () => {
  test('"/do make the font bigger and turn on word wrap" shows two steps, Run Plan writes both, Undo restores them', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-font-wrap',
      async () => {
        const before = userSettings();
        assert.equal(before['editor.fontSize'], undefined);
        assert.equal(before['editor.wordWrap'], undefined);
        await doFromPopup(page, 'make the font bigger and turn on word wrap');
        const dialog = await planDialog(page);
        const text = await dialog.innerText();
        assert.match(text, /I'll increase the editor font size to 16 and turn on word wrap\./);
        assert.match(text, /1\. Set Editor: Font Size = 16 +\(bigger font\)/);
        assert.match(text, /2\. Set Editor: Word Wrap = "on" +\(enable word wrap\)/);
        assert.doesNotMatch(text, /^3\./m);
        await press(dialog, 'Run Plan');
        await waitFor(
          () => userSettings()['editor.fontSize'] === 16 && userSettings()['editor.wordWrap'] === 'on',
          10_000,
          {
            message: 'both settings in settings.json',
          },
        );
        // The log file is flushed a moment after the settings land.
        const log = await waitFor(() => (/do: outcome: /.test(solidusLog()) ? solidusLog() : undefined), 10_000, {
          message: 'the outcome line',
        });
        assert.match(log, /do: shortlist \d+ entries/);
        assert.match(log, /do: raw response \(\d+ chars\): Sure! Here is the plan/);
        assert.match(log, /do: outcome: ran 2 steps/);

        await runPaletteCommand(page, 'Solidus: Undo Last Setting Change');
        await waitFor(() => !('editor.fontSize' in userSettings()) && !('editor.wordWrap' in userSettings()), 10_000, {
          message: 'both settings removed again',
        });
      },
      logs,
    );
  });

  test('an invented id is dropped and logged; the valid step still runs ("Solidus: Do…")', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-invented-id',
      async () => {
        await runPaletteCommand(page, 'Solidus: Do…', 10_000, { opensQuickInput: true });
        const input = page.locator('.quick-input-widget input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill('frobnicate the editor');
        await page.keyboard.press('Enter');
        const dialog = await planDialog(page);
        const text = await dialog.innerText();
        assert.match(text, /1\. Set Editor: Line Numbers = "relative"/);
        assert.doesNotMatch(text, /^2\./m);
        assert.match(text, /Left out \(1\): .*frobnicator\.frobnicateAll/);
        await press(dialog, 'Run Plan');
        await waitFor(() => userSettings()['editor.lineNumbers'] === 'relative', 10_000, {
          message: 'editor.lineNumbers written',
        });
        await waitFor(() => /do: outcome: ran 1 step/.test(solidusLog()), 10_000, { message: 'the outcome line' });
        assert.match(solidusLog(), /do: dropped step 1: unknown item “command:frobnicator\.frobnicateAll”/);
      },
      logs,
    );
  });

  test('an all-invalid plan shows the reply and runs nothing', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-all-invalid',
      async () => {
        const settingsBefore = settingsText();
        const done = outcomes();
        await doFromPopup(page, 'make coffee');
        const toast = page.locator('.notification-toast', { hasText: "I can't make coffee from VS Code." });
        await toast.first().waitFor({ state: 'visible', timeout: 30_000 });
        await waitFor(() => outcomes() > done, 10_000, { message: 'the outcome line' });
        const log = solidusLog();
        assert.match(log, /do: dropped step 1: unknown item “command:coffee\.brew”/);
        assert.match(log, /do: dropped step 2: .*kitchen\.coffeeStrength/);
        assert.match(log, /do: outcome: reply only, nothing ran/);
        assert.equal(
          await page.locator('.monaco-dialog-box').count(),
          0,
          'no confirmation for a plan with nothing to run',
        );
        assert.equal(settingsText(), settingsBefore);
      },
      logs,
    );
  });

  test('when nothing matches every word, the popup offers /do on the last row, which Enter alone never picks', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-offer-row',
      async () => {
        const asked = (): number => (solidusLog().match(/do: request “brew some tea”/g) ?? []).length;
        const before = asked();
        // Toasts the earlier tests left (their replies, Undo offers) can fill the three VS Code shows at once.
        await runPaletteCommand(page, 'Notifications: Clear All Notifications');
        const frame = await openPopup(page);
        await frame.locator('#solidus-query').fill('brew some tea');
        // The popup restores the last text on opening; read the list only once it answers this one.
        await frame.waitForFunction(
          () => document.getElementById('solidus-results')?.dataset.query === 'brew some tea',
        );
        const offer = frame.locator(".solidus-option[data-id='solidus:ask-do']");
        await offer.waitFor({ timeout: 20_000 });
        assert.match((await offer.textContent()) ?? '', /Ask \/do: “brew some tea”/);
        assert.equal(await offer.getAttribute('aria-selected'), 'false', 'the offer is not selected by default');
        // Related rows may come first; the offer is the list's last row, reached with the arrow keys.
        await page.keyboard.press('ArrowUp');
        await waitFor(async () => (await offer.getAttribute('aria-selected')) === 'true', 5_000, {
          message: 'the offer row selected by ArrowUp from the first row',
        });
        assert.equal(asked(), before, 'moving onto the row asked no model');
        await page.keyboard.press('Enter');
        await waitFor(() => asked() > before, 20_000, { message: 'the /do request from the offer row' });
        await page
          .locator('.notification-toast', { hasText: "I can't brew some tea from VS Code." })
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
      },
      logs,
    );
  });

  test('with confirmBeforeRun off a settings plan runs at once, a term:run plan still asks, Cancel runs nothing, Run Plan runs it', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-no-confirm',
      async () => {
        await toggleInPopup(page, 'confirm before run', 'setting:solidus.ai.confirmBeforeRun');
        await waitFor(() => userSettings()['solidus.ai.confirmBeforeRun'] === false, 10_000, {
          message: 'confirmBeforeRun off',
        });
        await doFromPopup(page, 'hide the minimap');
        await waitFor(() => userSettings()['editor.minimap.enabled'] === false, 30_000, {
          message: 'editor.minimap.enabled = false',
        });
        assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no dialog for a settings-only plan');
        assert.match(solidusLog(), /ran without confirmation/);
        // The setting is written a moment before the plan's outcome line; count from after it.
        await waitFor(() => /request “hide the minimap”[\s\S]*do: outcome: /.test(solidusLog()), 10_000, {
          message: 'the minimap plan’s outcome',
        });

        const done = outcomes();
        await doFromPopup(page, 'delete node_modules, reinstall and run the tests');
        const dialog = await planDialog(page);
        const text = await dialog.innerText();
        assert.match(
          text,
          /Run in terminal: touch solidus-do-ran\.txt && echo reinstalled/,
          'the command is shown in full',
        );
        assert.match(text, /reaches a shell/);
        await press(dialog, 'Cancel');
        await waitFor(() => outcomes() > done, 10_000, { message: 'the outcome line' });
        assert.match(solidusLog(), /do: outcome: cancelled at the confirmation, nothing ran/);
        await pause(2000); // A terminal that wrongly started would have created the file by now.
        assert.equal(existsSync(path.join(workspaceDir, 'solidus-do-ran.txt')), false);
        assert.doesNotMatch(solidusLog(), /sent to a terminal/);

        // The same plan, confirmed this time, runs its command in a terminal in the workspace folder.
        await doFromPopup(page, 'delete node_modules, reinstall and run the tests');
        await press(await planDialog(page), 'Run Plan');
        await waitFor(() => existsSync(path.join(workspaceDir, 'solidus-do-ran.txt')), 30_000, {
          message: 'the terminal command to run',
        });
        assert.match(solidusLog(), /do: sent to a terminal: touch solidus-do-ran\.txt && echo reinstalled/);
      },
      logs,
    );
  });

  test('with confirmBeforeRun still off, a push, a guard-then-act plan and a test run each ask with the class named; Cancel changes nothing; a cosmetic plan runs at once', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-guard-classes',
      async () => {
        assert.equal(userSettings()['solidus.ai.confirmBeforeRun'], false, 'the previous test switched it off');
        const cases: [string, RegExp[]][] = [
          ['push my work with its tags', [/acts on a remote/, /sends commits to a remote/]],
          [
            'force push without being asked',
            [/1\. .*\n\s*⚠ lowers a guard/, /2\. .*\n\s*⚠ lowers a guard/, /3\. .*\n\s*⚠ acts on a remote/],
          ],
          ['run the tests of this file', [/runs project code/, /runs tests/]],
        ];
        for (const [request, expected] of cases) await expectDialogThenCancel(page, request, expected);
        assert.equal(userSettings()['git.allowForcePush'], undefined);

        await doFromPopup(page, 'a calmer terminal look');
        await waitFor(
          () =>
            userSettings()['terminal.integrated.fontSize'] === 15 &&
            userSettings()['terminal.integrated.tabs.defaultIcon'] === 'terminal-bash',
          30_000,
          { message: 'both cosmetic settings written without a dialog' },
        );
        assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no dialog for a cosmetic plan');
      },
      logs,
    );
  });

  test('with confirmBeforeRun still off, a settings-file chain and a Quick Open chain ask with the chain named; Cancel changes nothing; raising a guard runs at once', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-chains',
      async () => {
        assert.equal(userSettings()['solidus.ai.confirmBeforeRun'], false, 'an earlier test switched it off');
        const cases: [string, RegExp[]][] = [
          ['tidy up my settings file', [/types into your user settings/, /opened by step 1/]],
          ['jump to a command through quick open', [/Quick Open/]],
        ];
        for (const [request, expected] of cases) await expectDialogThenCancel(page, request, expected);
        // Nothing the chains named was opened: no settings.json editor, no Quick Open.
        assert.equal(await page.locator('.quick-input-widget input').isVisible(), false);
        assert.equal(await page.locator('.tab[data-resource-name="settings.json"]').count(), 0);

        // The harmless direction: raising a guard needs no dialog.
        await doFromPopup(page, 'ask me before git syncs');
        await waitFor(() => userSettings()['git.confirmSync'] === true, 30_000, {
          message: 'git.confirmSync written without a dialog',
        });
        assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no dialog for raising a guard');
      },
      logs,
    );
  });

  test('a plan step that runs a project script shows its exact command line, then runs it in a terminal', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-script',
      async () => {
        await waitFor(() => /project built/.test(solidusLog()), 30_000, { message: 'the project scripts' });
        await doFromPopup(page, 'write the project note');
        const dialog = await planDialog(page);
        const text = await dialog.innerText();
        assert.match(text, /Run script npm: note/);
        assert.match(text, /reaches a shell/);
        assert.match(text, /\$ npm run note/, 'the script’s command line is in the dialog');
        await press(dialog, 'Run Plan');
        await waitFor(() => existsSync(path.join(workspaceDir, 'note-out.txt')), 60_000, {
          message: 'the script to run',
        });
        assert.match(solidusLog(), /run script:npm:workspace:\.:note: sent to a terminal in .*: npm run note/);
      },
      logs,
    );
  });

  test('a .claude/commands file that fits the request is on the shortlist and runs through the plan dialog', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'do-slash',
      async () => {
        await waitFor(() => /slash commands discovered/.test(solidusLog()), 30_000, { message: 'the slash commands' });
        await doFromPopup(page, 'review my changes for security problems');
        // The scripted model can only name what the prompt's shortlist offers.
        const dialog = await planDialog(page);
        const text = await dialog.innerText();
        assert.match(text, /Run slash command \/security-review with: src/);
        assert.match(text, /reaches a shell/);
        // The command's own shell line is confirmed again, in full, before it runs; its dialog may
        // replace the plan's at once, so this waits for that text rather than for a gap between them.
        await dialog.getByRole('button', { name: 'Run Plan' }).click();
        const shell = page.locator('.monaco-dialog-box', { hasText: 'touch security-review-ran.txt && echo done' });
        await shell.waitFor({ state: 'visible', timeout: 30_000 });
        await shell.getByRole('button', { name: 'Run' }).click();
        await waitFor(() => existsSync(path.join(workspaceDir, 'security-review-ran.txt')), 30_000, {
          message: 'the slash command’s shell line to run',
        });
        // Its text goes where its frontmatter says (the clipboard), and the plan ends as run.
        const log = await waitFor(
          () =>
            /do: outcome: ran 1 step/.test(solidusLog().split('review my changes')[1] ?? '') ? solidusLog() : undefined,
          15_000,
          { message: 'the plan’s outcome' },
        );
        assert.match(log, /kept step 1 \[item, reaches a shell\]: Run slash command \/security-review with: src/);
        assert.match(log, /slash \/security-review \(claude:project:security-review\.md\) → clipboard/);
      },
      logs,
    );
  });

  test('solidus.ai.provider "openai" asks an OpenAI-compatible endpoint on 127.0.0.1', async () => {
    const seen: { system?: string; model?: string }[] = [];
    const http: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
        seen.push({ model: parsed.model, system: parsed.messages.find((m) => m.role === 'system')?.content });
        const user = parsed.messages.find((m) => m.role === 'user')?.content ?? '';
        const answer = ANSWERS.find(([needle]) => user.includes(needle))?.[1] ?? '{"reply": "no script", "steps": []}';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: answer } }] }));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    // A second editor without the scripted model, configured for the endpoint from the start.
    const own = await startSession({
      workspaceDir,
      userSettings: {
        'solidus.ai.provider': 'openai',
        'solidus.ai.baseUrl': `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`,
        'solidus.ai.model': 'recorded-model',
        'solidus.ai.confirmBeforeRun': false,
      },
    });
    try {
      await withFailureArtifacts(
        own.page,
        'do-openai',
        async () => {
          await doFromPopup(own.page, 'use a smaller font through the endpoint');
          await waitFor(
            () => readJson<Record<string, unknown>>(own.server.settingsPath)['editor.fontSize'] === 12,
            60_000,
            { message: 'editor.fontSize = 12 from the endpoint' },
          );
          assert.equal(seen.length, 1);
          assert.equal(seen[0].model, 'recorded-model');
          assert.match(seen[0].system ?? '', /exactly one JSON object/);
        },
        own.logs,
      );
    } finally {
      await own.stop();
      http.closeAllConnections();
      http.close();
    }
  });
});
