// Recently used catalog items, most recent first, kept in the extension's global state.
import type * as vscode from 'vscode';

const KEY = 'solidus.recentItems';

export class RecentItems {
  constructor(
    private readonly state: vscode.Memento,
    private readonly max: () => number,
  ) {}

  /** Item ids, most recent first. */
  list(): string[] {
    const stored = this.state.get<unknown>(KEY);
    return Array.isArray(stored)
      ? stored.filter((id): id is string => typeof id === 'string').slice(0, this.max())
      : [];
  }

  /** Moves `id` to the front; the list never grows past the configured size. */
  async use(id: string): Promise<void> {
    const next = [id, ...this.list().filter((other) => other !== id)].slice(0, this.max());
    await this.state.update(KEY, next);
  }
}
