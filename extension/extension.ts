// Entry point of both bundles (Node and web worker host): activation loads the core, builds the context,
// registers the command table and starts the catalog build.
import * as vscode from 'vscode';
import { readExtensionCore } from './coreFile';
import { Context } from './ctx';
import { promptAndRunDo, runDoRequest, setApiKey } from './do/agent';
import { answerChat, type ChatOutput, registerChat, runPending } from './do/chat';
import { registerTools } from './do/tools';
import { McpService } from './mcp/server';
import { environment, HOST, HOST_NAME, homeFolder } from './platform';
import { CAPTURE_CONTEXT, TYPE_KEY_COMMAND } from './popup/captureKeys';
import { Popup } from './popup/popup';
import { undoLastSettingChange } from './settings/writer';
import { pickAndRunSlash } from './slash/run';
import { toSnapshot } from './sources';

let context: Context | undefined;

type CommandTable = Record<string, (ctx: Context, popup: Popup, ...args: unknown[]) => unknown>;

const COMMANDS: CommandTable = {
  'solidus.open': (_ctx, popup) => popup.open(),
  [TYPE_KEY_COMMAND]: (_ctx, popup, key) => popup.typeKey(key),
  'solidus.showLog': (ctx) => ctx.log.show(true),
  'solidus.exportCatalogSnapshot': (ctx) => exportSnapshot(ctx),
  'solidus.do': (ctx) => promptAndRunDo(ctx),
  // The id predates the popup and custom commands sharing the journal; keybindings keep working.
  'solidus.undoLastPlan': (ctx) => undoLastSettingChange(ctx.settings),
  'solidus.setApiKey': (ctx) => setApiKey(ctx),
  'solidus.runSlashCommand': (ctx) => pickAndRunSlash(ctx),
};

/**
 * Returns once the core is loaded; the catalog is built in the background from the live editor. The core's
 * bytes come through VS Code's file API, which reads the extension's own files in every host.
 */
export async function activate(extension: vscode.ExtensionContext): Promise<void> {
  const started = performance.now();
  try {
    // A capture left on by an extension host that went away would keep swallowing keys.
    void vscode.commands.executeCommand('setContext', CAPTURE_CONTEXT, false);
    const wasm = await readExtensionCore(extension.extensionUri);
    const loaded = performance.now();
    const ctx = new Context(extension, wasm);
    ctx.runDo = (request) => runDoRequest(ctx, request);
    context = ctx;
    extension.subscriptions.push(ctx);
    const popup = new Popup(ctx);
    ctx.push(popup);
    for (const [id, handler] of Object.entries(COMMANDS)) {
      ctx.push(
        vscode.commands.registerCommand(id, async (...args: unknown[]) => {
          try {
            await handler(ctx, popup, ...args);
          } catch (error) {
            reportError(ctx, `${id} failed`, error);
          }
        }),
      );
    }
    // End-to-end tests prove recovery from a core panic; the command exists only when they ask for it.
    if (environment('SOLIDUS_TEST_HOOKS') === '1') {
      void vscode.commands.executeCommand('setContext', 'solidus.testHooks', true);
      ctx.push(
        // The Chat view cannot be driven in code-server without a chat extension: this runs the participant's handler
        // with the first editor model and logs each part of the response, then presses Run.
        vscode.commands.registerCommand('solidus.test.chat', async () => {
          const prompt = await vscode.window.showInputBox({ title: '@solidus (test hook)' });
          if (!prompt) return;
          const parts: string[] = [];
          let run: string | undefined;
          const out: ChatOutput = {
            markdown: (value) => parts.push(`markdown: ${value.value}`),
            button: (command) => {
              parts.push(`button: ${command.title}`);
              if (command.command === 'solidus.chat.run') run = command.arguments?.[0];
            },
          };
          const [model] = await vscode.lm.selectChatModels();
          const outcome = await answerChat(ctx, prompt, model, out, new vscode.CancellationTokenSource().token);
          ctx.log.info(`test hook chat response (${outcome}):\n${parts.join('\n')}`);
          if (run) await runPending(ctx, run);
        }),
      );
      ctx.push(
        vscode.commands.registerCommand('solidus.test.forceCorePanic', () => {
          try {
            ctx.core.debugPanic('forced by the test hook');
          } catch (error) {
            ctx.log.info(`test hook: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    }
    registerTools(ctx);
    registerChat(ctx);
    ctx.push(new McpService(ctx));
    ctx.push(vscode.extensions.onDidChange(() => ctx.scheduleBuild('extensions changed', 500)));
    ctx.scheduleBuild('activation');
    ctx.slash.schedule('activation', 0);
    ctx.project.schedule('activation', 0);
    const host = `${HOST_NAME}${HOST.processes ? '' : ', no processes'}`;
    ctx.log.info(
      `activated in ${(performance.now() - started).toFixed(1)} ms (${host}; core ${wasm.byteLength} bytes read in ${(loaded - started).toFixed(1)} ms)`,
    );
  } catch (error) {
    // VS Code does not show activation errors itself.
    void vscode.window.showErrorMessage(
      `Solidus failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export function deactivate(): void {
  context?.dispose();
  context = undefined;
}

function reportError(ctx: Context, what: string, error: unknown): void {
  const text = error instanceof Error ? error.message : String(error);
  ctx.log.error(`${what}: ${error instanceof Error ? (error.stack ?? text) : text}`);
  void vscode.window.showErrorMessage(`Solidus: ${what}: ${text}`);
}

async function exportSnapshot(ctx: Context): Promise<void> {
  if (!ctx.sources) {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Solidus: building the catalog…' },
      () => ctx.whenReady(),
    );
  }
  const home = homeFolder();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? (home ? vscode.Uri.file(home) : undefined);
  const target = await vscode.window.showSaveDialog({
    defaultUri: folder && vscode.Uri.joinPath(folder, 'solidus-catalog-snapshot.json'),
    filters: { JSON: ['json'] },
    title: 'Export Solidus Catalog Snapshot',
  });
  if (!target || !ctx.sources) return;
  const body = JSON.stringify(toSnapshot(ctx.sources), null, 1);
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(body));
  ctx.log.info(`snapshot written to ${target.toString()} (${body.length} bytes)`);
  void vscode.window.showInformationMessage(`Solidus: catalog snapshot saved to ${target.fsPath}`);
}
