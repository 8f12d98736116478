// The `solidus` command line: the same wasm core as the extension, driven from a shell, JSON out.
import { existsSync, readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { join } from 'node:path';
import { type CatalogSources, CoreHost, type ItemSummary } from './core';
import { collectSlashFiles, planSlashSearch, toolHomes } from './slashFiles';

const USAGE = `usage:
  solidus catalog   (--vscode <dir> | --snapshot <file>)
  solidus rank      (--vscode <dir> | --snapshot <file>) [--mode all|any] [--limit N] [--related on|off] <query>
  solidus shortlist (--vscode <dir> | --snapshot <file>) [--limit N] (<request> | --requests <file.jsonl>)
  solidus prompt    (--vscode <dir> | --snapshot <file>) [--limit N] <request>
  solidus validate  (--vscode <dir> | --snapshot <file>) --plan <file | ->
  solidus slash list   --root <project> [--home <home>]
  solidus slash expand --root <project> [--home <home>] "<typed text>"

--vscode takes a folder of raw VS Code documents (like shared/fixtures/vscode-1.139.1);
--snapshot takes a file written by "Solidus: Export Catalog Snapshot".
rank prints the rows the popup shows for the typed text (its default limit is the popup's, 50), the
request ranker's related rows included, marked "related": true; --related off leaves them out.`;

/** File names in a `--vscode` folder, by catalog source. */
const FIXTURE_FILES: [keyof CatalogSources, string][] = [
  ['keybindingsSchema', 'keybindings-schema.json'],
  ['defaultSettings', 'default-settings.jsonc'],
  ['resourceLanguageSchema', 'resource-language-settings-schema.json'],
  ['defaultKeybindings', 'default-keybindings.jsonc'],
  ['extensions', 'extensions.json'],
  ['registeredCommands', 'registered-commands.json'],
];

/** The popup's default `solidus.popup.maxResults`. */
const POPUP_LIMIT = 50;

class UsageError extends Error {}

interface Parsed {
  command: string;
  flags: Map<string, string>;
  positional: string[];
}

function parseArgs(argv: string[]): Parsed {
  const [command = '', ...rest] = argv;
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--') {
      positional.push(...rest.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const value = rest[i + 1];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      i++;
    } else {
      positional.push(arg);
    }
  }
  return { command, flags, positional };
}

/** Reads catalog sources from a fixture folder or a snapshot file. */
export function loadSources(flags: Map<string, string>): CatalogSources {
  const dir = flags.get('vscode');
  const snapshot = flags.get('snapshot');
  if (dir) {
    if (!existsSync(dir)) throw new UsageError(`no such folder: ${dir}`);
    const sources: CatalogSources = {};
    for (const [field, file] of FIXTURE_FILES) {
      const path = join(dir, file);
      if (existsSync(path)) sources[field] = readFileSync(path, 'utf8');
    }
    return sources;
  }
  if (snapshot) {
    const parsed = JSON.parse(readFileSync(snapshot, 'utf8')) as { solidusSnapshot?: number; sources?: CatalogSources };
    if (parsed.solidusSnapshot !== 1 || typeof parsed.sources !== 'object' || parsed.sources === null) {
      throw new UsageError(`${snapshot} is not a Solidus catalog snapshot`);
    }
    return parsed.sources;
  }
  throw new UsageError('give --vscode <dir> or --snapshot <file>');
}

