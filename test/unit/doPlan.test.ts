// Units of /do's pure shell logic: the settings target and undo bookkeeping (the core writes the dialog: crate/tests/one_catalog.rs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseWriteTarget, UndoJournal } from '../../extension/doPlan';

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
