// The esbuild plugin of the web worker bundle: `.web.ts` twins in place of Node-only modules, and no Node built-in.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const builtins = new Set(builtinModules);

/** True for `fs`, `node:fs`, `fs/promises` and every other module Node has built in. */
export function isNodeBuiltin(path) {
  const bare = path.replace(/^node:/, '');
  return path.startsWith('node:') || builtins.has(bare) || builtins.has(bare.split('/')[0]);
}

/**
 * For the web worker host: a relative import of `name` (`./name`, `../name`) takes `name.web.ts` when there is one (the twins of the
 * Node-only modules), and any Node built-in fails the build, so none slips into the browser bundle.
 */
export const webHost = {
  name: 'solidus-web-host',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (isNodeBuiltin(args.path)) {
        return {
          errors: [
            {
              text: `the web extension host has no Node built-ins: ${args.importer} imports "${args.path}"; give the module a .web.ts twin`,
            },
          ],
        };
      }
      if (!args.path.startsWith('./') && !args.path.startsWith('../')) return undefined;
      const twin = join(args.resolveDir, `${args.path}.web.ts`);
      return existsSync(twin) ? { path: twin } : undefined;
    });
  },
};