function limitOf(flags: Map<string, string>, fallback: number): number {
  const text = flags.get('limit');
  if (text === undefined) return fallback;
  const limit = Number(text);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a positive whole number, not ${text}`);
  return limit;
}

/** The fields every listed item carries. */
function brief(item: ItemSummary): Record<string, unknown> {
  const out: Record<string, unknown> = { id: item.id, kind: item.kind, title: item.title };
  if (item.command) out.command = item.command;
  if (item.key) out.key = item.key;
  return out;
}

/** A /do shortlist: the request ranked in `any` mode. */
export function shortlist(core: CoreHost, request: string, limit: number): ItemSummary[] {
  return core.rank({ query: request, limit, mode: 'any', full: true }).results.map((r) => r.item);
}

/** Finds, reads and discovers the slash commands of a project and a home folder. */
async function slashCommand(core: CoreHost, args: Parsed): Promise<number> {
  const [sub, ...rest] = args.positional;
  const root = args.flags.get('root');
  if (!root) throw new UsageError('give --root <project>');
  if (!existsSync(root)) throw new UsageError(`no such folder: ${root}`);
  const home = args.flags.get('home');
  // The same plan as the editor's, plugin list and extensions included.
  const plan = await planSlashSearch((request) => core.slashSearchFolders(request), {
    projectRoots: [root],
    home,
    trusted: true,
    ...toolHomes(),
  });
  const files = await collectSlashFiles(plan);
  // Slash commands are catalog items; an empty catalog is enough to hold them.
  if (!core.ready) core.build({});
  const discovery = core.setSlash({ files, trusted: true });
  const out = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
  if (sub === 'list') {
    const { commands, skipped, warnings } = discovery;
    out({
      commands: commands.map(({ body: _body, ...command }) => command),
      skipped,
      warnings: [...plan.warnings.map((message) => ({ message })), ...warnings],
    });
    return 0;
  }
  if (sub === 'expand') {
    const text = rest.join(' ');
    if (!text.trim().startsWith('/')) throw new UsageError('give the typed text, starting with /');
    out(core.expandSlash({ text }));
    return 0;
  }
  throw new UsageError(`unknown slash command ${sub ?? ''}: use list or expand`);
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (!args.command || args.command === 'help' || args.command === '--help') {
    process.stdout.write(`${USAGE}\n`);
    return args.command ? 0 : 2;
  }
  if (args.command === 'slash') {
    return slashCommand(new CoreHost((message) => process.stderr.write(`core panic: ${message}\n`)), args);
  }
  const core = new CoreHost((message) => process.stderr.write(`core panic: ${message}\n`));
  const { stats, warnings } = core.build(loadSources(args.flags));
  const out = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value)}\n`);
  switch (args.command) {
    case 'catalog':
      out({ ...stats, warnings });
      return 0;
    case 'rank': {
      const mode = args.flags.get('mode') ?? 'all';
      if (mode !== 'all' && mode !== 'any') throw new UsageError(`--mode must be all or any, not ${mode}`);
      const related = args.flags.get('related') ?? 'on';
      if (related !== 'on' && related !== 'off') throw new UsageError(`--related must be on or off, not ${related}`);
      const query = args.positional.join(' ');
      // The popup's own call (extension/popup.ts sendResults): same limit by default, same mode, related rows on.
      const result = core.rank({
        query,
        limit: limitOf(args.flags, POPUP_LIMIT),
        mode,
        full: true,
        related: related === 'on',
      });
      out({
        query,
        mode,
        results: result.results.map((r) => ({
          ...brief(r.item),
          score: r.score,
          highlights: r.highlights,
          ...(r.related ? { related: true } : {}),
        })),
      });
      return 0;
    }
    case 'shortlist': {
      const limit = limitOf(args.flags, 60);
      const file = args.flags.get('requests');
      if (file) {
        for (const [n, line] of readFileSync(file, 'utf8').split('\n').entries()) {
          if (!line.trim()) continue;
          let entry: { request?: unknown; expect?: unknown };
          try {
            entry = JSON.parse(line) as typeof entry;
          } catch {
            throw new UsageError(`${file}:${n + 1}: not a JSON line`);
          }
          if (typeof entry.request !== 'string') throw new UsageError(`${file}:${n + 1}: no "request" string`);
          const items = shortlist(core, entry.request, limit);
          const result: Record<string, unknown> = { request: entry.request, items: items.map(brief) };
          if (Array.isArray(entry.expect)) {
            const names = new Set(items.flatMap((i) => [i.command, i.key]).filter(Boolean));
            const missing = (entry.expect as unknown[][]).filter(
              (group) => !group.some((name) => names.has(String(name))),
            );
            result.covered = missing.length === 0;
            result.missing = missing;
          }
          out(result);
        }
        return 0;
      }
      const request = args.positional.join(' ');
      if (!request.trim()) throw new UsageError('give a request or --requests <file.jsonl>');
      out({ request, items: shortlist(core, request, limit).map(brief) });
      return 0;
    }
    case 'prompt': {
      const request = args.positional.join(' ');
      const context = { os: platform(), textSelected: false, stack: [] };
      const prepared = core.prepareDo({ request, context, limit: limitOf(args.flags, 60) });
      if (!prepared.ok) throw new UsageError(prepared.message);
      out({ system: prepared.prompt.system, user: prepared.prompt.user, shortlist: prepared.shortlist });
      return 0;
    }
    case 'validate': {
      const plan = args.flags.get('plan');
      if (!plan) throw new UsageError('give --plan <file> or --plan - for standard input');
      const text = readFileSync(plan === '-' ? 0 : plan, 'utf8');
      const checked = core.checkPlan(text);
      if (!checked.ok) {
        out({ error: { code: checked.code, message: checked.message } });
        return 1;
      }
      const { reply, steps, dropped, cut, mustConfirm, outcome } = checked.plan;
      out({ reply, steps, dropped, cut, mustConfirm, outcome });
      return 0;
    }
    default:
      throw new UsageError(`unknown command ${args.command}`);
  }
}

if (require.main === module) {
  // A reader that stops early (`solidus rank … | head -1`) closes the pipe; the next write fails with
  // EPIPE. Like other Unix tools, stop there quietly and successfully instead of printing a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`solidus: ${error.message}\n\n${USAGE}\n`);
        process.exitCode = 2;
      } else {
        process.stderr.write(`solidus: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      }
    },
  );
}
