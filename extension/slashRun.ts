// Running a slash command: expand in the core, ask for inputs, confirm shell lines, read files, deliver.
import { exec } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import * as vscode from 'vscode';
import { runDoRequest } from './agent';
import type { SlashCommand, SlashExpansion } from './core';
import type { Context } from './ctx';
import { isInside } from './slashFiles';

/** Shell lines stop after this long, so a hung command never blocks the editor for good. */
const SHELL_TIMEOUT_MS = 30_000;
/** Referenced files larger than this are left as written. */
const MAX_FILE_BYTES = 1024 * 1024;

/** One piece of an expansion: text, a shell line or a file reference. */
export type SlashSegment = SlashExpansion['segments'][number];

/**
 * Joins the segments, replacing each shell or file segment's text by what `replace` returns for it
 * (`undefined` keeps the text as written). The result is trimmed at both ends like the core's text.
 */
export async function joinSegments(
  segments: readonly SlashSegment[],
  replace: (segment: Exclude<SlashSegment, { kind: 'text' }>) => Promise<string | undefined>,
): Promise<string> {
  let out = '';
  for (const segment of segments) {
    if (segment.kind === 'text') out += segment.text;
    else out += (await replace(segment)) ?? segment.text;
  }
  return out.trim();
}

/** Resolves a referenced path against the workspace folders; `undefined` when it lies outside all of them. */
export async function resolveInWorkspace(path: string, roots: readonly string[]): Promise<string | undefined> {
  for (const root of roots) {
    const full = isAbsolute(path) ? path : resolve(root, path);
    let real: string;
    let realRoot: string;
    try {
      // Real paths, so a symlink inside the workspace cannot point outside it.
      [real, realRoot] = await Promise.all([fs.realpath(full), fs.realpath(root)]);
    } catch {
      continue;
    }
    if (isInside(realRoot, real)) return real;
  }
  return undefined;
}

/** Runs one slash command from what the user typed, e.g. `/review a.ts "b c"`. */
export async function runSlashText(ctx: Context, text: string): Promise<void> {
  await ctx.slash.whenReady();
  let expansion = await ctx.slash.expand({ text, context: editorContext() });
  if (expansion.refusal) {
    // The tool the text is meant for would refuse it; so does Solidus, saying why.
    void vscode.window.showErrorMessage(`Solidus: ${expansion.refusal}`);
    return;
  }
  if (!expansion.matched) {
    const name = text.trim().split(/\s/, 1)[0];
    void vscode.window.showWarningMessage(
      `Solidus: no slash command named ${name}. “Solidus: Run Slash Command…” lists them.`,
    );
    return;
  }
  if (expansion.needsInput.length) {
    const inputs: Record<string, string> = {};
    for (const request of expansion.needsInput) {
      const placeholder = typeof request.placeholder === 'string' ? request.placeholder : undefined;
      const value = await vscode.window.showInputBox({
        title: `${text.trim().split(/\s/, 1)[0]}: ${request.name}`,
        prompt: `Value for \${input:${request.name}}`,
        placeHolder: placeholder,
        ignoreFocusOut: true,
      });
      if (value === undefined) return; // Cancelled.
      inputs[request.name] = value;
    }
    expansion = await ctx.slash.expand({ text, inputs, context: editorContext() });
  }
  if (!expansion.ok) {
    void vscode.window.showErrorMessage(
      `Solidus: ${expansion.command?.name ?? text}: ${expansion.error ?? 'cannot expand'}`,
    );
    return;
  }
  for (const warning of expansion.warnings) ctx.log.warn(`slash ${expansion.command?.name}: ${warning}`);
  const resolved = await resolveSegments(ctx, expansion);
  if (resolved === undefined) return;
  // Files read and shell output are workspace text too: the core takes what hides out of all of it.
  const cleaned = ctx.core.hiddenText(resolved);
  const final = cleaned.text;
  const hidden = cleaned.hidden ?? expansion.hidden;
  if (hidden) {
    ctx.log.warn(`slash /${expansion.command?.name}: removed ${hidden}`);
    void vscode.window.showWarningMessage(
      `Solidus: /${expansion.command?.name} held ${hidden}. They were removed before its text was sent; ` +
        '"Solidus: Show Log" names the file.',
    );
  }
  const target = expansion.target ?? ctx.config.slash.target;
  ctx.log.info(`slash /${expansion.command?.name} (${expansion.command?.id}) → ${target}, ${final.length} chars`);
  await deliver(ctx, final, target, `/${expansion.command?.name ?? ''}`);
}

