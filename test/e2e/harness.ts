// Playwright helpers for end-to-end tests that drive code-server's workbench in Debian's Chromium.
import assert from 'node:assert/strict';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { type Browser, type BrowserContext, chromium, type Frame, type Page } from 'playwright-core';
import { parseJsonc, REPO_ROOT, startCodeServer } from '../../scripts/codeserver.mjs';

export const CHROMIUM_PATH = process.env.SOLIDUS_CHROMIUM ?? '/usr/bin/chromium';

/** Without the background-networking flags Chromium floods the closed network with requests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export { REPO_ROOT };
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
/**
 * Where the popup test saves the view the README shows: under the ignored test-results/ on every run,
 * so `npm test` leaves the clone as it found it; over the tracked media/popup.png only when
 * `npm run screenshot` (scripts/screenshot.mjs) sets SOLIDUS_SCREENSHOT=readme.
 */
export const POPUP_SCREENSHOT =
  process.env.SOLIDUS_SCREENSHOT === 'readme'
    ? path.join(REPO_ROOT, 'media', 'popup.png')
    : path.join(RESULTS_DIR, 'popup.png');
/** The package under test; SOLIDUS_VSIX lets the harness be checked against another one. */
export const VSIX_PATH = path.resolve(process.env.SOLIDUS_VSIX ?? path.join(REPO_ROOT, 'artifacts', 'solidus.vsix'));

export type CodeServer = Awaited<ReturnType<typeof startCodeServer>>;
type CodeServerOptions = Parameters<typeof startCodeServer>[0];

/** A code-server with Solidus installed and a Chromium page on its workbench. */
export interface EditorSession {
  server: CodeServer;
  browser: BrowserSession;
  page: Page;
  /** code-server's, the extension host's and Solidus's own logs, for failure artifacts. */
  logs(): string;
  /** The Solidus output channel's text. */
  solidusLog(): string;
  /** Closes the browser and stops the server; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts code-server with the package under test (and `options`), launches Chromium and, unless told
 * not to, opens the workbench and waits until it is usable.
 */
export type SessionOptions = Omit<CodeServerOptions, 'vsixPath'> & { vsixPath?: string | null };
/** `openWorkbench: false` leaves the page blank; `beforeOpen` runs first (e.g. to grant permissions). */
export interface SessionStart {
  openWorkbench?: boolean;
  beforeOpen?: (browser: BrowserSession, server: CodeServer) => Promise<void>;
}

export async function startSession(
  options: SessionOptions,
  { openWorkbench: open = true, beforeOpen }: SessionStart = {},
): Promise<EditorSession> {
  const vsixPath = options.vsixPath === undefined ? VSIX_PATH : options.vsixPath;
  if (vsixPath) assert.ok(existsSync(vsixPath), `${vsixPath} not found: run \`npm run package\` first`);
  const server = await startCodeServer({ ...options, vsixPath });
  let browser: BrowserSession | undefined;
  const stop = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await launchBrowser();
    await beforeOpen?.(browser, server);
    if (open) await openWorkbench(browser.page, server.url);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    server,
    browser,
    page: browser.page,
    logs: () => `${server.logs()}\n${server.extensionHostLogs()}\n${solidusLog(server.userDataDir)}`,
    solidusLog: () => solidusLog(server.userDataDir),
    stop,
  };
}

/**
 * An editor for the tests of the enclosing suite (or file): started in `before` with the options
 * `options()` gives then, stopped in `after`. The returned object is filled in when it starts.
 */
export function sessionForSuite(options: () => SessionOptions, start: SessionStart = {}): EditorSession {
  const session = {} as EditorSession;
  before(async () => {
    Object.assign(session, await startSession(options(), start));
  });
  after(async () => {
    await session.stop?.();
  });
  return session;
}

/** A private copy of the repository's demo folder, so tests never edit the repository's files. */
export function copyDemo(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solidus-ws-'));
  cpSync(path.join(REPO_ROOT, 'demo'), dir, { recursive: true });
  return dir;
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the browser; safe to call twice. */
  close(): Promise<void>;
}

/** Launches headless Chromium with one 1400×900 page. */
export async function launchBrowser(): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  let closed = false;
  return {
    browser,
    context,
    page,
    async close() {
      if (closed) return;
      closed = true;
      await browser.close().catch(() => undefined);
    },
  };
}

/**
 * Polls `fn` until it returns a truthy value (which is returned) or `timeoutMs` passes. Exceptions
 * count as "not yet"; the last one is reported on timeout.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 10_000,
  { intervalMs = 100, message = 'condition' }: { intervalMs?: number; message?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Reads a JSON file that may contain comments and trailing commas (settings.json, keybindings.json). */
