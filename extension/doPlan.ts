// Pure /do shell logic: the confirmation text, where a setting is written, and what Undo restores.
import type { JsonValue, PlanStep, ValidatedPlan } from './core';

/** The words on the confirmation dialog's run button. */
export const RUN_PLAN = 'Run Plan';

/** A settings scope /do writes to. */
export type WriteTarget = 'user' | 'workspace';

/** The dialog's title line: the model's reply, or a plain question when it sent none. */
export function planMessage(plan: ValidatedPlan): string {
  return plan.reply.trim() || 'Run this plan?';
}

/**
 * The dialog's detail: numbered plain-language steps with the model's `why`, on every step whose
 * class needs confirmation that class and its reason in the core's words (a shell command in full,
 * since the description carries it), and what was dropped or cut so the user knows the plan is not
 * all the model asked for. `shellLine` gives the exact command a script or macro step runs, which
 * the step's description does not carry.
 */
export function formatPlanDetail(
  plan: ValidatedPlan,
  shellLine: (step: PlanStep) => string | undefined = () => undefined,
): string {
  const lines = plan.steps.map((step, index) => {
    const why = step.why.trim() ? `  (${step.why.trim()})` : '';
    const risky = step.risk !== 'safe';
    const warning = risky ? `\n   ⚠ ${step.riskLabel}: ${step.riskReason}` : '';
    const line = step.risk === 'reachesShell' ? shellLine(step) : undefined;
    return `${index + 1}. ${step.description}${why}${warning}${line ? `\n   $ ${line}` : ''}`;
  });
  if (plan.dropped.length) {
    lines.push('', `Left out (${plan.dropped.length}): ${plan.dropped.map((d) => d.reason).join('; ')}`);
  }
  if (plan.cut > 0) lines.push('', `${plan.cut} more step${plan.cut === 1 ? '' : 's'} cut off (at most 10 run).`);
  return lines.join('\n');
}

/**
 * Whether the plan must be shown before it runs: always when `confirmBeforeRun` is on, and
 * regardless of it when the core says a step's class needs confirmation (`mustConfirm`).
 */
export function needsConfirmation(plan: ValidatedPlan, confirmBeforeRun: boolean): boolean {
  // The step check repeats the core's `mustConfirm` so a plan object that lost it still asks.
  return confirmBeforeRun || plan.mustConfirm || plan.steps.some((step) => step.risk !== 'safe');
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
