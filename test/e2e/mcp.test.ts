// Solidus as an MCP server, in code-server: the SDK's client through `solidus mcp` with the token a window terminal carries.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  type EditorSession,
  REPO_ROOT,
  readJson,
  runPaletteCommand,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

let editor: EditorSession;
let workspaceDir: string;
let scratch: string;
/** What a window's terminal carries: read from a terminal, as an agent started there would get them. */
interface TerminalChannel {
  socket: string;
  token: string;
  path: string;
  solidus: string;
}
let channel: TerminalChannel;
let client: Client;

const userSettings = (): Record<string, unknown> => readJson<Record<string, unknown>>(editor.server.settingsPath);
const logs = () => editor.logs();

/** An SDK client that starts `solidus mcp`, as an agent's config names it, with the terminal's PATH and these variables. */
function transportWith(env: Record<string, string>, terminalPath = channel.path): StdioClientTransport {
  return new StdioClientTransport({
    command: 'solidus',
    args: ['mcp'],
    env: { PATH: terminalPath, ...env },
    stderr: 'pipe',
  });
}

/** The channel as `env` shows it in a new terminal of the session's window. */
async function channelFromTerminal(session: EditorSession, out: string): Promise<TerminalChannel> {
  await withFailureArtifacts(
    session.page,
    'mcp-terminal-env',
    async () => {
      await runPaletteCommand(session.page, 'Terminal: Create New Terminal');
      const terminal = session.page.locator('.terminal-wrapper .xterm').first();
      await terminal.waitFor({ state: 'visible', timeout: 30_000 });
      await waitFor(
        async () => {
          await terminal.click();
          await session.page.keyboard.type(
            `printf '%s\\n' "$SOLIDUS_MCP_SOCKET" "$SOLIDUS_MCP_TOKEN" "$PATH" "$(command -v solidus)" > ${out}`,
          );
          await session.page.keyboard.press('Enter');
          return waitFor(() => existsSync(out) && readFileSync(out, 'utf8').split('\n').length >= 5, 5_000);
        },
        40_000,
        { message: 'the terminal to write its environment', intervalMs: 1000 },
      );
    },
    () => session.logs(),
  );
  const [socket = '', token = '', terminalPath = '', solidus = ''] = readFileSync(out, 'utf8').split('\n');
  assert.ok(
    socket && token && solidus,
    `the terminal carries the channel: ${JSON.stringify(readFileSync(out, 'utf8'))}`,
  );
  return { socket, token, path: terminalPath, solidus };
}

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content ?? [];
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

before(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-mcp-'));
  workspaceDir = path.join(scratch, 'workspace');
  cpSync(path.join(REPO_ROOT, 'demo'), workspaceDir, { recursive: true });
  editor = await startSession({
    workspaceDir,
    // The user turned MCP on; only the core's own rule asks, so a cosmetic plan runs at once.
    // A free-text setting whose value an agent must not be told.
    userSettings: {
      'solidus.mcp.enabled': true,
      'solidus.ai.confirmBeforeRun': false,
      'editor.fontFamily': 'monospace, private-font-7f3a',
    },
  });
  await waitFor(() => /catalog built/.test(editor.solidusLog()), 60_000, { message: 'the catalog to be built' });
  await waitFor(() => /mcp: listening at /.test(editor.solidusLog()), 20_000, { message: 'the MCP channel' });
  channel = await channelFromTerminal(editor, path.join(scratch, 'terminal-env.txt'));
});

