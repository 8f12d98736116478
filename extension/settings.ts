// Reading and writing settings that the popup changes, always checked by the core first.
import * as vscode from 'vscode';
import type { Item, JsonValue } from './core';

/** What Enter does on a setting item. */
export type SettingAction = 'toggle' | 'choose' | 'edit';

/** Booleans toggle, enums offer their values, everything else asks for a value. */
export function settingAction(item: Item): SettingAction {
  const schema = item.setting;
  if (!schema) return 'edit';
  if (schema.types.length === 1 && schema.types[0] === 'boolean') return 'toggle';
  if ((schema.enum?.length ?? 0) > 0) return 'choose';
  return 'edit';
}

/** The value in effect for `key` (user, workspace or default). */
export function currentValue(key: string): unknown {
  return vscode.workspace.getConfiguration().get(key);
}

/** Writes a value to the user settings; callers have checked it against the schema. */
export async function writeUserSetting(key: string, value: JsonValue): Promise<void> {
  await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
}

/** How a value reads in messages: strings quoted, the rest as JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'unset';
  return JSON.stringify(value);
}
