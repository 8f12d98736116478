// The workspace events after which lists built from the workspace must be rebuilt.
import * as vscode from 'vscode';

/**
 * What makes a workspace-derived list stale: trust granted, folders added or removed, or one of
 * `settings` changed. Each calls `rebuild` with the reason.
 */
export function workspaceChangeTriggers(rebuild: (reason: string) => void, settings: readonly string[]): vscode.Disposable[] {
  return [
    vscode.workspace.onDidGrantWorkspaceTrust(() => rebuild('workspace trusted')),
    vscode.workspace.onDidChangeWorkspaceFolders(() => rebuild('workspace folders changed')),
    vscode.workspace.onDidChangeConfiguration((event) => {
      const changed = settings.find((key) => event.affectsConfiguration(key));
      if (changed) rebuild(`${changed} changed`);
    }),
  ];
}
