// The popup: a webview that renders ranked results; ranking and every action run here in the host.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { runDoRequest } from './agent';
import { KeyCapture } from './capture';
import type { Input, Item, JsonValue, RankedResult } from './core';
import type { Context } from './ctx';
import type { FromWebview, Row, Stage, ToWebview, ValueOption } from './protocol';
import { runItem } from './run';
import { currentValue, describeValue, type ValueInput } from './settings';
import { runSlashText } from './slashRun';
import { type PopupView, StandIn, typedText } from './standIn';

/** The built-in terminal item, which `$ command` runs (always confirmed). */
const TERMINAL_ID = 'term:run';
/**
 * While the stand-in shows, the session's first webview is created only once no key has come for this
 * long: creating it (the text editor hidden, the frame booted) keeps the workbench busy for hundreds of
 * milliseconds, which delayed each key typed meanwhile.
 */
const QUIET_BEFORE_WEBVIEW_MS = 300;

export class Popup implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The typed text survives closing the popup, so reopening continues where the user was. */
  private text = '';
  private lastSeq = 0;
  /** When the last open was asked for, to log how long the popup took to be ready. */
  private openedAt = 0;
  /** The webview has said `ready` (its script runs and listens). */
  private ready = false;
  /** The panel has been the active editor once; losing that closes it, like a popup. */
  private wasActive = false;
  /** The text editor that had the focus when the popup opened; closing the popup gives it back. */
  private returnTo: vscode.TextEditor | undefined;
  private readonly buildListener: vscode.Disposable;
  private readonly slashListener: vscode.Disposable;
  private readonly projectListener: vscode.Disposable;
  /** Keys typed while the webview loads; they reach the input in order once it listens. */
  private readonly capture = new KeyCapture(() => {
    this.post({ type: 'captureEnded' });
    this.syncOpening();
  });
  /** A Solidus webview has loaded in this session, so the next one loads in a few hundred milliseconds. */
  private warm = false;
  /** The native stand-in shown while the session's first webview loads (see standIn.ts). */
  private standIn: StandIn | undefined;
  /** The text is the one kept from the last opening, shown selected: the first key replaces it. */
  private restoredSelected = true;
  /** What was said to a webview not listening yet (a setting's stage chosen in the stand-in). */
  private pending: ToWebview[] = [];
  /** Creates the first webview once the keys typed into the stand-in pause. */
  private webviewTimer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: Context) {
    // A catalog that finishes building while the popup is open refreshes the list.
    this.buildListener = ctx.onDidBuild(() => this.refresh());
    // So does a project rebuild (scripts, tasks), which waits for an opening to end (see `syncOpening`).
    this.projectListener = ctx.project.onDidChange(() => this.refresh());
    // Edited command files show at once, without reopening.
    this.slashListener = ctx.slash.onDidChange(() => this.refresh());
  }

  /**
   * Opens the popup (or focuses it) with the cursor in the input. A new webview takes a few hundred
   * milliseconds to listen (seconds for the first of a session), so it opens without the focus while
   * the capture keybindings hand every key typed meanwhile to `typeKey`; once it listens it gets those
   * keys and the focus, and the capture ends when its input has the focus. The session's first opening
   * shows the stand-in at once and creates the webview once the typing pauses.
   */
  open(): void {
    if (this.panel || this.standIn) {
      this.standIn?.reveal();
      // Still loading: the capture already holds the keys and the focus comes when it listens.
      if (!this.panel || !this.ready) return;
      this.openedAt = performance.now();
      this.panel.reveal(this.panel.viewColumn, false);
      this.post({ type: 'focus' });
      return;
    }
    this.openedAt = performance.now();
    this.ready = false;
    this.wasActive = false;
    this.restoredSelected = true;
    this.pending = [];
    this.returnTo = vscode.window.activeTextEditor;
    this.capture.start();
    this.syncOpening();
    if (this.warm) {
      this.createPanel();
      return;
    }
    // The session's first webview takes seconds to load: the core's rows show natively meanwhile.
    this.showStandIn();
    this.createPanelWhenQuiet();
  }

  /** (Re)starts the wait for a pause in the typing, after which the first webview is created. */
  private createPanelWhenQuiet(): void {
    clearTimeout(this.webviewTimer);
    this.webviewTimer = setTimeout(() => {
      if (this.standIn && !this.panel) this.createPanel();
    }, QUIET_BEFORE_WEBVIEW_MS);
  }

  private createPanel(): void {
    clearTimeout(this.webviewTimer);
    const root = vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist', 'webview');
    // Without the focus, keys go on reaching the workbench's keybindings (and so the capture) instead of
    // a frame that is not listening yet; the text editor below keeps its cursor.
    const panel = vscode.window.createWebviewPanel(
      'solidus.popup',
      'Solidus',
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: true },
      { enableScripts: true, localResourceRoots: [root], retainContextWhenHidden: false },
    );
    panel.iconPath = vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'media', 'icon.png');
    panel.webview.html = this.html(panel.webview, root);
    panel.webview.onDidReceiveMessage((message: FromWebview) => void this.receive(message));
    // Like a popup, it goes away when the user moves elsewhere (once it has had the focus: it opens without).
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (webviewPanel.active) this.wasActive = true;
      else if (this.wasActive) webviewPanel.dispose();
    });
    panel.onDidDispose(() => {
      if (this.panel !== panel) return;
      this.panel = undefined;
      this.returnTo = undefined;
      this.closeStandIn();
      this.capture.cancel();
      this.syncOpening();
    });
    this.panel = panel;
  }

  private showStandIn(): void {
    const standIn = new StandIn({
      edited: (text) => this.setText(text, false),
      accepted: (id, askDo) => void this.acceptInStandIn(id, askDo),
      // The user went elsewhere: like the webview popup, it goes without taking the focus back.
      dismissed: () => {
        this.ctx.log.info('popup: the stand-in was dismissed');
        if (this.panel) this.panel.dispose();
        else void this.close();
      },
    });
    this.standIn = standIn;
    standIn.show(this.text, this.view(this.text));
    this.capture.attach((keys) => this.standInKeys(keys));
  }

  /** Captured keys while the stand-in shows, applied as the webview's input would apply them. */
  private standInKeys(keys: string[]): void {
    for (const [i, key] of keys.entries()) {
      if (!this.standIn) {
        // Enter went to a setting whose value is asked in the webview: the rest wait for it.
        for (const later of keys.slice(i)) this.capture.key(later);
        return;
      }
      if (key === 'Enter') {
        this.standIn.accept();
        continue;
      }
      this.setText(typedText(this.text, this.restoredSelected, key), true);
    }
  }

  /** The text changed while the stand-in shows (`echo`: the stand-in must be told). */
  private setText(text: string, echo: boolean): void {
    this.text = text;
    this.restoredSelected = false;
    if (echo) this.standIn?.setText(text);
    this.standIn?.render(this.view(text));
    // Still typing: the first webview waits for a pause.
    if (this.standIn && !this.panel) this.createPanelWhenQuiet();
  }

  private async acceptInStandIn(id: string | undefined, askDo: boolean): Promise<void> {
    this.closeStandIn();
    try {
      await this.activate(this.text, id, askDo);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`popup: ${text}`);
      this.post({ type: 'message', level: 'error', text });
    }
    // A setting's value is asked in the webview, or an error shown there: it is needed now.
    if (this.pending.length && !this.panel) this.createPanel();
  }

  /** The stand-in goes; keys are held again until the webview listens. */
  private closeStandIn(): void {
    if (!this.standIn) return;
    this.standIn.dispose();
    this.standIn = undefined;
    this.capture.detach();
    this.syncOpening();
  }

  /** A key the capture keybindings caught while the popup loads (see capture.ts). */
  typeKey(key: unknown): void {
    if (typeof key !== 'string') return;
    // Escape before the popup listens closes it at once, as Escape in it would.
    if (key === 'Escape' && !this.ready && this.capture.active) {
      void this.close();
      return;
    }
    this.capture.key(key);
  }

  /**
   * Closes the popup and gives the focus back to the text editor it came from, cursor and all (VS Code
   * shows that editor again but leaves the focus nowhere). Closing because the user went elsewhere
   * (`onDidChangeViewState`) leaves the focus where they went. Resolves once the editor has the focus:
   * what runs next (an input box, a dialog) must open after that, or the focus change closes it.
   */
  async close(): Promise<void> {
    const panel = this.panel;
    this.panel = undefined;
    const back = this.returnTo;
    this.returnTo = undefined;
    clearTimeout(this.webviewTimer);
    this.closeStandIn();
    this.capture.cancel();
    this.syncOpening();
    this.pending = [];
    // Only the stand-in showed: the quick input gives the focus back to the editor as it hides.
    if (!panel) return;
    panel.dispose();
    if (back && !back.document.isClosed)
      await vscode.window
        .showTextDocument(back.document, { viewColumn: back.viewColumn, preserveFocus: false })
        .then(undefined, (error: unknown) =>
          this.ctx.log.warn(`could not give the focus back to ${back.document.uri}: ${error}`),
        );
  }

  dispose(): void {
    this.buildListener.dispose();
    this.slashListener.dispose();
    this.projectListener.dispose();
    this.returnTo = undefined;
    void this.close();
    this.capture.dispose();
  }

  /** The webview listens: it gets the text, the captured keys in order, then the focus. */
  private onReady(): void {
    this.ready = true;
    this.warm = true;
    // A stand-in hands over: the text typed in it goes on in the webview, caret last.
    this.closeStandIn();
    this.post({ type: 'restore', text: this.text, selected: this.restoredSelected });
    this.sendResults(0, this.text);
    for (const message of this.pending.splice(0)) this.post(message);
    this.ctx.log.info(`popup ready in ${(performance.now() - this.openedAt).toFixed(0)} ms`);
    if (!this.capture.active) {
      this.post({ type: 'captureEnded' });
      return;
    }
    this.capture.attach((keys) => this.post({ type: 'keys', keys }));
    this.panel?.reveal(this.panel.viewColumn, false);
  }

  /** The input has the focus: keys now reach it directly, so the capture ends (every captured key is handed over first). */
  private async onFocused(): Promise<void> {
    if (!this.capture.active || !this.ready) return;
    if (!(await this.capture.end())) return;
    this.syncOpening();
    this.post({ type: 'captureEnded' });
    this.ctx.log.info(`popup has the keys ${(performance.now() - this.openedAt).toFixed(0)} ms after the key`);
  }

  /** Tells the context whether an opening is under way: keys captured, or the stand-in showing. */
  private syncOpening(): void {
    this.ctx.setOpening(this.capture.active || this.standIn !== undefined);
  }

  private post(message: ToWebview): void {
    // Before the webview listens, only what it could not work out again on `ready` waits for it.
    if (!this.ready) {
      if (message.type === 'stage' || message.type === 'message') this.pending.push(message);
      return;
    }
    void this.panel?.webview.postMessage(message);
  }

  private refresh(): void {
    if (this.panel) this.sendResults(this.lastSeq, this.text);
    this.standIn?.render(this.view(this.text));
  }

  private async receive(message: FromWebview): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          this.onReady();
          return;
        case 'focused':
          await this.onFocused();
          return;
        case 'query':
          this.text = message.text;
          this.lastSeq = message.seq;
          this.sendResults(message.seq, message.text);
          return;
        case 'activate':
          await this.activate(message.text, message.id, message.askDo === true);
          return;
        case 'chooseValue':
          await this.applyValue(message.key, { value: JSON.parse(message.valueJson) as JsonValue });
          return;
        case 'submitValue':
          await this.applyValue(message.key, { text: message.text });
          return;
        case 'back':
          this.post({ type: 'stage', stage: { kind: 'search' } });
          return;
        case 'close':
          await this.close();
          return;
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`popup: ${text}`);
      this.post({ type: 'message', level: 'error', text });
    }
  }

  private sendResults(seq: number, text: string): void {
    if (this.ready) this.post({ type: 'results', seq, text, ...this.view(text) });
  }

  /** What the popup shows for `text`, in the webview or in the stand-in. */
  private view(text: string): PopupView {
    if (!this.ctx.core.ready) return { rows: [], emptyHint: 'Building the catalog…' };
    const ranked = this.ctx.core.rank({
      query: text,
      limit: this.ctx.config.maxResults,
      mode: 'all',
      recent: this.ctx.recent.list(),
    });
    const input = ranked.input;
    if (input.kind === 'shell') return this.shellRows(input.command);
    if (input.kind === 'do') {
      const emptyHint = input.request
        ? 'Enter asks the model for a plan from known actions; you see it before anything runs.'
        : 'Type what you want done after /do, e.g. “/do make the font bigger”.';
      return { rows: [], emptyHint, offerDo: Boolean(input.request) };
    }
    const context = new RowContext(this.ctx.activeFileUri, (text) => this.ctx.core.hiddenText(text).shown);
    const shadowed = new Set(this.ctx.slash.commands.filter((c) => c.shadowedBy).map((c) => `slash:${c.id}`));
    const rows = ranked.results.map((r) => context.decorate(toRow(r, shadowed.has(r.item.id))));
    let emptyHint: string | undefined;
    const filter = input.kind === 'search' ? input.filter : undefined;
    const query = input.kind === 'search' ? input.query.trim() : `/${input.name}`;
    if (!rows.length) {
      const refusal = input.kind === 'slash' && input.name ? this.ctx.core.expandSlash({ text }).refusal : undefined;
      if (input.kind === 'slash' && !input.name) emptyHint = 'No slash commands found in this workspace or your home.';
      else if (refusal) emptyHint = refusal;
      else if (query) emptyHint = `No ${filter ? `${filter.label} match` : 'match for'} “${query}”.`;
      else if (filter) emptyHint = `Type to search ${filter.label}.`;
      else
        emptyHint =
          'Type to search · > commands · @ settings · # scripts · $ run in a terminal · / slash commands. Recently used items appear here.';
      const restricted = filter?.prefix === '#' ? this.ctx.project.restricted : undefined;
      if (restricted) emptyHint += ` ${restricted}.`;
    }
    // With nothing that matched every word, offer to ask /do too (not for text that already is a slash command).
    const offerDo = rows.every((row) => row.related) && input.kind === 'search' && !filter && query.length > 0;
    return { rows, emptyHint, offerDo };
  }

  /** `$ command`: one row that runs the command in a terminal after a confirmation. */
  private shellRows(command: string): PopupView {
    const item = this.ctx.core.item(TERMINAL_ID);
    if (!item) return { rows: [], emptyHint: 'The terminal is not available here.' };
    if (!command)
      return { rows: [], emptyHint: 'Type a shell command after $ to run it in a terminal (you confirm it first).' };
    return {
      rows: [
        {
          ...toRow({ item, score: 0, highlights: [] }),
          title: `Run in a terminal: ${command}`,
          detail: 'Shown in full and confirmed before it runs',
        },
      ],
    };
  }

  /** Enter: the core's grammar says what the text is; the chosen row (or the /do row) says what runs. */
  private async activate(text: string, id: string | undefined, askDo: boolean): Promise<void> {
    const input = this.ctx.core.parseInput(text);
    if (input.kind === 'do' || askDo) {
      const request = input.kind === 'do' ? input.request : text.trim();
      if (!request) return;
      // The popup closes first: the plan's dialog and progress belong to the workbench.
      await this.close();
      await runDoRequest(this.ctx, request);
      return;
    }
    if (!id) return;
    if (id.startsWith('slash:')) await this.runSlash(id, input);
    else await this.choose(id, input);
  }

  /** Runs the chosen slash command with the arguments typed after its name, if the typed name is its own. */
  private async runSlash(id: string, input: Input): Promise<void> {
    const item = this.ctx.core.item(id);
    if (!item) throw new Error(`the slash command ${id.slice('slash:'.length)} is gone; its file may have changed`);
    await this.ctx.recent.use(id);
    // The item's title is how the core says it is typed; arguments count only under its own name.
    const own =
      input.kind === 'slash' && item.keywords?.some((k) => k.toLowerCase() === `/${input.name.toLowerCase()}`);
    const args = own && input.kind === 'slash' ? input.args : '';
    const typed = `${item.title}${args ? ` ${args}` : ''}`;
    await this.close();
    try {
      await runSlashText(this.ctx, typed);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`slash ${typed}: ${message}`);
      void vscode.window.showErrorMessage(`Solidus: ${typed.split(' ', 1)[0]} failed: ${message}`);
    }
  }

  private async choose(id: string, input: Input): Promise<void> {
    const item = this.ctx.core.item(id);
    if (!item) throw new Error(`“${id}” is no longer in the catalog`);
    await this.ctx.recent.use(id);
    if (item.kind === 'setting' && item.key) {
      await this.startSetting(item, item.key);
      return;
    }
    const args = id === TERMINAL_ID && input.kind === 'shell' ? input.command : undefined;
    // Confirmations, pickers and terminals belong to the workbench, so the popup goes first.
    await this.close();
    try {
      await runItem(this.ctx, item, { args: args || undefined });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`${item.id} failed: ${text}`);
      void vscode.window.showErrorMessage(`Solidus: “${item.title}” failed: ${text}`);
    }
  }

  private async startSetting(item: Item, key: string): Promise<void> {
    const current = currentValue(key);
    const action = item.action;
    if (action === 'toggle') {
      await this.applyValue(key, { value: !(current === true) });
      return;
    }
    if (action === 'choose') {
      const schema = item.setting!;
      const options: ValueOption[] = (schema.enum ?? []).map((value, i) => ({
        label: typeof value === 'string' ? value : JSON.stringify(value),
        valueJson: JSON.stringify(value),
        description: schema.enumDescriptions?.[i] || undefined,
        current: JSON.stringify(value) === JSON.stringify(current),
      }));
      this.post({ type: 'stage', stage: { kind: 'choose', key, title: item.title, options } });
      return;
    }
    const check = this.ctx.core.checkSetting({ key, value: (current ?? null) as JsonValue });
    const stage: Stage = {
      kind: 'input',
      key,
      title: item.title,
      expectation: check.expectation ?? '',
      current: current === undefined ? '' : typeof current === 'string' ? current : JSON.stringify(current),
    };
    this.post({ type: 'stage', stage });
  }

  /** Writes to the user settings through the one writer, which checks the value and keeps it for Undo. */
  private async applyValue(key: string, input: ValueInput): Promise<void> {
    const written = await this.ctx.settings.write('the popup', key, input);
    if (!written.ok) {
      this.post({ type: 'message', level: 'error', text: `Not written: ${written.message}.` });
      return;
    }
    this.close();
    vscode.window.setStatusBarMessage(`Solidus: ${key} set to ${describeValue(written.value)}`, 4000);
  }

  private html(webview: vscode.Webview, root: vscode.Uri): string {
    const nonce = randomBytes(16).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(root, 'popup.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(root, 'popup.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Solidus</title>
</head>
<body>
<div id="solidus-root">
  <div id="solidus-prompt" hidden></div>
  <input id="solidus-query" type="text" role="combobox" aria-expanded="true" aria-controls="solidus-results"
    aria-autocomplete="list" autocomplete="off" spellcheck="false" placeholder="Search commands, settings, scripts, Git and file actions" aria-label="Search commands, settings, scripts, Git and file actions">
  <div id="solidus-message" role="status" aria-live="polite"></div>
  <ul id="solidus-results" role="listbox" aria-label="Results"></ul>
  <div id="solidus-footer">↑↓ move · Enter run · Esc close · &gt; commands · @ settings · # scripts · $ shell · / slash</div>
</div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }
}

