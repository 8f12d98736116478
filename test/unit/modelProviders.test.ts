// The model provider table against package.json, unknown providers, keys and default endpoints.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  AI_PROVIDERS,
  completeWith,
  EDITOR_PROVIDERS,
  HTTP_PROVIDERS,
  type HttpProvider,
  httpProvider,
  originOf,
  parseStoredKey,
  storedKeyText,
} from '../../extension/do/modelProviders';
import { type ModelRequest, ProviderError } from '../../extension/do/providers';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));
const setting = manifest.contributes.configuration.properties['solidus.ai.provider'];
const request: ModelRequest = { system: 'S', user: 'U', model: 'm', timeoutMs: 1000 };

/** A row that records where it was asked instead of calling anyone. */
function fakeRow(extra: Partial<HttpProvider>): { row: HttpProvider; calls: [string, string | undefined][] } {
  const calls: [string, string | undefined][] = [];
  const row: HttpProvider = {
    label: 'Fake',
    needsKey: false,
    defaultEndpoint: undefined,
    complete: async (_request, baseUrl, key) => {
      calls.push([baseUrl, key]);
      return 'answer';
    },
    ...extra,
  };
  return { row, calls };
}

describe('model provider table', () => {
  it("is exactly package.json's solidus.ai.provider enum: auto and vscode, then one row per HTTP provider", () => {
    assert.deepEqual(setting.enum, [...AI_PROVIDERS]);
    assert.deepEqual(AI_PROVIDERS, [...EDITOR_PROVIDERS, ...Object.keys(HTTP_PROVIDERS)]);
    assert.equal(setting.enumDescriptions.length, setting.enum.length);
    assert.ok(AI_PROVIDERS.includes(setting.default));
  });

  it('refuses an unknown provider with an error naming the known ones, instead of asking Anthropic', () => {
    assert.throws(
      () => httpProvider('mistral'),
      (error: unknown) =>
        error instanceof ProviderError &&
        error.kind === 'config' &&
        /“mistral”.*auto, vscode, openai, anthropic/.test(error.message),
    );
    // Prototype names are not rows.
    assert.throws(() => httpProvider('toString'), ProviderError);
    assert.equal(httpProvider('anthropic').provider, HTTP_PROVIDERS.anthropic);
  });

  it('checks the key before asking a provider that needs one', async () => {
    const { row, calls } = fakeRow({ needsKey: true });
    await assert.rejects(
      completeWith(row, request, 'http://x', undefined),
      (error: unknown) =>
        error instanceof ProviderError && error.kind === 'config' && /No Fake API key/.test(error.message),
    );
    assert.equal(calls.length, 0);
    assert.equal(await completeWith(row, request, 'http://x', 'k'), 'answer');
    assert.deepEqual(calls, [['http://x', 'k']]);
  });

  it('uses the default endpoint only when solidus.ai.baseUrl is empty', async () => {
    const { row, calls } = fakeRow({ defaultEndpoint: 'https://default.invalid' });
    await completeWith(row, request, '', undefined);
    await completeWith(row, request, 'http://127.0.0.1:1/v1', undefined);
    assert.deepEqual(calls, [
      ['https://default.invalid', undefined],
      ['http://127.0.0.1:1/v1', undefined],
    ]);
    // The setting's description promises Anthropic's default.
    const baseUrl = manifest.contributes.configuration.properties['solidus.ai.baseUrl'].markdownDescription;
    assert.ok(baseUrl.includes(`\`${HTTP_PROVIDERS.anthropic.defaultEndpoint}\``), baseUrl);
  });
});

describe('stored keys are bound to an origin', () => {
  it('the origin is scheme, host and port; a path or a query does not change it', () => {
    assert.equal(originOf('https://api.anthropic.com'), 'https://api.anthropic.com');
    assert.equal(originOf('http://127.0.0.1:8080/v1/chat'), 'http://127.0.0.1:8080');
    assert.notEqual(originOf('http://127.0.0.1:8080/v1'), originOf('http://127.0.0.1:8081/v1'));
    assert.notEqual(originOf('http://api.example.test'), originOf('https://api.example.test'));
    assert.equal(originOf(''), undefined);
    assert.equal(originOf('not a url'), undefined);
  });

  it('a key reads back with its origin; a bare key from an earlier version is bound to none', () => {
    assert.deepEqual(parseStoredKey(storedKeyText('sk-1', 'https://a.test')), {
      key: 'sk-1',
      origin: 'https://a.test',
    });
    assert.deepEqual(parseStoredKey('sk-legacy'), { key: 'sk-legacy', origin: '' });
    assert.deepEqual(parseStoredKey('{"key": 1}'), { key: '{"key": 1}', origin: '' });
    assert.equal(parseStoredKey(undefined), undefined);
    assert.equal(parseStoredKey(''), undefined);
  });
});
