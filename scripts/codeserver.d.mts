// Types for scripts/codeserver.mjs, so TypeScript tests import it with full checking.

export declare const CODE_SERVER_VERSION: string;
/** The repository's root folder. */
export declare const REPO_ROOT: string;

/** Default user settings that keep a fresh workbench quiet (no welcome page, tips, chat panel, telemetry). */
export declare const QUIET_SETTINGS: Readonly<Record<string, unknown>>;

export interface CachePaths {
  cache: string;
  node24Bin: string;
  node24: string;
  codeServerDir: string;
  codeServer: string;
  complete: string;
}

/** Where `scripts/bootstrap.sh` installs Node 24 and code-server. */
export declare function cachePaths(): CachePaths;

/** Throws "run `npm run bootstrap`" unless Node 24 and code-server are installed. */
export declare function assertCodeServerInstalled(): CachePaths;

/** Parses JSON with comments and trailing commas. */
export declare function parseJsonc(text: string): unknown;

export declare function freePort(): Promise<number>;
export declare function portInUse(port: number): Promise<boolean>;

/** Installs .vsix files into an extensions dir; rejects with code-server's output when one fails. */
export declare function installExtensions(options: {
  vsix: string[];
  extensionsDir: string;
  userDataDir: string;
  /** Scratch dir for a config file; default a temp dir removed afterwards. */
  workDir?: string;
}): Promise<void>;

export interface StartOptions {
  /** The extension package to install; null or omitted installs none. */
  vsixPath?: string | null;
  /** The folder to open. */
  workspaceDir: string;
  /** Merged over the quiet defaults (and over an existing settings.json in a fixed user-data dir). */
  userSettings?: Record<string, unknown>;
  /** 0 (default) picks a free port. */
  port?: number;
  /** true (default) turns workspace trust off; false opens the folder in Restricted Mode. */
  trusted?: boolean;
  /** More packages to install, e.g. a test-only language-model provider. */
  extraVsix?: string[];
  /** A fixed user-data dir that stop() keeps; default is a fresh temp dir that stop() removes. */
  userDataDir?: string;
  /** A fixed extensions dir that stop() keeps; default is a fresh temp dir that stop() removes. */
  extensionsDir?: string;
  /** How long to wait for the HTTP port to answer (default 60 s). */
  readyTimeoutMs?: number;
  /** Receives code-server's stdout and stderr as they arrive. */
  onOutput?: (chunk: string) => void;
  /** Extra environment for code-server and its extension host, e.g. `HOME` for user-scope files. */
  env?: Record<string, string>;
}

export interface CodeServer {
  /** The workbench URL with the workspace folder open. */
  url: string;
  port: number;
  userDataDir: string;
  extensionsDir: string;
  /** `<userDataDir>/User/settings.json`. */
  settingsPath: string;
  /** Resolves with the exit code (or signal name) when code-server ends. */
  exited: Promise<number | string | null>;
  /** Everything code-server printed so far. */
  logs(): string;
  /** The extension host's log files, concatenated with their names. */
  extensionHostLogs(): string;
  /** Ends code-server's whole process group and removes the temp dirs it created; safe to call twice. */
  stop(): Promise<void>;
}

export declare function startCodeServer(options: StartOptions): Promise<CodeServer>;
