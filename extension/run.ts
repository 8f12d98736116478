// Runs a catalog item that is not a setting: commands, Git and file actions, scripts, packs, tasks, the terminal, custom commands.
import * as vscode from 'vscode';
import type { CustomCommand, Item, JsonValue, RunSpec } from './core';
import type { Context } from './ctx';
import { runFileAction } from './fileActions';
import { describeValue, type SettingChange } from './settings';
import { runSlashText } from './slashRun';

/** The words on the button that runs something in a terminal. */
export const RUN_BUTTON = 'Run';

export interface RunOptions {
  /** Arguments given up front (a plan's `args`); without them the user is asked when the item takes some. */
  args?: string;
  /** A command's JSON argument, already checked by the core against the schema VS Code declares. */
  commandArgs?: JsonValue;
  /** True when the user already confirmed this exact run (a plan's dialog showed it). */
  confirmed?: boolean;
  /** The settings change a custom command's setting steps join (a /do plan's); else each run is its own. */
  change?: SettingChange;
}

/** What a run came to: done, or stopped by the user before anything ran. */
export type RunOutcome = 'ran' | 'cancelled';

/** Runs one item; throws with a plain message when it cannot. Anything that reaches a shell is confirmed first. */
export async function runItem(ctx: Context, item: Item, options: RunOptions = {}): Promise<RunOutcome> {
  switch (item.kind) {
    case 'command':
    case 'git':
    case 'file':
      // The core leaves out the command of the file actions VS Code has none for (rename, duplicate, delete).
      if (item.kind === 'file' && !item.command) return runFileAction(ctx, item.id);
      if (!item.command) throw new Error(`“${item.title}” has no command to run`);
      if (options.commandArgs !== undefined) {
        ctx.log.info(
          `run ${item.kind} ${item.id}: command ${item.command} with ${JSON.stringify(options.commandArgs)}`,
        );
        await vscode.commands.executeCommand(item.command, options.commandArgs);
        return 'ran';
      }
      ctx.log.info(`run ${item.kind} ${item.id}: command ${item.command}`);
      await vscode.commands.executeCommand(item.command);
      return 'ran';
    case 'script':
    case 'pack':
    case 'terminal': {
      const task = ctx.project.task(item.id);
      if (task) return runTask(ctx, item, task, options);
      const spec = ctx.core.runSpec(item.id);
      if (!spec) throw new Error(`“${item.title}” is no longer in the project; its file may have changed`);
      return runInTerminal(ctx, item, spec, options);
    }
    case 'custom': {
      const command = ctx.core.customCommand(item.id);
      if (!command) throw new Error(`the custom command “${item.title}” is gone; check solidus.customCommands`);
      return runCustom(ctx, command, options);
    }
    case 'slash': {
      // A plan's slash step: expanded and run as if typed, with its own dialog for any shell line.
      await runSlashText(ctx, `${item.title}${options.args?.trim() ? ` ${options.args.trim()}` : ''}`);
      return 'ran';
    }
    default:
      throw new Error(`${item.kind} items cannot be run this way`);
  }
}

async function runInTerminal(ctx: Context, item: Item, spec: RunSpec, options: RunOptions): Promise<RunOutcome> {
  let args = options.args;
  if (args === undefined && spec.params.length) {
    args = await askArguments(item, spec);
    if (args === undefined) return 'cancelled';
  }
  // The core knows the line (for the terminal item, its argument is the whole command).
  const line = ctx.core.commandLine(item.id, args) ?? '';
  if (!line) throw new Error('no shell command was given');
  const folder = await chooseFolder(ctx, spec);
  if (folder === null) return 'cancelled';
  const cwd = folder ? (spec.cwd ? vscode.Uri.joinPath(folder.uri, ...spec.cwd.split('/')) : folder.uri) : undefined;
  const where = cwd ? vscode.workspace.asRelativePath(cwd, true) : 'the default folder';
  if (!options.confirmed) {
    const origin = item.fromWorkspace
      ? `\n\n“${item.title}” comes from the workspace's files (${item.source.replace(/^project:/, '')}).`
      : '';
    const answer = await vscode.window.showWarningMessage(
      `Run this in a terminal?`,
      { modal: true, detail: `${line}\n\nin ${where}${origin}` },
      RUN_BUTTON,
    );
    if (answer !== RUN_BUTTON) {
      ctx.log.info(`run ${item.id}: not confirmed, nothing ran`);
      return 'cancelled';
    }
  }
  const terminal = vscode.window.createTerminal({ name: spec.terminalName || 'Solidus', cwd });
  terminal.show();
  terminal.sendText(line, true);
  ctx.log.info(`run ${item.id}: sent to a terminal in ${where}: ${line}`);
  return 'ran';
}

