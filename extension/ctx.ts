// The context object: owns every disposable, the core, the catalog build and the log.
import * as vscode from 'vscode';
import { type CatalogSources, type CatalogStats, CoreHost, type CoreWasm } from './core';
import type { DoOutcome } from './do/agent';
import { HOST } from './platform';
import { ProjectService } from './project/service';
import { RecentItems } from './recent';
import { readConfig, type SolidusConfig } from './settings/config';
import { SettingsWriter } from './settings/writer';
import { SlashService } from './slash/service';
import { collectSources } from './sources';

export class Context implements vscode.Disposable {
  readonly log: vscode.LogOutputChannel;
  readonly core: CoreHost;
  readonly recent: RecentItems;
  /** The one way settings are written (popup, custom commands, /do), with the Undo journal. */
  readonly settings: SettingsWriter;
  /** Slash commands from files; discovered in the background, refreshed by watchers. */
  readonly slash: SlashService;
  /** Scripts, tasks, packs and custom commands from the workspace; rebuilt when their files change. */
  readonly project: ProjectService;
  config: SolidusConfig = readConfig();
  /**
   * Runs a /do request with every /do guard. extension.ts sets it at activation: /do runs items itself,
   * so the item and slash runners are handed it instead of importing it (no import cycle).
   */
  runDo: (request: string) => Promise<DoOutcome> = async () => 'failed';
  /** The sources the current catalog was built from; exported by "Export Catalog Snapshot". */
  sources: CatalogSources | undefined;
  stats: CatalogStats | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private lastEditorUri: vscode.Uri | undefined = vscode.window.activeTextEditor?.document.uri;
  private buildTimer: NodeJS.Timeout | undefined;
  private building: Promise<void> | undefined;
  private readonly readyWaiters: (() => void)[] = [];
  /** A popup opening is under way: the keys are captured or the stand-in shows (see `setOpening`). */
  private opening = false;
  private readonly openingWaiters: (() => void)[] = [];
  private disposed = false;
  private readonly changeEmitter = new vscode.EventEmitter<void>();
  /** Fires after each catalog build. */
  readonly onDidBuild = this.changeEmitter.event;

  /** `wasm` is the core's `.wasm`, read from the extension's files. */
  constructor(
    readonly extension: vscode.ExtensionContext,
    wasm: CoreWasm,
  ) {
    this.log = vscode.window.createOutputChannel('Solidus', { log: true });
    this.push(this.log, this.changeEmitter);
    this.core = new CoreHost((message) => this.log.error(`core panic: ${message}`), wasm);
    // What this host can run is the core's to know: it leaves out and refuses the rest, saying why.
    this.core.setHost(HOST);
    this.recent = new RecentItems(extension.globalState, () => this.config.recentItems);
    this.settings = new SettingsWriter({
      checkSetting: (params) => this.core.checkSetting(params),
      state: extension.globalState,
      log: (line) => this.log.info(line),
    });
    this.slash = new SlashService(this);
    this.project = new ProjectService(this);
    this.push(this.slash, this.project);
    this.push(
      // The popup is a webview, so while it is open (and just after) no text editor is active.
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        if (editor && editor.document.uri.scheme !== 'output') this.lastEditorUri = editor.document.uri;
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('solidus')) this.config = readConfig();
      }),
    );
  }

  /** The file of the active text editor, or of the last one before the popup took the focus, while it is still open. */
  get activeFileUri(): vscode.Uri | undefined {
    const active = vscode.window.activeTextEditor?.document.uri;
    if (active) return active;
    const last = this.lastEditorUri?.toString();
    return vscode.workspace.textDocuments.find((document) => document.uri.toString() === last)?.uri;
  }

  /** Registers something to dispose with the extension. */
  push(...items: vscode.Disposable[]): void {
    this.disposables.push(...items);
  }

  /** Rebuilds the catalog soon; repeated calls within the delay collapse into one build. */
  scheduleBuild(reason: string, delayMs = 0): void {
    clearTimeout(this.buildTimer);
    this.buildTimer = setTimeout(() => void this.build(reason), delayMs);
  }

  /** Resolves once a catalog exists (immediately if it already does). */
  whenReady(): Promise<void> {
    if (this.core.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /**
   * The popup says when an opening starts and ends (capture on or stand-in showing, until the webview has
   * the keys). Background work that can wait runs outside it: the keys of an opening go through this
   * extension host, and a re-index or a woken extension there delays every one of them.
   */
  setOpening(on: boolean): void {
    if (this.opening === on) return;
    this.opening = on;
    if (!on) for (const resolve of this.openingWaiters.splice(0)) resolve();
  }

  /** Resolves when no popup opening is under way (immediately if none is). */
  whenNotOpening(): Promise<void> {
    if (!this.opening) return Promise.resolve();
    return new Promise((resolve) => this.openingWaiters.push(resolve));
  }

  /**
   * Resolves once the catalog exists, `delayMs` have passed since, and no popup opening is under way:
   * true, or false when the extension has gone meanwhile. For startup work that wakes other extensions
   * (see ProjectService).
   */
  async whenSettled(delayMs: number): Promise<boolean> {
    await this.whenReady();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await this.whenNotOpening();
    return !this.disposed;
  }

  private async build(reason: string): Promise<void> {
    if (this.building) await this.building.catch(() => undefined);
    this.building = (async () => {
      const started = Date.now();
      try {
        const sources = await collectSources((message) => this.log.warn(message));
        const collected = Date.now();
        const { stats, warnings } = this.core.build(sources);
        this.sources = sources;
        this.stats = stats;
        for (const warning of warnings.slice(0, 50)) this.log.warn(`${warning.source}: ${warning.message}`);
        if (warnings.length > 50) this.log.warn(`… and ${warnings.length - 50} more warnings`);
        this.log.info(
          `catalog built (${reason}): ${stats.total} items ${JSON.stringify(stats.byKind)}; ` +
            `read sources in ${collected - started} ms, indexed in ${Date.now() - collected} ms`,
        );
        this.changeEmitter.fire();
        for (const resolve of this.readyWaiters.splice(0)) resolve();
      } catch (error) {
        this.log.error(
          `catalog build failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
    })();
    await this.building;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.buildTimer);
    for (const item of this.disposables.splice(0).reverse()) {
      try {
        item.dispose();
      } catch {
        // Disposing must go on for the rest.
      }
    }
    this.core.dispose();
  }
}
