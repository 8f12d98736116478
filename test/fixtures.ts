// Paths to the shared, read-only material beside the project, and the fixture catalog sources.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CatalogSources } from '../extension/core';

export const SHARED = process.env.SOLIDUS_SHARED ?? join(__dirname, '..', '..', 'shared');
export const FIXTURES = join(SHARED, 'fixtures', 'vscode-1.139.1');

/** The six documents of VS Code 1.139.1, as the extension would read them. */
export function fixtureSources(): CatalogSources {
  const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
  return {
    keybindingsSchema: read('keybindings-schema.json'),
    defaultSettings: read('default-settings.jsonc'),
    resourceLanguageSchema: read('resource-language-settings-schema.json'),
    defaultKeybindings: read('default-keybindings.jsonc'),
    extensions: read('extensions.json'),
    registeredCommands: read('registered-commands.json'),
  };
}