/** Replaces shell lines (after a modal confirmation) and file references; `undefined` when cancelled. */
async function resolveSegments(ctx: Context, expansion: SlashExpansion): Promise<string | undefined> {
  const roots = (vscode.workspace.workspaceFolders ?? [])
    .filter((f) => f.uri.scheme === 'file')
    .map((f) => f.uri.fsPath);
  if (expansion.shell.length) {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showErrorMessage(
        `Solidus: /${expansion.command?.name} runs shell commands, which Solidus does not do in Restricted Mode. Trust the workspace to run it.`,
      );
      return undefined;
    }
    const cwd = roots[0];
    const choice = await vscode.window.showWarningMessage(
      `/${expansion.command?.name} wants to run ${expansion.shell.length === 1 ? 'a shell command' : `${expansion.shell.length} shell commands`}${cwd ? ` in ${cwd}` : ''}. Run?`,
      { modal: true, detail: expansion.shell.join('\n') },
      'Run',
    );
    if (choice !== 'Run') {
      ctx.log.info(`slash /${expansion.command?.name}: shell lines declined`);
      return undefined;
    }
  }
  const refused: string[] = [];
  const text = await joinSegments(expansion.segments, async (segment) => {
    if (segment.kind === 'shell') return runShell(ctx, segment.command, roots[0]);
    const path = await resolveInWorkspace(segment.path, roots);
    if (!path) {
      refused.push(segment.path);
      return undefined;
    }
    try {
      const stat = await fs.stat(path);
      if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
      return await fs.readFile(path, 'utf8');
    } catch (error) {
      ctx.log.warn(`slash: cannot read ${path}: ${String(error)}`);
      return undefined;
    }
  });
  if (refused.length) {
    void vscode.window.showWarningMessage(
      `Solidus: not read, outside the workspace (or missing): ${refused.join(', ')}. The reference is left as written.`,
    );
  }
  return text;
}

function runShell(ctx: Context, command: string, cwd: string | undefined): Promise<string> {
  return new Promise((done) => {
    exec(command, { cwd, timeout: SHELL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) ctx.log.warn(`slash shell \`${command}\` failed: ${error.message}`);
      if (stderr) ctx.log.info(`slash shell \`${command}\` stderr: ${stderr.slice(0, 2000)}`);
      done(stdout.replace(/\n+$/, ''));
    });
  });
}

/** Values for Copilot's `${file}`, `${selection}`, … from the active editor. */
function editorContext(): Record<string, string> {
  const context: Record<string, string> = {};
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder) {
    context.workspaceFolder = folder.uri.fsPath;
    context.workspaceFolderBasename = folder.name;
  }
  const editor = vscode.window.activeTextEditor;
  if (editor && editor.document.uri.scheme === 'file') {
    const file = editor.document.uri.fsPath;
    const base = file.split(/[\\/]/).pop() ?? file;
    context.file = file;
    context.fileBasename = base;
    context.fileDirname = file.slice(0, file.length - base.length - 1);
    context.fileBasenameNoExtension = base.replace(/\.[^.]*$/, '');
  }
  if (editor && !editor.selection.isEmpty) {
    const selected = editor.document.getText(editor.selection);
    context.selection = selected;
    context.selectedText = selected;
  }
  return context;
}

/** Sends the expanded text to /do, chat or the clipboard. */
async function deliver(ctx: Context, text: string, target: string, name: string): Promise<void> {
  if (target === 'chat') {
    try {
      await vscode.commands.executeCommand('workbench.action.chat.open', { query: text, isPartialQuery: true });
      return;
    } catch (error) {
      ctx.log.warn(`chat is not available: ${String(error)}`);
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(
        `Solidus: chat is not available here, so ${name} was copied to the clipboard.`,
      );
      return;
    }
  }
  if (target === 'do') {
    // The expanded text is a /do request like any typed one, with every /do guard.
    const outcome = await runDoRequest(ctx, text);
    ctx.log.info(`slash ${name} via /do: ${outcome}`);
    return;
  }
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(`Solidus: ${name} expanded and copied to the clipboard`, 5000);
}

/** "Solidus: Run Slash Command…": a QuickPick in discovery order, then the arguments, then run. */
export async function pickAndRunSlash(ctx: Context): Promise<void> {
  await ctx.slash.whenReady();
  const commands = ctx.slash.commands;
  if (!commands.length) {
    void vscode.window.showInformationMessage(
      'Solidus: no slash commands found. Add Markdown files to .solidus/commands (or another tool’s folder) in the workspace or your home.',
    );
    return;
  }
  type Pick = vscode.QuickPickItem & { command: SlashCommand };
  const items: Pick[] = commands.map((command) => ({
    // The core's item title is how the command is typed, `/<tool>.<name>` when it is shadowed.
    label: ctx.core.item(`slash:${command.id}`)?.title ?? `/${command.name}`,
    description: [
      command.argumentHint,
      `${command.tool} · ${command.scope}`,
      command.shadowedBy ? `shadowed by ${command.shadowedBy}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    detail: command.description || undefined,
    command,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Run Slash Command',
    placeHolder: 'Type to filter slash commands',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return;
  const args = await vscode.window.showInputBox({
    title: picked.label,
    prompt: picked.command.argumentHint ? `Arguments: ${picked.command.argumentHint}` : 'Arguments (optional)',
    placeHolder: picked.command.argumentHint ?? undefined,
    ignoreFocusOut: true,
  });
  if (args === undefined) return;
  await runSlashText(ctx, args.trim() ? `${picked.label} ${args}` : picked.label);
}
