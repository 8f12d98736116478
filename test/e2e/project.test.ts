// Project items in a real VS Code (code-server) on a demo monorepo with a real Git repository: scripts, Git, files, custom commands, trust.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  chooseInPopup,
  openPopup,
  popupRows,
  readJson,
  runPaletteCommand,
  sessionForSuite,
  waitFor,
  waitForPopupToGo,
  withFailureArtifacts,
} from './harness';

/** Writes `name` with its output so the test can see a script ran, and where. */
const writes = (file: string, text: string) => `node -e "require('fs').writeFileSync('${file}', '${text}')"`;

/** npm workspaces (with a lockfile), a Makefile, a justfile, a Cargo workspace with one crate, and plain files. */
const DEMO: [string, string][] = [
  [
    'package.json',
    JSON.stringify(
      { name: 'demo', private: true, workspaces: ['packages/*'], scripts: { hello: writes('hello-out.txt', 'root') } },
      null,
      2,
    ),
  ],
  ['package-lock.json', JSON.stringify({ name: 'demo', lockfileVersion: 3, requires: true, packages: {} })],
  [
    'packages/web/package.json',
    JSON.stringify({ name: '@demo/web', scripts: { build: writes('build-out.txt', 'web') } }, null, 2),
  ],
  ['packages/api/package.json', JSON.stringify({ name: '@demo/api', scripts: { test: 'echo api tests' } }, null, 2)],
  [
    'Makefile',
    '# Build the docs\ndocs: \\\n\t\tREADME.md\n\techo docs > make-out.txt\n%.o: %.c\n\tcc -c $<\n.PHONY: docs\n',
  ],
  ['justfile', '# Ship it\ndeploy env="staging":\n    echo deploying {{env}}\n'],
  ['Cargo.toml', '[workspace]\nmembers = ["crates/*"]\nresolver = "2"\n'],
  ['crates/tool/Cargo.toml', '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n'],
  ['crates/tool/src/main.rs', 'fn main() {}\n'],
  ['src/notes.txt', 'first line\n'],
  ['.gitignore', '*-out.txt\ntarget/\n'],
  [
    '.vscode/tasks.json',
    JSON.stringify(
      {
        version: '2.0.0',
        tasks: [{ label: 'write note', type: 'shell', command: 'echo task > task-out.txt', detail: 'Writes a note' }],
      },
      null,
      2,
    ),
  ],
];

const CUSTOM_COMMANDS = [
  {
    name: 'Wrap and note',
    description: 'Word wrap on, a note from the shell, a new file',
    steps: [
      { setting: 'editor.wordWrap', value: 'on' },
      { terminal: 'echo custom-step-2 >> custom-out.txt' },
      { command: 'workbench.action.files.newUntitledFile' },
    ],
  },
  { name: 'Broken', steps: [{ command: 'no.such.command' }] },
];

let scratch: string;
let workspaceDir: string;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: workspaceDir, encoding: 'utf8' }).trim();
}

function makeDemo(): void {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-project-'));
  workspaceDir = path.join(scratch, 'demo');
  for (const [file, text] of DEMO) {
    mkdirSync(path.dirname(path.join(workspaceDir, file)), { recursive: true });
    writeFileSync(path.join(workspaceDir, file), text);
  }
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 'Solidus Test');
  git('config', 'user.email', 'test@solidus.invalid');
  git('config', 'commit.gpgsign', 'false');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
}

/** The modal dialog VS Code shows for a confirmation. */
async function dialogText(page: Page): Promise<string> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ state: 'visible', timeout: 20_000 });
  return dialog.innerText();
}

async function pressInDialog(page: Page, label: string): Promise<void> {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.getByRole('button', { name: label }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Answers the quick input (an input box) that is showing with `text`. */
async function answerInput(page: Page, text: string, expectValue?: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 20_000 });
  if (expectValue !== undefined)
    await waitFor(async () => (await input.inputValue()) === expectValue, 5_000, {
      message: `the input to hold ${expectValue}`,
    });
  await input.fill(text);
  await page.keyboard.press('Enter');
}

