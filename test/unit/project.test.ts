// Units of the project shell's pure logic: watch globs, command lines, kind filters, new file names.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProjectFileRequest, RunSpec } from '../../extension/core';
import { checkNewPath, copyName } from '../../extension/fileActions';
import { splitKindFilter } from '../../extension/popup';
import { watchGlobs } from '../../extension/projectFiles';
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
