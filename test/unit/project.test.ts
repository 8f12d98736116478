// Units of the project shell's pure logic: folder names, root patterns, new file names (command lines and the grammar are the core's: crate/src/project/facts.rs, crate/src/input.rs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkNewPath, copyName } from '../../extension/fileActions';
import { matchesRootPattern, uniqueFolderNames } from '../../extension/projectFiles';

describe('folder names', () => {
  it('keeps distinct names and numbers repeats in order, so ids stay stable', () => {
    assert.deepEqual(uniqueFolderNames(['app', 'web', 'app', ' ', 'app']), ['app', 'web', 'app~2', 'folder', 'app~3']);
  });
});

describe('root patterns', () => {
  it('matches literal names exactly and * ? within one name', () => {
    const table: [string, string, boolean][] = [
      ['go.mod', 'go.mod', true],
      ['go.mod', 'go.modx', false],
      ['*.csproj', 'App.csproj', true],
      ['*.csproj', 'App.csproj.bak', false],
      ['*.csproj', 'sub/App.csproj', false],
      ['build.gradle?kts', 'build.gradle.kts', true],
      ['a+b(c)', 'a+b(c)', true],
      ['*.sln', 'x.sln', true],
    ];
    for (const [pattern, name, expected] of table)
      assert.equal(matchesRootPattern(pattern, name), expected, `${pattern} vs ${name}`);
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
