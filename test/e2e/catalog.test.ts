// The live catalog in a real VS Code: activation figures, the snapshot export replayed by the CLI, recents.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startCodeServer } from '../../scripts/codeserver.mjs';
import {
  launchBrowser, openPopup, openWorkbench, REPO_ROOT, runPaletteCommand, waitFor, withFailureArtifacts, type BrowserSession,
} from './harness';

const vsixPath = path.resolve(process.env.SOLIDUS_VSIX ?? path.join(REPO_ROOT, 'artifacts', 'solidus.vsix'));
const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');

let server: Awaited<ReturnType<typeof startCodeServer>>;
let session: BrowserSession;
let workspaceDir: string;

/** The Solidus log channel's file, written by VS Code under the user-data folder. */
function solidusLog(): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'Solidus.log') found.push(full);
    }
  };
  const logs = path.join(server.userDataDir, 'logs');
  if (existsSync(logs)) walk(logs);
  return found.map((file) => readFileSync(file, 'utf8')).join('\n');
}

before(async () => {
  assert.ok(existsSync(vsixPath), `${vsixPath} not found: run \`npm run package\` first`);
  workspaceDir = mkdtempSync(path.join(os.tmpdir(), 'solidus-ws-'));
  cpSync(path.join(REPO_ROOT, 'demo'), workspaceDir, { recursive: true });
  server = await startCodeServer({ vsixPath, workspaceDir });
  session = await launchBrowser();
  await openWorkbench(session.page, server.url);
});

after(async () => {
  await session?.close();
  await server?.stop();
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
});

const logs = () => `${server.logs()}\n${server.extensionHostLogs()}\n${solidusLog()}`;

describe('live catalog', () => {
  test('activation is logged with its time and the catalog is built without warnings', async (t) => {
    const text = await waitFor(() => (/catalog built/.test(solidusLog()) ? solidusLog() : undefined), 60_000, {
      message: 'the "catalog built" log line',
    });
    const activated = text.match(/activated in ([\d.]+) ms/);
    assert.ok(activated, 'activation time is logged');
    t.diagnostic(`activate() returned in ${activated[1]} ms`);
    const built = text.match(/catalog built \(activation\): (\d+) items .*read sources in (\d+) ms, indexed in (\d+) ms/);
    assert.ok(built, text);
    t.diagnostic(`catalog: ${built[1]} items, sources read in ${built[2]} ms, indexed in ${built[3]} ms`);
    assert.ok(Number(built[1]) >= 2909 + 1937, `live catalog has ${built[1]} items`);
    assert.doesNotMatch(text, /\[warning\]/, 'no source was malformed');
  });

  test('"Export Catalog Snapshot" writes a file the CLI replays', async () => {
    const { page } = session;
    await withFailureArtifacts(page, 'catalog-snapshot', async () => {
      await runPaletteCommand(page, 'Solidus: Export Catalog Snapshot', 10_000, { opensQuickInput: true });
      // code-server's save dialog is a quick input prefilled with the suggested path.
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await waitFor(async () => (await input.inputValue()).endsWith('solidus-catalog-snapshot.json'), 10_000, {
        message: 'the suggested file name',
      });
      await page.keyboard.press('Enter');
      const file = path.join(workspaceDir, 'solidus-catalog-snapshot.json');
      await waitFor(() => existsSync(file) && statSync(file).size > 1_000_000, 20_000, { message: 'the snapshot file' });
      const stats = JSON.parse(execFileSync(process.execPath, [CLI, 'catalog', '--snapshot', file], { encoding: 'utf8' }));
      // The fixture counts are of a stock 1.139.1; the live editor adds Solidus's own three commands and two settings.
      assert.ok(stats.byKind.command >= 2909 + 3, JSON.stringify(stats));
      assert.ok(stats.byKind.setting >= 1937 + 2, JSON.stringify(stats));
      assert.equal(stats.settingsWithType, stats.byKind.setting);
      const ranked = JSON.parse(execFileSync(process.execPath, [CLI, 'rank', '--snapshot', file, '--limit', '3', 'solidus', 'open'], { encoding: 'utf8' }));
      assert.equal(ranked.results[0].command, 'solidus.open');
    }, logs);
  });

  test('empty input shows recently used items, most recent first', async (t) => {
    const { page } = session;
    await withFailureArtifacts(page, 'catalog-recent', async () => {
      let frame = await openPopup(page);
      const id = 'command:workbench.action.files.newUntitledFile';
      await frame.locator('#solidus-query').fill('new untitled text file');
      await frame.locator(`.solidus-option[data-id='${id}']`).waitFor({ timeout: 20_000 });
      await frame.locator(`.solidus-option[data-id='${id}']`).dispatchEvent('mousedown');
      await waitFor(async () => (await page.locator('.part.editor .tab').filter({ hasText: 'Untitled-' }).count()) > 0, 10_000, {
        message: 'the command to run',
      });
      frame = await openPopup(page);
      await frame.locator('#solidus-query').fill('');
      const first = frame.locator('.solidus-option').first();
      await waitFor(async () => (await first.getAttribute('data-id')) === id, 10_000, { message: 'the recent item first' });
      const opened = solidusLog().match(/popup ready in (\d+) ms/g) ?? [];
      assert.ok(opened.length >= 2, 'popup readiness is logged');
      t.diagnostic(`popup open to ready, as logged by the extension: ${opened.map((l) => l.replace('popup ready in ', '')).join(', ')}`);
    }, logs);
  });
});
