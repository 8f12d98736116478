// Units of /do's pure shell logic: the confirmation text and when it may be skipped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlanStep, ValidatedPlan } from '../../extension/core';
import { formatPlanDetail, needsConfirmation, planMessage } from '../../extension/doPlan';

const fontSize: PlanStep = {
  step: 0,
  type: 'setting',
  key: 'editor.fontSize',
  title: 'Editor: Font Size',
  value: 16,
  description: 'Set Editor: Font Size = 16',
  why: 'bigger font',
  risk: 'safe',
  riskLabel: 'safe',
  riskReason: 'changes only how things look',
};
const wordWrap: PlanStep = {
  step: 1,
  type: 'setting',
  key: 'editor.wordWrap',
  title: 'Editor: Word Wrap',
  value: 'on',
  description: 'Set Editor: Word Wrap = "on"',
  why: 'enable word wrap',
  risk: 'safe',
  riskLabel: 'safe',
  riskReason: 'changes only how things look',
};
const terminal: PlanStep = {
  step: 0,
  type: 'item',
  id: 'term:run',
  kind: 'terminal',
  title: 'Terminal: Run Shell Command…',
  args: 'rm -rf node_modules && npm ci && npm test',
  description: 'Run in terminal: rm -rf node_modules && npm ci && npm test',
  why: 'clean reinstall, then run tests',
  risk: 'reachesShell',
  riskLabel: 'reaches a shell',
  riskReason: 'runs a shell command in the terminal',
};

const plan = (steps: PlanStep[], extra: Partial<ValidatedPlan> = {}): ValidatedPlan => ({
  reply: 'I will do it.',
  steps,
  dropped: [],
  cut: 0,
  mustConfirm: steps.some((s) => s.risk !== 'safe'),
  outcome: 'run',
  ...extra,
});

describe('the confirmation dialog', () => {
  it('numbers the steps in plain words with their why', () => {
    const p = plan([fontSize, wordWrap], { reply: "I'll increase the editor font size to 16 and turn on word wrap." });
    assert.equal(planMessage(p), "I'll increase the editor font size to 16 and turn on word wrap.");
    assert.equal(
      formatPlanDetail(p),
      '1. Set Editor: Font Size = 16  (bigger font)\n2. Set Editor: Word Wrap = "on"  (enable word wrap)',
    );
  });

  it('shows a shell command in full with a warning', () => {
    const detail = formatPlanDetail(plan([terminal]));
    assert.match(
      detail,
      /^1\. Run in terminal: rm -rf node_modules && npm ci && npm test {2}\(clean reinstall, then run tests\)$/m,
    );
    assert.match(detail, /⚠ reaches a shell: runs a shell command in the terminal/);
  });

  it('shows the exact command line of a script step, which its description lacks', () => {
    const script: PlanStep = {
      step: 0,
      type: 'item',
      id: 'script:npm:demo:web:build',
      kind: 'script',
      title: 'npm: build (web)',
      description: 'Run script npm: build (web)',
      why: 'build it',
      risk: 'reachesShell',
      riskLabel: 'reaches a shell',
      riskReason: 'runs a project script',
    };
    const lines = (step: PlanStep) =>
      step.type === 'item' && step.kind === 'script' ? 'npm run build --workspace web' : undefined;
    const detail = formatPlanDetail(plan([fontSize, script]), lines);
    assert.match(
      detail,
      /^2\. Run script npm: build \(web\) {2}\(build it\)\n {3}⚠ reaches a shell: runs a project script\n {3}\$ npm run build --workspace web$/m,
    );
    assert.doesNotMatch(detail.split('\n')[0], /\$/);
  });

  it('names the class and reason of every step that needs confirmation, not only shell steps', () => {
    const push: PlanStep = {
      step: 1,
      type: 'item',
      id: 'command:git.pushWithTags',
      kind: 'command',
      title: 'Git: Push (Follow Tags)',
      command: 'git.pushWithTags',
      description: 'Run Git: Push (Follow Tags)',
      why: 'publish',
      risk: 'actsOnRemote',
      riskLabel: 'acts on a remote',
      riskReason: 'sends commits to a remote',
    };
    const detail = formatPlanDetail(plan([fontSize, push]));
    assert.match(
      detail,
      /^2\. Run Git: Push \(Follow Tags\) {2}\(publish\)\n {3}⚠ acts on a remote: sends commits to a remote$/m,
    );
    assert.doesNotMatch(detail.split('\n')[0], /⚠/);
    assert.equal(needsConfirmation(plan([fontSize, push]), false), true);
  });

  it('says what was left out and cut off', () => {
    const detail = formatPlanDetail(
      plan([fontSize], { dropped: [{ step: 1, reason: 'unknown item “command:frobnicate”' }], cut: 2 }),
    );
    assert.match(detail, /Left out \(1\): unknown item “command:frobnicate”/);
    assert.match(detail, /2 more steps cut off/);
  });

  it('asks a plain question when the model sent no reply', () => {
    assert.equal(planMessage(plan([fontSize], { reply: '  ' })), 'Run this plan?');
  });
});

describe('when the dialog may be skipped', () => {
  it('is always shown while confirmBeforeRun is on', () => {
    assert.equal(needsConfirmation(plan([fontSize, wordWrap]), true), true);
  });
  it('is skipped for a settings-only plan when confirmBeforeRun is off', () => {
    assert.equal(needsConfirmation(plan([fontSize, wordWrap]), false), false);
  });
  it('is never skipped for a plan that reaches a shell', () => {
    assert.equal(needsConfirmation(plan([terminal]), false), true);
    // Even if a plan object claimed otherwise, a shell-reaching step keeps the dialog.
    assert.equal(needsConfirmation(plan([fontSize, terminal], { mustConfirm: false }), false), true);
  });
});