/** Opens a workspace file with Quick Open, as a user would, and waits for its tab. */
async function openFile(page: Page, name: string): Promise<void> {
  // The test before may end with Escape in the popup: Quick Open opened while it goes would close at once.
  await waitForPopupToGo(page);
  await page.keyboard.press('Control+P');
  const widget = page.locator('.quick-input-widget');
  await widget.locator('input').fill(name);
  await widget.locator('.monaco-list-row', { hasText: name }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
}

const exists = (file: string) => existsSync(path.join(workspaceDir, file));

before(() => {
  makeDemo();
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('project items in a trusted workspace', () => {
  const editor = sessionForSuite(() => ({
    workspaceDir,
    userSettings: {
      'solidus.customCommands': CUSTOM_COMMANDS,
      // The commit message comes from an input box instead of a COMMIT_EDITMSG editor.
      'git.useEditorAsCommitInput': false,
      'git.openRepositoryInParentFolders': 'always',
    },
  }));
  const logs = () => editor.logs();

  test('`#` lists the scripts of every source with their runner and real command line', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-list',
      async () => {
        const frame = await openPopup(page);
        const web = 'script:npm:demo:packages/web:build';
        const ids = await popupRows(
          frame,
          '#build',
          (s) => s.includes(web) && s.includes('script:cargo:demo:tool:build'),
        );
        assert.ok(
          ids.every((id) => /^(script|pack):/.test(id)),
          `only scripts and packs: ${ids.join(', ')}`,
        );
        const row = frame.locator(`.solidus-option[data-id='${web}']`);
        assert.equal(await row.locator('.solidus-title').textContent(), '@demo/web: build');
        assert.equal(await row.locator('.solidus-detail').textContent(), writes('build-out.txt', 'web'));
        assert.equal(await row.locator('.solidus-risk').textContent(), 'runs shell');
        const hello = await popupRows(frame, '#hello', (s) => s.includes('script:npm:demo:.:hello'));
        assert.equal(
          await frame.locator(`.solidus-option[data-id='${hello[0]}'] .solidus-title`).textContent(),
          'npm: hello',
        );
        await popupRows(frame, '#docs', (s) => s.includes('script:make:demo:docs'));
        await popupRows(frame, '#deploy', (s) => s.includes('script:just:demo:deploy'));
        // `#` alone lists every script, task and pack there is.
        const all = await popupRows(frame, '#', (s) => s.includes(web) && s.includes('task:Workspace:demo:write note'));
        assert.ok(
          all.every((id) => /^(script|pack|task):/.test(id)),
          all.join(', '),
        );
        // Without the prefix the same words find commands and settings too; `>` leaves scripts out.
        const commands = await popupRows(frame, '>build', (s) => s.length > 0);
        assert.ok(
          commands.every((id) => id.startsWith('command:') || id.startsWith('custom:')),
          commands.join(', '),
        );
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('running a script asks first, showing the exact command line, then runs it in a terminal', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-run',
      async () => {
        await chooseInPopup(page, '#web build', 'script:npm:demo:packages/web:build');
        const text = await dialogText(page);
        assert.match(text, /Run this in a terminal\?/);
        assert.match(text, /npm run build --workspace=packages\/web/);
        assert.ok(!exists('packages/web/build-out.txt'), 'nothing ran before the confirmation');
        await pressInDialog(page, 'Run');
        await waitFor(() => exists('packages/web/build-out.txt'), 60_000, { message: 'the script’s output file' });
        assert.equal(readFileSync(path.join(workspaceDir, 'packages/web/build-out.txt'), 'utf8'), 'web');
      },
      logs,
    );
  });

  test('a VS Code task from tasks.json is listed and runs after a confirmation', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-task',
      async () => {
        const id = 'task:Workspace:demo:write note';
        const frame = await openPopup(page);
        await popupRows(frame, '#write note', (s) => s.includes(id));
        assert.equal(
          await frame.locator(`.solidus-option[data-id='${id}'] .solidus-title`).textContent(),
          'Task: write note',
        );
        assert.equal(
          await frame.locator(`.solidus-option[data-id='${id}'] .solidus-detail`).textContent(),
          'Writes a note',
        );
        await page.keyboard.press('Escape');
        await chooseInPopup(page, '#write note', id);
        assert.match(await dialogText(page), /Run the task “write note”\?/);
        await pressInDialog(page, 'Run');
        await waitFor(() => exists('task-out.txt'), 60_000, { message: 'the task’s output file' });
      },
      logs,
    );
  });

  test('Cancel runs nothing; `$ command` runs a shell line after the same confirmation', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-terminal',
      async () => {
        await chooseInPopup(page, '#hello', 'script:npm:demo:.:hello');
        assert.match(await dialogText(page), /npm run hello/);
        await pressInDialog(page, 'Cancel');
        await chooseInPopup(page, '$ echo from-terminal > term-out.txt', 'term:run');
        assert.match(await dialogText(page), /echo from-terminal > term-out\.txt/);
        await pressInDialog(page, 'Run');
        await waitFor(() => exists('term-out.txt'), 30_000, { message: 'the shell line’s output file' });
        assert.ok(!exists('hello-out.txt'), 'the cancelled script did not run');
      },
      logs,
    );
  });

  test('Git: Commit All makes a commit; Create Branch makes and checks out a branch', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-git',
      async () => {
        writeFileSync(path.join(workspaceDir, 'src/notes.txt'), 'first line\nsecond line\n');
        // The Git extension sees the change through its watcher (the Source Control badge); the commit must include it.
        await page.locator('.activitybar .badge-content', { hasText: /^1$/ }).waitFor({ timeout: 30_000 });
        const frame = await openPopup(page);
        const ids = await popupRows(frame, 'commit all', (s) => s.includes('git:commit-all'));
        assert.ok(!ids.includes('command:git.commitAll'), 'the wrapped VS Code command is not listed twice');
        await page.keyboard.press('Escape');
        await chooseInPopup(page, 'commit all', 'git:commit-all');
        await answerInput(page, 'Commit from Solidus');
        await waitFor(() => git('log', '-1', '--format=%s') === 'Commit from Solidus', 30_000, {
          message: 'the commit in git log',
        });
        assert.equal(git('status', '--porcelain', '--', 'src/notes.txt'), '', 'the change is committed');

        await chooseInPopup(page, 'new branch', 'git:new-branch');
        await answerInput(page, 'solidus-feature');
        await waitFor(() => git('branch', '--show-current') === 'solidus-feature', 30_000, {
          message: 'the new branch checked out',
        });
        // The popup's Git rows now name the branch they act on.
        const again = await openPopup(page);
        await popupRows(again, 'git push', (s) => s.includes('git:push'));
        await waitFor(
          async () =>
            /on solidus-feature/.test(
              (await again.locator(`.solidus-option[data-id='git:push'] .solidus-detail`).textContent()) ?? '',
            ),
          10_000,
          { message: 'the branch in the Git row' },
        );
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('rename, duplicate and delete act on the active file on disk', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-files',
      async () => {
        await openFile(page, 'notes.txt');

        await chooseInPopup(page, 'rename active file', 'file:rename');
        await answerInput(page, 'src/renamed.txt', 'src/notes.txt');
        await waitFor(() => exists('src/renamed.txt') && !exists('src/notes.txt'), 15_000, {
          message: 'the renamed file',
        });

        await page.locator('.tab.active', { hasText: 'renamed.txt' }).waitFor({ timeout: 15_000 });
        await chooseInPopup(page, 'duplicate active file', 'file:duplicate');
        await answerInput(page, 'src/copy.txt', 'src/renamed copy.txt');
        const read = (file: string) => readFileSync(path.join(workspaceDir, file), 'utf8');
        // code-server's file service copies by creating the file and then streaming into it, so
        // the copy exists a moment before it holds the text: wait for the whole of it.
        await waitFor(() => exists('src/copy.txt') && read('src/copy.txt').length > 0, 15_000, {
          message: 'the duplicate',
        });
        assert.equal(read('src/copy.txt'), read('src/renamed.txt'));
        assert.match(read('src/copy.txt'), /^first line\n/);

        await page.locator('.tab.active', { hasText: 'copy.txt' }).waitFor({ timeout: 15_000 });
        await chooseInPopup(page, 'delete active file', 'file:delete');
        assert.match(await dialogText(page), /Move “src\/copy\.txt” to the trash\?/);
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.getByRole('button', { name: 'Move to Trash' }).click();
        // code-server's file system has no trash: Solidus asks again before deleting for good.
        const permanent = dialog.getByRole('button', { name: 'Delete Permanently' });
        await waitFor(async () => !exists('src/copy.txt') || (await permanent.isVisible()), 15_000, {
          message: 'the delete or a second question',
        });
        if (exists('src/copy.txt')) {
          assert.match(await dialog.innerText(), /cannot go to the trash here\. Delete it permanently\?/);
          await pressInDialog(page, 'Delete Permanently');
        }
        await waitFor(() => !exists('src/copy.txt'), 15_000, { message: 'the file to be gone' });
        assert.ok(exists('src/renamed.txt'), 'only the active file was deleted');
      },
      logs,
    );
  });

  test('a custom command runs its steps in order; a broken one is reported and not offered', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-custom',
      async () => {
        const frame = await openPopup(page);
        const ids = await popupRows(frame, 'wrap and note', (s) => s.includes('custom:Wrap and note'));
        assert.ok(!ids.includes('custom:Broken'));
        await page.keyboard.press('Escape');
        await chooseInPopup(page, 'wrap and note', 'custom:Wrap and note');
        const text = await dialogText(page);
        assert.match(
          text,
          /1\. set editor\.wordWrap = "on"\n2\. in a terminal: echo custom-step-2 >> custom-out\.txt\n3\. run workbench\.action\.files\.newUntitledFile/,
        );
        await pressInDialog(page, 'Run');
        await waitFor(() => exists('custom-out.txt'), 30_000, { message: 'the terminal step’s file' });
        await waitFor(() => readJson(editor.server.settingsPath)['editor.wordWrap'] === 'on', 10_000, {
          message: 'the setting step',
        });
        await page.locator('.tab.active', { hasText: /Untitled/ }).waitFor({ timeout: 15_000 });
        const log = editor.solidusLog();
        const order = [1, 2, 3].map((n) => log.indexOf(`custom Wrap and note: step ${n} ran`));
        assert.ok(
          order.every((i, n) => i > 0 && (n === 0 || i > order[n - 1])),
          `steps logged in order: ${order.join(', ')}`,
        );
        assert.match(log, /Broken: not offered, step 1: /);

        // The custom command's setting step is the last setting change, so Undo takes it back.
        await runPaletteCommand(page, 'Solidus: Undo Last Setting Change');
        await waitFor(() => !('editor.wordWrap' in readJson(editor.server.settingsPath)), 10_000, {
          message: 'editor.wordWrap removed by Undo',
        });
      },
      logs,
    );
  });

  test('creating and deleting go.mod in the open workspace rebuilds the project (the watch list is what the core reads)', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-watch',
      async () => {
        const builds = () =>
          editor
            .solidusLog()
            .split('\n')
            .filter((line) => line.includes('project built ('));
        const seesGo = (line: string | undefined) => /stacks \[[^\]]*\bGo\b/.test(line ?? '');
        assert.ok(!builds().some(seesGo), 'no Go stack before go.mod exists');
        const goMod = path.join(workspaceDir, 'go.mod');
        writeFileSync(goMod, 'module example.com/demo\n\ngo 1.22\n');
        try {
          await waitFor(() => seesGo(builds().at(-1)), 20_000, { message: 'a rebuild that sees the new go.mod' });
        } finally {
          rmSync(goMod, { force: true });
        }
        await waitFor(() => !seesGo(builds().at(-1)), 20_000, { message: 'a rebuild after go.mod is gone' });
      },
      logs,
    );
  });
});

describe('project items in Restricted Mode', () => {
  const editor = sessionForSuite(() => ({
    workspaceDir,
    trusted: false,
    userSettings: { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' },
  }));
  const logs = () => editor.logs();

  test('no workspace script is offered; the popup says why; file actions remain', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'project-restricted',
      async () => {
        const frame = await openPopup(page);
        // The project build finishes after the catalog; wait for its log line before judging absence.
        await waitFor(() => /project built \(.*Restricted Mode/.test(editor.solidusLog()), 30_000, {
          message: 'the project build',
        });
        await popupRows(frame, '#build', (s) => s.length === 0);
        await frame.locator('.solidus-hint', { hasText: /Restricted Mode/ }).waitFor({ timeout: 10_000 });
        const ids = await popupRows(frame, 'build', (s) => s.length > 0);
        assert.ok(!ids.some((id) => id.startsWith('script:') || id.startsWith('pack:')), ids.join(', '));
        // VS Code turns its Git extension off in Restricted Mode, so only the file actions are left.
        await popupRows(frame, 'rename active file', (s) => s.includes('file:rename'));
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });
});
