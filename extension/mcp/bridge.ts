// `solidus mcp`: MCP on stdio for a terminal agent, carried to the running window over its private channel.
import type { Socket } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { ChannelError, openChannel } from './channel';

/** The JSON-RPC error code the refusal answers with (the implementation-defined server error range). */
const REFUSED = -32001;
/** How long a refused bridge waits for the agent's first request before it just exits. */
const REFUSAL_WAIT_MS = 10_000;

export interface BridgeIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
}

/**
 * Connects to the window named by the terminal's environment and then copies bytes both ways: the
 * window's MCP server does all the talking. When the window refuses (or is gone), the agent's first
 * request is answered with an MCP error saying why, so the agent shows the reason, and it exits 1.
 * Resolves with the exit code.
 */
export async function runMcpBridge(io: BridgeIo): Promise<number> {
  let socket: Socket;
  try {
    socket = await openChannel(io.env);
  } catch (error) {
    const message = `Solidus: ${error instanceof ChannelError ? error.message : String(error)}`;
    io.stderr.write(`solidus mcp: ${message}\n`);
    await answerWithRefusal(io, message);
    return 1;
  }
  return new Promise<number>((resolve) => {
    let agentLeft = false;
    io.stdin.on('end', () => {
      agentLeft = true;
      socket.end();
    });
    socket.on('error', (error) => io.stderr.write(`solidus mcp: ${error.message}\n`));
    socket.on('close', () => {
      if (!agentLeft) io.stderr.write('solidus mcp: the Solidus window closed the connection (closed or reloaded)\n');
      resolve(agentLeft ? 0 : 1);
    });
    io.stdin.pipe(socket);
    socket.pipe(io.stdout, { end: false });
    socket.resume();
  });
}

/** Answers the first request that comes with the refusal, through the SDK's own stdio framing. */
async function answerWithRefusal(io: BridgeIo, message: string): Promise<void> {
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REFUSAL_WAIT_MS);
    io.stdin.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    transport.onmessage = (incoming) => {
      if (!isJSONRPCRequest(incoming)) return;
      clearTimeout(timer);
      void transport
        .send({ jsonrpc: '2.0', id: incoming.id, error: { code: REFUSED, message } })
        .finally(() => resolve());
    };
    void transport.start();
  });
  await transport.close();
}
