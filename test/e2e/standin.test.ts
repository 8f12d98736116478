// The first opening of a session: the native stand-in shows rows at once, Escape closes it cleanly, Enter hands a value choice to the popup.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  copyDemo,
  type EditorSession,
  findWebviewFrame,
  focusEditorArea,
  readJson,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

let editor: EditorSession;
let workspaceDir: string;

const userSettings = (): Record<string, unknown> => readJson(editor.server.settingsPath);

before(async () => {
  workspaceDir = copyDemo();
  editor = await startSession({ workspaceDir });
  const { page } = editor;
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill('inventory.ts');
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page.locator('.part.editor .monaco-editor .view-lines').first().waitFor({ timeout: 10_000 });
  await waitFor(() => /catalog built/.test(editor.solidusLog()), 60_000, { message: 'the catalog build' });
});

after(async () => {
  await editor?.stop();
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
});

const logs = () => editor.logs();

/** The stand-in: VS Code's quick input titled Solidus. */
const standIn = (page: Page) => page.locator('.quick-input-widget', { hasText: 'Solidus' });

/** Until the stand-in holds `text` and lists a row titled `title`, with the focus in its input. */
async function waitForStandInRow(page: Page, text: string, title: string): Promise<void> {
  await waitFor(
    () =>
      page.evaluate(
        ([text, title]) => {
          const widget = document.querySelector<HTMLElement>('.quick-input-widget');
          if (!widget || widget.style.display === 'none') return false;
          if (!/Solidus/.test(widget.querySelector('.quick-input-title')?.textContent ?? '')) return false;
          const input = widget.querySelector<HTMLInputElement>('input');
          const labels = Array.from(widget.querySelectorAll('.monaco-list-row .label-name'), (e) => e.textContent);
          return input?.value === text && document.activeElement === input && labels.includes(title);
        },
        [text, title] as const,
      ),
    10_000,
    { intervalMs: 20, message: `the stand-in listing "${title}" for "${text}", focused` },
  );
}

describe('the first opening of a session', () => {
  test('Escape in the stand-in closes it and the popup: no tab left, the focus back in the editor', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'standin-escape',
      async () => {
        const tabs = page.locator('.part.editor .tabs-container .tab');
        await focusEditorArea(page);
        const before = await tabs.count();
        await page.keyboard.press('Control+Alt+Space');
        await page.keyboard.type('word wrap', { delay: 40 });
        await waitForStandInRow(page, 'word wrap', 'Editor: Word Wrap');
        await page.keyboard.press('Escape');
        await standIn(page).waitFor({ state: 'hidden', timeout: 5_000 });
        await waitFor(async () => (await tabs.count()) === before, 5_000, { message: 'the popup tab to go' });
        await waitFor(
          () => page.evaluate(() => !!document.activeElement?.closest('.part.editor .monaco-editor.focused')),
          5_000,
          { message: 'the text editor to have the focus back' },
        );
      },
      logs,
    );
  });

  test('Enter in the stand-in on a setting with values asks for the value in the popup once it loads', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'standin-enter',
      async () => {
        // Escape closed the popup before its webview loaded, so this opening shows the stand-in again.
        await focusEditorArea(page);
        await page.keyboard.press('Control+Alt+Space');
        await page.keyboard.type('editor auto closing brackets', { delay: 20 });
        await waitForStandInRow(page, 'editor auto closing brackets', 'Editor: Auto Closing Brackets');
        await page.keyboard.press('Enter');
        const frame = await findWebviewFrame(page, `.solidus-option[data-id='"never"']`, 30_000);
        const row = frame.locator(`.solidus-option[data-id='"never"']`);
        for (let i = 0; i < 10 && (await row.getAttribute('aria-selected')) !== 'true'; i++)
          await page.keyboard.press('ArrowDown');
        assert.equal(await row.getAttribute('aria-selected'), 'true', 'the arrow keys reach the "never" row');
        await page.keyboard.press('Enter');
        await waitFor(() => userSettings()['editor.autoClosingBrackets'] === 'never', 10_000, {
          message: 'editor.autoClosingBrackets = "never" in settings.json',
        });
      },
      logs,
    );
  });
});
