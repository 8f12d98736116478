// The one importer of the generated wasm glue: loads the Rust core from its bytes and recovers it after a panic.
import * as glue from '../crate/pkg/solidus_core';
import { readCoreWasm } from './coreFile';

export type {
  CatalogSources,
  CatalogStats,
  CheckPlanResult,
  CheckSettingParams,
  CheckSettingResult,
  CustomCommand,
  CustomStep,
  Effect,
  EnterAction,
  FindResult,
  HiddenTextReport,
  HostCapabilities,
  Input,
  Item,
  ItemKind,
  ItemSummary,
  JsonValue,
  PlanStep,
  PrepareDoParams,
  PrepareDoResult,
  ProjectFileInput,
  ProjectFileRequest,
  ProjectInput,
  ProjectOs,
  ProjectResult,
  ProjectTaskInput,
  PromptContext,
  RankedResult,
  RankParams,
  RankResult,
  ReadSettingResult,
  RunSpec,
  SettingSchema,
  Shortlist,
  SlashCandidateFile,
  SlashCommand,
  SlashDiscoverInput,
  SlashDiscovery,
  SlashExpandRequest,
  SlashExpansion,
  SlashListedFile,
  SlashProvider,
  SlashSearchPlan,
  SlashSearchRequest,
  ValidatedPlan,
  Warning,
} from '../crate/pkg/solidus_core';

import type {
  CatalogSources,
  CatalogStats,
  CheckPlanResult,
  CheckSettingParams,
  CheckSettingResult,
  ItemSummary as CoreItemSummary,
  CustomCommand,
  FindResult,
  HiddenTextReport,
  HostCapabilities,
  Input,
  Item,
  PrepareDoParams,
  PrepareDoResult,
  ProjectFileRequest,
  ProjectInput,
  ProjectResult,
  RankParams,
  RankResult,
  ReadSettingResult,
  RunSpec,
  SlashDiscoverInput,
  SlashDiscovery,
  SlashExpandRequest,
  SlashExpansion,
  SlashProvider,
  SlashSearchPlan,
  SlashSearchRequest,
  Warning,
} from '../crate/pkg/solidus_core';

/** The core's compiled code: the `.wasm` file's bytes, or a module already compiled from them. */
export type CoreWasm = BufferSource | WebAssembly.Module;

/** Raised when the core panicked; the instance has already been re-created when callers see it. */
export class CorePanicError extends Error {
  constructor(message: string) {
    super(`Solidus core failed and was restarted: ${message}`);
    this.name = 'CorePanicError';
  }
}

/**
 * How many times the one wasm instance of this JavaScript context was re-created after a trap. The glue
 * holds one instance per context, shared by every host; a host whose `Core` predates a reset rebuilds it.
 */
let instanceGeneration = 0;

/** Compiles and instantiates the core once per context; the glue ignores later calls. */
function instantiate(wasm: CoreWasm): void {
  glue.initSync({ module: wasm });
}

/** A fresh instance of the same compiled module, after a trap left the old one unusable. */
function reinstantiate(): void {
  glue.__wbg_reset_state();
  instanceGeneration += 1;
}

/**
 * Owns the wasm `Core`: builds it from catalog sources, forwards calls, and after a panic drops the
 * instance, loads a new one, rebuilds from the same sources and throws `CorePanicError`.
 */
export class CoreHost {
  private core: glue.Core | undefined;
  /** The instance generation `core` was made in (see `instanceGeneration`). */
  private generation = instanceGeneration;
  private sources: CatalogSources = {};
  /** The last project input, applied again to every new instance (a rebuild or a restart). */
  private project: ProjectInput | undefined;
  /** The last slash discovery input, applied again the same way, so `/` lists commands after a restart. */
  private slash: SlashDiscoverInput | undefined;
  /** What the extension host can do; applied to every new instance before the project. */
  private host: HostCapabilities | undefined;
  /** How many times the core was re-created after a panic. */
  restarts = 0;
  /**
   * The item summaries `rankRows` points into, for one instance and revision of its items: the popup
   * ranks on every key, and its rows cross as indexes instead of strings (see `rank`).
   */
  private summaries: { core: glue.Core; revision: number; items: readonly CoreItemSummary[] } | undefined;

