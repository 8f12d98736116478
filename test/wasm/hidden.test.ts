// Hidden characters through the wasm core as the shell uses it: a real Git branch name, a slash row in the catalog.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CoreHost } from '../../extension/core';

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe('hiddenText', () => {
  it('a branch name with a right-to-left override reads with a visible mark in the popup row', () => {
    const repo = mkdtempSync(join(tmpdir(), 'solidus-branch-'));
    git(repo, 'init', '-q');
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'x');
    // Reads as "fix-txt.exe" on screen; the bytes are "fix-" RLO "exe.txt".
    git(repo, 'switch', '-q', '-c', 'fix-\u202Eexe.txt');
    const branch = git(repo, 'branch', '--show-current');
    const core = new CoreHost();
    const report = core.hiddenText(branch);
    assert.equal(report.shown, 'fix-⟨U+202E⟩exe.txt');
    assert.equal(report.text, 'fix-exe.txt');
    assert.match(report.hidden ?? '', /1 hidden character: 1 × bidirectional controls/);
  });

  it('plain text and emoji come back as they were, with nothing to report', () => {
    const core = new CoreHost();
    for (const text of ['main', 'feature/ünïcode-名前', 'ship ❤\u{FE0F}', '👩\u200D💻 pair']) {
      const report = core.hiddenText(text);
      assert.equal(report.text, text);
      assert.equal(report.shown, text);
      assert.equal(report.hidden ?? undefined, undefined);
    }
  });

  it('a command file with hidden text is a catalog row that says so before it runs', () => {
    const core = new CoreHost();
    core.build({});
    const root = mkdtempSync(join(tmpdir(), 'solidus-hidden-slash-'));
    writeFileSync(join(root, 'review.md'), 'x');
    const discovery = core.setSlash({
      trusted: true,
      files: [
        {
          provider: 'claude',
          scope: 'project',
          root,
          path: 'review.md',
          text: '---\ndescription: Review\u{E0072}\u{E006D} the diff\n---\nReview\u{E0072}\u{E006D} $ARGUMENTS\n',
        },
      ],
    });
    assert.match(
      discovery.commands[0].hiddenText ?? '',
      /4 hidden characters: 4 × Unicode tag characters/,
      "the description's two and the body's two",
    );
    const row = core.item(`slash:${discovery.commands[0].id}`);
    assert.match(row?.detail ?? '', /^⚠ the file holds 4 hidden characters/);
    assert.match(row?.detail ?? '', /Review⟨U\+E0072⟩⟨U\+E006D⟩ the diff/);
    const expansion = core.expandSlash({ text: '/review a.ts' });
    assert.equal(expansion.text, 'Review a.ts');
    assert.match(expansion.hidden ?? '', /Unicode tag characters/);
  });
});
