// The popup's native stand-in: keys apply as in the webview, its own echoes are not edits, Enter picks the row meant.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as vscode from 'vscode';
import { StandIn, typedText } from '../../extension/popup/standIn';
import type { Row } from '../../extension/protocol';

interface PickStub {
  value: string;
  items: { label: string; id?: string; kind?: number }[];
  activeItems: unknown[];
  placeholder?: string;
  visible: boolean;
  __deliver(): void;
  __userTypes(value: string): void;
  __accept(): void;
}

const picks = (vscode as unknown as { __quickPicks: PickStub[] }).__quickPicks;

const row = (id: string, title: string, related = false): Row => ({
  id,
  kind: 'command',
  title,
  highlights: [],
  fromWorkspace: false,
  action: 'run',
  ...(related ? { related } : {}),
});

function standIn() {
  const events = { edited: [] as string[], accepted: [] as (string | undefined)[], dismissed: 0 };
  const shown = new StandIn({
    edited: (text) => events.edited.push(text),
    accepted: (id) => events.accepted.push(id),
    dismissed: () => events.dismissed++,
  });
  return { shown, events, pick: picks.at(-1)! };
}

describe('the stand-in quick pick', () => {
  it('applies captured keys as the input does: the first replaces last opening’s text, Backspace deletes', () => {
    assert.equal(typedText('font size', true, 'z'), 'z');
    assert.equal(typedText('font size', true, 'Backspace'), '');
    assert.equal(typedText('ze', false, 'n'), 'zen');
    assert.equal(typedText('zen', false, 'Backspace'), 'ze');
    assert.equal(typedText('', false, 'Backspace'), '');
  });

  it('reports what the user typed in it, never the values it set itself, however late their echoes come', () => {
    const { shown, events, pick } = standIn();
    shown.show('', { rows: [] });
    shown.setText('z');
    shown.setText('ze');
    // The user types an é the capture does not take before the echoes of z and ze arrive.
    pick.__userTypes('zeé');
    pick.__deliver();
    assert.deepEqual(events.edited, ['zeé']);
    shown.setText('zeén');
    pick.__deliver();
    assert.deepEqual(events.edited, ['zeé']);
    shown.dispose();
  });

  it('shows last opening’s text as the placeholder and lists every row the core ranked, related ones after a divider', () => {
    const { shown, pick } = standIn();
    shown.show('font size', { rows: [row('command:a', 'Zoom In'), row('command:b', 'Zoom Out', true)] });
    assert.equal(pick.value, '');
    assert.equal(pick.placeholder, 'font size');
    assert.equal((pick.items[0] as { description?: string }).description, 'command', 'the kind, as the badge shows it');
    assert.deepEqual(
      pick.items.map((i) => [i.label, i.kind === vscode.QuickPickItemKind.Separator]),
      [
        ['Zoom In', false],
        ['Related', true],
        ['Zoom Out', false],
      ],
    );
    assert.ok(pick.visible);
    shown.dispose();
  });

  it('Enter picks the active row, or the first one when the mark is for a list already replaced', () => {
    const { shown, events, pick } = standIn();
    shown.show('', { rows: [row('command:a', 'Alpha'), row('command:b', 'Beta')] });
    pick.activeItems = [pick.items[1]];
    shown.accept();
    // A stale mark (from the list before the last key) does not count.
    pick.activeItems = [{ label: 'Beta', id: 'command:b' }];
    pick.__accept();
    // A hint row explains and runs nothing.
    shown.render({ rows: [], emptyHint: 'No match for “qqq”.' });
    pick.activeItems = [pick.items[0]];
    shown.accept();
    assert.deepEqual(events.accepted, ['command:b', 'command:a']);
    shown.dispose();
  });

  it('a dismissal is reported when it went away on its own, not when the popup took it down', () => {
    const first = standIn();
    first.shown.show('', { rows: [] });
    (first.pick as unknown as { hide(): void }).hide();
    assert.equal(first.events.dismissed, 1);
    const second = standIn();
    second.shown.show('', { rows: [] });
    second.shown.dispose();
    assert.equal(second.events.dismissed, 0);
    first.shown.dispose();
  });
});
