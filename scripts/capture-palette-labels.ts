// Captures the labels VS Code's command palette shows for core commands into crate/sources/data/palette-labels.tsv.
//
// Starts the code-server the tests use (scripts/codeserver.mjs, no extension installed), opens a text file so
// the editor's own actions are listed too, opens the palette with every command (">") and walks its rows: each
// row carries its command id (`data-quick-input-id`) beside the label it shows (`Category: Title`). Commands a
// built-in extension contributes are left out (their category and title come from the extension's manifest).
// `node --import tsx scripts/capture-palette-labels.ts [out.tsv]` (needs `npm run bootstrap` once).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startSession } from '../test/e2e/harness';
import { FIXTURES } from '../test/fixtures';
import { CODE_SERVER_VERSION } from './codeserver.mjs';

/** Ids a built-in extension contributes, from the fixture's `vscode.extensions.all` capture. */
function extensionCommands(): Set<string> {
  const extensions = JSON.parse(readFileSync(path.join(FIXTURES, 'extensions.json'), 'utf8')) as {
    contributes?: { commands?: { command: string }[] | { command: string } };
  }[];
  const ids = new Set<string>();
  for (const extension of extensions) {
    const commands = extension.contributes?.commands;
    for (const c of Array.isArray(commands) ? commands : commands ? [commands] : []) ids.add(c.command);
  }
  return ids;
}

type Row = { id: string; label: string; index: number; size: number };

async function main(): Promise<void> {
  const out = process.argv[2] ?? path.join(REPO_ROOT, 'crate', 'sources', 'data', 'palette-labels.tsv');
  const workspace = mkdtempSync(path.join(os.tmpdir(), 'solidus-palette-'));
  writeFileSync(path.join(workspace, 'sample.ts'), 'export const sample = 1;\n');
  const session = await startSession({ vsixPath: null, workspaceDir: workspace });
  const labels = new Map<string, string>();
  try {
    const { page } = session;
    // The remote settings commands name this session's address ("(127.0.0.1:40795)"): not a name.
    const sessionAddress = ` (${new URL(session.server.url).host})`;
    // A text editor with the focus: the palette lists editor actions only then.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('sample.ts');
    await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.locator('.part.editor .monaco-editor .view-lines').first().click();
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('>');
    await page.waitForTimeout(1000);
    const visibleRows = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('.quick-input-widget .monaco-list-row')).map((row) => ({
          id: row.querySelector('[data-quick-input-id]')?.getAttribute('data-quick-input-id') ?? '',
          label: row.querySelector('.label-name')?.textContent?.trim() ?? '',
          index: Number(row.getAttribute('data-index')),
          size: Number(row.getAttribute('aria-setsize')),
        })),
      ) as Promise<Row[]>;
    // Page down through the whole list; the list renders only the rows in view.
    let size = 0;
    let last = -1;
    for (let step = 0; step < 2000; step++) {
      const rows = await visibleRows();
      for (const row of rows) {
        size = row.size;
        last = Math.max(last, row.index);
        if (row.id && row.label) labels.set(row.id, row.label.replace(sessionAddress, ''));
      }
      if (size > 0 && last >= size - 1) break;
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(60);
    }
    if (size === 0 || last < size - 1) throw new Error(`walked ${last + 1} of ${size} palette rows`);
    process.stderr.write(`palette rows: ${size}, with an id and a label: ${labels.size}\n`);
  } finally {
    await session.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
  const fromExtensions = extensionCommands();
  const core = [...labels].filter(([id]) => !fromExtensions.has(id)).sort(([a], [b]) => a.localeCompare(b));
  const header = [
    `# The command palette's labels of VS Code ${CODE_SERVER_VERSION.replace(/^4\./, '1.')}'s core commands (code-server ${CODE_SERVER_VERSION}, Linux, a text editor focused),`,
    '# captured by scripts/capture-palette-labels.ts: id<TAB>label. Regenerate it for a new VS Code; never edit it by hand.',
  ];
  writeFileSync(out, `${[...header, ...core.map(([id, label]) => `${id}\t${label}`)].join('\n')}\n`);
  process.stderr.write(`${core.length} core command labels written to ${out}\n`);
}

void main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
