// The web worker host's twin of server.ts: no MCP server there, since its channel is a local socket the
// browser cannot open and no terminal agent runs beside a web page. The setting says so in the log.
import type * as vscode from 'vscode';
import type { Context } from '../ctx';

/** Stands where the MCP service would: says once, when the setting is on, why agents cannot connect here. */
export class McpService implements vscode.Disposable {
  constructor(ctx: Context) {
    if (ctx.config.mcpEnabled)
      ctx.log.info('mcp: not available in the web worker extension host (no local socket, no terminal agents)');
  }

  dispose(): void {}
}
