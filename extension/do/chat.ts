// The @solidus chat participant: /do in the Chat view, the plan in the response with Run and Cancel, the outcome and Undo after it.
import * as vscode from 'vscode';
import type { ValidatedPlan } from '../core';
import type { Context } from '../ctx';
import { undoLastSettingChange } from '../settings/writer';
import { confirmAndRun, type DoOutcome, planRequest } from './agent';
import { lmComplete } from './lm';
import { ProviderError } from './providers';

/** The parts a response is made of; the Chat view's stream and the test hook's recorder both take them. */
export interface ChatOutput {
  markdown(value: vscode.MarkdownString): void;
  button(command: vscode.Command): void;
}

/** Plans waiting for the user's Run or Cancel, by key; each runs at most once. */
const pending = new Map<string, ValidatedPlan>();
let nextKey = 0;

/** Registers the participant and the two commands its buttons run. */
export function registerChat(ctx: Context): void {
  const participant = vscode.chat.createChatParticipant('solidus.chat', async (request, _context, stream, token) => {
    await answerChat(ctx, request.prompt, request.model, stream, token);
    return {};
  });
  participant.iconPath = vscode.Uri.joinPath(ctx.extension.extensionUri, 'media', 'icon.png');
  ctx.push(
    participant,
    vscode.commands.registerCommand('solidus.chat.run', (key: string) => runPending(ctx, key)),
    vscode.commands.registerCommand('solidus.chat.cancel', (key: string) => {
      if (pending.delete(key)) ctx.log.info('chat: outcome: cancelled, nothing ran');
    }),
  );
}

/** Plans the request with the chat's model and writes the plan, plain text only, with Run and Cancel. */
export async function answerChat(
  ctx: Context,
  prompt: string,
  model: vscode.LanguageModelChat | undefined,
  out: ChatOutput,
  token: vscode.CancellationToken,
): Promise<DoOutcome | 'planned'> {
  const log = (line: string) => ctx.log.info(`chat: ${line}`);
  const text = prompt.trim();
  log(`request “${text}”`);
  if (!ctx.core.ready) await ctx.whenReady();
  const planned = await planRequest(
    ctx,
    text,
    async (messages) => {
      try {
        const timeoutMs = ctx.config.ai.timeoutSeconds * 1000;
        const answer = await lmComplete({ ...messages, modelHint: ctx.config.ai.model, timeoutMs, model }, token);
        log(`raw response from ${answer.model} (${answer.text.length} chars): ${answer.text}`);
        return answer.text;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`outcome: model failed: ${message}`);
        out.markdown(plain(`Solidus could not ask the model: ${message}`));
        return error instanceof ProviderError && error.kind === 'cancelled' ? 'cancelled' : 'failed';
      }
    },
    log,
  );
  if (!('plan' in planned)) {
    if (planned.message) out.markdown(plain(`Solidus: ${planned.message}`));
    return planned.outcome;
  }
  const plan = planned.plan;
  // The core's own dialog text: each step, the class and reason of those that need confirmation, what was left out.
  out.markdown(plain(plan.confirmation.message));
  if (plan.confirmation.detail)
    out.markdown(new vscode.MarkdownString().appendCodeblock(plan.confirmation.detail, 'text'));
  if (plan.steps.length === 0) {
    log('outcome: reply only, nothing ran');
    return 'replyOnly';
  }
  const key = String(++nextKey);
  pending.set(key, plan);
  out.button({ command: 'solidus.chat.run', title: 'Run', arguments: [key] });
  out.button({ command: 'solidus.chat.cancel', title: 'Cancel', arguments: [key] });
  log(`plan ${key} shown with Run and Cancel`);
  return 'planned';
}

/** Run: a plan with a step that needs confirmation still gets /do's own dialog; then the outcome and Undo. */
export async function runPending(ctx: Context, key: string): Promise<DoOutcome> {
  const plan = pending.get(key);
  pending.delete(key);
  if (!plan) {
    void vscode.window.showInformationMessage('Solidus: this plan already ran or was cancelled.');
    return 'refused';
  }
  // The user pressed Run on this very plan; a step that needs confirmation still gets /do's dialog.
  const outcome = await confirmAndRun(ctx, plan, { log: (line) => ctx.log.info(`chat: ${line}`), shownAlready: true });
  if (outcome === 'cancelled') return outcome;
  ctx.log.info(`chat: outcome: ${outcome}`);
  if (outcome === 'ran' && plan.steps.some((s) => s.type === 'setting')) {
    const undo = 'Undo';
    void vscode.window
      .showInformationMessage(`Solidus: ran ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}.`, undo)
      .then((choice) => (choice === undo ? undoLastSettingChange(ctx.settings) : undefined));
  }
  return outcome;
}

/** Model and workspace text as plain text: no links, images or markup. */
function plain(text: string): vscode.MarkdownString {
  return new vscode.MarkdownString().appendText(text);
}
