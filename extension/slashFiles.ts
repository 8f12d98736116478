// Lists and reads the files a slash-command search plan names; the core decides what they are.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { SlashCandidateFile, SlashListedFile, SlashSearchPlan, SlashSearchRequest } from './core';

/** Files larger than this are not read; the core reports them as skipped. */
export const MAX_COMMAND_FILE_BYTES = 1024 * 1024;

/** True when `path` is `dir` or lies below it (both absolute). */
export function isInside(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** A path's real path (links followed), or the path itself when it cannot be resolved. */
async function realOr(path: string): Promise<string> {
  try {
    return await fs.realpath(path);
  } catch {
    return path;
  }
}

type SearchFolder = SlashSearchPlan['folders'][number];

/**
 * Decides, for one folder of the plan, whether a file or folder whose real path is `real` (reached
 * as `nominal`) lies where the core says the folder may not reach: outside `within`, or, through
 * a link, inside one of `notWithin`. Real paths of those folders are resolved once.
 */
async function confinement(folder: SearchFolder): Promise<(nominal: string, real: string) => boolean> {
  const within = folder.within ? await realOr(folder.within) : undefined;
  const notWithin = await Promise.all((folder.notWithin ?? []).map(async (dir) => ({ dir, real: await realOr(dir) })));
  return (nominal, real) =>
    (within !== undefined && !isInside(within, real)) ||
    notWithin.some(({ dir, real: realDir }) => isInside(realDir, real) && !isInside(dir, nominal));
}

/**
 * Walks every folder of the plan in order, down to its depth, and reads the files whose path
 * ends with the folder's suffix. Unreadable files, oversized files and symlink loops become
 * `readError`s rather than failures, so one bad file never hides the others. A file or folder whose
 * real path lies where the folder may not reach is passed with `outside` set and is never read.
 */
export async function collectSlashFiles(plan: SlashSearchPlan): Promise<SlashCandidateFile[]> {
  const files: SlashCandidateFile[] = [];
  for (const folder of plan.folders) {
    const seen = new Set<string>();
    const escapes = await confinement(folder);
    const walk = async (dir: string, depth: number): Promise<void> => {
      let real: string;
      try {
        real = await fs.realpath(dir);
      } catch {
        return; // The folder does not exist: nothing to list.
      }
      if (escapes(dir, real)) {
        // Not even listed: the folder's names and files belong to another place.
        files.push(candidate(folder, dir, { outside: real }));
        return;
      }
      if (seen.has(real)) return; // A symlink loop.
      seen.add(real);
      let entries: import('node:fs').Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        const full = join(dir, entry.name);
        let isDir = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          try {
            const stat = await fs.stat(full);
            isDir = stat.isDirectory();
            isFile = stat.isFile();
          } catch (error) {
            if (full.endsWith(folder.suffix)) files.push(candidate(folder, full, { readError: describe(error) }));
            continue;
          }
          if (isFile) {
            const target = await realOr(full);
            if (escapes(full, target)) {
              if (full.endsWith(folder.suffix)) files.push(candidate(folder, full, { outside: target }));
              continue;
            }
          }
        }
        if (isDir) {
          if (depth < folder.maxDepth) await walk(full, depth + 1);
          continue;
        }
        if (!isFile || !full.endsWith(folder.suffix)) continue;
        files.push(candidate(folder, full, await readText(full)));
      }
    };
    await walk(folder.dir, 1);
  }
  return files;
}

/**
 * Asks the core where to look, reads the files it names in the user's home (the Claude plugin list
 * and settings, Gemini's extension enablement) and lists the folders it names (Gemini's extensions),
 * then asks again with what was found. Only paths the core derived from the home folder are read,
 * never one a workspace names.
 */
