// Pure /do shell logic: the audit lines (the core writes the dialog; settings/writer.ts writes and undoes settings).
import type { PlanStep } from '../core';

/** The words on the confirmation dialog's run button. */
export const RUN_PLAN = 'Run Plan';

/** One line per step for the audit log. */
export function describeStepForLog(step: PlanStep, index: number): string {
  return `step ${index + 1} [${step.type}${step.risk !== 'safe' ? `, ${step.riskLabel}` : ''}]: ${step.description}`;
}
