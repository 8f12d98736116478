// What the Node extension host offers beyond VS Code's API: processes, the home folder, real paths, fs watchers.
// Its twin for the web worker host is platform.web.ts; the browser bundle takes that one in this one's place.
import { exec } from 'node:child_process';
import { existsSync, type FSWatcher, promises as fs, watch } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import * as vscode from 'vscode';
import type { HostCapabilities, SlashSearchPlan } from './core';
import { isInside } from './slash/files';

/** This host starts processes: terminals, scripts, tasks and slash commands' shell lines all run. */
export const HOST: HostCapabilities = { processes: true };
/** The name the log uses for this host. */
export const HOST_NAME: string = 'Node extension host';

/** Shell lines stop after this long, so a hung command never blocks the editor for good. */
const SHELL_TIMEOUT_MS = 30_000;

/** The user's home folder. */
export function homeFolder(): string | undefined {
  return homedir();
}

/** A variable of the editor's process environment (never the workspace's). */
export function environment(name: string): string | undefined {
  return process.env[name];
}

/** `process.platform`: `linux`, `darwin`, `win32`. */
export function platformName(): string {
  return process.platform;
}

/** The workspace folders slash commands and file references are read from: those on disk, as paths. */
export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

/** The URI of a path under one of `workspaceRoots()`. */
export function rootUri(root: string): vscode.Uri {
  return vscode.Uri.file(root);
}

/** `path` below `root` as a `/`-separated relative path; `undefined` when it is not below it (or is it). */
export function relativeBelow(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
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

/** A file's text when it is a file of at most `maxBytes`; `undefined` otherwise (errors go to `warn`). */
export async function readFileText(
  path: string,
  maxBytes: number,
  warn: (message: string) => void,
): Promise<string | undefined> {
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    return await fs.readFile(path, 'utf8');
  } catch (error) {
    warn(`cannot read ${path}: ${String(error)}`);
    return undefined;
  }
}

/** Runs a confirmed shell line in `cwd` and gives its output (errors and stderr go to the log). */
export function runShell(
  command: string,
  cwd: string | undefined,
  log: { warn(message: string): void; info(message: string): void },
): Promise<string> {
  return new Promise((done) => {
    exec(command, { cwd, timeout: SHELL_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) log.warn(`slash shell \`${command}\` failed: ${error.message}`);
      if (stderr) log.info(`slash shell \`${command}\` stderr: ${stderr.slice(0, 2000)}`);
      done(stdout.replace(/\n+$/, ''));
    });
  });
}

/**
 * Which of the plan's user-side paths exist now: part of the watchers' key, so a folder or list that
 * appears later is then watched itself.
 */
export function userPathsKey(plan: SlashSearchPlan): unknown {
  return [
    plan.folders.filter((f) => f.scope === 'user').map((f) => [f.dir, existsSync(f.dir)]),
    plan.manifests.map((m) => [m, existsSync(dirname(m))]),
    plan.listings.map((l) => [l.dir, existsSync(l.dir)]),
  ];
}

/**
 * Watches the plan's user-side folders with the host's own watcher (VS Code's sees only the workspace)
 * and the user's lists the plan was made from (the Claude plugin list and settings, each plugin's
 * `plugin.json`, Gemini's extensions folder, enablement and install records), so a plugin or extension
 * installed later is found without a reload. A path that does not exist yet is watched for the way to it.
 */
export function watchUserFolders(plan: SlashSearchPlan, onEvent: () => void): vscode.Disposable[] {
  const watchers: vscode.Disposable[] = [];
  const watchPath = (path: string, recursive: boolean, listener: (name: string | null) => void): void => {
    let watcher: FSWatcher;
    try {
      watcher = watch(path, { recursive, persistent: false }, (_event, name) =>
        listener(name === null ? null : String(name)),
      );
    } catch {
      return; // Gone in the meantime; the next discovery looks again.
    }
    watcher.on('error', () => watcher.close());
    watchers.push({ dispose: () => watcher.close() });
  };
  const waiting = new Set<string>();
  /** Watches the nearest existing parent of `target` for the one name that leads to it. */
  const watchTowards = (target: string): void => {
    let parent = dirname(target);
    while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
    const next = relative(parent, target).split(sep)[0];
    if (!next || waiting.has(join(parent, next))) return;
    waiting.add(join(parent, next));
    watchPath(parent, false, (name) => {
      if (name === next) onEvent();
    });
  };
  const userFolders = [
    ...plan.folders.filter((f) => f.scope === 'user').map((f) => ({ dir: f.dir, recursive: f.maxDepth > 1 })),
    ...plan.listings.map((l) => ({ dir: l.dir, recursive: false })),
  ];
  for (const { dir, recursive } of userFolders) {
    if (existsSync(dir)) watchPath(dir, recursive, () => onEvent());
    else watchTowards(dir);
  }
  // A list file is watched through its folder, for its own name: editors and installers replace files
  // rather than write them in place, which a watch on the file itself would miss.
  const byFolder = new Map<string, Set<string>>();
  for (const manifest of plan.manifests) {
    const folder = dirname(manifest);
    if (!existsSync(folder)) {
      watchTowards(folder);
      continue;
    }
    byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(basename(manifest)));
  }
  for (const [folder, names] of byFolder) {
    watchPath(folder, false, (name) => {
      if (name === null || names.has(name)) onEvent();
    });
  }
  return watchers;
}
