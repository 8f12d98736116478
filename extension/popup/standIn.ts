// The popup's stand-in while the session's first webview boots: a native quick pick with the same rows, until the webview takes over.
import * as vscode from 'vscode';
import type { Row } from '../protocol';

/** What the popup would show for a text: the rows the core ranked, or why there are none. */
export interface PopupView {
  rows: Row[];
  emptyHint?: string;
  /** Nothing matched every word, so a row offers to ask /do. */
  offerDo?: boolean;
}

/**
 * The text after one captured key, as the webview's input applies it with the caret last: `replace`
 * while the text is last opening's, which the first key replaces. Enter and Escape are not text.
 */
export function typedText(text: string, replace: boolean, key: string): string {
  const base = replace ? '' : text;
  return key === 'Backspace' ? base.slice(0, -1) : base + key;
}

interface StandInItem extends vscode.QuickPickItem {
  /** The row's catalog id; none for a hint that only explains. */
  id?: string;
  askDo?: boolean;
}

/** What the popup does with what happens in the stand-in. */
export interface StandInEvents {
  /** The text changed in the quick pick itself: a key the capture does not take (é, Ctrl+Backspace), a paste. */
  edited(text: string): void;
  /** Enter on a row (`id` undefined on a hint). */
  accepted(id: string | undefined, askDo: boolean): void;
  /** The quick pick went away on its own: another quick input took its place, or Escape once the capture ended. */
  dismissed(): void;
}

/**
 * A quick pick opens in a few milliseconds, where the first webview of a session needs seconds to load,
 * so the first opening shows the core's rows here at once. The popup keeps the text: keys come from the
 * capture and are set here, and edits made here are reported back. VS Code re-sorts rows whose titles
 * match the text (there is no stable API to stop it), so the order can differ from the webview's.
 */
export class StandIn implements vscode.Disposable {
  private readonly pick = vscode.window.createQuickPick<StandInItem>();
  /** Values set from here: VS Code reports them back as changes, which are not the user's. */
  private echoes: string[] = [];
  private items: StandInItem[] = [];
  private closing = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly events: StandInEvents) {
    const pick = this.pick;
    pick.placeholder = 'Search commands, settings, scripts, Git and file actions';
    pick.title = 'Solidus';
    // The webview being created behind it can take the focus for a moment; that must not close it.
    pick.ignoreFocusOut = true;
    this.subscriptions = [
      pick.onDidChangeValue((value) => {
        const echo = this.echoes.indexOf(value);
        if (echo >= 0) this.echoes.splice(0, echo + 1);
        else events.edited(value);
      }),
      pick.onDidAccept(() => this.accept()),
      pick.onDidHide(() => {
        if (!this.closing) events.dismissed();
      }),
    ];
  }

  /**
   * Shows the text kept from the last opening. The webview shows it selected, so that the first key
   * replaces it; a quick pick cannot select its text, so it shows it as the placeholder, which the
   * first key replaces too.
   */
  show(restored: string, view: PopupView): void {
    if (restored) this.pick.placeholder = restored;
    this.render(view);
    this.pick.show();
  }

  /** The popup key again while it shows: it stays, in front. */
  reveal(): void {
    this.pick.show();
  }

  setText(text: string): void {
    if (this.pick.value === text) return;
    this.echoes.push(text);
    this.pick.value = text;
  }

  render(view: PopupView): void {
    const items: StandInItem[] = [];
    let related = false;
    for (const row of view.rows) {
      if (row.related && !related) {
        related = true;
        items.push({ label: 'Related', kind: vscode.QuickPickItemKind.Separator });
      }
      // The kind first, as the popup's badge shows it, then what else the popup shows beside the title.
      const notes = [row.kind, row.risk, row.keybinding, row.detail].filter(Boolean).join(' · ');
      // Every row stays listed: the core already chose them, the quick pick's own filter must not drop any.
      items.push({ label: row.title, description: notes, id: row.id, alwaysShow: true });
    }
    if (view.offerDo) items.push({ label: 'Ask /do for a plan', alwaysShow: true, askDo: true });
    if (!view.rows.length && view.emptyHint) items.push({ label: view.emptyHint, alwaysShow: true });
    this.items = items;
    this.pick.items = items;
  }

  /** Enter: the row VS Code marks active, or the first one when the mark is for a list already replaced. */
  accept(): void {
    const active = this.pick.activeItems[0];
    const item = active && this.items.includes(active) ? active : this.items.find((i) => i.id || i.askDo);
    // A hint row only explains; Enter on it does nothing.
    if (item?.id || item?.askDo) this.events.accepted(item.id, item.askDo === true);
  }

  /** Goes away without reporting a dismissal: the webview took over, or the popup closed. */
  dispose(): void {
    this.closing = true;
    this.pick.hide();
    this.pick.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
