// Units of the one settings writer: checked values, the chosen scope, and one Undo for the popup, custom commands and /do.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { CheckSettingParams, CheckSettingResult, JsonValue } from '../../extension/core';
import {
  chooseWriteTarget,
  type SettingScopes,
  type SettingsStore,
  SettingsWriter,
  UNDO_SETTING_CHANGE_TITLE,
  UndoJournal,
  type WriteTarget,
} from '../../extension/settings/writer';

/** User and workspace settings as two maps; `update(key, undefined)` removes, like VS Code. */
class MemorySettings implements SettingsStore {
  readonly user = new Map<string, JsonValue>();
  readonly workspace = new Map<string, JsonValue>();
  readonly writes: string[] = [];
  constructor(private readonly folderOpen = true) {}
  inspect(key: string): SettingScopes {
    return { globalValue: this.user.get(key), workspaceValue: this.workspace.get(key) };
  }
  async update(key: string, value: JsonValue | undefined, target: WriteTarget): Promise<void> {
    const scope = target === 'user' ? this.user : this.workspace;
    if (value === undefined) scope.delete(key);
    else scope.set(key, value);
    this.writes.push(`${target}:${key}=${JSON.stringify(value)}`);
  }
  hasWorkspace(): boolean {
    return this.folderOpen;
  }
}

