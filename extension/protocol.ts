// The one message protocol between the extension and the popup webview, imported by both sides.

/** A result row as the popup renders it; ranking happens in the extension host. */
export interface Row {
  id: string;
  kind: string;
  title: string;
  detail?: string;
  keybinding?: string;
  /** `[start, end)` ranges in UTF-16 code units of `title`. */
  highlights: [number, number][];
  fromWorkspace: boolean;
  /** What it can do, in the core's words ("runs code", "acts on remote"), for classes worth a badge. */
  risk?: string;
  /** A short hint of what Enter does: "run", "toggle", "choose", "edit". */
  action: string;
  /** A slash command that another one of the same name hides; listed, dimmed. */
  shadowed?: boolean;
  /** What Tab puts in the input to start typing arguments, e.g. `/review `. */
  insertText?: string;
  /** Found by the request ranker, not by every word: shown below the "Related" divider (the core orders these last). */
  related?: boolean;
}

/** One value of an enum setting offered in the popup. */
export interface ValueOption {
  label: string;
  /** The JSON text of the value, so it crosses the boundary without losing its type. */
  valueJson: string;
  description?: string;
  current: boolean;
}

/** What the popup is asking for. */
export type Stage =
  | { kind: 'search' }
  | { kind: 'choose'; key: string; title: string; options: ValueOption[] }
  | { kind: 'input'; key: string; title: string; expectation: string; current: string };

export type ToWebview =
  /** `offerDo`: nothing matched, so the popup offers a row to ask /do (reached with the arrow keys, never by Enter alone). */
  | { type: 'results'; seq: number; text: string; rows: Row[]; emptyHint?: string; offerDo?: boolean }
  | { type: 'stage'; stage: Stage }
  | { type: 'message'; level: 'info' | 'error'; text: string }
  /** The text to start from: `selected` when it is last opening's (the first key replaces it), else typed just now (the caret goes last). */
  | { type: 'restore'; text: string; selected: boolean }
  | { type: 'focus' }
  /** Keys the extension captured while the popup loaded, in the order typed ("a", "Backspace", "Enter", "Escape"). */
  | { type: 'keys'; keys: string[] }
  /** The capture is over: keys typed in the webview from now on are its own. */
  | { type: 'captureEnded' };

export type FromWebview =
  | { type: 'ready' }
  /** The input has the focus (sent while a capture runs): the extension ends it. */
  | { type: 'focused' }
  | { type: 'query'; seq: number; text: string }
  /**
   * Enter (or a click): `text` is the input as typed, `id` the selected row, `askDo` when the "ask /do"
   * row is selected. The extension parses the text with the core's grammar and runs what it says.
   */
  | { type: 'activate'; text: string; id?: string; askDo?: boolean }
  | { type: 'chooseValue'; key: string; valueJson: string }
  | { type: 'submitValue'; key: string; text: string }
  | { type: 'back' }
  | { type: 'close' };
