// /do with no model to ask: the core's shortlist as a pick list beside the set-up hint; a pick runs with the usual guard.
import * as vscode from 'vscode';
import type { Item, JsonValue, Shortlist } from '../core';
import type { Context } from '../ctx';
import { runItem } from '../run';
import { currentValue, describeValue } from '../settings/writer';

/** How many of the shortlist's best a pick list shows: one screen of a quick pick. */
const PICK_ROWS = 12;

/** The one row that is not an action: opens the settings that choose a model. */
const SET_UP = 'solidus:set-up-model';

/** What to set so /do has a model; Ollama as the example of a local OpenAI-compatible endpoint. */
export const SET_UP_HINT =
  'To get plans, set solidus.ai.provider ("vscode" with a chat extension, "openai" for any OpenAI-compatible ' +
  'endpoint, "anthropic") and, for a local Ollama, solidus.ai.baseUrl to "http://localhost:11434/v1" with ' +
  'solidus.ai.model such as "llama3.2".';

type Pick = vscode.QuickPickItem & { id: string };

/**
 * Offers the closest actions for a request when no model can answer: the shortlist's order is the
 * core's ranking. A command or script runs through `runItem` (its own confirmation for anything that
 * reaches a shell); a setting is changed only after the core checked the value, as in the popup.
 */
export async function offerClosestActions(
  ctx: Context,
  request: string,
  shortlist: Shortlist,
  why: string,
): Promise<'ran' | 'cancelled'> {
  const picks: Pick[] = shortlist.entries.slice(0, PICK_ROWS).map((entry) => ({
    id: entry.id,
    label: entry.title,
    description: entry.kind,
    detail: entry.fromWorkspace ? 'from the workspace' : undefined,
  }));
  picks.push({ id: SET_UP, label: '$(gear) Set up a model for /do…', description: 'solidus.ai.provider' });
  ctx.log.info(`do: no model (${why}); offering ${picks.length - 1} closest actions`);
  const picked = await vscode.window.showQuickPick(picks, {
    title: `Solidus /do: no model to plan “${request}”. The closest actions:`,
    placeHolder: SET_UP_HINT,
    matchOnDescription: true,
  });
  if (!picked) return 'cancelled';
  if (picked.id === SET_UP) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'solidus.ai');
    return 'cancelled';
  }
  const item = ctx.core.item(picked.id);
  if (!item) throw new Error(`“${picked.label}” is no longer in the catalog`);
  await ctx.recent.use(item.id);
  ctx.log.info(`do: picked ${item.id} from the closest actions`);
  if (item.kind === 'setting' && item.key) return changeSetting(ctx, item, item.key);
  const outcome = await runItem(ctx, item);
  return outcome === 'ran' ? 'ran' : 'cancelled';
}

/** The popup's setting flow in quick inputs: toggle, choose a value or type one; the core checks it before it is written. */
async function changeSetting(ctx: Context, item: Item, key: string): Promise<'ran' | 'cancelled'> {
  const current = currentValue(key);
  let input: { value: JsonValue } | { text: string };
  if (item.action === 'toggle') {
    input = { value: !(current === true) };
  } else if (item.action === 'choose') {
    const schema = item.setting!;
    const values = (schema.enum ?? []).map((value, i) => ({
      label: typeof value === 'string' ? value : JSON.stringify(value),
      description: JSON.stringify(value) === JSON.stringify(current) ? 'current' : undefined,
      detail: schema.enumDescriptions?.[i] || undefined,
      value,
    }));
    const chosen = await vscode.window.showQuickPick(values, { title: item.title });
    if (!chosen) return 'cancelled';
    input = { value: chosen.value };
  } else {
    const expectation = ctx.core.checkSetting({ key, value: (current ?? null) as JsonValue }).expectation;
    const text = await vscode.window.showInputBox({
      title: item.title,
      prompt: expectation || undefined,
      value: current === undefined ? '' : typeof current === 'string' ? current : JSON.stringify(current),
    });
    if (text === undefined) return 'cancelled';
    input = { text };
  }
  // The one settings writer checks the value with the core, and Undo can take the change back.
  const written = await ctx.settings.write('/do without a model', key, input);
  if (!written.ok) {
    void vscode.window.showErrorMessage(`Solidus: not written: ${written.message}.`);
    return 'cancelled';
  }
  vscode.window.setStatusBarMessage(`Solidus: ${key} set to ${describeValue(written.value)}`, 4000);
  return 'ran';
}
