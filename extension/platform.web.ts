// The web worker host's twin of platform.ts: no process, no home folder; files only through VS Code's file API.
// The browser bundle takes this module in place of platform.ts (scripts/build.mjs), so both export the same names.
import * as vscode from 'vscode';
import type { HostCapabilities, SlashSearchPlan } from './core';
import { isInside } from './slash/files.web';

/** This host starts no process: the core leaves out terminals, scripts, tasks and shell lines, saying why. */
export const HOST: HostCapabilities = { processes: false };
/** The name the log uses for this host. */
export const HOST_NAME: string = 'web worker extension host';

/** No home folder in the browser: user-scope slash commands are not read here. */
export function homeFolder(): string | undefined {
  return undefined;
}

/** A web worker has no process environment. */
export function environment(_name: string): string | undefined {
  return undefined;
}

/** The platform the browser reports, by Node's names, for /do's context line. */
export function platformName(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/Windows/.test(agent)) return 'win32';
  if (/Mac OS X|Macintosh/.test(agent)) return 'darwin';
  return 'linux';
}

/**
 * Every workspace folder, as its URI's path: the files live behind VS Code's file system providers (a
 * remote, github.dev's virtual one), which `rootUri` turns the paths back into.
 */
export function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.path);
}

/** The URI of a path under one of `workspaceRoots()`: the first folder it lies in, with that path. */
export function rootUri(path: string): vscode.Uri {
  const folder = (vscode.workspace.workspaceFolders ?? []).find((f) => isInside(f.uri.path, path));
  if (!folder) throw new Error(`${path} is not in a workspace folder`);
  return folder.uri.with({ path });
}

/** `path` below `root` as a `/`-separated relative path; `undefined` when it is not below it (or is it). */
export function relativeBelow(root: string, path: string): string | undefined {
  if (path === root || !isInside(root, path)) return undefined;
  return path.slice(root.endsWith('/') ? root.length : root.length + 1);
}

/** A `/` path with `.` and `..` segments resolved; `..` never climbs above `/`. */
export function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * Resolves a referenced path against the workspace folders; `undefined` when it lies outside all of them.
 * There is no real path here: instead the path is normalised, must lie inside the folder, and no part of it
 * below the folder may be a symbolic link (none is followed), so a link cannot lead outside.
 */
export async function resolveInWorkspace(path: string, roots: readonly string[]): Promise<string | undefined> {
  for (const root of roots) {
    const full = normalizePath(path.startsWith('/') ? path : `${root}/${path}`);
    if (!isInside(root, full)) continue;
    if (await linkFree(root, full)) return full;
  }
  return undefined;
}

/** True when every entry from below `root` down to `path` exists and none is a symbolic link. */
async function linkFree(root: string, path: string): Promise<boolean> {
  const rel = relativeBelow(root, path);
  if (rel === undefined) return false;
  let current = root;
  for (const part of rel.split('/')) {
    current = `${current.replace(/\/$/, '')}/${part}`;
    try {
      const stat = await vscode.workspace.fs.stat(rootUri(current));
      if (stat.type & vscode.FileType.SymbolicLink) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** A file's text when it is a file of at most `maxBytes`; `undefined` otherwise (errors go to `warn`). */
export async function readFileText(
  path: string,
  maxBytes: number,
  warn: (message: string) => void,
): Promise<string | undefined> {
  try {
    const uri = rootUri(path);
    const stat = await vscode.workspace.fs.stat(uri);
    if (!(stat.type & vscode.FileType.File) || stat.size > maxBytes) return undefined;
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    warn(`cannot read ${path}: ${String(error)}`);
    return undefined;
  }
}

/** Never reached: the core refuses a slash command with shell lines in this host before anything runs. */
export function runShell(_command: string, _cwd: string | undefined, _log: unknown): Promise<string> {
  return Promise.reject(new Error('this host cannot run shell commands'));
}

/** No user-scope folders are read in this host, so none is watched. */
/** No user-side paths in the browser: nothing to key on. */
export function userPathsKey(_plan: SlashSearchPlan): unknown {
  return [];
}

export function watchUserFolders(_plan: SlashSearchPlan, _onEvent: () => void): vscode.Disposable[] {
  return [];
}
