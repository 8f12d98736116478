// Compile-time check that each web twin (`*.web.ts`, swapped in by the browser bundle) fits its Node module.
import type * as CoreFile from './coreFile';
import type * as CoreFileWeb from './coreFile.web';
import type * as Platform from './platform';
import type * as PlatformWeb from './platform.web';
import type * as SlashFiles from './slash/files';
import type * as SlashFilesWeb from './slash/files.web';

/** Fails to compile unless `Web` can stand wherever the code expects `Node`. */
type Fits<Web extends Node, Node> = [Web, Node];

export type Twins = [
  Fits<Pick<typeof CoreFileWeb, keyof typeof CoreFile>, typeof CoreFile>,
  Fits<Pick<typeof PlatformWeb, keyof typeof Platform>, typeof Platform>,
  Fits<Pick<typeof SlashFilesWeb, keyof typeof SlashFiles>, typeof SlashFiles>,
];

// mcp/server.web.ts stands in for a class with private state, which no structural check can compare;
// extension.ts only constructs it with the context and disposes it, and both bundles compile that call.
