// The MCP channel: its folder and socket modes, the token check, refusals in words, and the plan limit.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { runMcpBridge } from '../../extension/mcp/bridge';
import {
  type ChannelPlace,
  closeChannel,
  listenChannel,
  modeOf,
  newChannelPlace,
  newToken,
  openChannel,
  PlanLimit,
  SOCKET_ENV,
  TOKEN_ENV,
  tokenMatches,
  writeCliShim,
} from '../../extension/mcp/channel';

const unix = process.platform !== 'win32';

describe('the token check', () => {
  const token = newToken();

  it('makes 32 random bytes per window', () => {
    assert.match(token, /^[0-9a-f]{64}$/);
    assert.notEqual(newToken(), token);
  });

  it('accepts only the exact token', () => {
    assert.equal(tokenMatches(token, token), true);
    // Same length, one character off; a prefix; a longer string; nothing; not a string.
    const flipped = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const given of [flipped, token.slice(0, 32), `${token}0`, '', undefined, null, 42, { token }]) {
      assert.equal(tokenMatches(token, given), false, JSON.stringify(given));
    }
  });

  it('never matches when the window has no token', () => {
    assert.equal(tokenMatches('', ''), false);
  });
});

describe('the channel', { skip: !unix && 'Unix sockets only' }, () => {
  let base: string;
  let place: ChannelPlace;
  let server: Server;
  const token = newToken();
  const accepted: Socket[] = [];
  const logged: string[] = [];

  before(async () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'solidus-channel-test-'));
    place = newChannelPlace(process.platform, base);
    server = await listenChannel(
      place,
      token,
      (socket) => {
        accepted.push(socket);
        socket.resume();
        socket.on('data', (chunk) => socket.write(chunk)); // An echo stands in for the MCP server.
      },
      (line) => logged.push(line),
    );
  });

  after(() => {
    for (const socket of accepted) socket.destroy();
    closeChannel(server, place);
    rmSync(base, { recursive: true, force: true });
  });

  it('lives in a fresh folder only its owner can open, and the socket is its owner’s alone', () => {
    assert.ok(place.folder && statSync(place.folder).isDirectory());
    assert.equal(path.dirname(place.path), place.folder);
    assert.equal(modeOf(place.folder), 0o700);
    assert.ok(statSync(place.path).isSocket());
    assert.equal(modeOf(place.path), 0o600);
    // Each window gets its own folder; no name is reused that someone could have made first.
    const other = newChannelPlace(process.platform, base);
    assert.notEqual(other.folder, place.folder);
    closeChannel(undefined, other);
  });

  it('lets the right token through, and the socket then carries whatever follows', async () => {
    const socket = await openChannel({ [SOCKET_ENV]: place.path, [TOKEN_ENV]: token });
    socket.resume();
    const echoed = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    socket.write('{"jsonrpc":"2.0"}\n');
    assert.equal(await echoed, '{"jsonrpc":"2.0"}\n');
    socket.destroy();
  });

  it('refuses a wrong token and a missing one, saying which', async () => {
    await assert.rejects(openChannel({ [SOCKET_ENV]: place.path, [TOKEN_ENV]: newToken() }), /refused.*wrong token/);
    await assert.rejects(openChannel({ [SOCKET_ENV]: place.path }), /refused.*no token/);
    assert.ok(logged.some((line) => /refused a connection: wrong token/.test(line)));
  });

  it('says so when there is no window to reach', async () => {
    await assert.rejects(openChannel({}), new RegExp(`${SOCKET_ENV} is not set`));
    await assert.rejects(
      openChannel({ [SOCKET_ENV]: path.join(base, 'gone', 'mcp.sock'), [TOKEN_ENV]: token }),
      /no Solidus window is listening/,
    );
  });

  it('a refused bridge answers the agent’s first request with an MCP error giving the reason, and exits 1', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (chunk) => (out += chunk));
    stderr.on('data', (chunk) => (err += chunk));
    const code = runMcpBridge({ stdin, stdout, stderr, env: { [SOCKET_ENV]: place.path, [TOKEN_ENV]: 'guess' } });
    stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    assert.equal(await code, 1);
    const answer = JSON.parse(out.trim().split('\n')[0]!) as { id: number; error: { code: number; message: string } };
    assert.equal(answer.id, 1);
    assert.equal(answer.error.code, -32001);
    assert.match(answer.error.message, /wrong token/);
    assert.match(err, /wrong token/);
  });

  it('removes the socket and its folder when the window stops listening', async () => {
    const temporary = newChannelPlace(process.platform, base);
    const listener = await listenChannel(
      temporary,
      token,
      () => undefined,
      () => undefined,
    );
    assert.ok(existsSync(temporary.path));
    closeChannel(listener, temporary);
    assert.equal(existsSync(temporary.folder!), false);
    await assert.rejects(
      openChannel({ [SOCKET_ENV]: temporary.path, [TOKEN_ENV]: token }),
      /no Solidus window is listening/,
    );
  });
});

describe('the solidus command on the terminals’ PATH', { skip: !unix && 'a POSIX shell script' }, () => {
  it('runs the CLI with the editor’s runtime, passes the arguments through, and is its owner’s alone', () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'solidus-shim-test-'));
    try {
      // A path with a quote and a space must stay one word.
      const cli = path.join(base, "it's here.js");
      writeFileSync(
        cli,
        'process.stdout.write(JSON.stringify([process.env.ELECTRON_RUN_AS_NODE, ...process.argv.slice(2)]))',
      );
      const bin = writeCliShim(path.join(base, 'bin'), process.execPath, cli);
      assert.equal(modeOf(bin), 0o700);
      assert.equal(modeOf(path.join(bin, 'solidus')), 0o700);
      const out = execFileSync(path.join(bin, 'solidus'), ['mcp', 'a b', '$HOME'], { encoding: 'utf8' });
      assert.deepEqual(JSON.parse(out), ['1', 'mcp', 'a b', '$HOME']);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('the plan limit', () => {
  it('runs one plan at a time', () => {
    const limit = new PlanLimit(10);
    const first = limit.take();
    assert.ok(first.ok);
    const second = limit.take();
    assert.equal(second.ok, false);
    assert.match(!second.ok ? second.reason : '', /still running or waiting for the user/);
    first.release();
    assert.ok(limit.take().ok);
  });

  it('allows at most N plans in any minute', () => {
    let now = 1_000_000;
    const limit = new PlanLimit(3, () => now);
    for (let i = 0; i < 3; i++) {
      const slot = limit.take();
      assert.ok(slot.ok, `plan ${i + 1}`);
      slot.release();
      now += 1000;
    }
    const refused = limit.take();
    assert.equal(refused.ok, false);
    assert.match(!refused.ok ? refused.reason : '', /at most 3 plans a minute; try again in 57 s/);
    now += 57_000; // Three plans at 0, 1 and 2 s, asked at 3 s: the first is a minute old 57 s later.
    assert.ok(limit.take().ok);
  });
});
