// The web worker host's twin of slashFiles.ts: lists and reads slash-command files through VS Code's file API.
// The browser bundle takes this module in place of slashFiles.ts (scripts/build.mjs), so both export the same names.
import * as vscode from 'vscode';
import type { SlashCandidateFile, SlashSearchPlan, SlashSearchRequest } from '../core';

/** Files larger than this are not read; the core reports them as skipped. */
export const MAX_COMMAND_FILE_BYTES = 1024 * 1024;

/** True when the `/` path `path` is `dir` or lies below it. */
export function isInside(dir: string, path: string): boolean {
  const base = dir.endsWith('/') ? dir : `${dir}/`;
  return path === dir || path.startsWith(base);
}

/** Why a link is passed to the core unread: no link is followed here, since no real path can be had. */
const LINK_NOT_FOLLOWED = 'a symbolic link; the web extension host follows none';

type SearchFolder = SlashSearchPlan['folders'][number];

/** The URI of a plan's folder path: the workspace folder it lies in, with that path. */
function folderUri(path: string): vscode.Uri | undefined {
  const folder = (vscode.workspace.workspaceFolders ?? []).find((f) => isInside(f.uri.path, path));
  return folder?.uri.with({ path });
}

/**
 * Walks every project folder of the plan in order, down to its depth, and reads the files whose path ends
 * with the folder's suffix, as slashFiles.ts does on disk. What holds instead of real paths: paths are
 * built from listed names only, must stay inside the folder's `within`, and symbolic links are never
 * followed (a link named like a command file is passed with a `readError`). User folders are not read:
 * this host has no home folder.
 */
export async function collectSlashFiles(plan: SlashSearchPlan): Promise<SlashCandidateFile[]> {
  const files: SlashCandidateFile[] = [];
  for (const folder of plan.folders) {
    if (folder.scope !== 'project') continue;
    const walk = async (dir: string, depth: number): Promise<void> => {
      const uri = folderUri(dir);
      if (!uri || (folder.within && !isInside(folder.within, dir))) return;
      let entries: [string, vscode.FileType][];
      try {
        entries = await vscode.workspace.fs.readDirectory(uri);
      } catch {
        return; // The folder does not exist: nothing to list.
      }
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      for (const [name, type] of entries) {
        const full = `${dir.replace(/\/$/, '')}/${name}`;
        if (type & vscode.FileType.SymbolicLink) {
          if (full.endsWith(folder.suffix)) files.push(candidate(folder, full, { readError: LINK_NOT_FOLLOWED }));
          continue;
        }
        if (type & vscode.FileType.Directory) {
          if (depth < folder.maxDepth) await walk(full, depth + 1);
          continue;
        }
        if (!(type & vscode.FileType.File) || !full.endsWith(folder.suffix)) continue;
        files.push(candidate(folder, full, await readText(uri.with({ path: full }))));
      }
    };
    await walk(folder.dir, 1);
  }
  return files;
}

/** The plan as the core gives it: the manifests and listings it names are in the home folder, which this host lacks. */
export async function planSlashSearch(
  plan: (request: SlashSearchRequest) => SlashSearchPlan,
  request: SlashSearchRequest,
): Promise<SlashSearchPlan> {
  return plan(request);
}

/** Without git nothing is marked: ignored command files count here like any other. */
export async function markGitignored(_files: SlashCandidateFile[]): Promise<void> {}

/** No process environment, so no tool folder named by one. */
export function toolHomes(_env?: unknown): { codexHome?: string } {
  return {};
}

function candidate(
  folder: SearchFolder,
  full: string,
  content: { text?: string; readError?: string },
): SlashCandidateFile {
  return {
    provider: folder.provider,
    scope: folder.scope,
    root: folder.dir,
    path: full.slice(folder.dir.replace(/\/$/, '').length + 1) || '.',
    ...(folder.namespace ? { namespace: folder.namespace } : {}),
    ...content,
  };
}

async function readText(uri: vscode.Uri): Promise<{ text?: string; readError?: string }> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_COMMAND_FILE_BYTES) {
      return { readError: `file is ${stat.size} bytes, over the ${MAX_COMMAND_FILE_BYTES}-byte limit` };
    }
    return { text: new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri)) };
  } catch (error) {
    return { readError: `cannot read: ${error instanceof vscode.FileSystemError ? error.code : String(error)}` };
  }
}
