// The one importer of the generated wasm glue: loads the Rust core and recovers it after a panic.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as Glue from '../crate/pkg/solidus_core';

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
  CustomCommand,
  FindResult,
  HiddenTextReport,
  Input,
  Item,
  PrepareDoParams,
  PrepareDoResult,
  ProjectFileRequest,
  ProjectInput,
  ProjectResult,
  RankParams,
  RankResult,
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

type GlueModule = typeof Glue;

/** Raised when the core panicked; the instance has already been re-created when callers see it. */
export class CorePanicError extends Error {
  constructor(message: string) {
    super(`Solidus core failed and was restarted: ${message}`);
    this.name = 'CorePanicError';
  }
}

/** Finds the folder holding `solidus_core.js` and its `.wasm`: beside a bundle, or the build output. */
export function defaultCoreDir(): string {
  const candidates = [
    process.env.SOLIDUS_CORE_DIR,
    join(__dirname, 'core'),
    join(__dirname, '..', 'dist', 'core'),
    join(__dirname, '..', '..', 'dist', 'core'),
  ];
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, 'solidus_core.js'))) return dir;
  }
  throw new Error('the Solidus core (dist/core/solidus_core.js) is missing: run `npm run build`');
}

function loadGlue(dir: string): GlueModule {
  const path = join(dir, 'solidus_core.js');
  // A fresh require makes a fresh WebAssembly instance; needed after a trap.
  delete require.cache[require.resolve(path)];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path) as GlueModule;
}

/**
 * Owns the wasm `Core`: builds it from catalog sources, forwards calls, and after a panic drops the
 * instance, loads a new one, rebuilds from the same sources and throws `CorePanicError`.
 */
export class CoreHost {
  private glue: GlueModule;
  private core: Glue.Core | undefined;
  private sources: CatalogSources = {};
  /** The last project input, applied again to every new instance (a rebuild or a restart). */
  private project: ProjectInput | undefined;
  /** The last slash discovery input, applied again the same way, so `/` lists commands after a restart. */
  private slash: SlashDiscoverInput | undefined;
  /** How many times the core was re-created after a panic. */
  restarts = 0;

  constructor(
    private readonly onPanic: (message: string) => void = () => {},
    private readonly dir = defaultCoreDir(),
  ) {
    this.glue = loadGlue(dir);
  }

  /** Builds the catalog; replaces the previous one. Cost: parses every source document. */
  build(sources: CatalogSources): { stats: CatalogStats; warnings: Warning[] } {
    this.sources = sources;
    return this.call(() => {
      this.core?.free();
      this.core = undefined;
      this.core = new this.glue.Core(sources);
      if (this.project) this.core.setProject(this.project);
      if (this.slash) this.core.setSlash(this.slash);
      return { stats: this.core.stats(), warnings: this.core.warnings() };
    });
  }

  get ready(): boolean {
    return this.core !== undefined;
  }

  rank(params: RankParams): RankResult {
    return this.call(() => this.requireCore().rank(params));
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

  /** Merges the workspace's project items into the catalog; replaces the previous ones. */
  setProject(input: ProjectInput): ProjectResult {
    return this.call(() => {
      const result = this.requireCore().setProject(input);
      this.project = input;
      return result;
    });
  }

  /** Which project files to read (call again with the files of the first answer). */
  projectFilesToRead(input: ProjectInput): ProjectFileRequest {
    return this.call(() => this.glue.projectFilesToRead(input));
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
    return this.call(() => this.glue.hiddenText(text));
  }

  /** Every slash provider id, in the core's order: the one list the settings are checked against. */
  slashProviders(): SlashProvider[] {
    return this.call(() => this.glue.slashProviders());
  }

  /** Where to look for slash-command files. */
  slashSearchFolders(request: SlashSearchRequest): SlashSearchPlan {
    return this.call(() => this.glue.slashSearchFolders(request));
  }

  /**
   * Discovers slash commands from the files read and puts them in the catalog in place of the previous
   * ones. The core skips the re-index when there were no commands and are none (most workspaces).
   */
  setSlash(input: SlashDiscoverInput): SlashDiscovery {
    return this.call(() => {
      const discovery = this.requireCore().setSlash(input);
      this.slash = input;
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
    return this.call(() => this.glue.parseInput(text));
  }

  /** Bytes of wasm linear memory in use by this instance (it never shrinks). */
  memoryBytes(): number {
    return this.glue.memoryBytes();
  }

  version(): string {
    return this.call(() => this.glue.coreVersion());
  }

  /** Makes the core panic; only tests use it, to prove recovery. */
  debugPanic(message: string): void {
    this.call(() => this.glue.debugPanic(message));
  }

  dispose(): void {
    try {
      this.core?.free();
    } catch {
      // A core that trapped cannot be freed; dropping the reference is enough.
    }
    this.core = undefined;
  }

  private requireCore(): Glue.Core {
    if (!this.core) throw new Error('the catalog is not built yet');
    return this.core;
  }

  private call<T>(body: () => T): T {
    try {
      return body();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      let message = error.message;
      try {
        message = this.glue.lastPanic() ?? message;
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
      this.glue = loadGlue(this.dir);
      try {
        const core = new this.glue.Core(this.sources);
        if (withWorkspace && this.project) core.setProject(this.project);
        if (withWorkspace && this.slash) core.setSlash(this.slash);
        this.core = core;
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
