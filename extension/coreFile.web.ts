// The web worker host's stand-in for coreFile.ts: there is no file system to read the core from by path.
import * as vscode from 'vscode';

/** The core's file name in `dist/core`, where the build puts it and the .vsix carries it. */
export const CORE_WASM = 'solidus_core_bg.wasm';

/** Never called in the web host, which reads the core through VS Code's file API and passes the bytes. */
export function readCoreWasm(): Uint8Array {
  throw new Error('the web extension host passes the core’s bytes to CoreHost');
}

/** The core's bytes from the installed extension, through VS Code's file API (the only way in a web worker). */
export async function readExtensionCore(extensionUri: vscode.Uri): Promise<Uint8Array> {
  return vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'core', CORE_WASM));
}
