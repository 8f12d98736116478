// Reads the project files the core asks for (two rounds) and VS Code's tasks; the core decides what they mean.
import * as vscode from 'vscode';
import type { ProjectFileInput, ProjectFileRequest, ProjectInput, ProjectTaskInput } from '../core';

/** Files larger than this are not read; real manifests are a few kilobytes. */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;
/** At most this many member files per pattern, so a vast tree cannot stall the build. */
const MAX_MATCHES_PER_PATTERN = 5000;
/** `fetchTasks` runs every task provider; one that hangs must not hold the catalog back. */
const TASKS_TIMEOUT_MS = 10_000;

/** A workspace folder under the unique name the core sees (repeated names get `~2`, `~3`). */
export interface NamedFolder {
  name: string;
  folder: vscode.WorkspaceFolder;
}

/** What one build read: the input for the core, the folders under the core's names, and the core's last request. */
export interface ProjectFiles {
  input: ProjectInput;
  folders: NamedFolder[];
  /** Its `read`, `presence` and member globs are everything a rebuild depends on (see `watchGlobs`). */
  request: ProjectFileRequest;
}

/**
 * The globs, relative to one folder, whose files a rebuild reads: the core's root names and presence
 * patterns, the folder's member globs, and VS Code's own tasks.json (the tasks come from VS Code).
 */
export function watchGlobs(request: ProjectFileRequest, folder: string): string[] {
  const root = [...request.read.map(escapeGlob), ...request.presence];
  const members = request.folders.find((f) => f.name === folder);
  return [`{${root.join(',')}}`, ...(members?.read ?? []), ...(members?.presence ?? []), '.vscode/tasks.json'];
}

/** A literal file name as a glob that matches only itself. */
function escapeGlob(name: string): string {
  return name.replace(/[{}[\],*?]/g, (c) => `[${c}]`);
}

/** A task as the core needs it: name, source, folder and what it runs. */
export function taskToInput(
  task: vscode.Task,
  folderName: (folder: vscode.WorkspaceFolder) => string | undefined,
): ProjectTaskInput {
  const scope = task.scope;
  const folder = scope && typeof scope === 'object' ? (folderName(scope) ?? '') : '';
  return { name: task.name, source: task.source, folder, detail: task.detail ?? describeExecution(task.execution) };
}

function describeExecution(execution: vscode.Task['execution']): string {
  if (!execution) return '';
  const text = (part: string | vscode.ShellQuotedString): string => (typeof part === 'string' ? part : part.value);
  if (execution instanceof vscode.ShellExecution) {
    if (execution.commandLine) return execution.commandLine;
    return [execution.command, ...(execution.args ?? [])]
      .filter((p) => p !== undefined)
      .map(text)
      .join(' ');
  }
  if (execution instanceof vscode.ProcessExecution) return [execution.process, ...execution.args].join(' ');
  return '';
}

/**
 * Reads the project files of every folder in the core's two rounds: the root listings go in and the
 * core names the folders and picks the root files; then the member globs it finds are expanded.
 * `warn` gets what was skipped.
 */
