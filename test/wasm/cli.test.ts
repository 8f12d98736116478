// The `solidus` CLI as a user runs it: the built bundle over the fixture documents, JSON out.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIXTURES, fixtureSources, SHARED } from '../fixtures';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
const run = (...args: string[]) => JSON.parse(execFileSync(process.execPath, [CLI, ...args], { encoding: 'utf8' }));

describe('solidus CLI', () => {
  it('catalog counts by kind and source', () => {
    const stats = run('catalog', '--vscode', FIXTURES);
    assert.equal(stats.byKind.command, 2909);
    assert.equal(stats.byKind.setting, 1937);
    // 2,062 titled by VS Code, less 61 description sentences named from the id, plus 212 untitled
    // core commands named by the captured palette labels (crate/tests/fixtures.rs counts them).
    assert.equal(stats.commandsWithVscodeTitle, 2062 - 61 + 212);
    assert.equal(stats.bySource['setting:extension'], 574);
    assert.deepEqual(stats.warnings, []);
  });

  it('rank lists items with id, kind, title and command or key', () => {
    const out = run('rank', '--vscode', FIXTURES, '--limit', '5', 'font', 'size');
    assert.equal(out.results.length, 5);
    for (const r of out.results) {
      assert.ok(r.id && r.kind && r.title);
      assert.ok(r.kind === 'setting' ? r.key : r.command, JSON.stringify(r));
    }
    assert.ok(out.results.some((r: { key?: string }) => r.key === 'editor.fontSize'));
  });

  it('rank prints the popup rows, the related ones last and marked', () => {
    // No title holds both words: every row the popup shows for it comes from the request ranker.
    const out = run('rank', '--vscode', FIXTURES, 'hide', 'breadcrumbs');
    const related = out.results.map((r: { related?: boolean }) => r.related === true);
    const first = related.indexOf(true);
    assert.ok(first >= 0, JSON.stringify(out.results.slice(0, 5)));
    assert.ok(related.slice(first).every(Boolean), 'no unmarked row after the first related one');
    const off = run('rank', '--vscode', FIXTURES, '--related', 'off', 'hide', 'breadcrumbs');
    assert.ok(off.results.every((r: { related?: boolean }) => !r.related));
    // A query that finds plenty by every word gets no related rows.
    const plenty = run('rank', '--vscode', FIXTURES, 'font', 'size');
    assert.ok(plenty.results.every((r: { related?: boolean }) => !r.related));
  });

  it('shortlist reads a requests file and a snapshot gives the same answer as the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'solidus-cli-'));
    const snapshot = join(dir, 'snap.json');
    writeFileSync(snapshot, JSON.stringify({ solidusSnapshot: 1, capturedAt: 'now', sources: fixtureSources() }));
    const requests = join(SHARED, 'bench', 'requests.jsonl');
    const fromFolder = execFileSync(
      process.execPath,
      [CLI, 'shortlist', '--vscode', FIXTURES, '--requests', requests],
      { encoding: 'utf8' },
    );
    const fromSnapshot = execFileSync(
      process.execPath,
      [CLI, 'shortlist', '--snapshot', snapshot, '--requests', requests],
      { encoding: 'utf8' },
    );
    assert.equal(fromSnapshot, fromFolder);
    const lines = fromFolder
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, 45);
    assert.ok(lines.every((l) => typeof l.covered === 'boolean' && l.items.length <= 60));
    const single = run('shortlist', '--vscode', FIXTURES, '--limit', '20', 'hide the minimap');
    assert.ok(single.items.length <= 20);
  });

  it('refuses bad usage with exit code 2 and a message', () => {
    const missing = spawnSync(process.execPath, [CLI, 'rank', 'x'], { encoding: 'utf8' });
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /give --vscode <dir> or --snapshot <file>/);
    const badLimit = spawnSync(process.execPath, [CLI, 'rank', '--vscode', FIXTURES, '--limit', 'zero', 'x'], {
      encoding: 'utf8',
    });
    assert.equal(badLimit.status, 2);
    assert.match(badLimit.stderr, /--limit must be a positive whole number/);
    const notSnapshot = spawnSync(process.execPath, [CLI, 'catalog', '--snapshot', join(FIXTURES, 'extensions.json')], {
      encoding: 'utf8',
    });
    assert.equal(notSnapshot.status, 2);
    assert.match(notSnapshot.stderr, /is not a Solidus catalog snapshot/);
  });

  it('ends quietly with status 0 when the reader closes the pipe early, as `solidus … | head -1` does', async () => {
    // 45 JSON lines of several KB each: far more than a pipe holds, so writes follow the close.
    const requests = join(SHARED, 'bench', 'requests.jsonl');
    const child = spawn(process.execPath, [CLI, 'shortlist', '--vscode', FIXTURES, '--requests', requests], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    let read = 0;
    child.stdout.once('data', (chunk: Buffer) => {
      read = chunk.length;
      child.stdout.destroy();
    });
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
    );
    assert.ok(read > 0, 'the reader got the first chunk');
    assert.equal(stderr, '');
    assert.deepEqual([code, signal], [0, null]);
  });
});
