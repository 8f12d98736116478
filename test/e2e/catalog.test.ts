// The live catalog in a real VS Code: activation figures, the snapshot export replayed by the CLI, recents.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  copyDemo,
  type EditorSession,
  openPopup,
  REPO_ROOT,
  runPaletteCommand,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

const CLI = path.join(REPO_ROOT, 'dist', 'cli.js');

let editor: EditorSession;
let workspaceDir: string;
const solidusLog = (): string => editor.solidusLog();

before(async () => {
  workspaceDir = copyDemo();
  editor = await startSession({ workspaceDir });
});

after(async () => {
  await editor?.stop();
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
});

const logs = () => editor.logs();

describe('live catalog', () => {
  test('activation is logged with its time and the catalog is built without warnings', async (t) => {
    const text = await waitFor(() => (/catalog built/.test(solidusLog()) ? solidusLog() : undefined), 60_000, {
      message: 'the "catalog built" log line',
    });
    const activated = text.match(/activated in ([\d.]+) ms/);
    assert.ok(activated, 'activation time is logged');
    t.diagnostic(`activate() returned in ${activated[1]} ms`);
    const built = text.match(
      /catalog built \(activation\): (\d+) items .*read sources in (\d+) ms, indexed in (\d+) ms/,
    );
    assert.ok(built, text);
    t.diagnostic(`catalog: ${built[1]} items, sources read in ${built[2]} ms, indexed in ${built[3]} ms`);
    assert.ok(Number(built[1]) >= 2909 + 1937, `live catalog has ${built[1]} items`);
    assert.doesNotMatch(text, /\[warning\]/, 'no source was malformed');
  });

  test('"Export Catalog Snapshot" writes a file the CLI replays', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'catalog-snapshot',
      async () => {
        await runPaletteCommand(page, 'Solidus: Export Catalog Snapshot', 10_000, { opensQuickInput: true });
        // code-server's save dialog is a quick input prefilled with the suggested path.
        const input = page.locator('.quick-input-widget input');
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await waitFor(async () => (await input.inputValue()).endsWith('solidus-catalog-snapshot.json'), 10_000, {
          message: 'the suggested file name',
        });
        await page.keyboard.press('Enter');
        const file = path.join(workspaceDir, 'solidus-catalog-snapshot.json');
        await waitFor(() => existsSync(file) && statSync(file).size > 1_000_000, 20_000, {
          message: 'the snapshot file',
        });
        const stats = JSON.parse(
          execFileSync(process.execPath, [CLI, 'catalog', '--snapshot', file], { encoding: 'utf8' }),
        );
        // The fixture counts are of a stock 1.139.1; the live editor adds Solidus's own three commands and two settings.
        assert.ok(stats.byKind.command >= 2909 + 3, JSON.stringify(stats));
        assert.ok(stats.byKind.setting >= 1937 + 2, JSON.stringify(stats));
        assert.equal(stats.settingsWithType, stats.byKind.setting);
        const ranked = JSON.parse(
          execFileSync(process.execPath, [CLI, 'rank', '--snapshot', file, '--limit', '3', 'solidus', 'open'], {
            encoding: 'utf8',
          }),
        );
        assert.equal(ranked.results[0].command, 'solidus.open');
      },
      logs,
    );
  });

  test('empty input shows recently used items, most recent first', async (t) => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'catalog-recent',
      async () => {
        let frame = await openPopup(page);
        const id = 'command:workbench.action.files.newUntitledFile';
        await frame.locator('#solidus-query').fill('new untitled text file');
        await frame.locator(`.solidus-option[data-id='${id}']`).waitFor({ timeout: 20_000 });
        await frame.locator(`.solidus-option[data-id='${id}']`).dispatchEvent('mousedown');
        await waitFor(
          async () => (await page.locator('.part.editor .tab').filter({ hasText: 'Untitled-' }).count()) > 0,
          10_000,
          {
            message: 'the command to run',
          },
        );
        frame = await openPopup(page);
        await frame.locator('#solidus-query').fill('');
        const first = frame.locator('.solidus-option').first();
        await waitFor(async () => (await first.getAttribute('data-id')) === id, 10_000, {
          message: 'the recent item first',
        });
        const opened = solidusLog().match(/popup ready in (\d+) ms/g) ?? [];
        assert.ok(opened.length >= 2, 'popup readiness is logged');
        t.diagnostic(
          `popup open to ready, as logged by the extension: ${opened.map((l) => l.replace('popup ready in ', '')).join(', ')}`,
        );
      },
      logs,
    );
  });
});