export async function readProjectFiles(
  workspaceFolders: readonly vscode.WorkspaceFolder[],
  base: Omit<ProjectInput, 'folders'>,
  filesToRead: (input: ProjectInput) => ProjectFileRequest,
  warn: (message: string) => void,
): Promise<ProjectFiles> {
  const rootOf = (folder: vscode.WorkspaceFolder) => folder.uri.fsPath || folder.uri.toString();
  const entries = await Promise.all(
    workspaceFolders.map(async (folder) => {
      try {
        const listed = await vscode.workspace.fs.readDirectory(folder.uri);
        return listed.filter(([, type]) => !(type & vscode.FileType.Directory)).map(([name]) => name);
      } catch (error) {
        warn(`${folder.name}: cannot list the folder: ${String(error)}`);
        return [];
      }
    }),
  );
  const first = filesToRead({
    ...base,
    folders: workspaceFolders.map((folder, i) => ({
      name: folder.name,
      root: rootOf(folder),
      files: [],
      entries: entries[i],
    })),
  });
  // The core answers one root per folder, in order, under the name its ids use.
  const folders: NamedFolder[] = workspaceFolders.map((folder, i) => ({ name: first.roots[i].name, folder }));
  const input = (files: Map<string, ProjectFileInput[]>): ProjectInput => ({
    ...base,
    folders: folders.map(({ name, folder }) => ({ name, root: rootOf(folder), files: files.get(name) ?? [] })),
  });
  const files = new Map<string, ProjectFileInput[]>(folders.map(({ name }) => [name, []]));
  await Promise.all(
    folders.map(async ({ name, folder }, i) => {
      const list = files.get(name)!;
      for (const entry of first.roots[i].read) {
        const text = await readText(vscode.Uri.joinPath(folder.uri, entry), `${name}/${entry}`, warn);
        if (text !== undefined) list.push({ path: entry, text });
      }
      for (const entry of first.roots[i].presence) list.push({ path: entry, text: '' });
    }),
  );
  const second = filesToRead(input(files));
  await Promise.all(
    second.folders.map(async (request) => {
      const named = folders.find((f) => f.name === request.name);
      if (!named) return;
      const list = files.get(request.name)!;
      const known = new Set(list.map((f) => f.path));
      const exclude = request.exclude.length ? `{${request.exclude.join(',')}}` : null;
      const expand = async (pattern: string, read: boolean): Promise<void> => {
        let uris: vscode.Uri[];
        try {
          uris = await vscode.workspace.findFiles(
            new vscode.RelativePattern(named.folder, pattern),
            exclude,
            MAX_MATCHES_PER_PATTERN,
          );
        } catch (error) {
          warn(`${request.name}: cannot search for ${pattern}: ${String(error)}`);
          return;
        }
        if (uris.length === MAX_MATCHES_PER_PATTERN)
          warn(`${request.name}: more than ${MAX_MATCHES_PER_PATTERN} files match ${pattern}; the rest are left out`);
        for (const uri of uris) {
          const path = relativePath(named.folder.uri, uri);
          if (!path || known.has(path)) continue;
          known.add(path);
          if (!read) {
            list.push({ path, text: '' });
            continue;
          }
          const text = await readText(uri, `${request.name}/${path}`, warn);
          if (text !== undefined) list.push({ path, text });
        }
      };
      for (const pattern of request.read) await expand(pattern, true);
      for (const pattern of request.presence) await expand(pattern, false);
    }),
  );
  return { input: input(files), folders, request: second };
}

/** VS Code's tasks, or none (with a warning) when the providers fail or take too long. */
export async function fetchTaskList(warn: (message: string) => void): Promise<vscode.Task[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), TASKS_TIMEOUT_MS)));
  try {
    const tasks = await Promise.race([Promise.resolve(vscode.tasks.fetchTasks()), timeout]);
    if (!tasks) warn(`task providers did not answer within ${TASKS_TIMEOUT_MS / 1000} s; tasks are left out`);
    return tasks ?? [];
  } catch (error) {
    warn(`cannot list tasks: ${String(error)}`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** `/`-separated path of `uri` inside `root`, or undefined when it is outside. */
function relativePath(root: vscode.Uri, uri: vscode.Uri): string | undefined {
  const base = root.path.endsWith('/') ? root.path : `${root.path}/`;
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}

async function readText(uri: vscode.Uri, label: string, warn: (message: string) => void): Promise<string | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_PROJECT_FILE_BYTES) {
      warn(`${label}: larger than ${MAX_PROJECT_FILE_BYTES / 1024} KiB, skipped`);
      return undefined;
    }
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    warn(`${label}: cannot read: ${String(error)}`);
    return undefined;
  }
}
