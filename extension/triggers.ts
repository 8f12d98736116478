// When lists built from the workspace go stale, and the queue that rebuilds them one at a time.
import * as vscode from 'vscode';

/**
 * What makes a workspace-derived list stale: trust granted, folders added or removed, or one of
 * `settings` changed. Each calls `rebuild` with the reason.
 */
export function workspaceChangeTriggers(
  rebuild: (reason: string) => void,
  settings: readonly string[],
): vscode.Disposable[] {
  return [
    vscode.workspace.onDidGrantWorkspaceTrust(() => rebuild('workspace trusted')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => rebuild('workspace folders changed')),
    vscode.workspace.onDidChangeConfiguration((event) => {
      const changed = settings.find((key) => event.affectsConfiguration(key));
      if (changed) rebuild(`${changed} changed`);
    }),
  ];
}

/**
 * Runs a rebuild one at a time: `schedule` collapses calls within its delay into one run, and a
 * request while a run is going queues exactly one more (its changes may have come too late).
 */
export class RebuildQueue implements vscode.Disposable {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;

  /** `settled` is called after every run, successful or not. */
  constructor(
    private readonly rebuild: (reason: string) => Promise<void>,
    private readonly settled: () => void = () => {},
  ) {}

  schedule(reason: string, delayMs: number): void {
    clearTimeout(this.timer);
    // Rebuilds report their own failures; nobody waits on a scheduled run to hear of one.
    this.timer = setTimeout(() => this.run(reason).catch(() => undefined), delayMs);
  }

  /** Runs now, or after the current run when one is going. */
  run(reason: string): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.rebuild(reason).finally(() => {
      this.running = undefined;
      this.settled();
      if (this.rerun) {
        this.rerun = false;
        this.run('changes during the last rebuild').catch(() => undefined);
      }
    });
    return this.running;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
