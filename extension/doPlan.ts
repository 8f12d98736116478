// Pure /do shell logic: where a setting is written and what Undo restores (the core writes the dialog).
import type { JsonValue, PlanStep } from './core';

/** The words on the confirmation dialog's run button. */
export const RUN_PLAN = 'Run Plan';

/** A settings scope /do writes to. */
export type WriteTarget = 'user' | 'workspace';

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
  setting: 'user' | 'workspace' | 'auto',
  scopes: SettingScopes | undefined,
  hasWorkspace: boolean,
): WriteTarget {
  if (!hasWorkspace) return 'user';
  if (setting === 'auto') return scopes?.workspaceValue !== undefined ? 'workspace' : 'user';
  return setting;
}

/** One setting a plan changed: where, and the value it had there before (undefined = it was unset). */
export interface UndoEntry {
  key: string;
  target: WriteTarget;
  previous?: JsonValue;
}

/**
 * The settings one plan changed, in order. A key written twice to the same scope keeps the value
 * it had before the plan, not the plan's own first write.
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

/** One line per step for the audit log. */
export function describeStepForLog(step: PlanStep, index: number): string {
  return `step ${index + 1} [${step.type}${step.risk !== 'safe' ? `, ${step.riskLabel}` : ''}]: ${step.description}`;
}
