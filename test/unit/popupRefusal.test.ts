// The popup with a refused slash command: it shows the core's refusal as its hint and Enter sends nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoreHost } from '../../extension/core';
import type { Context } from '../../extension/ctx';
import { Popup } from '../../extension/popup/popup';
import { fixtureSources } from '../fixtures';

interface PopupInternals {
  view(text: string): { rows: { id: string }[]; emptyHint?: string };
  activate(text: string, id: string | undefined, askDo: boolean): Promise<void>;
}

describe('the popup and a refused slash command', () => {
  it('shows why the tool would refuse it, and Enter sends nothing on', async () => {
    const core = new CoreHost();
    core.build(fixtureSources());
    const discovery = core.setSlash({
      files: [{ provider: 'codex', scope: 'user', root: '/h/.codex/prompts', path: 'draft.md', text: 'Draft $1' }],
      trusted: true,
    });
    const sentToDo: string[] = [];
    const never = () => ({ dispose() {} });
    const ctx = {
      core,
      config: { maxResults: 20 },
      recent: { list: () => [], use: async () => undefined },
      activeFileUri: undefined,
      onDidBuild: never,
      project: { onDidChange: never, restricted: undefined },
      slash: { onDidChange: never, commands: discovery.commands },
      log: { info() {}, warn() {}, error() {} },
      setOpening() {},
      runDo: async (text: string) => {
        sentToDo.push(text);
        return 'ran';
      },
    } as unknown as Context;
    const popup = new Popup(ctx);
    const internals = popup as unknown as PopupInternals;
    try {
      const refused = internals.view('/prompts:nope some text');
      assert.deepEqual(refused.rows, []);
      assert.match(refused.emptyHint ?? '', /Codex has no saved prompt named nope/);
      // Enter with no row: nothing runs, nothing goes to /do.
      await internals.activate('/prompts:nope some text', undefined, false);
      assert.deepEqual(sentToDo, []);

      // A prompt Codex has is a row, with no refusal; text that is no tool's command gets the plain hint.
      const known = internals.view('/prompts:draft');
      assert.ok(
        known.rows.some((row) => row.id === 'slash:codex:user:draft.md'),
        JSON.stringify(known.rows),
      );
      const plain = internals.view('/nope');
      assert.doesNotMatch(plain.emptyHint ?? '', /Codex|refuse/);
    } finally {
      popup.dispose();
      core.dispose();
    }
  });
});
