// Units of the project shell's pure logic: folder names, root patterns, command lines, kind filters, new file names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RunSpec } from '../../extension/core';
import { checkNewPath, copyName } from '../../extension/fileActions';
import { splitKindFilter } from '../../extension/popup';
import { matchesRootPattern, uniqueFolderNames } from '../../extension/projectFiles';
import { commandLineFor } from '../../extension/run';

const spec = (commandLine: string): RunSpec => ({
  id: 'x',
  folders: ['demo'],
  cwd: '',
  argv: commandLine.split(' '),
  commandLine,
  params: [],
  terminalName: 'x',
});

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

describe('command lines', () => {
  it('appends arguments as typed, and term:run runs the argument alone', () => {
    assert.equal(commandLineFor(spec('npm run build'), undefined), 'npm run build');
    assert.equal(commandLineFor(spec('npm run build'), '  '), 'npm run build');
    assert.equal(commandLineFor(spec('just deploy'), 'prod "eu west"'), 'just deploy prod "eu west"');
    assert.equal(commandLineFor(spec(''), ' ls -la '), 'ls -la');
    assert.equal(commandLineFor(spec(''), undefined), '');
  });
});

describe('kind filters', () => {
  it('narrows by the palette-style prefix and passes the rest on as the query', () => {
    assert.deepEqual(splitKindFilter('>format').filter?.kinds, ['command', 'custom']);
    assert.equal(splitKindFilter('>format').query, 'format');
    assert.deepEqual(splitKindFilter('@word wrap').filter?.kinds, ['setting']);
    assert.deepEqual(splitKindFilter('#build').filter?.kinds, ['script', 'pack']);
    assert.equal(splitKindFilter('# ').query, ' ');
    assert.equal(splitKindFilter('word > wrap').filter, undefined);
    assert.equal(splitKindFilter('/review').filter, undefined);
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
