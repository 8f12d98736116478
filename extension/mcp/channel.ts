// The local channel between `solidus mcp` and its window: a private socket, a per-window token, the handshake, the plan limit.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The terminal environment variables that carry the window's channel to the agents started there. */
export const SOCKET_ENV = 'SOLIDUS_MCP_SOCKET';
export const TOKEN_ENV = 'SOLIDUS_MCP_TOKEN';

/** The handshake line is tiny; anything longer is not a Solidus client. */
const MAX_HELLO_BYTES = 1024;
/** A client that says nothing within this long is dropped. */
const HELLO_TIMEOUT_MS = 5000;

/** A new random token for one window: 32 bytes, hex. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/**
 * Whether `given` is the window's token, in time that does not depend on where they differ or on the
 * length of either: both are hashed first, so timingSafeEqual always compares 32 bytes.
 */
export function tokenMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/** Where a window listens: a socket in a folder only this user can open, or a named pipe on Windows. */
export interface ChannelPlace {
  /** The socket file or pipe name a client connects to. */
  path: string;
  /** The private folder holding the socket (none on Windows); removed when the window stops listening. */
  folder?: string;
}

/**
 * A fresh place for one window. On Unix a new folder made by mkdtemp (mode 0700, a name nobody could
 * have taken before), so no other user can reach the socket and no one can plant one in advance.
 * `base` is the folder to make it in (default `$XDG_RUNTIME_DIR` when set, else the temp folder).
 */
export function newChannelPlace(platform: NodeJS.Platform = process.platform, base?: string): ChannelPlace {
  if (platform === 'win32') {
    // Named pipes are not files; a random name is unguessable, and the pipe's default ACL admits its owner.
    return { path: `\\\\.\\pipe\\solidus-mcp-${randomBytes(16).toString('hex')}` };
  }
  const parent = base ?? (process.env.XDG_RUNTIME_DIR || tmpdir());
  const folder = mkdtempSync(join(parent, 'solidus-mcp-'));
  chmodSync(folder, 0o700);
  return { path: join(folder, 'mcp.sock'), folder };
}

/** What a window does with a client once its token checked out: the socket now carries MCP messages. */
export type OnClient = (socket: Socket) => void;

/**
 * Listens at `place`; every connection must first send one line `{"token": "…"}` with the window's
 * token. A wrong or missing token gets `{"ok":false,"error":…}` and the connection is closed; a right
 * one gets `{"ok":true}` and is handed to `onClient`. The socket file is made readable and writable
 * by its owner only (0600) before the server is reported listening.
 */
export async function listenChannel(
  place: ChannelPlace,
  token: string,
  onClient: OnClient,
  log: (line: string) => void,
): Promise<Server> {
  const server = createServer((socket) => handshake(socket, token, onClient, log));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(place.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (place.folder) chmodSync(place.path, 0o600);
  return server;
}

function handshake(socket: Socket, token: string, onClient: OnClient, log: (line: string) => void): void {
  let buffered = Buffer.alloc(0);
  const refuse = (reason: string) => {
    log(`mcp: refused a connection: ${reason}`);
    socket.end(`${JSON.stringify({ ok: false, error: reason })}\n`);
  };
  const timer = setTimeout(() => refuse('no handshake within 5 s'), HELLO_TIMEOUT_MS);
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    const end = buffered.indexOf(0x0a);
    if (end < 0) {
      if (buffered.length > MAX_HELLO_BYTES) finish(() => refuse('the handshake is too long'));
      return;
    }
    const line = buffered.subarray(0, end).toString('utf8');
    const rest = buffered.subarray(end + 1);
    finish(() => {
      let hello: unknown;
      try {
        hello = JSON.parse(line);
      } catch {
        refuse('the handshake is not JSON');
        return;
      }
      const given = typeof hello === 'object' && hello !== null ? (hello as { token?: unknown }).token : undefined;
      if (given === undefined || given === '') {
        refuse(`no token: run the agent in a terminal of the VS Code window, which sets ${TOKEN_ENV}`);
        return;
      }
      if (!tokenMatches(token, given)) {
        refuse(`wrong token: ${TOKEN_ENV} does not belong to this window (open a new terminal there)`);
        return;
      }
      socket.write(`${JSON.stringify({ ok: true })}\n`);
      if (rest.length) socket.unshift(rest);
      onClient(socket);
    });
  };
  const finish = (then: () => void) => {
    clearTimeout(timer);
    socket.off('data', onData);
    // Paused until the MCP side listens: bytes that arrive meanwhile wait instead of being lost.
    socket.pause();
    then();
  };
  socket.on('data', onData);
  socket.on('error', () => clearTimeout(timer));
  socket.on('close', () => clearTimeout(timer));
}

/** Stops listening and removes the socket and its private folder. */
export function closeChannel(server: Server | undefined, place: ChannelPlace | undefined): void {
  server?.close();
  if (place?.folder) rmSync(place.folder, { recursive: true, force: true });
}

