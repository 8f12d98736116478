// The one typed accessor for Solidus's own settings.
import * as vscode from 'vscode';
import type { SlashProvider } from './core';
import { type SolidusSettingKey, workspaceMaySet } from './settingScopes';
import type { TargetPreference } from './settings';

/** Where /do writes settings; `auto` writes where the setting is already set (the writer's own preference type). */
export type SettingsTarget = TargetPreference;

/** The /do settings (`solidus.ai.*`). */
export interface AiConfig {
  /** As set (`auto` when unset); modelProviders.ts knows the values, and an unknown one is an error at /do time. */
  provider: string;
  /** A model id or family for `vscode`; the model name for the HTTP providers. Empty = first available. */
  model: string;
  baseUrl: string;
  confirmBeforeRun: boolean;
  settingsTarget: SettingsTarget;
  timeoutSeconds: number;
  shortlistLimit: number;
}

/** Where an expanded slash command goes (`solidus.slash.target`); a command's frontmatter may override it. */
export type SlashTargetSetting = 'do' | 'chat' | 'clipboard';
/**
 * The tools whose command folders Solidus reads, each switchable with `solidus.slash.providers.<id>`.
 * The core's `Provider::ALL` is the source; test/wasm/facts.test.ts holds this list and package.json to it.
 */
export const SLASH_PROVIDERS: readonly SlashProvider[] = [
  'solidus',
  'claude',
  'claude-skills',
  'claude-plugins',
  'claude-plugin-skills',
  'codex',
  'agent-skills',
  'gemini',
  'gemini-extensions',
  'cursor',
  'copilot-skills',
  'copilot',
  'opencode',
  'agents',
];
export type SlashProviderId = SlashProvider;

/** The slash-command settings (`solidus.slash.*`). */
export interface SlashConfig {
  target: SlashTargetSetting;
  /** The providers switched on (all by default; only an explicit `false` turns one off). */
  providers: SlashProviderId[];
}

export interface SolidusConfig {
  maxResults: number;
  recentItems: number;
  slash: SlashConfig;
  ai: AiConfig;
}

/** What `inspect` reports for one key, the levels Solidus reads. */
interface Levels {
  defaultValue?: unknown;
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/**
 * Reads every `solidus.*` setting the shell uses, with defaults for missing or odd values. A setting
 * that SETTING_SCOPES keeps from the workspace is read from the user's (or remote machine's) own
 * settings and the default only, whatever the workspace's files say: VS Code ignores such values
 * for `application` and `machine` settings already, and this holds even where a host would not.
 */
export function readConfig(): SolidusConfig {
  const config = vscode.workspace.getConfiguration('solidus');
  const read = (key: SolidusSettingKey): unknown => {
    if (workspaceMaySet(key)) return config.get<unknown>(key);
    const levels = config.inspect<unknown>(key) as Levels | undefined;
    return levels?.globalValue !== undefined ? levels.globalValue : levels?.defaultValue;
  };
  const int = (key: SolidusSettingKey, fallback: number, min: number, max: number): number => {
    const value = read(key);
    return typeof value === 'number' && Number.isFinite(value)
      ? Math.min(max, Math.max(min, Math.round(value)))
      : fallback;
  };
  const oneOf = <T extends string>(key: SolidusSettingKey, allowed: readonly T[], fallback: T): T => {
    const value = read(key);
    return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  };
  const text = (key: SolidusSettingKey): string => {
    const value = read(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  /** A tool's commands are on unless any level (user, workspace, folder) switches them off. */
  const providerOn = (id: SlashProviderId): boolean => {
    const levels = config.inspect<unknown>(`slash.providers.${id}`) as Levels | undefined;
    if (!levels) return config.get<unknown>(`slash.providers.${id}`) !== false;
    return ![levels.globalValue, levels.workspaceValue, levels.workspaceFolderValue].includes(false);
  };
  const confirm = read('ai.confirmBeforeRun');
  return {
    maxResults: int('popup.maxResults', 50, 5, 500),
    recentItems: int('popup.recentItems', 20, 0, 200),
    slash: {
      target: oneOf<SlashTargetSetting>('slash.target', ['do', 'chat', 'clipboard'], 'do'),
      providers: SLASH_PROVIDERS.filter(providerOn),
    },
    ai: {
      provider: text('ai.provider') || 'auto',
      model: text('ai.model'),
      baseUrl: text('ai.baseUrl'),
      // Only an explicit `false` turns the dialog off; anything odd keeps it.
      confirmBeforeRun: confirm !== false,
      settingsTarget: oneOf<SettingsTarget>('ai.settingsTarget', ['user', 'workspace', 'auto'], 'user'),
      timeoutSeconds: int('ai.timeoutSeconds', 60, 5, 600),
      shortlistLimit: int('ai.shortlistLimit', 60, 10, 200),
    },
  };
}
