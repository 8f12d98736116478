// Units of the vscode.lm provider: model choice, the system prompt as the first message, streaming, cancel, timeout, no model.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import * as vscode from 'vscode';
import { lmComplete, pickChatModel } from '../../extension/do/lm';
import { ProviderError } from '../../extension/do/providers';

interface FakeModel {
  id: string;
  family: string;
  vendor: string;
  name: string;
  sent: { messages: unknown[] }[];
  sendRequest(
    messages: unknown[],
    options: unknown,
    token: vscode.CancellationToken,
  ): Promise<{ text: AsyncIterable<string> }>;
}

const models = (vscode as unknown as { __chatModels: FakeModel[] }).__chatModels;

/** A model that streams `chunks`, waiting `delayMs` before each one (and stopping when cancelled). */
function fakeModel(id: string, family: string, chunks: string[], delayMs = 0): FakeModel {
  const model: FakeModel = {
    id,
    family,
    vendor: 'test',
    name: `Model ${id}`,
    sent: [],
    async sendRequest(messages, _options, token) {
      model.sent.push({ messages });
      return {
        text: (async function* () {
          for (const chunk of chunks) {
            await new Promise((resolve) => setTimeout(resolve, delayMs));
            if (token.isCancellationRequested) return;
            yield chunk;
          }
        })(),
      };
    },
  };
  return model;
}

const request = { system: 'SYSTEM', user: 'USER', modelHint: '', timeoutMs: 2000 };
const never = new vscode.CancellationTokenSource().token;

async function failsWith(promise: Promise<unknown>, kind: ProviderError['kind'], pattern: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ProviderError, String(error));
    assert.equal(error.kind, kind);
    assert.match(error.message, pattern);
    return true;
  });
}

afterEach(() => models.splice(0));

describe('vscode.lm provider', () => {
  it('sends the system prompt first, as a user message, and joins the streamed text', async () => {
    const model = fakeModel('a', 'fam-a', ['{"reply": ', '"ok", "steps": []}']);
    models.push(model);
    const answer = await lmComplete(request, never);
    assert.equal(answer.text, '{"reply": "ok", "steps": []}');
    assert.equal(answer.model, 'Model a (test)');
    assert.deepEqual(model.sent[0].messages, [
      { role: 1, content: 'SYSTEM' },
      { role: 1, content: 'USER' },
    ]);
  });

  it('picks by solidus.ai.model as an id, then as a family, else the first model', async () => {
    models.push(fakeModel('a', 'fam-a', ['x']), fakeModel('b', 'fam-b', ['x']));
    assert.equal((await pickChatModel('b'))?.id, 'b');
    assert.equal((await pickChatModel('fam-b'))?.id, 'b');
    assert.equal((await pickChatModel(''))?.id, 'a');
    assert.equal(await pickChatModel('gpt-none'), undefined);
  });

  it('without a model says how to get one', async () => {
    await failsWith(
      lmComplete(request, never),
      'config',
      /Install an extension that provides one.*solidus\.ai\.provider/,
    );
  });

  it("stops on the user's cancel and on the timeout", async () => {
    models.push(fakeModel('slow', 'slow', ['a', 'b', 'c'], 200));
    const source = new vscode.CancellationTokenSource();
    setTimeout(() => source.cancel(), 50);
    await failsWith(lmComplete(request, source.token), 'cancelled', /Cancelled/);
    await failsWith(lmComplete({ ...request, timeoutMs: 50 }, never), 'timeout', /did not answer within/);
  });

  it('calls an empty answer empty', async () => {
    models.push(fakeModel('quiet', 'quiet', ['  ', '\n']));
    await failsWith(lmComplete(request, never), 'empty', /empty answer/);
  });
});
