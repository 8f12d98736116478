// Model providers over HTTP (OpenAI-compatible chat completions, Anthropic messages): one request, one answer.

/** What every provider is asked: a system prompt and one user message. */
export interface ModelRequest {
  system: string;
  user: string;
  model: string;
  timeoutMs: number;
  /** Aborts the request when the user cancels. */
  signal?: AbortSignal;
}

/** An expected failure with a message a user can act on. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'auth' | 'http' | 'network' | 'timeout' | 'cancelled' | 'malformed' | 'empty' | 'config',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

interface HttpCall {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
  /** How the endpoint is named in messages. */
  label: string;
}

/** Posts JSON and returns the parsed answer, turning every failure into a `ProviderError`. */
async function postJson({ url, headers, body, timeoutMs, signal, label }: HttpCall): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCancel = () => controller.abort();
  signal?.addEventListener('abort', onCancel);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error, { timedOut, cancelled: signal?.aborted === true, timeoutMs, label });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw failure(error, { timedOut, cancelled: signal?.aborted === true, timeoutMs, label });
    }
    if (response.status === 401 || response.status === 403) {
      throw new ProviderError(
        `${label} refused the API key (HTTP ${response.status}). Set it with "Solidus: Set API Key".`,
        'auth',
      );
    }
    if (!response.ok) {
      throw new ProviderError(`${label} answered HTTP ${response.status}: ${snippet(errorMessageOf(text))}`, 'http');
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError(`${label} sent an answer that is not JSON: ${snippet(text)}`, 'malformed');
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCancel);
  }
}

function failure(
  error: unknown,
  how: { timedOut: boolean; cancelled: boolean; timeoutMs: number; label: string },
): ProviderError {
  if (how.cancelled) return new ProviderError('Cancelled.', 'cancelled');
  if (how.timedOut) {
    return new ProviderError(`${how.label} did not answer within ${Math.round(how.timeoutMs / 1000)} s.`, 'timeout');
  }
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ProviderError(`Could not reach ${how.label}: ${detail}.`, 'network');
}

/** The error text an endpoint put in its body, if it used one of the usual shapes. */
function errorMessageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (body.error && typeof body.error.message === 'string') return body.error.message;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: show the text itself.
  }
  return text;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat || '(empty body)';
}

function nonEmpty(text: unknown, label: string): string {
  if (typeof text !== 'string') throw new ProviderError(`${label} sent an answer without text.`, 'malformed');
  if (!text.trim()) throw new ProviderError(`${label} returned an empty answer.`, 'empty');
  return text;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** OpenAI-compatible chat completions: OpenAI, Ollama, LM Studio, vLLM, OpenRouter. */
export async function openAiComplete(
  request: ModelRequest,
  baseUrl: string,
  apiKey: string | undefined,
): Promise<string> {
  if (!baseUrl)
    throw new ProviderError(
      'Set solidus.ai.baseUrl to the endpoint, e.g. http://127.0.0.1:11434/v1 for Ollama.',
      'config',
    );
  if (!request.model) throw new ProviderError('Set solidus.ai.model to the model the endpoint should use.', 'config');
  const label = `the endpoint ${trimSlash(baseUrl)}`;
  const answer = (await postJson({
    url: `${trimSlash(baseUrl)}/chat/completions`,
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    body: {
      model: request.model,
      temperature: 0,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
    },
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    label,
  })) as { choices?: { message?: { content?: unknown } }[] };
  if (!Array.isArray(answer?.choices)) throw new ProviderError(`${label} sent an answer without choices.`, 'malformed');
  return nonEmpty(answer.choices[0]?.message?.content, label);
}

/** Anthropic messages API at `baseUrl` (the provider table supplies the default and checks the key). */
export async function anthropicComplete(
  request: ModelRequest,
  baseUrl: string,
  apiKey: string | undefined,
): Promise<string> {
  if (!request.model) throw new ProviderError('Set solidus.ai.model to an Anthropic model name.', 'config');
  const root = trimSlash(baseUrl);
  const label = `Anthropic (${root})`;
  const answer = (await postJson({
    url: `${root}/v1/messages`,
    headers: { ...(apiKey ? { 'x-api-key': apiKey } : {}), 'anthropic-version': '2023-06-01' },
    body: {
      model: request.model,
      max_tokens: 2048,
      system: request.system,
      messages: [{ role: 'user', content: request.user }],
    },
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    label,
  })) as { content?: { type?: string; text?: unknown }[] };
  if (!Array.isArray(answer?.content)) throw new ProviderError(`${label} sent an answer without content.`, 'malformed');
  const text = answer.content
    .filter((part) => part?.type === 'text' && typeof part.text === 'string')
    .map((p) => p.text)
    .join('');
  return nonEmpty(text, label);
}
