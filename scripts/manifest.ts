// Writes package.json's generated parts from the code that owns them: the key-capture keybindings
// (extension/popup/captureKeys.ts). `npm run manifest` rewrites them; `--check` only says whether they drifted.
// The rest of package.json is written by hand and left byte for byte as it is.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureKeybindings, type Keybinding, TYPE_KEY_COMMAND } from '../extension/popup/captureKeys';

const path = join(__dirname, '..', 'package.json');

/** The `contributes.keybindings` array's text in `text`: where it starts (`[`) and ends (after `]`). */
function keybindingsSpan(text: string): [number, number] {
  const key = text.indexOf('"keybindings": [');
  if (key < 0) throw new Error('package.json has no contributes.keybindings array');
  const start = text.indexOf('[', key);
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return [start, i + 1];
    }
  }
  throw new Error('package.json: the keybindings array does not end');
}

/** package.json with its generated keybindings: the hand-written ones first, then every capture key. */
export function withGeneratedParts(text: string): string {
  const manifest = JSON.parse(text) as { contributes: { keybindings: Keybinding[] } };
  const handWritten = manifest.contributes.keybindings.filter((k) => k.command !== TYPE_KEY_COMMAND);
  const bindings = [...handWritten, ...captureKeybindings()];
  const [start, end] = keybindingsSpan(text);
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const indent = text.slice(lineStart).match(/^ */)?.[0] ?? '';
  const array = JSON.stringify(bindings, null, 2).replaceAll('\n', `\n${indent}`);
  return text.slice(0, start) + array + text.slice(end);
}

if (require.main === module) {
  const text = readFileSync(path, 'utf8');
  const updated = withGeneratedParts(text);
  if (process.argv.includes('--check')) {
    if (updated !== text) {
      process.stderr.write('package.json: the generated keybindings have drifted; `npm run manifest` rewrites them\n');
      process.exitCode = 1;
    }
  } else if (updated !== text) {
    writeFileSync(path, updated);
    process.stderr.write('package.json: generated keybindings rewritten\n');
  }
}
