// /do in the editor: context, shortlist and prompt, the model, the checked plan, confirmation, run, undo, audit.
import * as vscode from 'vscode';
import type { PlanStep, PromptContext, Shortlist, ValidatedPlan } from '../core';
import type { Context } from '../ctx';
import { platformName } from '../platform';
import { runItem } from '../run';
import { type SettingChange, UNDO_SETTING_CHANGE_TITLE } from '../settings/writer';
import { offerClosestActions } from './fallback';
import { hasChatModel, lmComplete } from './lm';
import {
  completeWith,
  endpointOf,
  HTTP_PROVIDERS,
  type HttpProviderId,
  httpProvider,
  originOf,
  parseStoredKey,
  secretName,
  storedKeyText,
} from './modelProviders';
import { describeStepForLog, RUN_PLAN } from './plan';
import { type ModelRequest, ProviderError } from './providers';

/** How one /do request ended, for the log and for callers such as slash commands. */
export type DoOutcome = 'ran' | 'replyOnly' | 'cancelled' | 'failed' | 'refused';

/**
 * Runs one /do request end to end: builds the prompt from the catalog, asks the configured model
 * under a cancellable progress notification, checks the answer with the core, shows the plan
 * (always when a step reaches a shell), runs it in order and records what Undo needs. Every step
 * of the way is written to the log channel. Never throws for expected failures; it tells the user.
 */
export async function runDoRequest(ctx: Context, request: string): Promise<DoOutcome> {
  try {
    return await doRequest(ctx, request);
  } catch (error) {
    // Only bugs get here (a core panic, an editor API throwing); callers such as the closed popup cannot show them.
    const message = error instanceof Error ? error.message : String(error);
    ctx.log.error(`do: outcome: failed unexpectedly: ${error instanceof Error ? (error.stack ?? message) : message}`);
    void vscode.window.showErrorMessage(`Solidus /do failed: ${message}. "Solidus: Show Log" has the details.`);
    return 'failed';
  }
}

async function doRequest(ctx: Context, request: string): Promise<DoOutcome> {
  const text = request.trim();
  if (!text) return 'refused';
  const log = (line: string) => ctx.log.info(`do: ${line}`);
  log(`request “${text}”`);
  if (!ctx.core.ready) {
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Solidus: building the catalog…' },
      () => ctx.whenReady(),
    );
  }
  const planned = await planRequest(
    ctx,
    text,
    (prompt, shortlist) => askWithProgress(ctx, prompt, log, { request: text, shortlist }),
    log,
  );
  if (!('plan' in planned)) {
    if (planned.message) void vscode.window.showErrorMessage(`Solidus /do: ${planned.message}`);
    return planned.outcome;
  }
  const plan = planned.plan;

  if (plan.outcome === 'replyOnly' || plan.steps.length === 0) {
    log('outcome: reply only, nothing ran');
    const reply = plan.reply.trim() || 'The model found nothing in the catalog that does this.';
    // The first reason is shown (a step this host cannot run says so); the log has every one.
    const [first, ...more] = plan.dropped;
    const left = first
      ? ` (left out: ${first.reason}${more.length ? `; ${more.length} more in "Solidus: Show Log"` : ''})`
      : '';
    void vscode.window.showInformationMessage(`Solidus /do: ${reply}${left}`);
    return 'replyOnly';
  }

  return confirmAndRun(ctx, plan, { log });
}

/** How a caller hands a checked plan to the one confirm-and-run path. */
export interface ConfirmAndRun {
  log: (line: string) => void;
  /** The user has already seen this very plan and chosen to run it (@solidus's Run, VS Code's tool confirmation). */
  shownAlready?: boolean;
  report?: StepReport;
  /** Who sent the plan when it is not the user's own request (an MCP agent), shown first in the dialog. */
  from?: string;
}

/**
 * The one path from a checked plan to running it, for /do, @solidus, solidus_run and MCP agents. The
 * core decides when a plan must be confirmed and what the dialog says: such a plan always gets the
 * modal warning. Otherwise solidus.ai.confirmBeforeRun can only add a dialog, unless the user just saw the plan.
 */
export async function confirmAndRun(
  ctx: Context,
  plan: ValidatedPlan,
  { log, shownAlready = false, report, from }: ConfirmAndRun,
): Promise<DoOutcome> {
  if (plan.mustConfirm || (ctx.config.ai.confirmBeforeRun && !shownAlready)) {
    const { message } = plan.confirmation;
    const detail = from ? `${from}\n\n${plan.confirmation.detail}` : plan.confirmation.detail;
    const options: vscode.MessageOptions = { modal: true, detail };
    // A plan with a step that needs confirmation gets the warning dialog; Cancel comes with every modal dialog.
    const choice = plan.mustConfirm
      ? await vscode.window.showWarningMessage(message, options, RUN_PLAN)
      : await vscode.window.showInformationMessage(message, options, RUN_PLAN);
    if (choice !== RUN_PLAN) {
      log('outcome: cancelled at the confirmation, nothing ran');
      return 'cancelled';
    }
    log('confirmed by the user');
  } else if (!shownAlready) {
    log('ran without confirmation (solidus.ai.confirmBeforeRun is off and no step needs confirmation)');
  }
  return runPlan(ctx, plan, report);
}

