// The host's capabilities as the core applies them: without processes, shell-bound items, steps and slash shell lines are refused with the reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoreHost, type HostCapabilities, type ProjectInput } from '../../extension/core';
import { fixtureSources } from '../fixtures';

const PROJECT: ProjectInput = {
  trusted: true,
  os: 'linux',
  folders: [
    {
      name: 'app',
      root: '/app',
      files: [{ path: 'package.json', text: JSON.stringify({ scripts: { test: 'node --test', build: 'tsc' } }) }],
    },
  ],
  customCommands: [
    { name: 'Wrap and test', steps: [{ setting: 'editor.wordWrap', value: 'on' }, { terminal: 'npm test' }] },
    { name: 'Wrap only', steps: [{ setting: 'editor.wordWrap', value: 'on' }] },
  ],
};

const PLAN = JSON.stringify({
  reply: 'Runs the tests after wrapping lines.',
  steps: [
    { type: 'setting', key: 'editor.wordWrap', value: 'on' },
    { type: 'terminal', command: 'npm test' },
    { type: 'item', id: 'term:run', args: 'ls' },
  ],
});

/** A core with the fixture catalog, the project above and one slash command that runs a shell line. */
function coreFor(host: HostCapabilities | undefined): { core: CoreHost; restricted?: string; custom: string[][] } {
  const core = new CoreHost();
  if (host) core.setHost(host);
  core.build(fixtureSources());
  const project = core.setProject(PROJECT);
  core.setSlash({
    trusted: true,
    files: [
      {
        provider: 'claude',
        scope: 'project',
        root: '/app/.claude/commands',
        path: 'status.md',
        text: 'State: !`git status`',
      },
      {
        provider: 'claude',
        scope: 'project',
        root: '/app/.claude/commands',
        path: 'explain.md',
        text: 'Explain $ARGUMENTS.',
      },
    ],
  });
  return { core, restricted: project.restricted ?? undefined, custom: project.customCommands.map((c) => c.problems) };
}

describe('host capabilities in the core', () => {
  it('the desktop host (and a host that never says) keeps scripts, terminal steps and shell lines', () => {
    for (const host of [undefined, { processes: true }]) {
      const { core, restricted, custom } = coreFor(host);
      const ids = core.items().map((item) => item.id);
      assert.ok(ids.includes('term:run'), 'the terminal item');
      assert.ok(
        ids.some((id) => id.startsWith('script:')),
        'npm scripts',
      );
      assert.equal(restricted ?? undefined, undefined);
      assert.deepEqual(custom, [[], []]);
      const checked = core.checkPlan(PLAN);
      assert.ok(checked.ok);
      assert.equal(checked.plan.steps.length, 3);
      const prepared = core.prepareDo({ request: 'run the tests', context: { os: 'Linux', textSelected: false } });
      assert.ok(prepared.ok);
      assert.match(prepared.prompt.system, /"type": "terminal"/);
      const status = core.expandSlash({ text: '/status' });
      assert.ok(status.ok);
      assert.deepEqual(status.shell, ['git status']);
      core.dispose();
    }
  });

  it('the web host leaves out scripts, the terminal and custom commands with terminal steps, saying why', () => {
    const { core, restricted, custom } = coreFor({ processes: false });
    const items = core.items();
    assert.deepEqual(
      items.filter((item) => ['script', 'pack', 'terminal'].includes(item.kind)).map((item) => item.id),
      [],
    );
    assert.match(restricted ?? '', /browser, where nothing can start a process/);
    // The custom command with a terminal step says why it is not offered; the other one is an item.
    assert.match(custom[0].join(), /nothing can start a process/);
    assert.deepEqual(custom[1], []);
    const customIds = items.filter((item) => item.kind === 'custom').map((item) => item.title);
    assert.deepEqual(customIds, ['Wrap only']);
    // `$ ls` finds no terminal item to run.
    assert.equal(core.item('term:run'), undefined);
    core.dispose();
  });

  it('the web host drops terminal steps and the terminal item from a plan with the reason, and keeps the rest', () => {
    const { core } = coreFor({ processes: false });
    const checked = core.checkPlan(PLAN);
    assert.ok(checked.ok);
    assert.deepEqual(
      checked.plan.steps.map((s) => s.type),
      ['setting'],
    );
    assert.deepEqual(
      checked.plan.dropped.map((d) => d.step),
      [1, 2],
    );
    for (const dropped of checked.plan.dropped) assert.match(dropped.reason, /cannot run here: .*start a process/);
    core.dispose();
  });

  it('the web host never asks a model for a terminal step', () => {
    const { core } = coreFor({ processes: false });
    const prepared = core.prepareDo({ request: 'run the tests', context: { os: 'Linux', textSelected: false } });
    assert.ok(prepared.ok);
    assert.doesNotMatch(prepared.prompt.system, /"terminal"|terminal step/);
    assert.match(prepared.prompt.system, /no terminal and cannot run shell commands/);
    assert.doesNotMatch(prepared.prompt.user, /term:run|script:/);
    core.dispose();
  });

  it('the web host refuses a slash command with shell lines before asking for anything, and expands the others', () => {
    const { core } = coreFor({ processes: false });
    const status = core.expandSlash({ text: '/status' });
    assert.equal(status.ok, false);
    assert.deepEqual(status.needsInput, []);
    assert.match(status.error ?? '', /runs shell commands, and .*nothing can start a process/);
    const explain = core.expandSlash({ text: '/explain the cache' });
    assert.ok(explain.ok);
    assert.equal(explain.text, 'Explain the cache.');
    core.dispose();
  });

  it('keeps the host through a panic: the restarted core still refuses what the host cannot run', () => {
    const { core } = coreFor({ processes: false });
    assert.throws(() => core.debugPanic('boom on purpose'));
    assert.equal(core.restarts, 1);
    assert.equal(core.item('term:run'), undefined);
    const checked = core.checkPlan(PLAN);
    assert.ok(checked.ok);
    assert.deepEqual(
      checked.plan.dropped.map((d) => d.step),
      [1, 2],
    );
    core.dispose();
  });
});
