// The one settings writer: the popup, custom commands and /do write through it, so one Undo restores the last change.
import * as vscode from 'vscode';
import type { CheckSettingParams, CheckSettingResult, JsonValue } from '../core';

/** A settings scope Solidus writes to. */
export type WriteTarget = 'user' | 'workspace';
/** Where a caller wants a setting written; `auto` writes where the setting is already set. */
export type TargetPreference = WriteTarget | 'auto';

/** Where Undo finds the last change between sessions (the name predates the popup and custom commands using it). */
export const UNDO_STATE = 'solidus.lastPlanUndo';
/** Who made the stored change, kept beside the journal. */
const UNDO_BY_STATE = 'solidus.lastSettingChangeBy';

/** The value in effect for `key` (user, workspace or default). */
export function currentValue(key: string): unknown {
  return vscode.workspace.getConfiguration().get(key);
}

/** How a value reads in messages: strings quoted, the rest as JSON. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'unset';
  return JSON.stringify(value);
}

/** What the editor knows about one setting's value in each scope (a subset of `inspect()`). */
export interface SettingScopes {
  globalValue?: unknown;
  workspaceValue?: unknown;
}

/**
 * Where to write a setting. `auto` writes where it is already set (workspace if the workspace sets
 * it, else user). Without an open folder there are no workspace settings, so everything goes to user.
 */
export function chooseWriteTarget(
  setting: TargetPreference,
  scopes: SettingScopes | undefined,
  hasWorkspace: boolean,
): WriteTarget {
  if (!hasWorkspace) return 'user';
  if (setting === 'auto') return scopes?.workspaceValue !== undefined ? 'workspace' : 'user';
  return setting;
}

/** One setting a change wrote: where, and the value it had there before (undefined = it was unset). */
export interface UndoEntry {
  key: string;
  target: WriteTarget;
  previous?: JsonValue;
}

/**
 * The settings one change wrote, in order. A key written twice to the same scope keeps the value
 * it had before the change, not the change's own first write.
 */
export class UndoJournal {
  private readonly list: UndoEntry[] = [];

  /** Records the value before a write; call it before writing. */
  record(key: string, target: WriteTarget, previous: unknown): void {
    if (this.list.some((entry) => entry.key === key && entry.target === target)) return;
    this.list.push(previous === undefined ? { key, target } : { key, target, previous: previous as JsonValue });
  }

  get size(): number {
    return this.list.length;
  }

  /** What Undo restores, last change first. */
  restoreOrder(): UndoEntry[] {
    return [...this.list].reverse();
  }

  /** The entries as stored between sessions. */
  toJSON(): UndoEntry[] {
    return [...this.list];
  }

  /** Reads stored entries back, skipping anything damaged. */
  static fromJSON(value: unknown): UndoJournal {
    const journal = new UndoJournal();
    if (!Array.isArray(value)) return journal;
    for (const entry of value as unknown[]) {
      if (!entry || typeof entry !== 'object') continue;
      const { key, target, previous } = entry as Partial<UndoEntry>;
      if (typeof key === 'string' && (target === 'user' || target === 'workspace'))
        journal.record(key, target, previous);
    }
    return journal;
  }
}

/** The editor's settings as the writer needs them; tests hand in a map instead. */
export interface SettingsStore {
  inspect(key: string): SettingScopes | undefined;
  update(key: string, value: JsonValue | undefined, target: WriteTarget): Promise<void>;
  hasWorkspace(): boolean;
}