/** One input for all arguments, as they would be typed after the command; shown in full before running. */
async function askArguments(item: Item, spec: RunSpec): Promise<string | undefined> {
  if (item.kind === 'terminal') {
    return vscode.window.showInputBox({
      title: item.title,
      prompt: 'The shell command to run (it is shown again before it runs)',
      placeHolder: 'npm test',
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : 'Type a command'),
    });
  }
  const names = spec.params.map((p) =>
    p.required ? `<${p.name}>` : `[${p.name}${p.default !== undefined ? `=${p.default}` : ''}]`,
  );
  const required = spec.params.some((p) => p.required);
  return vscode.window.showInputBox({
    title: item.title,
    prompt: `Arguments: ${names.join(' ')} (typed as in a shell, after ${spec.commandLine})`,
    ignoreFocusOut: true,
    validateInput: (value) =>
      required && !value.trim() ? `${names.filter((n) => n.startsWith('<')).join(' ')} is required` : undefined,
  });
}

/** The folder to run in: the spec's only one, a pick among several, or the active one for `term:run`. Null = cancelled. */
async function chooseFolder(ctx: Context, spec: RunSpec): Promise<vscode.WorkspaceFolder | undefined | null> {
  const folders = spec.folders
    .map((name) => ctx.project.folder(name))
    .filter((f): f is vscode.WorkspaceFolder => f !== undefined);
  if (folders.length === 1) return folders[0];
  if (folders.length > 1) {
    const picked = await vscode.window.showQuickPick(
      folders.map((folder) => ({ label: folder.name, description: folder.uri.fsPath, folder })),
      { title: 'Run in which folder?' },
    );
    return picked ? picked.folder : null;
  }
  const active = ctx.activeFileUri;
  return (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
}

async function runTask(ctx: Context, item: Item, task: vscode.Task, options: RunOptions): Promise<RunOutcome> {
  if (!options.confirmed) {
    const answer = await vscode.window.showWarningMessage(
      `Run the task “${ctx.core.hiddenText(task.name).shown}”?`,
      {
        modal: true,
        detail: `${item.detail ?? ''}\n\nProvided by ${task.source}; tasks run programs from the workspace.`.trim(),
      },
      RUN_BUTTON,
    );
    if (answer !== RUN_BUTTON) return 'cancelled';
  }
  await vscode.tasks.executeTask(task);
  ctx.log.info(`run ${item.id}: task ${task.source}: ${task.name} started`);
  return 'ran';
}

/** Runs the steps in order; the first failing step stops the rest and is named. */
async function runCustom(ctx: Context, command: CustomCommand, options: RunOptions): Promise<RunOutcome> {
  if (command.problems.length) throw new Error(`it cannot run: ${command.problems.join('; ')}`);
  if (command.risk !== 'safe' && !options.confirmed) {
    const lines = command.steps.map((step, i) => `${i + 1}. ${describeStep(step)}`);
    const answer = await vscode.window.showWarningMessage(
      `Run the custom command “${command.name}”?`,
      { modal: true, detail: `${lines.join('\n')}\n\nA step ${command.riskLabel}.` },
      RUN_BUTTON,
    );
    if (answer !== RUN_BUTTON) return 'cancelled';
  }
  let terminal: vscode.Terminal | undefined;
  // One run is one change for Undo, begun at its first setting step.
  let change = options.change;
  for (const [i, step] of command.steps.entries()) {
    try {
      switch (step.type) {
        case 'command':
          if (step.args === undefined) await vscode.commands.executeCommand(step.command);
          else await vscode.commands.executeCommand(step.command, step.args);
          break;
        case 'setting': {
          change ??= ctx.settings.begin(`custom command “${command.name}”`);
          const written = await change.write(step.key, { value: step.value });
          if (!written.ok) throw new Error(`the value is not accepted: ${written.message}`);
          break;
        }
        case 'terminal':
          // One terminal per run keeps the terminal steps in order.
          terminal ??= vscode.window.createTerminal({ name: `Solidus: ${command.name}` });
          terminal.show();
          terminal.sendText(step.command, true);
          break;
      }
      ctx.log.info(`custom ${command.name}: step ${i + 1} ran: ${describeStep(step)}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`custom ${command.name}: step ${i + 1} failed: ${message}`);
      throw new Error(`step ${i + 1} (${describeStep(step)}) failed: ${message}; the steps after it did not run`);
    }
  }
  return 'ran';
}

function describeStep(step: CustomCommand['steps'][number]): string {
  switch (step.type) {
    case 'command':
      return step.args === undefined ? `run ${step.command}` : `run ${step.command} with ${JSON.stringify(step.args)}`;
    case 'setting':
      return `set ${step.key} = ${describeValue(step.value)}`;
    case 'terminal':
      return `in a terminal: ${step.command}`;
  }
}
