// The popup: a webview that renders ranked results; ranking and every action run here in the host.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { runDoRequest } from './agent';
import type { Item, ItemKind, JsonValue, RankedResult } from './core';
import type { Context } from './ctx';
import type { FromWebview, Row, Stage, ToWebview, ValueOption } from './protocol';
import { runItem } from './run';
import { currentValue, describeValue, type ValueInput } from './settings';
import { describeOrigin, SLASH_BUILTINS, typedName } from './slash';
import { runSlashText } from './slashRun';

/** Prefixes that narrow the list to some kinds, as `>` does in VS Code's palette. */
export const KIND_FILTERS: { prefix: string; kinds: ItemKind[]; label: string }[] = [
  { prefix: '>', kinds: ['command', 'custom'], label: 'commands' },
  { prefix: '@', kinds: ['setting'], label: 'settings' },
  { prefix: '#', kinds: ['script', 'pack'], label: 'scripts, tasks and packs' },
];
/** `$ command` offers to run the command in a terminal (always confirmed). */
const SHELL_PREFIX = '$';
const TERMINAL_ID = 'term:run';

/** The kind filter a typed text starts with, and the text after it. */
export function splitKindFilter(text: string): { filter?: (typeof KIND_FILTERS)[number]; query: string } {
  const filter = KIND_FILTERS.find((f) => text.startsWith(f.prefix));
  return filter ? { filter, query: text.slice(filter.prefix.length) } : { query: text };
}

