// Pure /do shell logic: the confirmation text and the audit lines (settings.ts writes and undoes settings).
import type { PlanStep, ValidatedPlan } from './core';

/** The words on the confirmation dialog's run button. */
export const RUN_PLAN = 'Run Plan';

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

/** One line per step for the audit log. */
export function describeStepForLog(step: PlanStep, index: number): string {
  return `step ${index + 1} [${step.type}${step.risk !== 'safe' ? `, ${step.riskLabel}` : ''}]: ${step.description}`;
}