/** Why a client could not open the channel, in words for the agent's user. */
export class ChannelError extends Error {}

/**
 * Opens the channel from a terminal's environment and sends the handshake; resolves with the socket
 * once the window accepted the token, rejects with a ChannelError saying why not.
 */
export async function openChannel(env: NodeJS.ProcessEnv = process.env): Promise<Socket> {
  const path = env[SOCKET_ENV];
  const token = env[TOKEN_ENV];
  if (!path) {
    throw new ChannelError(
      `${SOCKET_ENV} is not set: start the agent from a terminal of a VS Code window with "solidus.mcp.enabled" on ` +
        '(terminals opened before it was turned on need to be opened again)',
    );
  }
  const socket = await new Promise<Socket>((resolve, reject) => {
    const socket = connect(path);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
        reject(
          new ChannelError(
            `no Solidus window is listening at ${path}: the window that opened this terminal was closed or reloaded, ` +
              'or "solidus.mcp.enabled" was turned off (open a new terminal in a window where it is on)',
          ),
        );
      } else reject(new ChannelError(`cannot reach the Solidus window at ${path}: ${error.message}`));
    });
  });
  socket.write(`${JSON.stringify({ token: token ?? '' })}\n`);
  const answer = await readLine(socket);
  let parsed: { ok?: unknown; error?: unknown } = {};
  try {
    parsed = JSON.parse(answer) as typeof parsed;
  } catch {
    // Not a Solidus window: the message below says so.
  }
  if (parsed.ok === true) return socket;
  socket.destroy();
  throw new ChannelError(
    typeof parsed.error === 'string'
      ? `the Solidus window refused the connection: ${parsed.error}`
      : `${path} did not answer as a Solidus window does`,
  );
}

/** Reads one line and leaves whatever follows it in the socket. */
function readLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(0x0a);
      if (end < 0 && buffered.length <= MAX_HELLO_BYTES) return;
      cleanup();
      if (end < 0) return resolve(buffered.toString('utf8'));
      const rest = buffered.subarray(end + 1);
      if (rest.length) socket.unshift(rest);
      resolve(buffered.subarray(0, end).toString('utf8'));
    };
    const onEnd = () => {
      cleanup();
      buffered.length
        ? resolve(buffered.toString('utf8'))
        : reject(new ChannelError('the Solidus window closed the connection'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new ChannelError(`the connection to the Solidus window failed: ${error.message}`));
    };
    const cleanup = () => {
      socket.pause();
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('error', onError);
    };
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('error', onError);
  });
}

/**
 * Writes the `solidus` command a window's terminals find first on their PATH, so an agent's MCP
 * config can name `solidus mcp` whatever the extension's install folder. It runs the packaged CLI with
 * the editor's own runtime (Electron acts as Node with ELECTRON_RUN_AS_NODE). The folder and the
 * script are their owner's alone. Returns the folder to put on PATH.
 */
export function writeCliShim(
  folder: string,
  runtime: string,
  cli: string,
  platform: NodeJS.Platform = process.platform,
): string {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (platform === 'win32') {
    const script = `@echo off\r\nset ELECTRON_RUN_AS_NODE=1\r\n"${runtime}" "${cli}" %*\r\n`;
    writeFileSync(join(folder, 'solidus.cmd'), script);
    return folder;
  }
  chmodSync(folder, 0o700);
  const file = join(folder, 'solidus');
  const script = `#!/bin/sh\n# Written by the Solidus extension: runs its command line with the editor's runtime.\nELECTRON_RUN_AS_NODE=1 exec ${shellQuote(runtime)} ${shellQuote(cli)} "$@"\n`;
  writeFileSync(file, script, { mode: 0o700 });
  chmodSync(file, 0o700);
  return folder;
}

/** One shell word, whatever the path holds. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The mode bits of a path (for the channel's own checks and its tests). */
export function modeOf(path: string): number {
  return lstatSync(path).mode & 0o777;
}

/**
 * At most `perMinute` plans in any 60 seconds, and one at a time: an agent cannot queue dialogs or
 * wear the user down by asking again and again.
 */
export class PlanLimit {
  private readonly started: number[] = [];
  private busy = false;

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a slot, or says why not; call the returned release when the plan has ended. */
  take(): { ok: true; release: () => void } | { ok: false; reason: string } {
    const now = this.now();
    while (this.started.length && now - this.started[0]! >= 60_000) this.started.shift();
    if (this.busy) return { ok: false, reason: 'another plan from an agent is still running or waiting for the user' };
    if (this.started.length >= this.perMinute) {
      const wait = Math.ceil((60_000 - (now - this.started[0]!)) / 1000);
      return { ok: false, reason: `at most ${this.perMinute} plans a minute; try again in ${wait} s` };
    }
    this.started.push(now);
    this.busy = true;
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.busy = false;
      },
    };
  }
}