export class Popup implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  /** The typed text survives closing the popup, so reopening continues where the user was. */
  private text = '';
  private lastSeq = 0;
  /** When the last open was asked for, to log how long the popup took to be ready. */
  private openedAt = 0;
  private readonly buildListener: vscode.Disposable;
  private readonly slashListener: vscode.Disposable;

  constructor(private readonly ctx: Context) {
    // A catalog that finishes building while the popup is open refreshes the list.
    this.buildListener = ctx.onDidBuild(() => this.refresh());
    // Edited command files show at once, without reopening.
    this.slashListener = ctx.slash.onDidChange(() => this.refresh());
  }

  /** Opens the popup (or focuses it) with the cursor in the input. */
  open(): void {
    this.openedAt = performance.now();
    if (this.panel) {
      this.panel.reveal(vscode.ViewColumn.Active, false);
      this.post({ type: 'focus' });
      return;
    }
    const root = vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'dist', 'webview');
    const panel = vscode.window.createWebviewPanel(
      'solidus.popup',
      'Solidus',
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { enableScripts: true, localResourceRoots: [root], retainContextWhenHidden: false },
    );
    panel.iconPath = vscode.Uri.joinPath(this.ctx.extension.extensionUri, 'media', 'icon.png');
    panel.webview.html = this.html(panel.webview, root);
    panel.webview.onDidReceiveMessage((message: FromWebview) => void this.receive(message));
    // Like a popup, it goes away when the user moves elsewhere.
    panel.onDidChangeViewState(({ webviewPanel }) => {
      if (!webviewPanel.active) webviewPanel.dispose();
    });
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
    this.panel = panel;
  }

  close(): void {
    this.panel?.dispose();
    this.panel = undefined;
  }

  dispose(): void {
    this.buildListener.dispose();
    this.slashListener.dispose();
    this.close();
  }

  private post(message: ToWebview): void {
    void this.panel?.webview.postMessage(message);
  }

  private refresh(): void {
    if (this.panel) this.sendResults(this.lastSeq, this.text);
  }

  private async receive(message: FromWebview): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          this.post({ type: 'restore', text: this.text });
          this.sendResults(0, this.text);
          this.ctx.log.info(`popup ready in ${(performance.now() - this.openedAt).toFixed(0)} ms`);
          return;
        case 'query':
          this.text = message.text;
          this.lastSeq = message.seq;
          this.sendResults(message.seq, message.text);
          return;
        case 'choose':
          await this.choose(message.id);
          return;
        case 'do':
          // The popup closes first: the plan's dialog and progress belong to the workbench.
          this.close();
          await runDoRequest(this.ctx, message.request);
          return;
        case 'runSlash':
          await this.runSlash(message.id, message.text);
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
          this.close();
          return;
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`popup: ${text}`);
      this.post({ type: 'message', level: 'error', text });
    }
  }

  private sendResults(seq: number, text: string): void {
    if (!this.ctx.core.ready) {
      this.post({ type: 'results', seq, text, rows: [], emptyHint: 'Building the catalog…' });
      return;
    }
    if (text.startsWith(SHELL_PREFIX)) {
      this.post({ type: 'results', seq, text, ...this.shellRows(text.slice(SHELL_PREFIX.length).trim()) });
      return;
    }
    const { filter, query } = splitKindFilter(text);
    const ranked = this.ctx.core.rank({
      query,
      limit: this.ctx.config.maxResults,
      mode: 'all',
      recent: this.ctx.recent.list(),
      ...(filter ? { kinds: filter.kinds } : {}),
    });
    const context = new RowContext(this.ctx.activeFileUri);
    const rows = [
      ...(filter ? [] : this.slashRows(text)),
      ...ranked.results.map((r) => context.decorate(toRow(r))),
    ].slice(0, this.ctx.config.maxResults);
    let emptyHint: string | undefined;
    if (!rows.length) {
      if (query.trim()) emptyHint = `No ${filter ? `${filter.label} match` : 'match for'} “${query.trim()}”.`;
      else if (filter) emptyHint = `Type to search ${filter.label}.`;
      else
        emptyHint =
          'Type to search · > commands · @ settings · # scripts · $ run in a terminal · / slash commands. Recently used items appear here.';
      const restricted = filter?.prefix === '#' ? this.ctx.project.restricted : undefined;
      if (restricted) emptyHint += ` ${restricted}.`;
    }
    // With nothing to run, offer to ask /do instead (not for text that already is a slash command).
    const offerDo = rows.length === 0 && !filter && text.trim().length > 0 && !text.trimStart().startsWith('/');
    this.post({ type: 'results', seq, text, rows, emptyHint, offerDo });
  }

  /** `$ command`: one row that runs the command in a terminal after a confirmation. */
  private shellRows(command: string): { rows: Row[]; emptyHint?: string } {
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

  /** Rows for the slash commands matching `/name…`; with arguments typed, only the exact name. */
  private slashRows(text: string): Row[] {
    const typed = /^\/([^ ]*)( ?)/.exec(text);
    if (!typed || SLASH_BUILTINS.includes(typed[1])) return [];
    const all = this.ctx.slash.commands;
    const exact = (c: (typeof all)[number]): boolean => c.name === typed[1] || `${c.tool}.${c.name}` === typed[1];
    const found = typed[2] ? all.filter(exact) : this.ctx.slash.search(typed[1]);
    return found.map((command) => {
      const prefix = command.name.toLowerCase().startsWith(typed[1].toLowerCase()) ? typed[1].length : 0;
      return {
        id: `slash:${command.id}`,
        kind: 'slash',
        title: `/${command.name}`,
        detail: [command.description, command.argumentHint, describeOrigin(command, all)].filter(Boolean).join(' · '),
        highlights: prefix ? [[1, 1 + prefix]] : [],
        fromWorkspace: command.scope === 'project',
        risk: command.riskBadge ?? undefined,
        action: 'run',
        shadowed: Boolean(command.shadowedBy),
        insertText: `/${typedName(command)} `,
      };
    });
  }

  /** Runs the chosen slash command with the arguments typed after its name, if the typed name is its own. */
  private async runSlash(id: string, text: string): Promise<void> {
    const command = this.ctx.slash.commands.find((c) => `slash:${c.id}` === id);
    if (!command) throw new Error(`the slash command ${id.slice('slash:'.length)} is gone; its file may have changed`);
    const [, name = '', args = ''] = /^\/([^ ]*) ?([\s\S]*)$/.exec(text) ?? [];
    const own = name === command.name || name === `${command.tool}.${command.name}`;
    const typed = `/${typedName(command)}${own && args ? ` ${args}` : ''}`;
    this.close();
    try {
      await runSlashText(this.ctx, typed);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.ctx.log.error(`slash ${typed}: ${message}`);
      void vscode.window.showErrorMessage(`Solidus: ${typed.split(' ', 1)[0]} failed: ${message}`);
    }
  }

  private async choose(id: string): Promise<void> {
    const item = this.ctx.core.item(id);
    if (!item) throw new Error(`“${id}” is no longer in the catalog`);
    await this.ctx.recent.use(id);
    if (item.kind === 'setting' && item.key) {
      await this.startSetting(item, item.key);
      return;
    }
    const args =
      id === TERMINAL_ID && this.text.startsWith(SHELL_PREFIX)
        ? this.text.slice(SHELL_PREFIX.length).trim()
        : undefined;
    // Confirmations, pickers and terminals belong to the workbench, so the popup goes first.
    this.close();
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

function toRow(result: RankedResult): Row {
  const item = result.item;
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
  };
}

/** Adds what a Git or file row acts on right now: the branch, the active file. */
class RowContext {
  private branch: string | undefined | null = null;
  private file: string | undefined | null = null;

  constructor(private readonly activeUri: vscode.Uri | undefined) {}

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
        if (head?.name) this.branch = `on ${head.name}`;
      } catch {
        // No Git, or an API change: the row just has no branch.
      }
    }
    return this.branch;
  }

  private activeFile(): string | undefined {
    if (this.file === null) {
      const uri = this.activeUri;
      this.file = uri && uri.scheme !== 'untitled' ? vscode.workspace.asRelativePath(uri, true) : undefined;
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
