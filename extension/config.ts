// The one typed accessor for Solidus's own settings.
import * as vscode from 'vscode';

export interface SolidusConfig {
  maxResults: number;
  recentItems: number;
}

/** Reads every `solidus.*` setting the shell uses, with defaults for missing or odd values. */
export function readConfig(): SolidusConfig {
  const config = vscode.workspace.getConfiguration('solidus');
  const int = (key: string, fallback: number, min: number, max: number): number => {
    const value = config.get<unknown>(key);
    return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback;
  };
  return {
    maxResults: int('popup.maxResults', 50, 5, 500),
    recentItems: int('popup.recentItems', 20, 0, 200),
  };
}
