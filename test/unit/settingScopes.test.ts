// Who may set each Solidus setting: package.json is held to the one table, and the reader to both.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import * as vscode from 'vscode';
import { readConfig } from '../../extension/settings/config';
import { SETTING_SCOPES, workspaceMaySet } from '../../extension/settings/scopes';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const properties: Record<string, { scope?: string }> = manifest.contributes.configuration.properties;
const levels = (vscode as unknown as { __configurationLevels: Map<string, Record<string, unknown>> })
  .__configurationLevels;

describe('setting scopes', () => {
  afterEach(() => levels.clear());

  it('package.json declares, for every solidus.* setting, the scope the table decides, and no other setting', () => {
    const declared = Object.keys(properties)
      .map((key) => key.replace(/^solidus\./, ''))
      .sort();
    assert.deepEqual(declared, Object.keys(SETTING_SCOPES).sort());
    for (const [key, decision] of Object.entries(SETTING_SCOPES)) {
      assert.equal(properties[`solidus.${key}`].scope, decision.scope, key);
      assert.ok(decision.reason.length > 20, `${key} gives its reason`);
    }
  });

  it('a workspace may not choose where requests go, with which key, or lower the plan dialog', () => {
    // The attack: a cloned repository's .vscode/settings.json sets these three.
    for (const key of ['ai.provider', 'ai.baseUrl', 'ai.model', 'ai.confirmBeforeRun', 'ai.settingsTarget']) {
      assert.notEqual(properties[`solidus.${key}`].scope ?? 'window', 'window', key);
      assert.equal(workspaceMaySet(key), false, key);
    }
    assert.equal(workspaceMaySet('no.such.setting'), false, 'unknown is never the workspace’s');
  });

  it('the reader takes the user’s values and ignores a workspace’s for settings it may not set', () => {
    levels.set('solidus.ai.provider', { defaultValue: 'auto', globalValue: 'openai', workspaceValue: 'anthropic' });
    levels.set('solidus.ai.baseUrl', {
      defaultValue: '',
      globalValue: 'http://127.0.0.1:1111/v1',
      workspaceValue: 'http://127.0.0.1:2222/v1',
      workspaceFolderValue: 'http://127.0.0.1:3333/v1',
    });
    levels.set('solidus.ai.confirmBeforeRun', { defaultValue: true, workspaceValue: false });
    levels.set('solidus.ai.model', { defaultValue: '', workspaceValue: 'expensive-model' });
    const ai = readConfig().ai;
    assert.equal(ai.provider, 'openai');
    assert.equal(ai.baseUrl, 'http://127.0.0.1:1111/v1');
    assert.equal(ai.confirmBeforeRun, true);
    assert.equal(ai.model, '');
  });

  it('a workspace cannot open the MCP channel; only the user’s own settings can', () => {
    assert.equal(workspaceMaySet('mcp.enabled'), false);
    assert.equal(readConfig().mcpEnabled, false, 'off by default');
    levels.set('solidus.mcp.enabled', { defaultValue: false, workspaceValue: true, workspaceFolderValue: true });
    assert.equal(readConfig().mcpEnabled, false);
    levels.set('solidus.mcp.enabled', { defaultValue: false, globalValue: true });
    assert.equal(readConfig().mcpEnabled, true);
  });

  it('the user may still turn the dialog off in their own settings', () => {
    levels.set('solidus.ai.confirmBeforeRun', { defaultValue: true, globalValue: false });
    assert.equal(readConfig().ai.confirmBeforeRun, false);
  });

  it('a workspace may switch a tool’s commands off, never on against the user', () => {
    levels.set('solidus.slash.providers.claude', { defaultValue: true, globalValue: false, workspaceValue: true });
    levels.set('solidus.slash.providers.gemini', { defaultValue: true, workspaceValue: false });
    const providers = readConfig().slash.providers;
    assert.ok(!providers.includes('claude'), 'the user switched it off');
    assert.ok(!providers.includes('gemini'), 'the workspace switched it off for itself');
    assert.ok(providers.includes('cursor'));
  });
});
