// Plain Node's way to the core's .wasm (the CLI, tests, benchmarks): the build output, read with fs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vscode from 'vscode';

/** The core's file name in `dist/core`, where the build puts it and the .vsix carries it. */
export const CORE_WASM = 'solidus_core_bg.wasm';

/** Finds the folder holding the core's `.wasm`: beside a bundle, or the build output. */
function defaultCoreDir(): string {
  const candidates = [
    process.env.SOLIDUS_CORE_DIR,
    join(__dirname, 'core'),
    join(__dirname, '..', 'dist', 'core'),
    join(__dirname, '..', '..', 'dist', 'core'),
  ];
  for (const dir of candidates) {
    if (dir && existsSync(join(dir, CORE_WASM))) return dir;
  }
  throw new Error(`the Solidus core (dist/core/${CORE_WASM}) is missing: run \`npm run build\``);
}

/** The core's bytes, read from the build output. */
export function readCoreWasm(): Uint8Array {
  return readFileSync(join(defaultCoreDir(), CORE_WASM));
}

/**
 * The core's bytes from the installed extension. The Node host reads the file directly: VS Code's file
 * API costs a round trip to the renderer (48 to 552 ms measured) that activation would wait for.
 */
export async function readExtensionCore(extensionUri: vscode.Uri): Promise<Uint8Array> {
  return readFileSync(join(extensionUri.fsPath, 'dist', 'core', CORE_WASM));
}
