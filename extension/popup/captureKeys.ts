// The key-capture keybindings as data, free of the editor API, so scripts/manifest.ts can write them into package.json.

/** True from the popup key until the popup's input has the focus; the capture keybindings apply only then. */
export const CAPTURE_CONTEXT = 'solidus.capturing';
/** The command the capture keybindings run, with the key as its argument. */
export const TYPE_KEY_COMMAND = 'solidus.typeKey';
/** Keys that are not characters but still belong to the popup while it loads. */
export const CAPTURED_NAMED_KEYS = ['Backspace', 'Enter', 'Escape'] as const;

/** A keybinding as package.json contributes it. */
export interface Keybinding {
  key: string;
  command: string;
  args?: unknown;
  when?: string;
}

/**
 * The capture keybindings package.json must contribute (a unit test compares them): every key of a US
 * keyboard that types a character, with and without Shift, plus Backspace, Enter and Escape. VS Code
 * maps `key` through the user's layout; a character outside this table (é, an IME's) waits in the
 * webview instead and is applied when the capture ends, so it is late but never lost.
 */
export function captureKeybindings(): Keybinding[] {
  const pairs: [string, string][] = [];
  for (const c of 'abcdefghijklmnopqrstuvwxyz') pairs.push([c, c], [`shift+${c}`, c.toUpperCase()]);
  const shiftedDigits = ')!@#$%^&*(';
  for (let d = 0; d < 10; d++) pairs.push([String(d), String(d)], [`shift+${d}`, shiftedDigits[d]!]);
  const punctuation = ['`~', '-_', '=+', '[{', ']}', '\\|', ';:', '\'"', ',<', '.>', '/?'];
  for (const [plain, shifted] of punctuation) pairs.push([plain!, plain!], [`shift+${plain}`, shifted!]);
  pairs.push(
    ['space', ' '],
    ['shift+space', ' '],
    ['backspace', 'Backspace'],
    ['enter', 'Enter'],
    ['escape', 'Escape'],
  );
  return pairs.map(([key, args]) => ({ key, command: TYPE_KEY_COMMAND, args, when: CAPTURE_CONTEXT }));
}
