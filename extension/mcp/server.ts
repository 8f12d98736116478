// Solidus as an MCP server in the window: its tools for terminal agents and VS Code's own, behind the same guard as /do.
import type { Server as NetServer, Socket } from 'node:net';
import { delimiter, join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import type { Context } from '../ctx';
import { findForAgent, readSettingForAgent, runForAgent } from '../do/tools';
import {
  type ChannelPlace,
  closeChannel,
  listenChannel,
  newChannelPlace,
  newToken,
  PlanLimit,
  SOCKET_ENV,
  TOKEN_ENV,
  writeCliShim,
} from './channel';

/** Plans an agent may start in any 60 seconds, for all of this window's MCP agents together. */
const MCP_PLANS_PER_MINUTE = 10;
/** The id package.json's `mcpServerDefinitionProviders` declares. */
const PROVIDER_ID = 'solidus.mcp';

/** One tool as package.json's `languageModelTools` declares it: the one description both kinds of agent read. */
interface DeclaredTool {
  name: string;
  displayName?: string;
  modelDescription: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[] };
}

/** One connected agent, named by what its MCP client said in `initialize` (its own claim, shown to the user). */
interface Connection {
  id: number;
  agent: string;
  socket: Socket;
  server: Server;
}

/**
 * Listens for terminal agents while `solidus.mcp.enabled` is on: a private socket and a fresh token per
 * window, both handed to the window's terminals; names each connected agent in the log and the status
 * bar; limits how often agents may start plans; offers the same server to VS Code's MCP list.
 */
export class McpService implements vscode.Disposable {
  private place: ChannelPlace | undefined;
  private listener: NetServer | undefined;
  private token = '';
  private readonly connections = new Map<number, Connection>();
  private nextId = 0;
  private readonly limit = new PlanLimit(MCP_PLANS_PER_MINUTE);
  private readonly status: vscode.StatusBarItem;
  private readonly definitionsChanged = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [];
  private applying: Promise<void> = Promise.resolve();

