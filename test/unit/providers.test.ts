// HTTP providers against a real server on 127.0.0.1 speaking each wire format: success and every failure.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { anthropicComplete, type ModelRequest, openAiComplete, ProviderError } from '../../extension/do/providers';

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;
let handler: Handler = (_req, _body, res) => res.end();
let server: Server;
let base = '';
const seen: { url: string; headers: IncomingMessage['headers']; body: unknown }[] = [];

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body: body ? JSON.parse(body) : undefined });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

const request = (extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'SYSTEM',
  user: 'USER',
  model: 'test-model',
  timeoutMs: 2000,
  ...extra,
});
const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
async function failsWith(promise: Promise<unknown>, kind: ProviderError['kind'], pattern: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ProviderError, String(error));
    assert.equal(error.kind, kind);
    assert.match(error.message, pattern);
    return true;
  });
}

describe('OpenAI-compatible provider', () => {
  it('sends system and user messages with the key and returns the content', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, { choices: [{ message: { role: 'assistant', content: '{"reply":"ok","steps":[]}' } }] });
    seen.length = 0;
    const text = await openAiComplete(request(), `${base}/v1/`, 'sk-test');
    assert.equal(text, '{"reply":"ok","steps":[]}');
    assert.equal(seen[0]?.url, '/v1/chat/completions');
    assert.equal(seen[0]?.headers.authorization, 'Bearer sk-test');
    assert.deepEqual(seen[0]?.body, {
      model: 'test-model',
      temperature: 0,
      messages: [
        { role: 'system', content: 'SYSTEM' },
        { role: 'user', content: 'USER' },
      ],
    });
  });

  it('works without a key (Ollama, LM Studio)', async () => {
    handler = (_req, _body, res) => json(res, 200, { choices: [{ message: { content: 'x' } }] });
    seen.length = 0;
    await openAiComplete(request(), `${base}/v1`, undefined);
    assert.equal(seen[0]?.headers.authorization, undefined);
  });

  it('says the key was refused on 401', async () => {
    handler = (_req, _body, res) => json(res, 401, { error: { message: 'Incorrect API key provided' } });
    await failsWith(openAiComplete(request(), base, 'bad'), 'auth', /refused the API key \(HTTP 401\).*Set API Key/);
  });

  it("reports a server error with the endpoint's own message", async () => {
    handler = (_req, _body, res) => json(res, 500, { error: { message: 'model overloaded' } });
    await failsWith(openAiComplete(request(), base, undefined), 'http', /answered HTTP 500: model overloaded/);
  });

  it('gives up after the timeout', async () => {
    handler = () => undefined; // never answers
    await failsWith(
      openAiComplete(request({ timeoutMs: 300 }), base, undefined),
      'timeout',
      /did not answer within 0 s|did not answer within/,
    );
  });

  it('stops when the user cancels', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await failsWith(openAiComplete(request({ signal: controller.signal }), base, undefined), 'cancelled', /Cancelled/);
  });

  it('rejects a malformed body and an empty answer', async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200);
      res.end('<html>proxy error</html>');
    };
    await failsWith(openAiComplete(request(), base, undefined), 'malformed', /not JSON: <html>proxy error<\/html>/);
    handler = (_req, _body, res) => json(res, 200, { choices: [{ message: { content: '   ' } }] });
    await failsWith(openAiComplete(request(), base, undefined), 'empty', /empty answer/);
    handler = (_req, _body, res) => json(res, 200, { id: 'x' });
    await failsWith(openAiComplete(request(), base, undefined), 'malformed', /without choices/);
  });

  it('says an endpoint is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await failsWith(
      openAiComplete(request(), `http://127.0.0.1:${port}/v1`, undefined),
      'network',
      /Could not reach .*ECONNREFUSED/,
    );
  });

  it('asks for a base URL and a model when they are missing', async () => {
    await failsWith(openAiComplete(request(), '', undefined), 'config', /solidus\.ai\.baseUrl/);
    await failsWith(openAiComplete(request({ model: '' }), base, undefined), 'config', /solidus\.ai\.model/);
  });
});

describe('Anthropic provider', () => {
  it('sends the system prompt separately with the key and version headers', async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        content: [
          { type: 'text', text: '{"reply":' },
          { type: 'text', text: '"hi","steps":[]}' },
        ],
      });
    seen.length = 0;
    const text = await anthropicComplete(request(), base, 'ak-test');
    assert.equal(text, '{"reply":"hi","steps":[]}');
    assert.equal(seen[0]?.url, '/v1/messages');
    assert.equal(seen[0]?.headers['x-api-key'], 'ak-test');
    assert.equal(seen[0]?.headers['anthropic-version'], '2023-06-01');
    assert.deepEqual(seen[0]?.body, {
      model: 'test-model',
      max_tokens: 2048,
      system: 'SYSTEM',
      messages: [{ role: 'user', content: 'USER' }],
    });
  });

  it('fails clearly on 401, 500, timeout and malformed answers', async () => {
    handler = (_req, _body, res) =>
      json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } });
    await failsWith(anthropicComplete(request(), base, 'bad'), 'auth', /refused the API key/);
    handler = (_req, _body, res) => json(res, 500, { type: 'error', error: { message: 'internal' } });
    await failsWith(anthropicComplete(request(), base, 'k'), 'http', /HTTP 500: internal/);
    handler = () => undefined;
    await failsWith(anthropicComplete(request({ timeoutMs: 300 }), base, 'k'), 'timeout', /did not answer/);
    handler = (_req, _body, res) => json(res, 200, { content: 'nope' });
    await failsWith(anthropicComplete(request(), base, 'k'), 'malformed', /without content/);
  });
});
