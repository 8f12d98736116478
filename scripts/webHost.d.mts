// Types for scripts/webHost.mjs, so TypeScript tests import it with full checking.
import type { Plugin } from 'esbuild';

/** True for `fs`, `node:fs`, `fs/promises` and every other module Node has built in. */
export declare function isNodeBuiltin(path: string): boolean;
/** The web worker bundle's plugin: `.web.ts` twins in place of Node-only modules, and no Node built-in. */
export declare const webHost: Plugin;
