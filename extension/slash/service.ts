// The slash-command service: finds command files in the workspace and home, keeps the core's catalog live.
import * as vscode from 'vscode';
import type { SlashCommand, SlashDiscovery, SlashExpandRequest, SlashExpansion, SlashSearchPlan } from '../core';
import type { Context } from '../ctx';
import { homeFolder, relativeBelow, rootUri, userPathsKey, watchUserFolders, workspaceRoots } from '../platform';
import { RebuildQueue, workspaceChangeTriggers } from '../triggers';
import { collectSlashFiles, markGitignored, planSlashSearch, toolHomes } from './files';

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
      const projectRoots = workspaceRoots();
      const enabled = this.ctx.config.slash.providers;
      const request = { projectRoots, home: homeFolder(), enabled, trusted, ...toolHomes() };
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

  /**
   * Watches the plan's folders (VS Code's watcher for project folders, the host's own for the home
   * ones) and the user's lists the plan was made from (the Claude plugin list and settings, each
   * plugin's `plugin.json`, Gemini's extensions folder, enablement and install records), so a plugin
   * or extension installed later is found without a reload.
   */
  private updateWatchers(plan: SlashSearchPlan): void {
    // Which folders exist is part of the key: a folder that appears is then watched itself.
    const key = JSON.stringify([plan.folders.map((f) => [f.scope, f.dir]), userPathsKey(plan)]);
    if (key === this.watchKey) return;
    this.watchKey = key;
    this.disposeWatchers();
    const onEvent = (): void => this.schedule('files changed');
    const byRoot = new Map<string, string[]>();
    for (const root of workspaceRoots()) {
      for (const f of plan.folders) {
        if (f.scope !== 'project') continue;
        const rel = relativeBelow(root, f.dir);
        if (!rel) continue;
        const globs = byRoot.get(root) ?? [];
        const parts = rel.split('/');
        globs.push(`${parts.join('/')}/**`);
        // A folder made in one go (mkdir -p, a git checkout) is reported once, as the topmost new folder.
        for (let i = 1; i <= parts.length; i++) globs.push(parts.slice(0, i).join('/'));
        byRoot.set(root, globs);
      }
    }
    for (const [root, globs] of byRoot) {
      const pattern = new vscode.RelativePattern(rootUri(root), `{${[...new Set(globs)].join(',')}}`);
      const watcher = vscode.workspace.createFileSystemWatcher(pattern);
      watcher.onDidCreate(onEvent);
      watcher.onDidChange(onEvent);
      watcher.onDidDelete(onEvent);
      this.watchers.push(watcher);
    }
    this.watchers.push(...watchUserFolders(plan, onEvent));
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