/** Somewhere the journal survives a reload (the extension's global state). */
export interface JournalStorage {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

/** What the writer needs from its owner. */
export interface WriterDeps {
  checkSetting(params: CheckSettingParams): CheckSettingResult;
  state: JournalStorage;
  log(line: string): void;
  store?: SettingsStore;
}

/** A value the core accepted and where it went, or why it was refused (nothing was written then). */
export type WriteResult =
  | { ok: true; key: string; value: JsonValue; target: WriteTarget }
  | { ok: false; key: string; message: string };

/** The palette title of `solidus.undoLastPlan` (package.json holds it too; a unit test keeps them equal). */
export const UNDO_SETTING_CHANGE_TITLE = 'Solidus: Undo Last Setting Change';

/** What "Undo Last Setting Change" did. */
export interface UndoResult {
  restored: UndoEntry[];
  /** Who made the change, as its `begin` named it. */
  by: string | undefined;
}

/** The editor's own settings. */
export const editorSettings: SettingsStore = {
  inspect: (key) => vscode.workspace.getConfiguration().inspect(key),
  update: (key, value, target) =>
    Promise.resolve(
      vscode.workspace
        .getConfiguration()
        .update(
          key,
          value,
          target === 'workspace' ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global,
        ),
    ),
  hasWorkspace: () => (vscode.workspace.workspaceFolders?.length ?? 0) > 0,
};

/**
 * Checks every value with the core, chooses the scope, records the value it replaces and writes it.
 * Writes belong to a change (a popup edit, one custom command run, one /do plan); Undo restores the
 * last change that wrote anything, whichever caller made it.
 */
export class SettingsWriter {
  private readonly store: SettingsStore;

  constructor(private readonly deps: WriterDeps) {
    this.store = deps.store ?? editorSettings;
  }

  /** Starts a change; `by` names it in the log and in Undo's message (`the popup`, `/do`). */
  begin(by: string): SettingChange {
    return new SettingChange(this.deps, this.store, by);
  }

  /** One write as a change of its own. */
  async write(by: string, key: string, input: ValueInput, prefer: TargetPreference = 'user'): Promise<WriteResult> {
    return this.begin(by).write(key, input, prefer);
  }

  /** Restores every setting of the last change, last write first, and forgets it. */
  async undo(): Promise<UndoResult> {
    const stored = this.deps.state.get<unknown>(UNDO_STATE);
    const journal = UndoJournal.fromJSON(stored);
    const by = this.deps.state.get<unknown>(UNDO_BY_STATE);
    for (const entry of journal.restoreOrder()) {
      await this.store.update(entry.key, entry.previous, entry.target);
      this.deps.log(`undo: ${entry.key} back to ${describeValue(entry.previous)} (${entry.target} settings)`);
    }
    await this.deps.state.update(UNDO_STATE, undefined);
    await this.deps.state.update(UNDO_BY_STATE, undefined);
    return { restored: journal.restoreOrder(), by: typeof by === 'string' ? by : undefined };
  }
}

/** A value as JSON, or as the text the user typed (the core parses it against the schema). */
export type ValueInput = { value: JsonValue } | { text: string };

/** The writes of one change; the first one replaces what Undo would restore. */
export class SettingChange {
  private readonly journal = new UndoJournal();

  constructor(
    private readonly deps: WriterDeps,
    private readonly store: SettingsStore,
    readonly by: string,
  ) {}

  /** How many settings this change wrote. */
  get size(): number {
    return this.journal.size;
  }

  /** Checks the value with the core and writes it when accepted; Undo knows the write before it happens. */
  async write(key: string, input: ValueInput, prefer: TargetPreference = 'user'): Promise<WriteResult> {
    const check = this.deps.checkSetting({ key, ...input });
    if (!check.ok) {
      this.deps.log(`${this.by}: refused value for ${key}: ${check.message}`);
      return { ok: false, key, message: check.message };
    }
    const scopes = this.store.inspect(key);
    const target = chooseWriteTarget(prefer, scopes, this.store.hasWorkspace());
    this.journal.record(key, target, target === 'workspace' ? scopes?.workspaceValue : scopes?.globalValue);
    // Stored before the write, so a write that half-happens can still be undone.
    await this.deps.state.update(UNDO_STATE, this.journal.toJSON());
    await this.deps.state.update(UNDO_BY_STATE, this.by);
    await this.store.update(key, check.value, target);
    this.deps.log(`${this.by}: set ${key} = ${describeValue(check.value)} (${target} settings)`);
    return { ok: true, key, value: check.value, target };
  }
}

/** "Solidus: Undo Last Setting Change": restores what the last popup edit, custom command or /do plan wrote. */
export async function undoLastSettingChange(writer: SettingsWriter): Promise<void> {
  const { restored, by } = await writer.undo();
  if (!restored.length) {
    void vscode.window.showInformationMessage('Solidus: no setting change to undo.');
    return;
  }
  const count = `${restored.length} setting${restored.length === 1 ? '' : 's'}`;
  void vscode.window.showInformationMessage(`Solidus: restored ${count} changed by ${by ?? 'the last change'}.`);
}