export function readJson<T = Record<string, unknown>>(file: string): T {
  return parseJsonc(readFileSync(file, 'utf8')) as T;
}

/**
 * Opens the workbench and waits until it is usable: layout parts rendered, the extension host has
 * loaded extensions (the renderer's `code/didLoadExtensions` performance mark) and the status bar no
 * longer says "Activating Extensions...". Returns the milliseconds it took (about 8–11 s here).
 */
export async function openWorkbench(page: Page, url: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  const remaining = () => Math.max(1000, timeoutMs - (Date.now() - started));
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: remaining() });
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ state: 'visible', timeout: remaining() });
  await page.locator('.monaco-workbench .part.statusbar').waitFor({ state: 'visible', timeout: remaining() });
  await waitFor(
    () => page.evaluate(() => performance.getEntriesByName('code/didLoadExtensions').length > 0),
    remaining(),
    { message: 'the extension host to load extensions', intervalMs: 200 },
  );
  await waitFor(
    async () => !(await page.locator('.part.statusbar').innerText()).includes('Activating Extensions'),
    remaining(),
    { message: 'startup extensions to activate', intervalMs: 200 },
  );
  return Date.now() - started;
}

/** Runs a command from the palette by its exact title as shown there, e.g. "Solidus: Show Log". */
export async function runPaletteCommand(
  page: Page,
  title: string,
  timeoutMs = 10_000,
  { opensQuickInput = false }: { opensQuickInput?: boolean } = {},
): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input');
  // Pick the row whose label is exactly the title, never a fuzzy neighbour or a "recently used" one.
  const row = widget.locator('.monaco-list-row').filter({
    has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(title)}\\s*$`) }),
  });
  // A popup closed just before gives the focus back to its editor a moment later, which closes a palette
  // opened in between; then the palette is opened again.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: timeoutMs });
      await input.fill(`>${title}`, { timeout: 3_000 });
      await row.first().waitFor({ state: 'visible', timeout: timeoutMs });
      break;
    } catch (error) {
      if (attempt === 3 || (await input.isVisible())) throw error;
    }
  }
  await row.first().click();
  // A command that asks something at once (a save dialog, a picker) reuses the widget.
  if (!opensQuickInput) await widget.waitFor({ state: 'hidden', timeout: timeoutMs });
}

/**
 * Finds the frame that contains `selector`. Webview HTML lives two iframes deep (the webview host
 * frame, then its `active-frame`), so this scans every frame of the page until one matches. With
 * `focused`, the element must also be its document's active element (skips a popup being closed).
 */
export async function findWebviewFrame(
  page: Page,
  selector: string,
  timeoutMs = 10_000,
  { focused = false }: { focused?: boolean } = {},
): Promise<Frame> {
  try {
    return await waitFor(
      async () => {
        for (const frame of page.frames()) {
          if (frame.isDetached()) continue;
          const found = await frame
            .evaluate(
              ([sel, mustHaveFocus]) => {
                const element = document.querySelector(sel);
                return element !== null && (!mustHaveFocus || document.activeElement === element);
              },
              [selector, focused] as const,
            )
            .catch(() => false); // A frame still loading or going away.
          if (found) return frame;
        }
        return undefined;
      },
      timeoutMs,
      { message: `a frame containing ${focused ? 'a focused ' : ''}${selector}` },
    );
  } catch (error) {
    const urls = page
      .frames()
      .map((f) => `  ${f.url().slice(0, 120)}`)
      .join('\n');
    throw new Error(`${(error as Error).message}\nframes:\n${urls}`);
  }
}

/**
 * Opens the Solidus popup with its keybinding (Ctrl+Alt+Space) while the editor area has focus and
 * returns the webview frame whose `#solidus-query` is visible and has the focus (the popup puts it
 * there on opening). The first opening takes about 5–7 s here: VS Code boots the webview frames.
 */
export async function openPopup(page: Page, timeoutMs = 30_000): Promise<Frame> {
  // A popup closed just before (Escape) can still hold the focus for a moment; pressing the key then only
  // reveals it, and its frame detaches under the caller.
  await waitForPopupToGo(page);
  await focusEditorArea(page);
  await page.keyboard.press('Control+Alt+Space');
  const frame = await findWebviewFrame(page, '#solidus-query', timeoutMs, { focused: true });
  await frame.locator('#solidus-query').waitFor({ state: 'visible', timeout: timeoutMs });
  return frame;
}

/**
 * Gives a popup closed just before (Escape) a short while to go away. Until it has, it holds the focus,
 * so a key pressed meanwhile reaches the workbench through it, and a quick input that key opens (Quick
 * Open, the palette) closes again when the popup's panel goes and the focus moves.
 */
