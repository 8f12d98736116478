// The one typed accessor for Solidus's own settings.
import * as vscode from 'vscode';
import type { SlashProvider } from './core';
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
  'codex',
  'gemini',
  'cursor',
  'copilot',
  'opencode',
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

/** Reads every `solidus.*` setting the shell uses, with defaults for missing or odd values. */
export function readConfig(): SolidusConfig {
  const config = vscode.workspace.getConfiguration('solidus');
  const int = (key: string, fallback: number, min: number, max: number): number => {
    const value = config.get<unknown>(key);
    return typeof value === 'number' && Number.isFinite(value)
      ? Math.min(max, Math.max(min, Math.round(value)))
      : fallback;
  };
  const oneOf = <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
    const value = config.get<unknown>(key);
    return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  };
  const text = (key: string): string => {
    const value = config.get<unknown>(key);
    return typeof value === 'string' ? value.trim() : '';
  };
  const confirm = config.get<unknown>('ai.confirmBeforeRun');
  return {
    maxResults: int('popup.maxResults', 50, 5, 500),
    recentItems: int('popup.recentItems', 20, 0, 200),
    slash: {
      target: oneOf<SlashTargetSetting>('slash.target', ['do', 'chat', 'clipboard'], 'do'),
      providers: SLASH_PROVIDERS.filter((id) => config.get<unknown>(`slash.providers.${id}`) !== false),
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