/** A checked plan, or how the request ended without one and what to tell the user (empty when already told). */
export type Planned = { plan: ValidatedPlan } | { outcome: DoOutcome; message: string };

/** How a caller asks its model: the answer, or how asking ended (the caller has told the user). */
export type AskModel = (prompt: { system: string; user: string }, shortlist: Shortlist) => Promise<string | DoOutcome>;

/**
 * The shortlist and prompt, the model, up to two search rounds and the core's check, each step logged.
 * Shared by /do, the @solidus chat participant and anything else that plans from a request.
 */
export async function planRequest(
  ctx: Context,
  text: string,
  ask: AskModel,
  log: (line: string) => void,
): Promise<Planned> {
  const ai = ctx.config.ai;
  const context = await promptContext(ctx);
  log(`context ${JSON.stringify(context)}`);
  const started = performance.now();
  const params = { request: text, context, limit: ai.shortlistLimit, recent: ctx.recent.list() };
  const prepared = ctx.core.prepareDo(params);
  if (!prepared.ok) {
    log(`refused (${prepared.code}): ${prepared.message}`);
    return { outcome: 'refused', message: prepared.message };
  }
  log(
    `shortlist ${prepared.shortlist.entries.length} entries (${prepared.shortlist.settings.length} settings with their schema), ` +
      `prompt ${prepared.prompt.system.length + prepared.prompt.user.length} chars, built in ${(performance.now() - started).toFixed(1)} ms`,
  );

  let raw = await ask(prepared.prompt, prepared.shortlist);
  // A search round: the model named words instead of a plan; the core ranks the catalog with them and asks again.
  for (let round = 1; typeof raw === 'string'; round++) {
    const words = ctx.core.searchWords(raw);
    if (!words) break;
    if (round > ctx.core.maxSearchRounds) {
      log(`outcome: the model asked for search round ${round}; at most ${ctx.core.maxSearchRounds} are allowed`);
      return { outcome: 'failed', message: 'the model kept searching instead of planning. Try rephrasing.' };
    }
    const again = ctx.core.prepareDo({ ...params, search: words, round });
    if (!again.ok) {
      log(`refused (${again.code}): ${again.message}`);
      return { outcome: 'refused', message: again.message };
    }
    log(
      `search round ${round}: ${JSON.stringify(words)}; shortlist ${again.shortlist.entries.length} entries, ` +
        `prompt ${again.prompt.system.length + again.prompt.user.length} chars`,
    );
    raw = await ask(again.prompt, again.shortlist);
  }
  if (typeof raw !== 'string') return { outcome: raw, message: '' };

  const checked = ctx.core.checkPlan(raw);
  if (!checked.ok) {
    log(`outcome: unusable answer (${checked.code}): ${checked.message}`);
    return {
      outcome: 'failed',
      message: `the model's answer could not be used: ${checked.message}. Try rephrasing the request.`,
    };
  }
  const plan = checked.plan;
  for (const dropped of plan.dropped) log(`dropped step ${dropped.step + 1}: ${dropped.reason}`);
  if (plan.cut > 0) log(`cut ${plan.cut} steps beyond the limit`);
  for (const [index, step] of plan.steps.entries()) log(`kept ${describeStepForLog(step, index)}`);
  return { plan };
}

/** The model's answer, or how the request ended when there is none; every failure is logged and shown. */
async function askWithProgress(
  ctx: Context,
  prompt: { system: string; user: string },
  log: (line: string) => void,
  closest: { request: string; shortlist: Shortlist },
): Promise<string | DoOutcome> {
  try {
    const raw = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Solidus /do: asking the model…', cancellable: true },
      (_progress, token) => askModel(ctx, prompt, token),
    );
    log(`raw response (${raw.length} chars): ${raw}`);
    return raw;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof ProviderError && error.kind === 'cancelled') {
      log('outcome: cancelled while waiting for the model');
      return 'cancelled';
    }
    // No model is set up (none in the editor, no model name or key for an endpoint): the shortlist the
    // core ranked for the request is still useful, so offer it as a pick list beside the set-up hint.
    if (error instanceof ProviderError && error.kind === 'config') {
      const outcome = await offerClosestActions(ctx, closest.request, closest.shortlist, message);
      log(`outcome: no model; ${outcome === 'ran' ? 'ran a picked action' : 'nothing picked'}`);
      return outcome;
    }
    log(`outcome: model failed: ${message}`);
    void vscode.window.showErrorMessage(`Solidus /do: ${message}`);
    return 'failed';
  }
}

