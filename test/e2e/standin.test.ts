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
  openDemoFileWithCatalog,
  readJson,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

/**
 * How long the first webview's page is held back. The stand-in shows while VS Code loads its first
 * webview, which takes 1.4–3.4 s on this machine; a faster machine could hand over before a test
 * has pressed its key, so the tests make the load slow on purpose instead of relying on it.
 */
const WEBVIEW_DELAY_MS = 4_000;

/**
 * A session of its own per test: each needs the session's first opening, before VS Code has loaded
 * any webview (a stand-in closed early can still leave the next webview quick to load).
 */
function freshSession(): { editor: EditorSession; userSettings(): Record<string, unknown> } {
  const state = {} as { editor: EditorSession; userSettings(): Record<string, unknown> };
  let workspaceDir: string | undefined;
  before(async () => {
    workspaceDir = copyDemo();
    state.editor = await startSession({ workspaceDir });
    await openDemoFileWithCatalog(state.editor);
    await state.editor.page.context().route(/\/webview\/browser\/pre\/index\.html/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, WEBVIEW_DELAY_MS));
      await route.continue();
    });
  });
  after(async () => {
    await state.editor?.stop();
    if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
  });
  state.userSettings = () => readJson(state.editor.server.settingsPath);
  return state;
}

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

describe('the first opening of a session: Escape', () => {
  const session = freshSession();
  test('Escape in the stand-in closes it and the popup: no tab left, the focus back in the editor', async () => {
    const { page } = session.editor;
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
      () => session.editor.logs(),
    );
  });
});

describe('the first opening of a session: Enter', () => {
  const session = freshSession();
  test('Enter in the stand-in on a setting with values asks for the value in the popup once it loads', async () => {
    const { page } = session.editor;
    await withFailureArtifacts(
      page,
      'standin-enter',
      async () => {
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
        await waitFor(() => session.userSettings()['editor.autoClosingBrackets'] === 'never', 10_000, {
          message: 'editor.autoClosingBrackets = "never" in settings.json',
        });
        // The premise: the webview loaded only after the hold-back, so Enter went to the stand-in.
        const ready = Number(/popup ready in (\d+) ms/.exec(session.editor.solidusLog())?.[1]);
        assert.ok(ready >= WEBVIEW_DELAY_MS, `the popup was ready after ${ready} ms, before the webview was let load`);
      },
      () => session.editor.logs(),
    );
  });
});
