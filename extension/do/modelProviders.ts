// The one table of model providers /do can ask: every value of `solidus.ai.provider` is a row here.
import { anthropicComplete, type ModelRequest, openAiComplete, ProviderError } from './providers';

/** A provider reached over HTTP with an optional or required API key from secret storage. */
export interface HttpProvider {
  /** How the provider is named in "Solidus: Set API Key" and in messages. */
  label: string;
  /** Refused before any request when no key is stored. */
  needsKey: boolean;
  /** Used when `solidus.ai.baseUrl` is empty; undefined means the user must set one. */
  defaultEndpoint: string | undefined;
  complete: (request: ModelRequest, baseUrl: string, apiKey: string | undefined) => Promise<string>;
}

/** The HTTP providers, by the id `solidus.ai.provider` names them with. Adding a row adds a provider. */
export const HTTP_PROVIDERS = {
  openai: {
    label: 'OpenAI-compatible endpoint',
    // Local servers (Ollama, LM Studio) take no key.
    needsKey: false,
    defaultEndpoint: undefined,
    complete: openAiComplete,
  },
  anthropic: {
    label: 'Anthropic',
    needsKey: true,
    defaultEndpoint: 'https://api.anthropic.com',
    complete: anthropicComplete,
  },
} as const satisfies Record<string, HttpProvider>;

export type HttpProviderId = keyof typeof HTTP_PROVIDERS;

/** The values answered by the editor's own chat models: `auto` may fall back to `openai` (see agent.ts). */
export const EDITOR_PROVIDERS = ['auto', 'vscode'] as const;

export type AiProvider = (typeof EDITOR_PROVIDERS)[number] | HttpProviderId;

/** Every value `solidus.ai.provider` accepts, in the order package.json lists them. */
export const AI_PROVIDERS: readonly AiProvider[] = [
  ...EDITOR_PROVIDERS,
  ...(Object.keys(HTTP_PROVIDERS) as HttpProviderId[]),
];

/** The secret storage name of a provider's key. */
export const secretName = (id: HttpProviderId): string => `solidus.ai.apiKey.${id}`;

/** The HTTP row for an id; an id nobody knows is a configuration error the user sees, never a silent default. */
export function httpProvider(id: string): { id: HttpProviderId; provider: HttpProvider } {
  if (Object.hasOwn(HTTP_PROVIDERS, id))
    return { id: id as HttpProviderId, provider: HTTP_PROVIDERS[id as HttpProviderId] };
  throw new ProviderError(
    `solidus.ai.provider is “${id}”, which Solidus does not know: use one of ${AI_PROVIDERS.join(', ')}.`,
    'config',
  );
}

/** The endpoint a provider is asked at: the setting, else the provider's default (empty when it has none). */
export function endpointOf(provider: HttpProvider, baseUrl: string): string {
  return baseUrl || provider.defaultEndpoint || '';
}

/** Asks one HTTP provider, refusing first when it needs a key and none is stored. */
export async function completeWith(
  provider: HttpProvider,
  request: ModelRequest,
  baseUrl: string,
  apiKey: string | undefined,
): Promise<string> {
  if (provider.needsKey && !apiKey)
    throw new ProviderError(`No ${provider.label} API key: set one with "Solidus: Set API Key".`, 'config');
  return provider.complete(request, endpointOf(provider, baseUrl), apiKey);
}

/** A key as stored: the key and the origin (scheme, host, port) it may be sent to. */
export interface StoredKey {
  key: string;
  /** Empty for a key stored before keys were bound to an origin: it goes nowhere until confirmed. */
  origin: string;
}

/** The origin a request to `endpoint` goes to (`https://api.anthropic.com`), or undefined for no URL. */
export function originOf(endpoint: string): string | undefined {
  try {
    const url = new URL(endpoint);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** Reads a stored secret; a bare key from an earlier version is bound to no origin. */
export function parseStoredKey(text: string | undefined): StoredKey | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<StoredKey>;
    if (typeof parsed?.key === 'string' && typeof parsed.origin === 'string' && parsed.key)
      return { key: parsed.key, origin: parsed.origin };
  } catch {
    // A bare key.
  }
  return { key: text, origin: '' };
}

/** The secret's text for a key bound to an origin. */
export function storedKeyText(key: string, origin: string): string {
  return JSON.stringify({ key, origin } satisfies StoredKey);
}
