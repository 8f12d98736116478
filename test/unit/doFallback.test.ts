// Units of /do without a model: the shortlist as a pick list beside the set-up hint; a pick runs or is checked first.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import * as vscode from 'vscode';
import type { Item, Shortlist } from '../../extension/core';
import type { Context } from '../../extension/ctx';
import { offerClosestActions, SET_UP_HINT } from '../../extension/do/fallback';
import { SettingsWriter } from '../../extension/settings/writer';

type Picker = (items: { id: string; label: string }[], options: { title: string; placeHolder: string }) => unknown;
const stub = vscode as unknown as {
  __executed: unknown[][];
  __answers: { quickPick: Picker; inputBox: () => string | undefined };
  __configuration: Map<string, unknown>;
};

const ITEMS: Record<string, Partial<Item>> = {
  'command:editor.action.toggleMinimap': {
    kind: 'command',
    command: 'editor.action.toggleMinimap',
    title: 'View: Toggle Minimap',
  },
  'setting:editor.minimap.enabled': {
    kind: 'setting',
    key: 'editor.minimap.enabled',
    action: 'toggle',
    title: 'Minimap: Enabled',
  },
};

function fakeContext(checked: { key: string; value?: unknown }[]): Context {
  const checkSetting = (params: { key: string; value?: unknown }) => {
    checked.push(params);
    return { ok: true, value: params.value, expectation: 'true or false' };
  };
  const state = new Map<string, unknown>();
  // The real writer over the stub's settings: a picked setting goes through the one settings writer.
  const settings = new SettingsWriter({
    checkSetting: checkSetting as never,
    state: { get: (key) => state.get(key) as never, update: async (key, value) => void state.set(key, value) },
    log() {},
    store: {
      inspect: () => ({}),
      update: async (key, value) => void stub.__configuration.set(key, value),
      hasWorkspace: () => false,
    },
  });
  return {
    settings,
    log: { info() {}, error() {} },
    recent: { use: async () => undefined },
    core: {
      item: (id: string) => (ITEMS[id] ? ({ id, ...ITEMS[id] } as Item) : undefined),
      checkSetting,
    },
  } as unknown as Context;
}

const shortlist: Shortlist = {
  entries: Object.entries(ITEMS).map(([id, item]) => ({
    id,
    kind: item.kind!,
    title: item.title!,
    fromWorkspace: false,
  })),
  settings: [],
};

describe('/do without a model', () => {
  beforeEach(() => {
    stub.__executed.length = 0;
    stub.__configuration.clear();
  });

  it('lists the shortlist in its order, then the set-up row, with the hint as the placeholder', async () => {
    let shown: { ids: string[]; placeHolder: string } | undefined;
    stub.__answers.quickPick = (items, options) => {
      shown = { ids: items.map((i) => i.id), placeHolder: options.placeHolder };
      return undefined;
    };
    assert.equal(await offerClosestActions(fakeContext([]), 'hide the minimap', shortlist, 'no model'), 'cancelled');
    assert.deepEqual(shown?.ids, [...Object.keys(ITEMS), 'solidus:set-up-model']);
    assert.equal(shown?.placeHolder, SET_UP_HINT);
    assert.match(SET_UP_HINT, /solidus\.ai\.provider/);
    assert.match(SET_UP_HINT, /solidus\.ai\.baseUrl to "http:\/\/localhost:11434\/v1"/);
    assert.deepEqual(stub.__executed, []);
  });

  it('runs a picked command through runItem', async () => {
    stub.__answers.quickPick = (items) => items[0];
    assert.equal(await offerClosestActions(fakeContext([]), 'hide the minimap', shortlist, 'no model'), 'ran');
    assert.deepEqual(stub.__executed, [['editor.action.toggleMinimap']]);
  });

  it('writes a picked setting only after the core checked the value', async () => {
    const checked: { key: string; value?: unknown }[] = [];
    stub.__answers.quickPick = (items) => items[1];
    assert.equal(await offerClosestActions(fakeContext(checked), 'hide the minimap', shortlist, 'no model'), 'ran');
    assert.deepEqual(checked, [{ key: 'editor.minimap.enabled', value: true }]);
    assert.equal(stub.__configuration.get('editor.minimap.enabled'), true);
  });

  it('opens the settings of solidus.ai from the set-up row', async () => {
    stub.__answers.quickPick = (items) => items.at(-1);
    assert.equal(await offerClosestActions(fakeContext([]), 'x', shortlist, 'no model'), 'cancelled');
    assert.deepEqual(stub.__executed, [['workbench.action.openSettings', 'solidus.ai']]);
  });
});
