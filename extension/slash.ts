// The slash-command service: finds command files in the workspace and home, keeps the core's catalog live.
import { existsSync, type FSWatcher, watch } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { SlashCommand, SlashDiscovery, SlashExpandRequest, SlashExpansion, SlashSearchPlan } from './core';
import type { Context } from './ctx';
import { collectSlashFiles, markGitignored, planSlashSearch, toolHomes } from './slashFiles';
import { RebuildQueue, workspaceChangeTriggers } from './triggers';

/** How long file events settle before a re-discovery (editors save in bursts). */
const DEBOUNCE_MS = 300;

/**
 * Reads the command files into the core's catalog, where they are items like any other: re-discovers
 * on file changes, trust grants, folder and setting changes, and hands out the current command list
 * and expansions. After a core restart the core has them again without a new discovery.
 */
export class SlashService implements vscode.Disposable {
  private discovery: SlashDiscovery = { commands: [], skipped: [], warnings: [] };
  private readonly queue = new RebuildQueue(
    (reason) => this.discoverOnce(reason),
    () => this.readyResolve?.(),
  );
  private readonly disposables: vscode.Disposable[] = [];
  private watchers: vscode.Disposable[] = [];
  private watchKey = '';
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  private readyResolve: (() => void) | undefined;
  private readonly ready = new Promise<void>((resolve) => (this.readyResolve = resolve));
  /** Fires after each discovery. */
  readonly onDidChange = this.changeEmitter.event;

  constructor(private readonly ctx: Context) {
    this.disposables.push(
      this.changeEmitter,
      ...workspaceChangeTriggers((reason) => this.schedule(reason, 0), ['solidus.slash.providers']),
    );
  }

  /** Every command in the core's discovery order, shadowed ones included and marked. */
  get commands(): readonly SlashCommand[] {
    return this.discovery.commands;
  }

  /** Resolves once the first discovery finished (successfully or not). */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Re-discovers soon; calls within the delay collapse into one. */
  schedule(reason: string, delayMs = DEBOUNCE_MS): void {
    this.queue.schedule(reason, delayMs);
  }

  /** Expands typed text with the current commands. */
  async expand(request: SlashExpandRequest): Promise<SlashExpansion> {
    if (!this.ctx.core.ready) await this.ctx.whenReady();
    return this.ctx.core.expandSlash(request);
  }

  /** Runs one discovery now; a request while one runs queues exactly one more. */
  discover(reason: string): Promise<void> {
    return this.queue.run(reason);
  }

  private async discoverOnce(reason: string): Promise<void> {
    const started = performance.now();
    const log = this.ctx.log;
    try {
      const trusted = vscode.workspace.isTrusted;
      const projectRoots = (vscode.workspace.workspaceFolders ?? [])
        .filter((folder) => folder.uri.scheme === 'file')
        .map((folder) => folder.uri.fsPath);
      const enabled = this.ctx.config.slash.providers;
      const request = { projectRoots, home: homedir(), enabled, trusted, ...toolHomes() };
      const plan = await planSlashSearch((r) => this.ctx.core.slashSearchFolders(r), request);
      const files = await collectSlashFiles(plan);
      await markGitignored(files);
      const read = performance.now();
      if (!this.ctx.core.ready) await this.ctx.whenReady();
      this.discovery = this.ctx.core.setSlash({ files, trusted, enabled });
      for (const warning of plan.warnings) log.warn(`slash: ${warning}`);
      for (const w of this.discovery.warnings) log.warn(`slash: ${w.root}/${w.path}: ${w.message}`);
      for (const s of this.discovery.skipped) log.warn(`slash: skipped ${s.root}/${s.path}: ${s.message}`);
      log.info(
        `slash commands discovered (${reason}${trusted ? '' : ', Restricted Mode: user commands only'}): ` +
          `${this.discovery.commands.length} from ${files.length} files; read in ${(read - started).toFixed(0)} ms, ` +
          `discovered in ${(performance.now() - read).toFixed(0)} ms`,
      );
      this.updateWatchers(plan);
      this.changeEmitter.fire();
    } catch (error) {
      log.error(`slash discovery failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }

  /** Watches the plan's folders: VS Code's watcher for project folders, `fs.watch` for the home ones. */
  private updateWatchers(plan: SlashSearchPlan): void {
    const key = JSON.stringify(plan.folders.map((f) => [f.scope, f.dir]));
    if (key === this.watchKey) return;
    this.watchKey = key;
    this.disposeWatchers();
    const onEvent = (): void => this.schedule('files changed');
    const byRoot = new Map<string, string[]>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      for (const f of plan.folders) {
        if (f.scope !== 'project') continue;
        const rel = relative(folder.uri.fsPath, f.dir);
        if (!rel || rel.startsWith('..')) continue;
        const globs = byRoot.get(folder.uri.fsPath) ?? [];
        const parts = rel.split(sep);
        globs.push(`${parts.join('/')}/**`);
        // A folder made in one go (mkdir -p, a git checkout) is reported once, as the topmost new folder.
        for (let i = 1; i <= parts.length; i++) globs.push(parts.slice(0, i).join('/'));
        byRoot.set(folder.uri.fsPath, globs);
      }
    }
    for (const [root, globs] of byRoot) {
      const pattern = new vscode.RelativePattern(vscode.Uri.file(root), `{${[...new Set(globs)].join(',')}}`);
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      watcher.onDidCreate(onEvent);
      watcher.onDidChange(onEvent);
      watcher.onDidDelete(onEvent);
      this.watchers.push(watcher);
    }
    const waiting = new Set<string>();
    for (const f of plan.folders) {
      if (f.scope !== 'user') continue;
      if (existsSync(f.dir)) {
        this.watchPath(f.dir, f.maxDepth > 1, onEvent);
        continue;
      }
      // A folder that does not exist yet (the common case): watch its nearest existing parent for
      // the one name that leads to it, so a tool installed later is found without a reload.
      let parent = dirname(f.dir);
      while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
      const next = relative(parent, f.dir).split(sep)[0];
      if (!next || waiting.has(join(parent, next))) continue;
      waiting.add(join(parent, next));
      this.watchPath(parent, false, (_event, name) => {
        if (name === next) onEvent();
      });
    }
  }

  private watchPath(path: string, recursive: boolean, listener: (event: string, name: string | null) => void): void {
    let watcher: FSWatcher;
    try {
      watcher = watch(path, { recursive, persistent: false }, (event, name) =>
        listener(event, name === null ? null : String(name)),
      );
    } catch {
      return; // Gone in the meantime; the next discovery looks again.
    }
    watcher.on('error', () => watcher.close());
    this.watchers.push({ dispose: () => watcher.close() });
  }

  private disposeWatchers(): void {
    for (const watcher of this.watchers.splice(0)) watcher.dispose();
  }

  dispose(): void {
    this.queue.dispose();
    this.disposeWatchers();
    for (const item of this.disposables.splice(0)) item.dispose();
  }
}
