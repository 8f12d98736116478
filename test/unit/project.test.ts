// Units of the project shell's pure logic: watch globs and new file names (command lines and the grammar are the core's: crate/src/project/facts.rs, crate/src/input.rs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProjectFileRequest } from '../../extension/core';
import { checkNewPath, copyName } from '../../extension/project/fileActions';
import { watchGlobs } from '../../extension/project/files';

describe('watch globs', () => {
  it("are the core's root names (escaped), its presence patterns, the folder's member globs and tasks.json", () => {
    const request: ProjectFileRequest = {
      read: ['package.json', 'odd{name}.json'],
      presence: ['go.mod', '*.csproj'],
      folders: [{ name: 'web', read: ['packages/*/package.json'], presence: ['crates/*/src/main.rs'], exclude: [] }],
      roots: [],
    };
    assert.deepEqual(watchGlobs(request, 'web'), [
      '{package.json,odd[{]name[}].json,go.mod,*.csproj}',
      'packages/*/package.json',
      'crates/*/src/main.rs',
      '.vscode/tasks.json',
    ]);
    assert.deepEqual(watchGlobs(request, 'other'), [
      '{package.json,odd[{]name[}].json,go.mod,*.csproj}',
      '.vscode/tasks.json',
    ]);
  });
});

describe('new file names', () => {
  it('refuses empty, absolute and parent paths', () => {
    assert.equal(checkNewPath('src/b.ts'), undefined);
    assert.match(checkNewPath('  ') ?? '', /Type a name/);
    assert.match(checkNewPath('/etc/passwd') ?? '', /relative/);
    assert.match(checkNewPath('C:\\x.txt') ?? '', /relative/);
    assert.match(checkNewPath('../outside.ts') ?? '', /not allowed/);
    assert.match(checkNewPath('a/../../b') ?? '', /not allowed/);
  });

  it('suggests “name copy.ext” for a duplicate', () => {
    assert.equal(copyName('index.ts'), 'index copy.ts');
    assert.equal(copyName('Makefile'), 'Makefile copy');
    assert.equal(copyName('.env'), '.env copy');
    assert.equal(copyName('a.test.ts'), 'a.test copy.ts');
  });
});
