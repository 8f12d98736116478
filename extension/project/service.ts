// The project service: reads the workspace's scripts, tasks and custom commands into the core and keeps them live.
import * as vscode from 'vscode';
import type { CustomCommand, JsonValue, ProjectFileRequest, ProjectOs, ProjectResult } from '../core';
import type { Context } from '../ctx';
import { platformName } from '../platform';
import { RebuildQueue, workspaceChangeTriggers } from '../triggers';
import { fetchTaskList, type NamedFolder, readProjectFiles, taskToInput, watchGlobs } from './files';

/** How long file events settle before a rebuild (package managers write many files at once). */
const DEBOUNCE_MS = 400;

/**
 * VS Code's tasks are first fetched this long after the catalog is built, outside a popup opening:
 * `fetchTasks` activates every task provider's extension (grunt, gulp, jake, npm…) and runs them in this
 * extension host, which the keys of a first opening typed right after the build go through.
 */
const TASKS_AFTER_BUILD_MS = 3000;

const OS: Partial<Record<string, ProjectOs>> = { darwin: 'macos', win32: 'windows' };

/**
 * Reads the workspace into the core, which keeps what it built (run specs, custom commands, stacks); this
 * keeps only what lives in the editor: the VS Code task objects and the folders. Rebuilds on file changes,
 * trust grants, folder and setting changes.
 */
export class ProjectService implements vscode.Disposable {
  private result: ProjectResult | undefined;
  private folders: NamedFolder[] = [];
  private taskById = new Map<string, vscode.Task>();
  private readonly queue = new RebuildQueue((reason) => this.refreshOnce(reason));
  private watchers: vscode.FileSystemWatcher[] = [];
  private watchKey = '';
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Problems already shown for the current custom commands, so each is shown once. */
  private shownProblems = '';
  /** Rebuilds leave the tasks out until the editor has settled after the catalog build (see TASKS_AFTER_BUILD_MS). */
  private tasksDue = false;
  /** Fires after each rebuild. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly ctx: Context) {
    this.disposables.push(
      this.changeEmitter,
      ...workspaceChangeTriggers((reason) => this.schedule(reason, 0), ['solidus.customCommands', 'solidus.packs']),
    );
    void ctx.whenSettled(TASKS_AFTER_BUILD_MS).then((alive) => {
      if (!alive) return;
      this.tasksDue = true;
      // Restricted Mode lists no tasks; granting trust rebuilds anyway.
      if (vscode.workspace.isTrusted) this.schedule('tasks', 0);
    });
  }

  /** Why scripts are missing in Restricted Mode, if they are. */
  get restricted(): string | undefined {
    return this.result?.restricted ?? undefined;
  }

  task(id: string): vscode.Task | undefined {
    return this.taskById.get(id);
  }

  /** The workspace folder a run spec names by its core name. */
  folder(name: string): vscode.WorkspaceFolder | undefined {
    return this.folders.find((f) => f.name === name)?.folder;
  }

  /** Rebuilds soon; calls within the delay collapse into one. */
  schedule(reason: string, delayMs = DEBOUNCE_MS): void {
    this.queue.schedule(reason, delayMs);
  }

  /** Rebuilds now; a request while one runs queues exactly one more. */
  refresh(reason: string): Promise<void> {
    return this.queue.run(reason);
  }

  private async refreshOnce(reason: string): Promise<void> {
    const log = this.ctx.log;
    const started = performance.now();
    try {
      const workspaceFolders = vscode.workspace.workspaceFolders ?? [];
      const trusted = vscode.workspace.isTrusted;
      const config = vscode.workspace.getConfiguration('solidus');
      const packs = config.get<Record<string, unknown>>('packs') ?? {};
      const base = {
        trusted,
        os: OS[platformName()] ?? 'linux',
        disabledPacks: Object.entries(packs)
          .filter(([, on]) => on === false)
          .map(([id]) => id),
        customCommands: config.get<JsonValue>('customCommands') ?? null,
      } as const;
      const warn = (message: string) => log.warn(`project: ${message}`);
      // Restricted Mode: VS Code runs no task provider, and workspace tasks are not offered anyway. Until
      // `tasksDue`, the tasks wait for a later rebuild (see TASKS_AFTER_BUILD_MS).
      const [{ input, folders, request }, taskList] = await Promise.all([
        readProjectFiles(workspaceFolders, base, (request) => this.ctx.core.projectFilesToRead(request), warn),
        trusted && this.tasksDue ? fetchTaskList(warn) : Promise.resolve([]),
      ]);
      const folderName = (folder: vscode.WorkspaceFolder) =>
        folders.find((f) => f.folder.uri.toString() === folder.uri.toString())?.name;
      input.tasks = taskList.map((task) => taskToInput(task, folderName));
      const read = performance.now();
      await this.ctx.whenReady();
      // The merge re-indexes the catalog in this host: not while a popup opening's keys go through it.
      await this.ctx.whenNotOpening();
      const result = this.ctx.core.setProject(input);
      this.result = result;
      this.folders = folders;
      this.taskById = new Map(result.tasks.map((ref) => [ref.id, taskList[ref.index]]));
      for (const warning of result.warnings.slice(0, 50)) warn(`${warning.source}: ${warning.message}`);
      this.showCustomProblems(result.customCommands);
      this.watch(folders, request);
      const files = input.folders.reduce((n, f) => n + f.files.length, 0);
      log.info(
        `project built (${reason}): ${result.tasks.length} tasks, ` +
          `${result.customCommands.length} custom commands, stacks [${result.stackContext}]` +
          `${result.restricted ? `; ${result.restricted}` : ''}; ${files} files read in ${(read - started).toFixed(0)} ms, ` +
          `catalog now ${result.stats.total} items, merged in ${(performance.now() - read).toFixed(0)} ms`,
      );
      this.changeEmitter.fire();
    } catch (error) {
      log.error(
        `project build failed (${reason}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }

  /** A bad custom command is reported once, not run; the log has every problem. */
  private showCustomProblems(commands: CustomCommand[]): void {
    const bad = commands.filter((c) => c.problems.length);
    const key = JSON.stringify(bad.map((c) => [c.name, c.problems]));
    if (key === this.shownProblems) return;
    this.shownProblems = key;
    if (!bad.length) return;
    const first = bad[0];
    void vscode.window.showWarningMessage(
      `Solidus: the custom command “${first.name}” is not offered: ${first.problems.join('; ')}` +
        (bad.length > 1 ? ` (and ${bad.length - 1} more; see “Solidus: Show Log”)` : ''),
    );
  }

  /** Watches, in every folder, exactly the files the core reads (root names, presence patterns, member globs). */
  private watch(folders: readonly NamedFolder[], request: ProjectFileRequest): void {
    const globs = folders.map(({ name, folder }) => ({ folder, globs: watchGlobs(request, name) }));
    const key = JSON.stringify(globs.map(({ folder, globs }) => [folder.uri.toString(), globs]));
    if (key === this.watchKey) return;
    this.watchKey = key;
    for (const watcher of this.watchers.splice(0)) watcher.dispose();
    // files.watcherExclude (node_modules by default) keeps installs from firing these.
    const changed = (uri: vscode.Uri) => this.schedule(`${uri.path.split('/').pop()} changed`);
    for (const { folder, globs: patterns } of globs) {
      for (const glob of patterns) {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, glob));
        watcher.onDidChange(changed);
        watcher.onDidCreate(changed);
        watcher.onDidDelete(changed);
        this.watchers.push(watcher);
      }
    }
  }

  dispose(): void {
    this.queue.dispose();
    for (const watcher of this.watchers.splice(0)) watcher.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