export async function waitForPopupToGo(page: Page): Promise<void> {
  await waitFor(() => popupGone(page), 3_000, { message: 'a closing popup to go away' }).catch(() => undefined);
}

/** True when no frame shows the popup's input. */
async function popupGone(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const visible = await frame
      .locator('#solidus-query')
      .isVisible()
      .catch(() => false);
    if (visible) return false;
  }
  return true;
}

/**
 * Opens the demo's `src/inventory.ts` in a text editor (a cursor for the focus to come back to) and
 * waits until Solidus has built its catalog, so what is measured next starts from a ready popup.
 */
export async function openDemoFileWithCatalog(session: EditorSession): Promise<void> {
  const { page } = session;
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill('inventory.ts');
  await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await page.locator('.part.editor .monaco-editor .view-lines').first().waitFor({ timeout: 10_000 });
  await waitFor(() => /catalog built/.test(session.solidusLog()), 60_000, { message: 'the catalog build' });
}

/**
 * Gives keyboard focus to the editor area, so workbench keybindings apply: clicks into a visible text
 * editor, else focuses the first editor group with Ctrl+1 (a click there can land on a webview's
 * iframe, which intercepts pointer events; keys pressed in a webview are forwarded to the workbench).
 */
export async function focusEditorArea(page: Page): Promise<void> {
  await page.keyboard.press('Escape'); // Closes a quick input or hover that would keep the keys.
  const text = page.locator('.part.editor .monaco-editor .view-lines').first();
  if (await text.isVisible().catch(() => false)) {
    try {
      await text.click({ timeout: 2000 });
      return;
    } catch {
      // Covered (e.g. by a webview); fall back to the keyboard.
    }
  }
  await page.keyboard.press('Control+1'); // workbench.action.focusFirstEditorGroup
}

/**
 * Runs `fn`; if it throws, saves a full-page screenshot and the given logs under `test-results/`
 * (named after `name`) before rethrowing.
 */
export async function withFailureArtifacts<T>(
  page: Page | undefined,
  name: string,
  fn: () => Promise<T>,
  logs?: () => string,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const base = path.join(RESULTS_DIR, name.replace(/[^\w.-]+/g, '-'));
    if (page && !page.isClosed()) {
      await page.screenshot({ path: `${base}.png`, fullPage: true }).catch(() => undefined);
    }
    if (logs) writeFileSync(`${base}.log`, logs());
    process.stderr.write(`failure artifacts: ${base}.png${logs ? `, ${base}.log` : ''}\n`);
    throw error;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The Solidus log channel's text, from the files VS Code writes under the user-data folder. */
export function solidusLog(userDataDir: string): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'Solidus.log') found.push(full);
    }
  };
  const logs = path.join(userDataDir, 'logs');
  if (existsSync(logs)) walk(logs);
  return found.map((file) => readFileSync(file, 'utf8')).join('\n');
}

/** Reads the clipboard through the UI: a new untitled editor, Ctrl+V, the editor's text. */
export async function pasteClipboard(page: Page): Promise<string> {
  await runPaletteCommand(page, 'File: New Untitled Text File');
  const editor = page.locator('.part.editor .monaco-editor').first();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+V');
  return waitFor(
    async () => (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ').trim() || undefined,
    10_000,
    { message: 'the pasted text in the untitled editor' },
  );
}

/** Ids of the popup's rows once `expected` holds for them, after typing `text`. */
export async function popupRows(
  frame: Frame,
  text: string,
  expected: (ids: string[]) => boolean,
  timeoutMs = 20_000,
): Promise<string[]> {
  await frame.locator('#solidus-query').fill(text);
  return waitFor(
    async () => {
      // Only the list that answers this very text counts, never the previous one.
      if ((await frame.locator('#solidus-results').getAttribute('data-query')) !== text) return undefined;
      const ids = await frame
        .locator('.solidus-option')
        .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.id ?? ''));
      return expected(ids) ? ids : undefined;
    },
    timeoutMs,
    { message: `popup rows for “${text}”` },
  );
}

/** Opens the popup, types `text`, selects the row `id` with the arrow keys and presses Enter. */
export async function chooseInPopup(page: Page, text: string, id: string): Promise<void> {
  const frame = await openPopup(page);
  await popupRows(frame, text, (ids) => ids.includes(id));
  const row = frame.locator(`.solidus-option[data-id='${id}']`);
  for (let i = 0; i < 60 && (await row.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  assert.equal(await row.getAttribute('aria-selected'), 'true', `row ${id} selected`);
  await page.keyboard.press('Enter');
}