  /**
   * `wasm` is the core's `.wasm`: the extension reads it through VS Code's file API in either host; plain
   * Node (the CLI, tests) reads the build output when it is left out.
   */
  constructor(
    private readonly onPanic: (message: string) => void = () => {},
    wasm: CoreWasm = readCoreWasm(),
  ) {
    instantiate(wasm);
  }

  /** Builds the catalog; replaces the previous one. Cost: parses every source document. */
  build(sources: CatalogSources): { stats: CatalogStats; warnings: Warning[] } {
    this.sources = sources;
    return this.call(() => {
      this.core?.free();
      this.core = undefined;
      // `fresh` applies the project and the slash commands already.
      this.core = this.fresh(true);
      this.keepSummaries(this.core);
      return { stats: this.core.stats(), warnings: this.core.warnings() };
    });
  }

  get ready(): boolean {
    return this.core !== undefined;
  }

  /**
   * The core's ranking. The rows come as indexes into the item summaries this host keeps per
   * revision of the core's items, so a key press carries scores and highlights, not each row's
   * strings; `full` rows carry more and come whole.
   */
  rank(params: RankParams): RankResult {
    return this.call(() => {
      const core = this.requireCore();
      if (params.full) return core.rank(params);
      const rows = core.rankRows(params);
      const items = this.summariesOf(core, rows.revision);
      return {
        input: rows.input,
        results: rows.results.map(({ index, ...row }) => {
          const item = items[index];
          if (!item) throw new Error(`the core ranked item ${index} of ${items.length}`);
          return { item, ...row };
        }),
      };
    });
  }

  /** Fetches the summaries of a catalog just changed (about 10 ms), so the next key press need not. */
  private keepSummaries(core: glue.Core): void {
    this.summariesOf(core, core.revision());
  }

  /** The summaries of this instance's items at `revision`, fetched when either changed. */
  private summariesOf(core: glue.Core, revision: number): readonly CoreItemSummary[] {
    const kept = this.summaries;
    if (kept?.core === core && kept.revision === revision) return kept.items;
    // Frozen: every ranking shares them, so a caller that changed one would change them all.
    const items = core.summaries(false).map((item) => Object.freeze(item));
    this.summaries = { core, revision, items };
    return items;
  }

  item(id: string): Item | undefined {
    return this.call(() => this.requireCore().item(id));
  }

  items(): Item[] {
    return this.call(() => this.requireCore().items());
  }

  checkSetting(params: CheckSettingParams): CheckSettingResult {
    return this.call(() => this.requireCore().checkSetting(params));
  }

  /** A setting's current value as an agent may be told it, or why not (only values that cannot hold a secret). */
  readSetting(key: string, value: unknown): ReadSettingResult {
    return this.call(() => this.requireCore().readSetting(key, value));
  }

  /** Says what the extension host can do; the next project build leaves out what it cannot run. */
  setHost(host: HostCapabilities): void {
    this.host = host;
    this.call(() => this.core?.setHost(host));
  }

  /** Merges the workspace's project items into the catalog; replaces the previous ones. */
  setProject(input: ProjectInput): ProjectResult {
    return this.call(() => {
      const core = this.requireCore();
      const result = core.setProject(input);
      this.project = input;
      this.keepSummaries(core);
      return result;
    });
  }

  /** Which project files to read (call again with the files of the first answer). */
  projectFilesToRead(input: ProjectInput): ProjectFileRequest {
    return this.call(() => glue.projectFilesToRead(input));
  }

  /** Builds the /do shortlist and prompt; a refused request comes back as `{ ok: false }`. */
  prepareDo(params: PrepareDoParams): PrepareDoResult {
    return this.call(() => this.requireCore().prepareDo(params));
  }

  /** The catalog ranked for an agent's words, listed as /do's prompt lists it (solidus_find). */
  findEntries(words: string, limit?: number): FindResult {
    return this.call(() => this.requireCore().findEntries(words, limit));
  }

  /** The phrases of a /do answer that asks for a search round instead of a plan, if it is one. */
  searchWords(text: string): string[] | undefined {
    return this.call(() => this.requireCore().searchWords(text));
  }

  /** Parses and validates a model's raw answer against the catalog. */
  checkPlan(text: string): CheckPlanResult {
    return this.call(() => this.requireCore().checkPlan(text));
  }

  /** Workspace text without its hidden characters (for a model), with them marked (for a dialog), and what they were. */
  hiddenText(text: string): HiddenTextReport {
    return this.call(() => glue.hiddenText(text));
  }

