// The wasm boundary: the real built core under Node, its shapes, offsets, errors and panic recovery.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CoreHost, CorePanicError } from '../../extension/core';
import { fixtureSources } from '../fixtures';

describe('core over the fixture catalog', () => {
  let core: CoreHost;
  before(() => {
    core = new CoreHost();
    core.build(fixtureSources());
  });

  it('counts every public command and setting', () => {
    const stats = core.items().reduce<Record<string, number>>((acc, item) => {
      acc[item.kind] = (acc[item.kind] ?? 0) + 1;
      return acc;
    }, {});
    assert.deepEqual(stats, { command: 2909, setting: 1937 });
  });

  it('ranks "word wrap" with the setting and the toggle, highlighted', () => {
    const result = core.rank({ query: 'word wrap', limit: 10 });
    assert.deepEqual(result.input, { kind: 'search', filter: null, query: 'word wrap' });
    const ids = result.results.map((r) => r.item.id);
    assert.ok(ids.includes('setting:editor.wordWrap'), ids.join());
    assert.ok(ids.includes('command:editor.action.toggleWordWrap'), ids.join());
    const toggle = result.results.find((r) => r.item.id === 'command:editor.action.toggleWordWrap')!;
    const title = toggle.item.title;
    const marked = toggle.highlights.map(([s, e]) => title.slice(s, e));
    assert.deepEqual(marked, ['Word', 'Wrap']);
    // The popup's lean results leave out what it never shows; `full` brings it.
    assert.equal(toggle.item.command, undefined);
    assert.equal(toggle.item.source, undefined);
    const full = core
      .rank({ query: 'word wrap', limit: 10, full: true })
      .results.find((r) => r.item.id === toggle.item.id)!;
    assert.equal(full.item.command, 'editor.action.toggleWordWrap');
    assert.equal(full.item.source, 'core');
    assert.deepEqual(
      { ...full.item, command: undefined, source: undefined, key: undefined, derivedTitle: undefined },
      {
        ...toggle.item,
        command: undefined,
        source: undefined,
        key: undefined,
        derivedTitle: undefined,
      },
    );
  });

  it('checks setting values against the schema', () => {
    assert.deepEqual(core.checkSetting({ key: 'editor.fontSize', text: '18' }), {
      ok: true,
      value: 18,
      expectation: 'a number from 6 to 100',
    });
    const tooBig = core.checkSetting({ key: 'editor.fontSize', text: '500' });
    assert.equal(tooBig.ok, false);
    assert.match(!tooBig.ok ? tooBig.message : '', /above the maximum of 100/);
    const word = core.checkSetting({ key: 'editor.fontSize', text: 'abc' });
    assert.match(!word.ok ? word.message : '', /not a number/);
    const unknown = core.checkSetting({ key: 'no.such.setting', value: 1 });
    assert.deepEqual(unknown, { ok: false, message: 'unknown setting no.such.setting' });
    assert.equal(core.checkSetting({ key: 'editor.wordWrap', value: 'on' }).ok, true);
    assert.equal(core.checkSetting({ key: 'editor.wordWrap', value: 'sideways' }).ok, false);
  });

  it('returns undefined for an unknown item and the item for a known one', () => {
    assert.equal(core.item('command:nope'), undefined);
    assert.equal(core.item('setting:editor.fontSize')?.setting?.maximum, 100);
  });

  it('rejects parameters of the wrong shape with a real Error', () => {
    assert.throws(
      () => core.rank({ query: 42 } as never),
      (e: unknown) => e instanceof Error && /bad rank parameters/.test(e.message),
    );
  });
});