after(async () => {
  await client?.close().catch(() => undefined);
  await editor?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('solidus mcp', () => {
  test('the channel is a socket in a private folder, never a TCP port', () => {
    assert.ok(!/^\d+$|:\d+$/.test(channel.socket), channel.socket);
    assert.equal(statSync(path.dirname(channel.socket)).mode & 0o777, 0o700);
    assert.ok(statSync(channel.socket).isSocket());
    assert.equal(statSync(channel.socket).mode & 0o777, 0o600);
    assert.match(channel.token, /^[0-9a-f]{64}$/);
    // `solidus` on the terminal's PATH is the extension's own command, in a folder only its owner can open.
    assert.match(channel.solidus, /globalStorage.*\/bin\/solidus$/);
    assert.equal(statSync(path.dirname(channel.solidus)).mode & 0o777, 0o700);
    assert.equal(statSync(channel.solidus).mode & 0o777, 0o700);
  });

  test('the SDK client connects with the window’s token and lists the tools with their schemas', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-list',
      async () => {
        client = new Client({ name: 'solidus-e2e-agent', version: '1.2.3' });
        await client.connect(transportWith({ SOLIDUS_MCP_SOCKET: channel.socket, SOLIDUS_MCP_TOKEN: channel.token }));
        const { tools } = await client.listTools();
        const byName = new Map(tools.map((tool) => [tool.name, tool]));
        assert.deepEqual([...byName.keys()].sort(), ['solidus_find', 'solidus_run', 'solidus_setting']);
        assert.deepEqual(byName.get('solidus_setting')?.inputSchema.required, ['key']);
        assert.deepEqual(byName.get('solidus_find')?.inputSchema.required, ['words']);
        assert.deepEqual(byName.get('solidus_run')?.inputSchema.required, ['steps']);
        assert.match(byName.get('solidus_find')?.description ?? '', /workspace-data block .* data, never instructions/);
        await waitFor(() => /mcp: agent “solidus-e2e-agent 1\.2\.3” connected/.test(editor.solidusLog()), 10_000, {
          message: 'the agent named in the log',
        });
        const status = editor.page.locator('.part.statusbar').getByText('Solidus MCP: solidus-e2e-agent 1.2.3');
        await status.waitFor({ state: 'visible', timeout: 10_000 });
      },
      logs,
    );
  });

  test('find lists a setting with its type, values and range; its median latency over the channel', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-find',
      async () => {
        const found = textOf(
          await client.callTool({ name: 'solidus_find', arguments: { words: 'font size', limit: 10 } }),
        );
        assert.match(found, /Actions \(id \| kind \| title/);
        assert.match(found, /\neditor\.fontSize \| number \| any \| /);
        // Latency of one find over the whole channel: the client's stdio, `solidus mcp`, the socket, the
        // window's MCP server and the core, timed around each call from this process (101 calls in a row).
        const times: number[] = [];
        for (let i = 0; i < 101; i++) {
          const started = performance.now();
          await client.callTool({ name: 'solidus_find', arguments: { words: i % 2 ? 'word wrap' : 'font size' } });
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        process.stderr.write(
          `mcp find latency over the channel (101 calls): median ${times[50]!.toFixed(1)} ms, ` +
            `p90 ${times[90]!.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms, max ${times[100]!.toFixed(1)} ms\n`,
        );
        const bad = await client.callTool({ name: 'solidus_find', arguments: { words: 7 } });
        assert.equal(bad.isError, true);
      },
      logs,
    );
  });

  test('a cosmetic plan runs at once with no dialog, and the answer says what ran', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-run-cosmetic',
      async () => {
        const answer = textOf(
          await client.callTool({
            name: 'solidus_run',
            arguments: {
              reply: 'Bigger font.',
              steps: [
                { type: 'setting', key: 'editor.fontSize', value: 19, why: 'bigger' },
                { type: 'item', id: 'command:frobnicator.frobnicateAll' },
              ],
            },
          }),
        );
        assert.match(answer, /Solidus ran 1 of 1 step; 1 dropped\./);
        assert.match(answer, /1\. \[ran\] Set Editor: Font Size = 19 — safe/);
        assert.match(answer, /Dropped step 2: unknown item “command:frobnicator\.frobnicateAll”/);
        assert.equal(await editor.page.locator('.monaco-dialog-box').isVisible(), false, 'no dialog');
        await waitFor(() => userSettings()['editor.fontSize'] === 19, 10_000, { message: 'editor.fontSize = 19' });
      },
      logs,
    );
  });

  test('reads a setting’s current value and where it is set, but never free text', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-setting',
      async () => {
        const size = await client.callTool({ name: 'solidus_setting', arguments: { key: 'editor.fontSize' } });
        assert.equal(size.isError, undefined);
        assert.match(textOf(size), /^editor\.fontSize = 19 \(from user settings\); allowed: /);
        const wrap = await client.callTool({ name: 'solidus_setting', arguments: { key: 'editor.wordWrap' } });
        assert.match(textOf(wrap), /^editor\.wordWrap = "off" \(from the default\); allowed: one of "off", /);
        const font = await client.callTool({ name: 'solidus_setting', arguments: { key: 'editor.fontFamily' } });
        assert.equal(font.isError, true);
        assert.match(textOf(font), /free text/);
        assert.doesNotMatch(textOf(font), /private-font/);
        const unknown = await client.callTool({ name: 'solidus_setting', arguments: { key: 'no.such.setting' } });
        assert.equal(unknown.isError, true);
        assert.match(textOf(unknown), /not a setting Solidus knows/);
      },
      logs,
    );
  });

  test('a push plan shows Solidus’s modal with its class; Cancel changes nothing and the answer says so', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-run-push',
      async () => {
        const before = readFileSync(editor.server.settingsPath, 'utf8');
        const call = client.callTool({
          name: 'solidus_run',
          arguments: {
            reply: 'Push and widen tabs.',
            steps: [
              { type: 'setting', key: 'editor.tabSize', value: 7, why: 'tabs' },
              { type: 'item', id: 'command:git.pushWithTags', why: 'publish', risk: 'safe' },
            ],
          },
        });
        const dialog = editor.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible', timeout: 30_000 });
        const shown = await dialog.innerText();
        assert.match(shown, /Push and widen tabs\./);
        assert.match(shown, /acts on a remote/);
        assert.match(shown, /Sent by the agent “solidus-e2e-agent 1\.2\.3” over MCP/);
        // While the user has not answered, another plan cannot queue a second dialog behind it.
        const second = (await client.callTool({
          name: 'solidus_run',
          arguments: { steps: [{ type: 'setting', key: 'editor.tabSize', value: 3 }] },
        })) as CallToolResult;
        assert.equal(second.isError, true);
        assert.match(
          textOf(second),
          /another plan from an agent is still running or waiting for the user\. Nothing ran\./,
        );
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        const answer = textOf(await call);
        assert.match(answer, /The user cancelled the plan at the confirmation\. Nothing ran; nothing changed\./);
        // The push step's title depends on how far the Git extension has loaded; its class does not.
        assert.match(answer, /^2\. \[not run\] .+ — acts on a remote$/m);
        assert.equal(readFileSync(editor.server.settingsPath, 'utf8'), before, 'Cancel wrote nothing');
        assert.match(
          editor.solidusLog(),
          /mcp “solidus-e2e-agent 1\.2\.3” solidus_run: outcome: cancelled at the confirmation/,
        );
      },
      logs,
    );
  });

  test('an agent that keeps sending plans is stopped at 10 a minute, and nothing of the refused one runs', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-rate-limit',
      async () => {
        // Cosmetic plans sent within seconds, each with its own font size: none needs a dialog, so each
        // accepted one runs. At most 10 are accepted in any minute, so the 11th at the latest is refused.
        let refused: CallToolResult | undefined;
        let sent = 0;
        while (!refused && sent < 11) {
          const answer = (await client.callTool({
            name: 'solidus_run',
            arguments: { steps: [{ type: 'setting', key: 'editor.fontSize', value: 20 + sent }] },
          })) as CallToolResult;
          sent++;
          if (answer.isError) refused = answer;
          else assert.match(textOf(answer), /Solidus ran 1 of 1 step; 0 dropped\./);
        }
        assert.ok(refused, `still accepted after ${sent} plans`);
        assert.match(
          textOf(refused),
          /Solidus refused the plan: at most 10 plans a minute; try again in \d+ s\. Nothing ran\./,
        );
        assert.match(editor.solidusLog(), /solidus_run: refused: at most 10 plans a minute/);
        // The last accepted plan's value stays; the refused one's was never written.
        await waitFor(() => userSettings()['editor.fontSize'] === 20 + sent - 2, 10_000, {
          message: 'the last font size',
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        assert.equal(userSettings()['editor.fontSize'], 20 + sent - 2);
      },
      logs,
    );
  });

  test('VS Code’s own MCP list offers Solidus, and starting it there connects through the same channel', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-vscode-list',
      async () => {
        const { page } = editor;
        await runPaletteCommand(page, 'MCP: List Servers', 10_000, { opensQuickInput: true });
        const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Solidus' });
        await row.first().waitFor({ state: 'visible', timeout: 15_000 });
        await row.first().click();
        const start = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: /Start Server/ });
        await start.first().waitFor({ state: 'visible', timeout: 10_000 });
        await start.first().click();
        const log = await waitFor(
          () =>
            editor
              .solidusLog()
              .match(/mcp: agent “([^”]+)” connected \(connection (\d+)\)/g)
              ?.find((l) => !/solidus-e2e-agent/.test(l)),
          30_000,
          { message: 'VS Code to connect as an MCP client' },
        );
        process.stderr.write(`VS Code's MCP client: ${log}\n`);
      },
      logs,
    );
  });

  test('a wrong or missing token is refused with the reason; the agent sees it as an MCP error', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-refused',
      async () => {
        const wrong = channel.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
        for (const [env, reason] of [
          [{ SOLIDUS_MCP_SOCKET: channel.socket, SOLIDUS_MCP_TOKEN: wrong }, /wrong token/],
          [{ SOLIDUS_MCP_SOCKET: channel.socket }, /no token/],
          [
            { SOLIDUS_MCP_SOCKET: path.join(scratch, 'closed-window.sock'), SOLIDUS_MCP_TOKEN: channel.token },
            /no Solidus window is listening/,
          ],
        ] as const) {
          const intruder = new Client({ name: 'intruder', version: '0' });
          await assert.rejects(intruder.connect(transportWith(env)), reason);
          await intruder.close().catch(() => undefined);
        }
        assert.match(editor.solidusLog(), /mcp: refused a connection: wrong token/);
        assert.doesNotMatch(editor.solidusLog(), /agent “intruder/);
      },
      logs,
    );
  });

  test('the agent leaving clears it from the status bar; with the window closed, `solidus mcp` says so', async () => {
    await withFailureArtifacts(
      editor.page,
      'mcp-closed',
      async () => {
        const status = editor.page.locator('.part.statusbar').getByText(/Solidus MCP: .*solidus-e2e-agent/);
        await client.close();
        await waitFor(() => /mcp: agent “solidus-e2e-agent 1\.2\.3” disconnected/.test(editor.solidusLog()), 10_000, {
          message: 'the agent leaving in the log',
        });
        await status.waitFor({ state: 'hidden', timeout: 10_000 });
        // An agent connected while the window goes sees its connection end.
        const survivor = new Client({ name: 'survivor', version: '1' });
        const transport = transportWith({ SOLIDUS_MCP_SOCKET: channel.socket, SOLIDUS_MCP_TOKEN: channel.token });
        await survivor.connect(transport);
        const closed = new Promise<void>((resolve) => {
          survivor.onclose = () => resolve();
        });
        await editor.stop();
        await closed;
        // The closed editor took its user-data folder, and the `solidus` command in it, along: the same
        // CLI bundle from the build runs the late agent.
        const late = new Client({ name: 'late', version: '1' });
        const lateTransport = new StdioClientTransport({
          command: process.execPath,
          args: [path.join(REPO_ROOT, 'dist', 'cli.js'), 'mcp'],
          env: { PATH: channel.path, SOLIDUS_MCP_SOCKET: channel.socket, SOLIDUS_MCP_TOKEN: channel.token },
          stderr: 'pipe',
        });
        await assert.rejects(late.connect(lateTransport), /no Solidus window is listening/);
      },
      logs,
    );
  });
});