/** Global state that outlives one writer, as the extension's does across a reload. */
class MemoryState {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

/** Stands in for the core: numbers for `editor.fontSize` (typed text parsed), `on`/`off` for word wrap. */
function checkSetting({ key, value, text }: CheckSettingParams): CheckSettingResult {
  const given = text !== undefined ? (Number.isNaN(Number(text)) ? text : Number(text)) : value;
  if (key === 'editor.fontSize' && typeof given === 'number')
    return { ok: true, value: given, expectation: 'a number' };
  if (key === 'editor.wordWrap' && (given === 'on' || given === 'off'))
    return { ok: true, value: given, expectation: 'on or off' };
  return { ok: false, message: `${JSON.stringify(given)} does not fit ${key}` };
}

function setup(folderOpen = true) {
  const settings = new MemorySettings(folderOpen);
  const state = new MemoryState();
  const log: string[] = [];
  const writer = () => new SettingsWriter({ checkSetting, state, log: (line) => log.push(line), store: settings });
  return { settings, state, log, writer };
}

describe('the settings writer', () => {
  it('writes a popup edit to user settings and undoes it after a reload', async () => {
    const { settings, writer, log } = setup();
    settings.user.set('editor.fontSize', 14);
    const written = await writer().write('the popup', 'editor.fontSize', { text: '18' });
    assert.deepEqual(written, { ok: true, key: 'editor.fontSize', value: 18, target: 'user' });
    assert.equal(settings.user.get('editor.fontSize'), 18);
    assert.ok(log.includes('the popup: set editor.fontSize = 18 (user settings)'), log.join('\n'));
    // A new writer over the same state is the extension after a reload.
    const undone = await writer().undo();
    assert.deepEqual(undone, { restored: [{ key: 'editor.fontSize', target: 'user', previous: 14 }], by: 'the popup' });
    assert.equal(settings.user.get('editor.fontSize'), 14);
    assert.deepEqual((await writer().undo()).restored, [], 'an undone change is not undone twice');
  });

  it('refuses a value the core rejects, writes nothing and keeps the last change undoable', async () => {
    const { settings, writer } = setup();
    const w = writer();
    await w.write('the popup', 'editor.wordWrap', { value: 'on' });
    const refused = await w.write('the popup', 'editor.wordWrap', { value: 'sideways' });
    assert.deepEqual(refused, {
      ok: false,
      key: 'editor.wordWrap',
      message: '"sideways" does not fit editor.wordWrap',
    });
    assert.deepEqual(settings.writes, ['user:editor.wordWrap="on"']);
    assert.deepEqual((await w.undo()).restored, [{ key: 'editor.wordWrap', target: 'user' }]);
    assert.equal(settings.user.has('editor.wordWrap'), false);
  });

  it('restores a whole /do plan, last write first, in the scope each write chose', async () => {
    const { settings, writer } = setup();
    settings.workspace.set('editor.fontSize', 12);
    const w = writer();
    const plan = w.begin('/do');
    await plan.write('editor.fontSize', { value: 16 }, 'auto');
    await plan.write('editor.wordWrap', { value: 'on' }, 'auto');
    await plan.write('editor.fontSize', { value: 20 }, 'auto');
    assert.equal(plan.size, 2);
    assert.equal(settings.workspace.get('editor.fontSize'), 20);
    assert.equal(settings.user.get('editor.wordWrap'), 'on');
    const undone = await w.undo();
    assert.equal(undone.by, '/do');
    assert.deepEqual(settings.writes.slice(-2), ['user:editor.wordWrap=undefined', 'workspace:editor.fontSize=12']);
  });

  it('undoes the last change whichever caller made it, and a change that wrote nothing leaves it alone', async () => {
    const { settings, writer } = setup();
    const w = writer();
    const plan = w.begin('/do');
    await plan.write('editor.fontSize', { value: 16 });
    const custom = w.begin('custom command “Zoom”');
    await custom.write('editor.wordWrap', { value: 'on' });
    w.begin('/do'); // A later plan that only ran commands.
    assert.deepEqual(await w.undo(), {
      restored: [{ key: 'editor.wordWrap', target: 'user' }],
      by: 'custom command “Zoom”',
    });
    assert.equal(settings.user.get('editor.fontSize'), 16, 'the plan before is not the last change; Undo keeps one');
  });

  it('writes to user settings when no folder is open, whatever the caller prefers', async () => {
    const { settings, writer } = setup(false);
    assert.deepEqual(await writer().write('/do', 'editor.fontSize', { value: 15 }, 'workspace'), {
      ok: true,
      key: 'editor.fontSize',
      value: 15,
      target: 'user',
    });
    assert.equal(settings.user.get('editor.fontSize'), 15);
  });
});

describe('the settings target', () => {
  it('follows solidus.ai.settingsTarget', () => {
    assert.equal(chooseWriteTarget('user', { workspaceValue: 3 }, true), 'user');
    assert.equal(chooseWriteTarget('workspace', {}, true), 'workspace');
  });
  it('auto writes where the setting is already set', () => {
    assert.equal(chooseWriteTarget('auto', { workspaceValue: 14, globalValue: 12 }, true), 'workspace');
    assert.equal(chooseWriteTarget('auto', { globalValue: 12 }, true), 'user');
    assert.equal(chooseWriteTarget('auto', undefined, true), 'user');
  });
  it('writes to user settings when no folder is open', () => {
    assert.equal(chooseWriteTarget('workspace', {}, false), 'user');
    assert.equal(chooseWriteTarget('auto', { workspaceValue: 1 }, false), 'user');
  });
});

describe('undo bookkeeping', () => {
  it('restores the last change first, and an unset value as unset', () => {
    const journal = new UndoJournal();
    journal.record('editor.fontSize', 'user', 14);
    journal.record('editor.wordWrap', 'user', undefined);
    assert.deepEqual(journal.restoreOrder(), [
      { key: 'editor.wordWrap', target: 'user' },
      { key: 'editor.fontSize', target: 'user', previous: 14 },
    ]);
  });

  it('keeps the value from before the plan when a key is written twice', () => {
    const journal = new UndoJournal();
    journal.record('editor.fontSize', 'user', 14);
    journal.record('editor.fontSize', 'user', 16);
    journal.record('editor.fontSize', 'workspace', 20);
    assert.deepEqual(journal.restoreOrder(), [
      { key: 'editor.fontSize', target: 'workspace', previous: 20 },
      { key: 'editor.fontSize', target: 'user', previous: 14 },
    ]);
  });

  it('survives storage and skips damaged entries', () => {
    const journal = new UndoJournal();
    journal.record('files.autoSave', 'workspace', 'off');
    const stored = JSON.parse(JSON.stringify(journal.toJSON())) as unknown[];
    const back = UndoJournal.fromJSON([...stored, { key: 5, target: 'user' }, { key: 'x', target: 'global' }, null]);
    assert.deepEqual(back.restoreOrder(), [{ key: 'files.autoSave', target: 'workspace', previous: 'off' }]);
    assert.equal(UndoJournal.fromJSON('nonsense').size, 0);
  });
});

describe('the Undo command', () => {
  it('is named in messages and tool answers exactly as the palette shows it', () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
    const command = manifest.contributes.commands.find(
      (c: { command: string }) => c.command === 'solidus.undoLastPlan',
    );
    assert.equal(`${command.category}: ${command.title}`, UNDO_SETTING_CHANGE_TITLE);
  });
});
