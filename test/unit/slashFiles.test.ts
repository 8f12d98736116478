// The slash file collector on real folders: depth, suffix, oversized files and a symlink loop.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { SlashSearchPlan, SlashSearchRequest } from '../../extension/core';
import { collectSlashFiles, MAX_COMMAND_FILE_BYTES, markGitignored, planSlashSearch } from '../../extension/slashFiles';

describe('collectSlashFiles', () => {
  it('reads matching files to the folder depth, reports oversized ones and survives a symlink loop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'solidus-slash-files-'));
    mkdirSync(join(dir, 'git', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'review.md'), 'Review $ARGUMENTS');
    writeFileSync(join(dir, 'notes.txt'), 'not a command');
    writeFileSync(join(dir, 'git', 'commit.md'), 'Commit');
    writeFileSync(join(dir, 'git', 'deep', 'too-deep.md'), 'Too deep');
    writeFileSync(join(dir, 'huge.md'), 'x'.repeat(MAX_COMMAND_FILE_BYTES + 1));
    symlinkSync(dir, join(dir, 'git', 'loop'));
    const files = await collectSlashFiles({
      folders: [{ provider: 'claude', scope: 'project', dir, maxDepth: 2, suffix: '.md' }],
      manifests: [],
      listings: [],
      warnings: [],
    });
    const byPath = new Map(files.map((f) => [f.path, f]));
    assert.deepEqual([...byPath.keys()].sort(), ['git/commit.md', 'huge.md', 'review.md']);
    assert.equal(byPath.get('review.md')?.text, 'Review $ARGUMENTS');
    assert.match(byPath.get('huge.md')?.readError ?? '', /over the 1048576-byte limit/);
    assert.equal(byPath.get('huge.md')?.text, undefined);
  });

  it('walks a symlink loop once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'solidus-slash-loop-'));
    mkdirSync(join(dir, 'a'));
    writeFileSync(join(dir, 'a', 'x.md'), 'X');
    symlinkSync(dir, join(dir, 'a', 'back'));
    const files = await collectSlashFiles({
      folders: [{ provider: 'claude', scope: 'project', dir, maxDepth: 50, suffix: '.md' }],
      manifests: [],
      listings: [],
      warnings: [],
    });
    assert.deepEqual(
      files.map((f) => f.path),
      ['a/x.md'],
    );
  });

  it('lists nothing for a folder that does not exist', async () => {
    const files = await collectSlashFiles({
      folders: [
        {
          provider: 'solidus',
          scope: 'user',
          dir: join(tmpdir(), 'no-such-solidus-folder'),
          maxDepth: 1,
          suffix: '.md',
        },
      ],
      manifests: [],
      listings: [],
      warnings: [],
    });
    assert.deepEqual(files, []);
  });

  it('marks project files the repository ignores, and nothing outside a repository or in user scope', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'solidus-slash-git-'));
    const dir = join(repo, '.claude', 'commands');
    mkdirSync(join(dir, 'private'), { recursive: true });
    writeFileSync(join(dir, 'review.md'), 'Review');
    writeFileSync(join(dir, 'scratch.md'), 'Scratch');
    writeFileSync(join(dir, 'private', 'secret.md'), 'Secret');
    writeFileSync(join(repo, '.gitignore'), '.claude/commands/scratch.md\nprivate/\n');
    execFileSync('git', ['init', '-q'], { cwd: repo });
    const plan = (scope: 'project' | 'user') => ({
      folders: [{ provider: 'claude' as const, scope, dir, maxDepth: 2, suffix: '.md' }],
      manifests: [],
      listings: [],
      warnings: [],
    });
    const project = await collectSlashFiles(plan('project'));
    await markGitignored(project);
    const ignored = project
      .filter((f) => f.gitignored)
      .map((f) => f.path)
      .sort();
    assert.deepEqual(ignored, ['private/secret.md', 'scratch.md']);
    const user = await collectSlashFiles(plan('user'));
    await markGitignored(user);
    assert.equal(user.filter((f) => f.gitignored).length, 0, 'user commands are not judged by a project repository');
    const outside = mkdtempSync(join(tmpdir(), 'solidus-slash-nogit-'));
    writeFileSync(join(outside, 'a.md'), 'A');
    const loose = await collectSlashFiles({
      folders: [{ provider: 'claude', scope: 'project', dir: outside, maxDepth: 1, suffix: '.md' }],
      manifests: [],
      listings: [],
      warnings: [],
    });
    await markGitignored(loose);
    assert.equal(loose[0].gitignored, undefined);
  });
});

describe('planSlashSearch', () => {
  it('reads the manifests that exist and lists the folders the plan names, then asks again with them', async () => {
    const home = mkdtempSync(join(tmpdir(), 'solidus-slash-plan-'));
    const extensions = join(home, '.gemini', 'extensions');
    mkdirSync(join(extensions, 'fire'), { recursive: true });
    mkdirSync(join(extensions, 'bare'), { recursive: true });
    writeFileSync(join(extensions, 'fire', 'gemini-extension.json'), '{"name":"firebase"}');
    writeFileSync(join(extensions, 'extension-enablement.json'), '{}');
    writeFileSync(join(extensions, 'not-a-folder.txt'), '');
    const asked: SlashSearchRequest[] = [];
    const plan = (request: SlashSearchRequest): SlashSearchPlan => {
      asked.push(request);
      return {
        folders: [],
        manifests: [join(extensions, 'extension-enablement.json'), join(home, 'missing.json')],
        listings: [{ dir: extensions, file: 'gemini-extension.json' }],
        warnings: [],
      };
    };
    await planSlashSearch(plan, { projectRoots: [], home, trusted: true });
    assert.equal(asked.length, 2);
    assert.deepEqual(asked[1].manifests, { [join(extensions, 'extension-enablement.json')]: '{}' });
    assert.deepEqual(asked[1].listed, [
      { listing: extensions, dir: join(extensions, 'bare'), text: null },
      { listing: extensions, dir: join(extensions, 'fire'), text: '{"name":"firebase"}' },
    ]);
  });
});
