// Reading and writing settings that the popup changes, always checked by the core first.
import * as vscode from 'vscode';
import type { JsonValue } from './core';

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