/** "Solidus: Do…": asks for the request in an input box. */
export async function promptAndRunDo(ctx: Context): Promise<void> {
  const request = await vscode.window.showInputBox({
    title: 'Solidus: Do…',
    prompt: 'Describe what to change; Solidus shows the plan before anything runs.',
    placeHolder: 'make the font bigger and turn on word wrap',
    ignoreFocusOut: true,
  });
  if (request?.trim()) await runDoRequest(ctx, request);
}

/** "Solidus: Set API Key": stores (or, when left empty, removes) a provider's key, bound to the endpoint's origin. */
export async function setApiKey(ctx: Context): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    (Object.keys(HTTP_PROVIDERS) as HttpProviderId[]).map((provider) => ({
      label: HTTP_PROVIDERS[provider].label,
      provider,
    })),
    { title: 'Solidus: Set API Key', placeHolder: 'Which provider is the key for?' },
  );
  if (!picked) return;
  const origin = originOf(endpointOf(HTTP_PROVIDERS[picked.provider], ctx.config.ai.baseUrl));
  if (!origin) {
    void vscode.window.showErrorMessage(
      `Solidus: set solidus.ai.baseUrl in your user settings first. A key is bound to the endpoint it is sent to.`,
    );
    return;
  }
  const key = await vscode.window.showInputBox({
    title: `Solidus: API key for ${picked.label} at ${origin}`,
    prompt:
      `Sent only to ${origin}; if the endpoint changes, Solidus asks for the key again. ` +
      'Stored in VS Code’s secret storage, never in settings. Leave empty to remove the stored key.',
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  if (key.trim()) {
    await ctx.extension.secrets.store(secretName(picked.provider), storedKeyText(key.trim(), origin));
    ctx.log.info(`API key stored for ${picked.provider}, bound to ${origin}`);
    void vscode.window.showInformationMessage(
      `Solidus: API key for ${picked.label} saved; it is sent only to ${origin}.`,
    );
  } else {
    await ctx.extension.secrets.delete(secretName(picked.provider));
    ctx.log.info(`API key removed for ${picked.provider}`);
    void vscode.window.showInformationMessage(`Solidus: API key for ${picked.label} removed.`);
  }
}

/**
 * The stored key for a provider when the request goes to the origin it was stored for. For another
 * origin the user is asked for the key again, told which origin it is for; Escape sends nothing.
 */
async function keyFor(ctx: Context, id: HttpProviderId, endpoint: string): Promise<string | undefined> {
  const stored = parseStoredKey(await ctx.extension.secrets.get(secretName(id)));
  if (!stored) return undefined;
  const origin = originOf(endpoint);
  // No endpoint: the provider refuses before any request, and no key goes anywhere.
  if (!origin) return undefined;
  if (stored.origin === origin) return stored.key;
  const label = HTTP_PROVIDERS[id].label;
  ctx.log.warn(
    `do: the stored ${id} key is bound to ${stored.origin || 'no recorded origin'}, not ${origin}; asking again`,
  );
  const key = await vscode.window.showInputBox({
    title: `Solidus: API key for ${label} at ${origin}`,
    prompt:
      `The stored key was saved for ${stored.origin || 'an endpoint Solidus did not record'}, and a key is sent only to ` +
      `the origin it was stored for. Enter the key for ${origin}, or press Escape to send nothing.`,
    password: true,
    ignoreFocusOut: true,
  });
  if (!key?.trim()) throw new ProviderError('cancelled: no key for the new endpoint', 'cancelled');
  await ctx.extension.secrets.store(secretName(id), storedKeyText(key.trim(), origin));
  ctx.log.info(`API key stored for ${id}, bound to ${origin}`);
  return key.trim();
}

async function askModel(
  ctx: Context,
  prompt: { system: string; user: string },
  token: vscode.CancellationToken,
): Promise<string> {
  const ai = ctx.config.ai;
  const timeoutMs = ai.timeoutSeconds * 1000;
  let chosen = ai.provider;
  if (chosen === 'auto') chosen = ai.baseUrl && !(await hasChatModel(ai.model)) ? 'openai' : 'vscode';
  if (chosen === 'vscode') {
    const answer = await lmComplete({ ...prompt, modelHint: ai.model, timeoutMs }, token);
    ctx.log.info(`do: answered by ${answer.model}`);
    return answer.text;
  }
  const { id, provider } = httpProvider(chosen);
  const controller = new AbortController();
  const link = token.onCancellationRequested(() => controller.abort());
  try {
    const request: ModelRequest = { ...prompt, model: ai.model, timeoutMs, signal: controller.signal };
    const endpoint = endpointOf(provider, ai.baseUrl);
    const key = await keyFor(ctx, id, endpoint);
    ctx.log.info(`do: asking ${id} ${endpoint || '(no endpoint)'} model ${ai.model || '(unset)'}`);
    return await completeWith(provider, request, ai.baseUrl, key);
  } finally {
    link.dispose();
  }
}

/** How one step of a plan ended, for callers that answer with it (solidus_run, @solidus). */
export type StepReport = (index: number, outcome: { ran: true } | { ran: false; message: string }) => void;

/** Runs the steps in order; the first failure stops the plan and names the step. Only after any confirmation. */
export async function runPlan(ctx: Context, plan: ValidatedPlan, report?: StepReport): Promise<DoOutcome> {
  const change = ctx.settings.begin('/do');
  const log = (line: string) => ctx.log.info(`do: ${line}`);
  let failed: { index: number; step: PlanStep; message: string } | undefined;
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Solidus /do: running the plan' },
    async (progress) => {
      for (const [index, step] of plan.steps.entries()) {
        progress.report({ message: `${index + 1}/${plan.steps.length}: ${step.description}` });
        try {
          await runStep(ctx, step, change);
          log(`ran ${describeStepForLog(step, index)}`);
          report?.(index, { ran: true });
        } catch (error) {
          failed = { index, step, message: error instanceof Error ? error.message : String(error) };
          report?.(index, { ran: false, message: failed.message });
          return;
        }
      }
    },
  );
  if (failed) {
    const rest = plan.steps.length - failed.index - 1;
    log(
      `outcome: step ${failed.index + 1} failed: ${failed.message}; ${rest} later step${rest === 1 ? '' : 's'} not run`,
    );
    void vscode.window.showErrorMessage(
      `Solidus /do: step ${failed.index + 1} (${failed.step.description}) failed: ${failed.message}.` +
        (rest ? ` The ${rest} step${rest === 1 ? '' : 's'} after it did not run.` : '') +
        (change.size ? ` "${UNDO_SETTING_CHANGE_TITLE}" restores the settings already changed.` : ''),
    );
    return 'failed';
  }
  log(
    `outcome: ran ${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}${change.size ? `, changed ${change.size} setting(s)` : ''}`,
  );
  vscode.window.setStatusBarMessage(
    `Solidus /do: done (${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'})${change.size ? ` · "${UNDO_SETTING_CHANGE_TITLE}" reverts it` : ''}`,
    8000,
  );
  return 'ran';
}

