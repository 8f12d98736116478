// The slash-command service: finds command files in the workspace and home, keeps the core's catalog live.
import { existsSync, type FSWatcher, promises as fs, watch } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import * as vscode from 'vscode';
import type { SlashCommand, SlashDiscovery, SlashExpandRequest, SlashExpansion, SlashSearchPlan } from './core';
import type { Context } from './ctx';
import { collectSlashFiles, markGitignored } from './slashFiles';
import { RebuildQueue, workspaceChangeTriggers } from './triggers';

/** Names Solidus handles itself; a file command never takes them. */
export const SLASH_BUILTINS = ['do'];

/** How long file events settle before a re-discovery (editors save in bursts). */
const DEBOUNCE_MS = 300;

type CatalogHandle = ReturnType<Context['core']['slashCatalog']>;

/**
 * Owns the wasm `SlashCatalog`: re-discovers on file changes, trust grants, folder and setting changes,
 * and hands out the current command list and expansions. The previous catalog is freed on each rebuild.
 */
export class SlashService implements vscode.Disposable {
  private catalog: CatalogHandle | undefined;
  private discovery: SlashDiscovery = { commands: [], skipped: [], warnings: [] };
  /** The core's restart count when `catalog` was made; a restart invalidates it. */
  private coreGeneration = -1;
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

  /** The commands a typed name finds, best first (the core's tiers); none before the first discovery. */
  search(typed: string): SlashCommand[] {
    if (!this.catalog || this.coreGeneration !== this.ctx.core.restarts) return [];
    return this.catalog.search(typed).map((i) => this.discovery.commands[i]);
  }

  /** Expands typed text with the current catalog; after a core restart the catalog is rebuilt first. */
  async expand(request: SlashExpandRequest): Promise<SlashExpansion> {
    if (!this.catalog || this.coreGeneration !== this.ctx.core.restarts) await this.discover('core restarted');
    if (!this.catalog) throw new Error('slash commands are not loaded: see “Solidus: Show Log”');
    return this.catalog.expand(request);
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
      const request = { projectRoots, home: homedir(), enabled, trusted };
      let plan = this.ctx.core.slashSearchFolders(request);
      const manifest = await readFirst(plan.manifests);
      if (manifest !== undefined)
        plan = this.ctx.core.slashSearchFolders({ ...request, claudePluginsManifest: manifest });
      const files = await collectSlashFiles(plan);
      await markGitignored(files);
      const read = performance.now();
      const next = this.ctx.core.slashCatalog({ files, builtins: SLASH_BUILTINS, trusted, enabled });
      const previous = this.catalog;
      this.catalog = next;
      this.coreGeneration = this.ctx.core.restarts;
      this.discovery = next.discovery;
      try {
        previous?.dispose();
      } catch {
        // A catalog from before a core restart cannot be freed; dropping it is enough.
      }
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
    try {
      this.catalog?.dispose();
    } catch {
      // See discoverOnce.
    }
    this.catalog = undefined;
  }
}

/** The first manifest that exists, as text; a missing one is the usual case. */
async function readFirst(paths: string[]): Promise<string | undefined> {
  for (const path of paths) {
    try {
      return await fs.readFile(path, 'utf8');
    } catch {
      // Not installed.
    }
  }
  return undefined;
}

/** How a command is typed to pick it even when shadowed: `/name` when active, else `/<tool>.<name>`. */
export function typedName(command: SlashCommand): string {
  return command.shadowedBy ? `${command.tool}.${command.name}` : command.name;
}

/** One line for a command's tool, scope and shadowing, for list details. */
export function describeOrigin(command: SlashCommand, all: readonly SlashCommand[]): string {
  const parts = [`${command.tool} · ${command.scope}`];
  if (command.shadowedBy) {
    const winner = all.find((c) => c.id === command.shadowedBy);
    parts.push(`shadowed by ${winner ? `${winner.tool} ${winner.scope}` : command.shadowedBy}`);
  }
  return parts.join(' · ');
}
