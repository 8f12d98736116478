// The one table of who may set each `solidus.*` setting: package.json's `scope` and the reader are held to it.

/**
 * VS Code's scopes, as Solidus uses them. `application`: user settings only, never a workspace.
 * `machine`: user or remote settings (a remote window's endpoint lives on that machine), never a
 * workspace. `window`: a workspace may set it too.
 */
export type SettingScope = 'application' | 'machine' | 'window';

export interface ScopeDecision {
  scope: SettingScope;
  /** Why a workspace may or may not set it, in one sentence. */
  reason: string;
}

/** A workspace may switch a tool's commands off for itself, never on against the user's choice. */
const PROVIDER_REASON =
  'a workspace may switch a tool’s commands off for itself; off at any level wins, so it cannot switch on what the user switched off';

/**
 * Every Solidus setting, by key without the `solidus.` prefix. A cloned repository is the most common
 * attacker: it must not choose where requests go, with which key, or whether a plan is shown.
 * test/unit/settingScopes.test.ts holds package.json to this table, key for key.
 */
export const SETTING_SCOPES = {
  'popup.maxResults': { scope: 'window', reason: 'how many rows the popup shows; nothing runs or leaves the editor' },
  'popup.recentItems': { scope: 'window', reason: 'how many recent items are kept; nothing runs or leaves the editor' },
  'ai.provider': {
    scope: 'machine',
    reason: 'chooses who receives /do requests and which stored key goes with them',
  },
  'ai.model': {
    scope: 'machine',
    reason: 'chooses the model (and what it costs) that the user’s key pays for',
  },
  'ai.baseUrl': {
    scope: 'machine',
    reason: 'chooses where /do requests, the catalog shortlist and the user’s key are sent',
  },
  'ai.confirmBeforeRun': {
    scope: 'application',
    reason: 'turning it off lowers a guard: plans run without being shown',
  },
  'ai.settingsTarget': {
    scope: 'application',
    reason: 'chooses whether /do writes into the user’s settings, which reach every workspace',
  },
  'ai.timeoutSeconds': {
    scope: 'window',
    reason: 'how long to wait for an answer; changes no destination and no guard',
  },
  'ai.shortlistLimit': {
    scope: 'application',
    reason: 'chooses how much of the catalog, workspace names included, each request sends',
  },
  'slash.target': {
    scope: 'window',
    reason:
      'a project’s command files choose their own target in frontmatter already, and every target stays in the editor with its own guard',
  },
  'slash.providers.solidus': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.claude': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.claude-skills': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.claude-plugins': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.claude-plugin-skills': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.codex': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.agent-skills': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.gemini': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.gemini-extensions': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.cursor': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.copilot-skills': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.copilot': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.opencode': { scope: 'window', reason: PROVIDER_REASON },
  'slash.providers.agents': { scope: 'window', reason: PROVIDER_REASON },
  customCommands: {
    scope: 'window',
    reason:
      'a project may share its macros; each step is checked against the catalog and confirmed by its class, and in Restricted Mode only the user’s own are read',
  },
  packs: {
    scope: 'window',
    reason: 'a project may switch a stack pack off; packs are never offered in Restricted Mode',
  },
} as const satisfies Record<string, ScopeDecision>;

export type SolidusSettingKey = keyof typeof SETTING_SCOPES;

/** Whether a workspace's value for `key` may count. */
export function workspaceMaySet(key: string): boolean {
  const decision = (SETTING_SCOPES as Record<string, ScopeDecision>)[key];
  // A key with no decision is no key Solidus reads; unknown is never given to the workspace.
  return decision?.scope === 'window';
}
