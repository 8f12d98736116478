// Units of the shell that need no editor: setting actions, recent items, configuration defaults.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as vscode from 'vscode';
import { RecentItems } from '../../extension/recent';
import { readConfig } from '../../extension/settings/config';
import { currentValue, describeValue } from '../../extension/settings/writer';

class MemoryMemento {
  private readonly values = new Map<string, unknown>();
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    return (this.values.has(key) ? this.values.get(key) : fallback) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

describe('RecentItems', () => {
  it('keeps the most recent first, without duplicates, within the limit', async () => {
    let max = 3;
    const recent = new RecentItems(new MemoryMemento() as unknown as vscode.Memento, () => max);
    for (const id of ['a', 'b', 'c', 'a', 'd']) await recent.use(id);
    assert.deepEqual(recent.list(), ['d', 'a', 'c']);
    max = 1;
    assert.deepEqual(recent.list(), ['d']);
  });

  it('ignores a damaged stored value', () => {
    const memento = new MemoryMemento();
    void memento.update('solidus.recentItems', { not: 'a list' });
    const recent = new RecentItems(memento as unknown as vscode.Memento, () => 10);
    assert.deepEqual(recent.list(), []);
  });
});

describe('settings helpers', () => {
  it('reads the value in effect and describes values for messages', () => {
    const store = (vscode as unknown as { __configuration: Map<string, unknown> }).__configuration;
    store.set('editor.fontSize', 18);
    assert.equal(currentValue('editor.fontSize'), 18);
    store.delete('editor.fontSize');
    assert.equal(describeValue('on'), '"on"');
    assert.equal(describeValue(undefined), 'unset');
  });
});

describe('readConfig', () => {
  it('falls back to defaults and clamps odd values', () => {
    const store = (vscode as unknown as { __configuration: Map<string, unknown> }).__configuration;
    store.set('solidus.popup.maxResults', 100000);
    store.set('solidus.popup.recentItems', 'many');
    const config = readConfig();
    assert.deepEqual(
      { maxResults: config.maxResults, recentItems: config.recentItems },
      { maxResults: 500, recentItems: 20 },
    );
  });

  it('gives /do safe defaults: confirmation on, user settings; an unknown provider is kept for /do to refuse', () => {
    const store = (vscode as unknown as { __configuration: Map<string, unknown> }).__configuration;
    store.set('solidus.ai.provider', 'somebody');
    store.set('solidus.ai.confirmBeforeRun', 'no');
    store.set('solidus.ai.settingsTarget', 'auto');
    store.set('solidus.ai.timeoutSeconds', 1);
    assert.equal(readConfig().ai.provider, 'somebody');
    store.delete('solidus.ai.provider');
    assert.deepEqual(readConfig().ai, {
      provider: 'auto',
      model: '',
      baseUrl: '',
      confirmBeforeRun: true,
      settingsTarget: 'auto',
      timeoutSeconds: 5,
      shortlistLimit: 60,
    });
    for (const key of ['provider', 'confirmBeforeRun', 'settingsTarget', 'timeoutSeconds'])
      store.delete(`solidus.ai.${key}`);
  });
});