export async function planSlashSearch(
  plan: (request: SlashSearchRequest) => SlashSearchPlan,
  request: SlashSearchRequest,
): Promise<SlashSearchPlan> {
  const first = plan(request);
  if (!first.manifests.length && !first.listings.length) return first;
  const manifests: Record<string, string> = {};
  for (const path of first.manifests) {
    const text = await readSmall(path);
    if (text !== undefined) manifests[path] = text;
  }
  const listed: SlashListedFile[] = [];
  for (const listing of first.listings) {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(listing.dir, { withFileTypes: true });
    } catch {
      continue; // Nothing installed.
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const dir = join(listing.dir, entry.name);
      if (!entry.isDirectory() && !(entry.isSymbolicLink() && (await isDirectory(dir)))) continue;
      listed.push({ listing: listing.dir, dir, text: (await readSmall(join(dir, listing.file))) ?? null });
    }
  }
  if (!Object.keys(manifests).length && !listed.length) return first;
  return plan({ ...request, manifests, listed });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** A small configuration file's text; missing, unreadable or oversized files give nothing. */
async function readSmall(path: string): Promise<string | undefined> {
  const read = await readText(path);
  return read.text;
}

/**
 * The tools' own folders named by environment variables, read from the editor's process environment
 * only: a workspace's `.env` or settings never choose where the user's commands come from.
 */
export function toolHomes(env: NodeJS.ProcessEnv = process.env): { codexHome?: string } {
  const codexHome = env.CODEX_HOME?.trim();
  return codexHome ? { codexHome } : {};
}

/** `git check-ignore` must answer quickly; a slow or missing git marks nothing. */
const GIT_TIMEOUT_MS = 5_000;

/**
 * Marks the project files that the repository's ignore rules exclude (`gitignored`), so the core
 * skips them as the tools do. One `git check-ignore` per command folder; without git, outside a
 * repository or on any error nothing is marked.
 */
export async function markGitignored(files: SlashCandidateFile[]): Promise<void> {
  const byRoot = new Map<string, SlashCandidateFile[]>();
  for (const file of files) {
    if (file.scope !== 'project') continue;
    byRoot.set(file.root, [...(byRoot.get(file.root) ?? []), file]);
  }
  await Promise.all(
    [...byRoot].map(async ([root, list]) => {
      const ignored = await checkIgnore(
        root,
        list.map((f) => f.path),
      );
      for (const file of list) if (ignored.has(file.path)) file.gitignored = true;
    }),
  );
}

function checkIgnore(cwd: string, paths: string[]): Promise<Set<string>> {
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      ['check-ignore', '-z', '--stdin'],
      { cwd, timeout: GIT_TIMEOUT_MS, encoding: 'utf8' },
      (error, stdout) => {
        // Exit code 1 means "nothing ignored"; 128 means not a repository. Either way stdout lists what is.
        if (error && typeof error.code !== 'number') return resolve(new Set());
        resolve(new Set(stdout.split('\0').filter(Boolean)));
      },
    );
    child.on('error', () => resolve(new Set()));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(`${paths.join('\0')}\0`);
  });
}

function candidate(
  folder: SlashSearchPlan['folders'][number],
  full: string,
  content: { text?: string; readError?: string; outside?: string },
): SlashCandidateFile {
  return {
    provider: folder.provider,
    scope: folder.scope,
    root: folder.dir,
    path: relative(folder.dir, full).split(sep).join('/') || '.',
    ...(folder.namespace ? { namespace: folder.namespace } : {}),
    ...content,
  };
}

async function readText(path: string): Promise<{ text?: string; readError?: string }> {
  try {
    const stat = await fs.stat(path);
    if (stat.size > MAX_COMMAND_FILE_BYTES) {
      return { readError: `file is ${stat.size} bytes, over the ${MAX_COMMAND_FILE_BYTES}-byte limit` };
    }
    return { text: await fs.readFile(path, 'utf8') };
  } catch (error) {
    return { readError: describe(error) };
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: string })?.code;
  return code ? `cannot read: ${code}` : `cannot read: ${String(error)}`;
}