function toRow(result: RankedResult, shadowed = false): Row {
  const item = result.item;
  const slash = item.kind === 'slash';
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    detail: item.detail,
    keybinding: item.keybinding,
    highlights: result.highlights,
    fromWorkspace: item.fromWorkspace,
    risk: item.badge,
    action: item.action,
    ...(shadowed ? { shadowed } : {}),
    ...(result.related ? { related: true } : {}),
    // Tab on a slash row fills its name, as it is typed, to start typing arguments.
    ...(slash ? { insertText: `${item.title} ` } : {}),
  };
}

/**
 * Adds what a Git or file row acts on right now: the branch, the active file. Both are workspace
 * names, so what hides in them is shown as marks (`reveal`, the core's one rule).
 */
class RowContext {
  private branch: string | undefined | null = null;
  private file: string | undefined | null = null;

  constructor(
    private readonly activeUri: vscode.Uri | undefined,
    private readonly reveal: (text: string) => string,
  ) {}

  decorate(row: Row): Row {
    const extra = row.kind === 'git' ? this.currentBranch() : row.kind === 'file' ? this.activeFile() : undefined;
    return extra ? { ...row, detail: row.detail ? `${row.detail} · ${extra}` : extra } : row;
  }

  private currentBranch(): string | undefined {
    if (this.branch === null) {
      this.branch = undefined;
      try {
        const git = vscode.extensions.getExtension('vscode.git');
        const api = git?.isActive ? (git.exports as GitExtension).getAPI(1) : undefined;
        const repo = (this.activeUri && api?.getRepository(this.activeUri)) ?? api?.repositories[0];
        const head = repo?.state.HEAD;
        if (head?.name) this.branch = `on ${this.reveal(head.name)}`;
      } catch {
        // No Git, or an API change: the row just has no branch.
      }
    }
    return this.branch;
  }

  private activeFile(): string | undefined {
    if (this.file === null) {
      const uri = this.activeUri;
      this.file =
        uri && uri.scheme !== 'untitled' ? this.reveal(vscode.workspace.asRelativePath(uri, true)) : undefined;
    }
    return this.file;
  }
}

/** The part of the built-in Git extension's API the popup reads. */
interface GitExtension {
  getAPI(version: 1): {
    repositories: { state: { HEAD?: { name?: string } } }[];
    getRepository(uri: vscode.Uri): { state: { HEAD?: { name?: string } } } | null;
  };
}
