// The file actions VS Code has no command for on the active file: rename, duplicate, delete to trash.
import * as vscode from 'vscode';
import type { Context } from '../ctx';
import type { RunOutcome } from '../run';

/** A new name's problem, or undefined when it is usable: not empty, no `..`, not absolute. */
export function checkNewPath(value: string): string | undefined {
  const path = value.trim();
  if (!path) return 'Type a name';
  if (path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path))
    return 'Give a path relative to the file’s folder or the workspace';
  if (path.split(/[\\/]/).some((part) => part === '..')) return '“..” is not allowed';
  return undefined;
}

/** `name copy.ext` for `name.ext`; `name copy` when there is no extension. */
export function copyName(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot > 0 ? `${base.slice(0, dot)} copy${base.slice(dot)}` : `${base} copy`;
}

export async function runFileAction(ctx: Context, id: string): Promise<RunOutcome> {
  const uri = ctx.activeFileUri;
  if (!uri || uri.scheme === 'untitled') throw new Error('open a saved file in the editor first');
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const dir = vscode.Uri.joinPath(uri, '..');
  const base = uri.path.slice(uri.path.lastIndexOf('/') + 1);
  /** New paths are relative to the workspace folder when there is one, so a file can move between folders. */
  const resolve = (value: string) => vscode.Uri.joinPath(folder?.uri ?? dir, ...value.trim().split(/[\\/]/));
  const shown = folder ? vscode.workspace.asRelativePath(uri, false) : base;
  const exists = async (target: vscode.Uri) =>
    vscode.workspace.fs.stat(target).then(
      () => true,
      () => false,
    );
  switch (id) {
    case 'file:rename': {
      const start = shown.length - base.length;
      const dot = base.lastIndexOf('.');
      const value = await vscode.window.showInputBox({
        title: `Rename ${base}`,
        prompt: folder ? 'The new path, from the workspace folder' : 'The new name',
        value: shown,
        valueSelection: [start, dot > 0 ? start + dot : shown.length],
        validateInput: (v) => checkNewPath(v) ?? (v.trim() === shown ? 'Type a different name' : undefined),
      });
      if (value === undefined) return 'cancelled';
      const target = resolve(value);
      if (await exists(target)) throw new Error(`${value.trim()} already exists`);
      const edit = new vscode.WorkspaceEdit();
      edit.renameFile(uri, target, { overwrite: false });
      // A workspace edit lets language extensions update imports, and Undo restores the name.
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`could not rename ${shown}`);
      ctx.log.info(`file: renamed ${shown} to ${value.trim()}`);
      return 'ran';
    }
    case 'file:duplicate': {
      const suggestion = folder ? shown.slice(0, shown.length - base.length) + copyName(base) : copyName(base);
      const value = await vscode.window.showInputBox({
        title: `Duplicate ${base}`,
        prompt: folder ? 'The copy’s path, from the workspace folder' : 'The copy’s name',
        value: suggestion,
        validateInput: checkNewPath,
      });
      if (value === undefined) return 'cancelled';
      const target = resolve(value);
      if (await exists(target)) throw new Error(`${value.trim()} already exists`);
      await vscode.workspace.fs.copy(uri, target, { overwrite: false });
      await vscode.window.showTextDocument(target);
      ctx.log.info(`file: duplicated ${shown} as ${value.trim()}`);
      return 'ran';
    }
    case 'file:delete': {
      const answer = await vscode.window.showWarningMessage(
        `Move “${shown}” to the trash?`,
        { modal: true },
        'Move to Trash',
      );
      if (answer !== 'Move to Trash') return 'cancelled';
      try {
        await vscode.workspace.fs.delete(uri, { useTrash: true, recursive: false });
        ctx.log.info(`file: moved ${shown} to the trash`);
        return 'ran';
      } catch (error) {
        // Remote and virtual file systems may have no trash; deleting for good needs its own consent.
        const permanent = await vscode.window.showWarningMessage(
          `“${shown}” cannot go to the trash here. Delete it permanently?`,
          { modal: true, detail: error instanceof Error ? error.message : String(error) },
          'Delete Permanently',
        );
        if (permanent !== 'Delete Permanently') return 'cancelled';
        await vscode.workspace.fs.delete(uri, { useTrash: false, recursive: false });
        ctx.log.info(`file: deleted ${shown} permanently (no trash here)`);
        return 'ran';
      }
    }
    default:
      throw new Error(`unknown file action ${id}`);
  }
}
