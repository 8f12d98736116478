// Collects the raw documents the catalog is built from, out of the running editor.
import * as vscode from 'vscode';
import type { CatalogSources } from './core';

/** Where each catalog source is read from in the live editor. */
const DOCUMENTS: [keyof CatalogSources, string][] = [
  ['keybindingsSchema', 'vscode://schemas/keybindings'],
  ['defaultSettings', 'vscode://defaultsettings/defaultSettings.jsonc'],
  ['resourceLanguageSchema', 'vscode://schemas/settings/resourceLanguage'],
  ['defaultKeybindings', 'vscode://defaultsettings/keybindings.json'],
];

/** A snapshot file: what the host reported, replayable by the CLI with `--snapshot`. */
export interface CatalogSnapshot {
  solidusSnapshot: 1;
  capturedAt: string;
  vscodeVersion: string;
  appName: string;
  sources: CatalogSources;
}

/**
 * Reads every source; a source that cannot be read is reported through `warn` and left out, so the
 * catalog is still built from the rest. Cost: about a second, mostly the default settings document.
 */
export async function collectSources(warn: (message: string) => void): Promise<CatalogSources> {
  const sources: CatalogSources = {};
  await Promise.all(
    DOCUMENTS.map(async ([field, uri]) => {
      try {
        const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
        sources[field] = document.getText();
      } catch (error) {
        warn(`could not read ${uri}: ${String(error)}`);
      }
    }),
  );
  try {
    const extensions = vscode.extensions.all.map((extension) => {
      const json = extension.packageJSON as Record<string, unknown> | undefined;
      return {
        id: extension.id,
        builtin: extension.extensionUri.path.includes('/extensions/') && json?.isBuiltin === true,
        displayName: json?.displayName,
        contributes: json?.contributes,
      };
    });
    sources.extensions = JSON.stringify(extensions);
  } catch (error) {
    warn(`could not list extensions: ${String(error)}`);
  }
  try {
    sources.registeredCommands = JSON.stringify(await vscode.commands.getCommands(false));
  } catch (error) {
    warn(`could not list registered commands: ${String(error)}`);
  }
  return sources;
}

/** Wraps sources into the snapshot file format. */
export function toSnapshot(sources: CatalogSources): CatalogSnapshot {
  return {
    solidusSnapshot: 1,
    capturedAt: new Date().toISOString(),
    vscodeVersion: vscode.version,
    appName: vscode.env.appName,
    sources,
  };
}
