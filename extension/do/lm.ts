// The default /do provider: whatever chat model the editor offers through `vscode.lm`.
import * as vscode from 'vscode';
import { ProviderError } from './providers';

/** What the editor's model is asked; `modelHint` is `solidus.ai.model` (an id or a family), empty for any. */
export interface LmRequest {
  system: string;
  user: string;
  modelHint: string;
  timeoutMs: number;
  /** The model to ask, when the caller has one (the model picked in the Chat view); else the hint picks. */
  model?: vscode.LanguageModelChat;
}

/** The answer and which model gave it, for the audit log. */
export interface LmAnswer {
  text: string;
  model: string;
}

const NO_MODEL =
  'No chat model is available in this editor. Install an extension that provides one (for example GitHub Copilot Chat), ' +
  'or set solidus.ai.provider to "openai" (any OpenAI-compatible endpoint such as Ollama or LM Studio, with solidus.ai.baseUrl) ' +
  'or "anthropic", and store its key with "Solidus: Set API Key".';

/**
 * Picks a chat model: the hint as an id, then as a family, else the first model the editor lists.
 * Returns undefined when the editor has none (or none matching the hint).
 */
export async function pickChatModel(modelHint: string): Promise<vscode.LanguageModelChat | undefined> {
  if (modelHint) {
    const byId = await vscode.lm.selectChatModels({ id: modelHint });
    if (byId[0]) return byId[0];
    const byFamily = await vscode.lm.selectChatModels({ family: modelHint });
    return byFamily[0];
  }
  return (await vscode.lm.selectChatModels())[0];
}

/** Whether the editor offers any chat model; `auto` uses this to choose between `vscode.lm` and an HTTP endpoint. */
export async function hasChatModel(modelHint: string): Promise<boolean> {
  return (await pickChatModel(modelHint)) !== undefined;
}

/**
 * Sends the prompt to an editor chat model and collects the streamed text. The LM API has no system
 * role, so the system prompt goes first as a User message. Honours `token` and the timeout; every
 * expected failure is a `ProviderError` with a message the user can act on.
 */
export async function lmComplete(request: LmRequest, token: vscode.CancellationToken): Promise<LmAnswer> {
  const model = request.model ?? (await pickChatModel(request.modelHint));
  if (!model) {
    throw new ProviderError(
      request.modelHint
        ? `No chat model matches solidus.ai.model = "${request.modelHint}". Clear the setting to use the first available model. ${NO_MODEL}`
        : NO_MODEL,
      'config',
    );
  }
  const label = `${model.name} (${model.vendor})`;
  // One source cancels on the user's Cancel or on the timeout, whichever comes first.
  const source = new vscode.CancellationTokenSource();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    source.cancel();
  }, request.timeoutMs);
  const link = token.onCancellationRequested(() => source.cancel());
  const stopped = (): ProviderError =>
    timedOut
      ? new ProviderError(`${label} did not answer within ${Math.round(request.timeoutMs / 1000)} s.`, 'timeout')
      : new ProviderError('Cancelled.', 'cancelled');
  try {
    const messages = [
      vscode.LanguageModelChatMessage.User(request.system),
      vscode.LanguageModelChatMessage.User(request.user),
    ];
    let text = '';
    try {
      const response = await model.sendRequest(
        messages,
        {
          justification:
            'Solidus /do asks a model for a plan built only from actions it knows, and shows it before anything runs.',
        },
        source.token,
      );
      for await (const chunk of response.text) {
        if (source.token.isCancellationRequested) throw stopped();
        text += chunk;
      }
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      if (source.token.isCancellationRequested) throw stopped();
      throw lmFailure(error, label);
    }
    if (source.token.isCancellationRequested) throw stopped();
    if (!text.trim()) throw new ProviderError(`${label} returned an empty answer.`, 'empty');
    return { text, model: label };
  } finally {
    clearTimeout(timer);
    link.dispose();
    source.dispose();
  }
}

function lmFailure(error: unknown, label: string): ProviderError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof vscode.LanguageModelError) {
    if (error.code === vscode.LanguageModelError.NoPermissions.name) {
      return new ProviderError(
        `Solidus may not use ${label}: ${message}. Allow it when VS Code asks, or pick another provider.`,
        'auth',
      );
    }
    if (error.code === vscode.LanguageModelError.NotFound.name) {
      return new ProviderError(`${label} is no longer available: ${message}.`, 'config');
    }
    if (error.code === vscode.LanguageModelError.Blocked.name) {
      return new ProviderError(`${label} refused the request: ${message}.`, 'http');
    }
  }
  return new ProviderError(`${label} failed: ${message}`, 'http');
}