describe('core boundary details', () => {
  it('reports highlight ranges in UTF-16 code units for non-ASCII titles', () => {
    const core = new CoreHost();
    const extensions = [
      { id: 'test.unicode', contributes: { commands: [{ command: 'test.emoji', title: '😀 Café Ünïcode' }] } },
    ];
    core.build({ extensions: JSON.stringify(extensions) });
    const [hit] = core.rank({ query: 'café', limit: 1 }).results;
    assert.ok(hit);
    assert.deepEqual(hit.highlights, [[3, 7]]);
    assert.equal(hit.item.title.slice(3, 7), 'Café');
    core.dispose();
  });

  it('turns malformed sources into warnings and keeps the rest', () => {
    const core = new CoreHost();
    const { stats, warnings } = core.build({
      keybindingsSchema: '{ not json',
      extensions: JSON.stringify([
        { contributes: {} },
        { id: 'x.y', contributes: { commands: [{ title: 'no id' }, { command: 'x.ok', title: 7 }] } },
      ]),
      registeredCommands: '"a string"',
    });
    assert.equal(stats.byKind.command, 1);
    const sources = warnings.map((w) => w.source).sort();
    assert.deepEqual(sources, ['extension:x.y', 'extensions', 'keybindingsSchema', 'registeredCommands']);
    core.dispose();
  });

  it('answers a discovery with no command files as the core does; the last file gone leaves the catalog', () => {
    const sources = {
      extensions: JSON.stringify([{ id: 'x.y', contributes: { commands: [{ command: 'x.ok', title: 'Review Ok' }] } }]),
    };
    const file = {
      provider: 'claude',
      scope: 'project',
      root: '/w',
      path: 'review.md',
      text: 'Review the change.',
    } as const;
    // Never a command file: the core's own empty discovery stands, and the catalog is the one built.
    const fresh = new CoreHost();
    fresh.build(sources);
    const items = fresh.items().map((item) => item.id);
    const none = fresh.setSlash({ files: [], trusted: true });
    assert.deepEqual(
      fresh.items().map((item) => item.id),
      items,
    );
    // A file came and went: the core itself discovers the empty list and drops the command's item.
    const used = new CoreHost();
    used.build(sources);
    used.setSlash({ files: [file], trusted: true });
    assert.ok(
      used.items().some((item) => item.kind === 'slash'),
      'the command file is an item',
    );
    assert.deepEqual(used.setSlash({ files: [], trusted: true }), none);
    assert.deepEqual(
      used.items().map((item) => item.id),
      items,
    );
    assert.deepEqual(used.expandSlash({ text: '/review now' }), fresh.expandSlash({ text: '/review now' }));
    assert.deepEqual(used.rank({ query: '/', limit: 5 }), fresh.rank({ query: '/', limit: 5 }));
    fresh.dispose();
    used.dispose();
  });

  it('recovers after a panic: the error is raised, the core is rebuilt and answers again', () => {
    const panics: string[] = [];
    const core = new CoreHost((message) => panics.push(message));
    core.build(fixtureSources());
    assert.throws(() => core.debugPanic('boom on purpose'), CorePanicError);
    assert.equal(core.restarts, 1);
    assert.match(panics[0] ?? '', /boom on purpose/);
    const after = core.rank({ query: 'font size', limit: 3 });
    assert.ok(after.results.length > 0);
    core.dispose();
  });
});

describe('ranked rows by index', () => {
  /** What a ranking shows, read the same from lean and full rows. */
  const shown = (result: ReturnType<CoreHost['rank']>) =>
    result.results.map((r) => [r.item.id, r.item.title, r.item.risk, r.score, r.highlights, r.related ?? false]);
  const agree = (core: CoreHost, query: string) =>
    assert.deepEqual(shown(core.rank({ query, limit: 50 })), shown(core.rank({ query, limit: 50, full: true })), query);

  it('name the items whole rows name, before and after the items change', () => {
    const core = new CoreHost();
    core.build(fixtureSources());
    for (const query of ['word wrap', 'font', 'hide breadcrumbs', '/']) agree(core, query);
    // A project's items come before the slash commands' and move every later index: rows read
    // through summaries kept from before would name other items.
    core.setProject({
      trusted: true,
      os: 'linux',
      folders: [
        {
          name: 'app',
          root: '/app',
          files: [{ path: 'package.json', text: JSON.stringify({ scripts: { wrapup: 'tsc', fontcheck: 'node x' } }) }],
        },
      ],
    });
    for (const query of ['wrapup', 'font', 'word wrap']) agree(core, query);
    assert.ok(
      core.rank({ query: 'wrapup', limit: 5 }).results.some((r) => r.item.title.includes('wrapup')),
      'the new script is found by its name',
    );
    core.setSlash({
      trusted: true,
      files: [
        { provider: 'claude', scope: 'project', root: '/app/.claude/commands', path: 'fontfix.md', text: 'Fix.' },
      ],
    });
    for (const query of ['/fontfix', 'font', 'wrapup']) agree(core, query);
    core.build(fixtureSources());
    for (const query of ['font', 'wrapup']) agree(core, query);
  });

  it('are shared and frozen, so no caller changes another ranking', () => {
    const core = new CoreHost();
    core.build(fixtureSources());
    const [row] = core.rank({ query: 'zen', limit: 1 }).results;
    assert.ok(row && Object.isFrozen(row.item));
    assert.throws(() => {
      (row.item as { title: string }).title = 'changed';
    }, TypeError);
  });
});