  constructor(private readonly ctx: Context) {
    this.status = vscode.window.createStatusBarItem('solidus.mcp', vscode.StatusBarAlignment.Right, 100);
    this.status.name = 'Solidus MCP agents';
    this.status.command = 'solidus.showLog';
    this.disposables.push(this.status, this.definitionsChanged);
    // Terminals get the values of this window only, and never a stale token after a reload.
    ctx.extension.environmentVariableCollection.persistent = false;
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('solidus.mcp.enabled')) this.apply();
      }),
    );
    this.registerDefinitionProvider();
    this.apply();
  }

  /** Whether a window is listening (for the definition provider). */
  get listening(): boolean {
    return this.listener !== undefined;
  }

  /** Starts or stops listening to match the setting; one change at a time. */
  private apply(): void {
    this.applying = this.applying.then(async () => {
      const wanted = this.ctx.config.mcpEnabled;
      if (wanted && !this.listener) await this.start();
      else if (!wanted && this.listener) this.stop('solidus.mcp.enabled was turned off');
    });
  }

  private async start(): Promise<void> {
    let place: ChannelPlace | undefined;
    try {
      place = newChannelPlace();
      const token = newToken();
      this.listener = await listenChannel(place, token, (socket) => void this.accept(socket), this.log);
      this.place = place;
      this.token = token;
      const env = this.ctx.extension.environmentVariableCollection;
      env.description = 'Lets agents started in this terminal reach Solidus with `solidus mcp`.';
      env.replace(SOCKET_ENV, place.path);
      env.replace(TOKEN_ENV, token);
      try {
        // `solidus mcp` on the terminals' PATH, so an agent's config can name it wherever the extension lives.
        const bin = writeCliShim(join(this.ctx.extension.globalStorageUri.fsPath, 'bin'), process.execPath, this.cli);
        env.prepend('PATH', `${bin}${delimiter}`);
      } catch (error) {
        this.ctx.log.warn(
          `mcp: cannot write the solidus command: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      this.log(`mcp: listening at ${place.path}; terminals opened from now on carry ${SOCKET_ENV} and ${TOKEN_ENV}`);
      this.definitionsChanged.fire();
    } catch (error) {
      this.ctx.log.error(`mcp: cannot listen: ${error instanceof Error ? error.message : String(error)}`);
      // Nothing half-made stays behind: no socket folder, no variables for the terminals.
      if (!this.listener) closeChannel(undefined, place);
    }
  }

  private stop(reason: string): void {
    for (const connection of this.connections.values()) connection.socket.destroy();
    this.connections.clear();
    this.ctx.extension.environmentVariableCollection.delete(SOCKET_ENV);
    this.ctx.extension.environmentVariableCollection.delete(TOKEN_ENV);
    this.ctx.extension.environmentVariableCollection.delete('PATH');
    closeChannel(this.listener, this.place);
    this.listener = undefined;
    this.place = undefined;
    this.token = '';
    this.log(`mcp: stopped listening (${reason})`);
    this.showAgents();
    this.definitionsChanged.fire();
  }

  /** An agent whose token checked out: its own MCP server over the socket. */
  private async accept(socket: Socket): Promise<void> {
    const connection: Connection = {
      id: ++this.nextId,
      agent: 'an agent',
      socket,
      server: this.newServer(() => connection),
    };
    this.connections.set(connection.id, connection);
    connection.server.oninitialized = () => {
      const client = connection.server.getClientVersion();
      // The client's own name, kept to one visible line: it is the agent's claim, not an identity.
      const name = `${client?.name ?? 'unnamed client'}${client?.version ? ` ${client.version}` : ''}`;
      connection.agent = this.ctx.core.hiddenText(name.replace(/\s+/g, ' ').slice(0, 80)).shown;
      this.log(`mcp: agent “${connection.agent}” connected (connection ${connection.id})`);
      this.showAgents();
    };
    socket.on('close', () => {
      if (!this.connections.delete(connection.id)) return;
      void connection.server.close().catch(() => undefined);
      this.log(`mcp: agent “${connection.agent}” disconnected (connection ${connection.id})`);
      this.showAgents();
    });
    socket.on('error', () => socket.destroy());
    try {
      await connection.server.connect(new StdioServerTransport(socket, socket));
      socket.resume();
    } catch (error) {
      this.ctx.log.error(
        `mcp: connection ${connection.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      socket.destroy();
    }
  }

  private newServer(connection: () => Connection): Server {
    const server = new Server(
      { name: 'solidus', title: 'Solidus', version: String(this.ctx.extension.extension.packageJSON.version ?? '0') },
      {
        capabilities: { tools: {} },
        instructions:
          'Solidus runs VS Code actions for you through its guard. Find ids and setting keys with solidus_find, ' +
          'then send a plan with solidus_run; plans that can do harm are shown to the user in VS Code first.',
      },
    );
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: declaredTools(this.ctx).map((tool) => ({
        name: tool.name,
        title: tool.displayName,
        description: tool.modelDescription,
        inputSchema: tool.inputSchema,
        annotations:
          tool.name !== 'solidus_run'
            ? { readOnlyHint: true, openWorldHint: false }
            : { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      })),
    }));
    server.setRequestHandler(CallToolRequestSchema, (request) =>
      this.call(connection(), request.params.name, request.params.arguments ?? {}),
    );
    return server;
  }

  private async call(connection: Connection, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const who = `mcp “${connection.agent}” ${name}`;
    switch (name) {
      case 'solidus_find':
        if (typeof args.words !== 'string') return failure('solidus_find needs "words", a string.');
        return success(await findForAgent(this.ctx, args, who));
      case 'solidus_setting': {
        const read = await readSettingForAgent(this.ctx, args, who);
        return read.ok ? success(read.text) : failure(read.text);
      }
      case 'solidus_run': {
        const slot = this.limit.take();
        if (!slot.ok) {
          this.log(`${who}: refused: ${slot.reason}`);
          return failure(`Solidus refused the plan: ${slot.reason}. Nothing ran.`);
        }
        try {
          // The dialog says which agent sent the plan, by the name its MCP client gave itself.
          const from = `Sent by the agent “${connection.agent}” over MCP (the name is the agent's own).`;
          return success(await runForAgent(this.ctx, args, { who, shownAlready: false, from }));
        } finally {
          slot.release();
        }
      }
      default:
        return failure(`Solidus has no tool “${name}”.`);
    }
  }

  /** The status bar names every connected agent while any is connected. */
  private showAgents(): void {
    const names = [...this.connections.values()].map((c) => c.agent);
    if (!names.length) {
      this.status.hide();
      return;
    }
    this.status.text = `$(plug) Solidus MCP: ${names.join(', ')}`;
    this.status.tooltip = `Agents connected to Solidus over MCP: ${names.join(', ')}. Their plans go through Solidus's checks and dialogs. Click for the log.`;
    this.status.show();
  }

  /** VS Code's own agents get the same server in their MCP list, where the user can switch it off. */
  private registerDefinitionProvider(): void {
    // Hosts before the MCP provider API (or without it) simply do not list the server.
    if (typeof vscode.lm?.registerMcpServerDefinitionProvider !== 'function') return;
    const cli = this.cli;
    const version = String(this.ctx.extension.extension.packageJSON.version ?? '0');
    this.disposables.push(
      vscode.lm.registerMcpServerDefinitionProvider(PROVIDER_ID, {
        onDidChangeMcpServerDefinitions: this.definitionsChanged.event,
        provideMcpServerDefinitions: () =>
          this.listening
            ? // The extension host's own runtime runs the bridge (Electron needs ELECTRON_RUN_AS_NODE to act as Node).
              [
                new vscode.McpStdioServerDefinition(
                  'Solidus',
                  process.execPath,
                  [cli, 'mcp'],
                  { ELECTRON_RUN_AS_NODE: '1' },
                  version,
                ),
              ]
            : [],
        // The token is handed over only when VS Code starts the server, never kept in its list.
        resolveMcpServerDefinition: (definition) => {
          if (!this.place || !(definition instanceof vscode.McpStdioServerDefinition)) return definition;
          definition.env = { ...definition.env, [SOCKET_ENV]: this.place.path, [TOKEN_ENV]: this.token };
          return definition;
        },
      }),
    );
  }

  private readonly log = (line: string): void => this.ctx.log.info(line);

  /** The packaged command line, which holds `solidus mcp`. */
  private get cli(): string {
    return join(this.ctx.extension.extensionPath, 'dist', 'cli.js');
  }

  dispose(): void {
    if (this.listener) this.stop('the window is closing');
    for (const item of this.disposables.splice(0)) item.dispose();
  }
}

/** The tools package.json declares for VS Code's agents, served unchanged to MCP agents. */
function declaredTools(ctx: Context): DeclaredTool[] {
  const declared = ctx.extension.extension.packageJSON?.contributes?.languageModelTools;
  return Array.isArray(declared) ? (declared as DeclaredTool[]) : [];
}

function success(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

function failure(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