  /** Every slash provider id, in the core's order: the one list the settings are checked against. */
  slashProviders(): SlashProvider[] {
    return this.call(() => glue.slashProviders());
  }

  /** Where to look for slash-command files. */
  slashSearchFolders(request: SlashSearchRequest): SlashSearchPlan {
    return this.call(() => glue.slashSearchFolders(request));
  }

  /**
   * Discovers slash commands from the files read and puts them in the catalog in place of the previous
   * ones. The core skips the re-index when there were no commands and are none (most workspaces).
   */
  setSlash(input: SlashDiscoverInput): SlashDiscovery {
    return this.call(() => {
      const core = this.requireCore();
      const discovery = core.setSlash(input);
      this.slash = input;
      this.keepSummaries(core);
      return discovery;
    });
  }

  /** Expands typed slash text with the current commands; nothing runs. */
  expandSlash(request: SlashExpandRequest): SlashExpansion {
    return this.call(() => this.requireCore().expandSlash(request));
  }

  /** How a script, pack or terminal item runs. */
  runSpec(id: string): RunSpec | undefined {
    return this.call(() => this.requireCore().runSpec(id));
  }

  /** A custom command by its item id. */
  customCommand(id: string): CustomCommand | undefined {
    return this.call(() => this.requireCore().customCommand(id));
  }

  /** The exact line an item sends to a shell with these arguments. */
  commandLine(id: string, args: string | undefined): string | undefined {
    return this.call(() => this.requireCore().commandLine(id, args));
  }

  /** What typed text is, by the core's one grammar. */
  parseInput(text: string): Input {
    return this.call(() => glue.parseInput(text));
  }

  /** Bytes of wasm linear memory in use by this instance (it never shrinks). */
  memoryBytes(): number {
    return glue.memoryBytes();
  }

  version(): string {
    return this.call(() => glue.coreVersion());
  }

  /** The most steps a plan keeps; the core cuts the rest. */
  get maxPlanSteps(): number {
    return glue.maxPlanSteps();
  }

  /** How many search rounds one /do request may take before it must plan. */
  get maxSearchRounds(): number {
    return glue.maxSearchRounds();
  }

  /** The id of the item that runs a typed shell line. */
  get terminalItemId(): string {
    return glue.terminalItemId();
  }

  /** Makes the core panic; only tests use it, to prove recovery. */
  debugPanic(message: string): void {
    this.call(() => glue.debugPanic(message));
  }

  dispose(): void {
    try {
      this.core?.free();
    } catch {
      // A core that trapped cannot be freed; dropping the reference is enough.
    }
    this.core = undefined;
  }

  private requireCore(): glue.Core {
    // Another host's panic re-created the instance this core lived in: rebuild it there.
    if (this.core && this.generation !== instanceGeneration) this.core = this.fresh(true);
    if (!this.core) throw new Error('the catalog is not built yet');
    return this.core;
  }

  /** A new `Core` from the sources, with the host and, when asked, the project and slash commands. */
  private fresh(withWorkspace: boolean): glue.Core {
    const core = new glue.Core(this.sources);
    this.generation = instanceGeneration;
    if (this.host) core.setHost(this.host);
    if (withWorkspace && this.project) core.setProject(this.project);
    if (withWorkspace && this.slash) core.setSlash(this.slash);
    return core;
  }

  private call<T>(body: () => T): T {
    try {
      return body();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      let message = error.message;
      try {
        message = glue.lastPanic() ?? message;
      } catch {
        // The trapped instance may not answer; the trap's own message will do.
      }
      this.onPanic(message);
      this.restarts += 1;
      this.core = undefined;
      this.restore();
      throw new CorePanicError(message);
    }
  }

  /** A fresh instance from the same sources, project and slash commands; without the workspace's parts if that fails too. */
  private restore(): void {
    for (const withWorkspace of [true, false]) {
      reinstantiate();
      try {
        this.core = this.fresh(withWorkspace);
        return;
      } catch (rebuildError) {
        this.onPanic(
          `rebuilding the catalog${withWorkspace ? ' with the project and slash commands' : ''} failed: ${String(rebuildError)}`,
        );
        if (withWorkspace) {
          this.project = undefined;
          this.slash = undefined;
        }
      }
    }
  }
}