async function runStep(ctx: Context, step: PlanStep, change: SettingChange): Promise<void> {
  switch (step.type) {
    case 'setting': {
      // The core checked the value when it validated the plan; the writer checks it against the live schema.
      const written = await change.write(step.key, { value: step.value }, ctx.config.ai.settingsTarget);
      if (!written.ok) throw new Error(`the value is not accepted: ${written.message}`);
      return;
    }
    case 'terminal':
      sendToTerminal(ctx, step.command);
      return;
    case 'item': {
      if (step.kind === 'terminal') {
        if (!step.args?.trim()) throw new Error('no shell command was given');
        sendToTerminal(ctx, step.args);
        return;
      }
      const item = ctx.core.item(step.id);
      if (!item) throw new Error(`“${step.title}” is no longer in the catalog`);
      // The plan's dialog showed this step (with its command line when it reaches a shell).
      // A custom command's settings join the plan's change, so one Undo restores the whole plan.
      const outcome = await runItem(ctx, item, {
        args: step.args,
        commandArgs: step.commandArgs,
        confirmed: true,
        change,
      });
      if (outcome === 'cancelled') throw new Error('cancelled by the user');
      return;
    }
  }
}

/** Only ever reached after the user confirmed, since every terminal step reaches a shell. */
function sendToTerminal(ctx: Context, command: string): void {
  const terminal = vscode.window.createTerminal({ name: 'Solidus /do' });
  terminal.show();
  terminal.sendText(command, true);
  ctx.log.info(`do: sent to a terminal: ${command}`);
}

const OS_NAMES: Partial<Record<string, string>> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };
/** The prompt's context line: OS, the active editor's language, whether text is selected, the project stack. */
async function promptContext(ctx: Context): Promise<PromptContext> {
  // From the popup no text editor is active; the one the user came from still counts.
  const last = ctx.activeFileUri?.toString();
  const editor =
    vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === last);
  return {
    os: OS_NAMES[platformName()] ?? platformName(),
    language: editor?.document.languageId,
    textSelected: editor ? !editor.selection.isEmpty : false,
  };
}
