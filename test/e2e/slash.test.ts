// Slash commands from files in a real VS Code (code-server): listing, shadowing, running, live edits, Restricted Mode.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Frame } from 'playwright-core';
import {
  openPopup,
  pasteClipboard,
  popupRows,
  runPaletteCommand,
  sessionForSuite,
  waitFor,
  withFailureArtifacts,
} from './harness';

const SOLIDUS_REVIEW = '---\ndescription: Review files\nargument-hint: <file> <note>\n---\nReview $1 with note: $2\n';
const CLAUDE_REVIEW = '---\ndescription: Claude review\n---\nClaude review of $ARGUMENTS\n';
const GEMINI_COMMIT = 'description = "Write a commit message"\nprompt = "Write a commit message for {{args}}"\n';

let scratch: string;
let workspaceDir: string;
let homeDir: string;

/** A workspace with a Solidus and a Claude `/review`, and a home with a Gemini `git:commit`. */
function makeFolders(): void {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'solidus-slash-'));
  workspaceDir = path.join(scratch, 'ws');
  homeDir = path.join(scratch, 'home');
  for (const [file, text] of [
    [path.join(workspaceDir, '.solidus/commands/review.md'), SOLIDUS_REVIEW],
    [path.join(workspaceDir, '.claude/commands/review.md'), CLAUDE_REVIEW],
    [path.join(workspaceDir, 'a.ts'), 'export const a = 1;\n'],
    [path.join(homeDir, '.gemini/commands/git/commit.toml'), GEMINI_COMMIT],
  ] as const) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** Types into the popup and returns the slash rows' ids once `expected` is among them. */
async function slashRows(frame: Frame, text: string, expected: (ids: string[]) => boolean): Promise<string[]> {
  const slash = (ids: string[]) => ids.filter((id) => id.startsWith('slash:'));
  return slash(await popupRows(frame, text, (ids) => expected(slash(ids))));
}

before(() => {
  makeFolders();
});

after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('slash commands in a trusted workspace', () => {
  const editor = sessionForSuite(
    () => ({
      workspaceDir,
      env: { HOME: homeDir, SOLIDUS_TEST_HOOKS: '1' },
      userSettings: { 'solidus.slash.target': 'clipboard' },
    }),
    {
      beforeOpen: (browser, server) =>
        browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin }),
    },
  );
  const logs = () => editor.logs();

  test('`/` lists /review from Solidus, the Claude one marked shadowed, and the user-scope Gemini command', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-list',
      async () => {
        const frame = await openPopup(page);
        const ids = await slashRows(frame, '/', (s) => s.length >= 3);
        assert.deepEqual(ids.slice(0, 3).sort(), [
          'slash:claude:project:review.md',
          'slash:gemini:user:git/commit.toml',
          'slash:solidus:project:review.md',
        ]);
        assert.ok(ids.indexOf('slash:solidus:project:review.md') < ids.indexOf('slash:claude:project:review.md'));
        const solidus = frame.locator(`.solidus-option[data-id='slash:solidus:project:review.md']`);
        const claude = frame.locator(`.solidus-option[data-id='slash:claude:project:review.md']`);
        assert.equal(await solidus.locator('.solidus-title').textContent(), '/review');
        assert.match(
          (await solidus.locator('.solidus-detail').textContent()) ?? '',
          /Review files · <file> <note> · solidus · project/,
        );
        assert.equal(await solidus.evaluate((e) => e.classList.contains('solidus-shadowed')), false);
        // A shadowed command is listed as it is typed to reach it.
        assert.equal(await claude.locator('.solidus-title').textContent(), '/claude.review');
        assert.match((await claude.locator('.solidus-detail').textContent()) ?? '', /shadowed by solidus project/);
        assert.equal(await claude.evaluate((e) => e.classList.contains('solidus-shadowed')), true);
        const gemini = frame.locator(`.solidus-option[data-id='slash:gemini:user:git/commit.toml']`);
        assert.equal(await gemini.locator('.solidus-title').textContent(), '/git:commit');
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('after a forced core panic, `/` still lists the slash commands', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-after-panic',
      async () => {
        await runPaletteCommand(page, 'Solidus: Force a Core Panic (test hook)');
        await waitFor(() => /core panic: [\s\S]*forced by the test hook/.test(editor.solidusLog()), 15_000, {
          message: 'the core to panic and restart',
        });
        const frame = await openPopup(page);
        const ids = await slashRows(frame, '/', (s) => s.length >= 3);
        assert.ok(ids.includes('slash:solidus:project:review.md'), ids.join());
        assert.ok(ids.includes('slash:gemini:user:git/commit.toml'), ids.join());
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('Tab fills `/review `; Enter on `/review a.ts "b c"` puts the exact expansion on the clipboard', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-run',
      async () => {
        const frame = await openPopup(page);
        await slashRows(frame, '/rev', (s) => s[0] === 'slash:solidus:project:review.md');
        await page.keyboard.press('Tab');
        await waitFor(async () => (await frame.locator('#solidus-query').inputValue()) === '/review ', 5_000, {
          message: 'Tab to fill /review',
        });
        await page.keyboard.type('a.ts "b c"');
        await slashRows(frame, '/review a.ts "b c"', (s) => s[0] === 'slash:solidus:project:review.md');
        await page.keyboard.press('Enter');
        await page.locator('.part.statusbar', { hasText: 'copied to the clipboard' }).waitFor({ timeout: 15_000 });
        assert.equal(await pasteClipboard(page), 'Review a.ts with note: b c');
      },
      logs,
    );
  });

  test('editing a command file updates the list without a reload', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-edit',
      async () => {
        const frame = await openPopup(page);
        await slashRows(frame, '/rev', (s) => s.includes('slash:solidus:project:review.md'));
        writeFileSync(
          path.join(workspaceDir, '.solidus/commands/review.md'),
          SOLIDUS_REVIEW.replace('description: Review files', 'description: Review files twice'),
        );
        writeFileSync(path.join(workspaceDir, '.solidus/commands/fresh.md'), 'A fresh command\n');
        const detail = frame.locator(`.solidus-option[data-id='slash:solidus:project:review.md'] .solidus-detail`);
        // The open popup refreshes by itself when discovery finishes.
        await waitFor(async () => /Review files twice/.test((await detail.textContent()) ?? ''), 20_000, {
          message: 'the new description',
        });
        await slashRows(frame, '/fre', (s) => s.includes('slash:solidus:project:fresh.md'));
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('a tool folder created in the home after start-up is found without a reload', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-home-later',
      async () => {
        const file = path.join(homeDir, '.claude/commands/later.md');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, '---\ndescription: Made later\n---\nLater\n');
        const frame = await openPopup(page);
        await slashRows(frame, '/later', (s) => s.includes('slash:claude:user:later.md'));
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('a Claude plugin installed after start-up is found without a reload', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-plugin-later',
      async () => {
        // As `claude plugin install` leaves it: the plugin's folder first, then the list naming it.
        const plugin = path.join(homeDir, '.claude/plugins/cache/m/tools/1.0');
        mkdirSync(path.join(plugin, 'commands'), { recursive: true });
        writeFileSync(path.join(plugin, 'commands/ship.md'), '---\ndescription: Ship it\n---\nShip $ARGUMENTS\n');
        writeFileSync(
          path.join(homeDir, '.claude/plugins/installed_plugins.json'),
          JSON.stringify({ version: 2, plugins: { 'tools@m': [{ scope: 'user', installPath: plugin }] } }),
        );
        const frame = await openPopup(page);
        await slashRows(frame, '/tools:sh', (s) => s.includes('slash:claude-plugins:user:ship.md'));
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('"Solidus: Run Slash Command…" picks /git:commit, asks for arguments and runs it', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-palette',
      async () => {
        await runPaletteCommand(page, 'Solidus: Run Slash Command…', 10_000, { opensQuickInput: true });
        const widget = page.locator('.quick-input-widget');
        await widget.locator('.monaco-list-row', { hasText: '/git:commit' }).first().waitFor({ timeout: 10_000 });
        await widget.locator('input').fill('/git:commit');
        await page.keyboard.press('Enter');
        await widget.getByText('Arguments (optional)').waitFor({ timeout: 10_000 });
        await widget.locator('input').fill('fix the bug');
        await page.keyboard.press('Enter');
        await page
          .locator('.part.statusbar', { hasText: '/git:commit expanded and copied' })
          .waitFor({ timeout: 15_000 });
        assert.equal(await pasteClipboard(page), 'Write a commit message for fix the bug');
      },
      logs,
    );
  });

  test('a shell line runs only after a modal shows the resolved command; a file reference reads the workspace file', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-shell',
      async () => {
        writeFileSync(
          path.join(workspaceDir, '.claude/commands/greet.md'),
          '---\ndescription: Greets\n---\nOutput: !`echo hi-from-$0`\nFile: @a.ts\n',
        );
        const frame = await openPopup(page);
        await slashRows(frame, '/greet', (s) => s.includes('slash:claude:project:greet.md'));
        await frame.locator('#solidus-query').fill('/greet "you there"');
        await slashRows(frame, '/greet "you there"', (s) => s[0] === 'slash:claude:project:greet.md');
        await page.keyboard.press('Enter');
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.waitFor({ timeout: 15_000 });
        // The argument is shell-quoted in the command the user confirms.
        assert.match(await dialog.innerText(), /echo hi-from-'you there'/);
        await dialog.getByRole('button', { name: 'Run' }).click();
        await page.locator('.part.statusbar', { hasText: '/greet expanded and copied' }).waitFor({ timeout: 15_000 });
        assert.equal(await pasteClipboard(page), 'Output: hi-from-you there\nFile: export const a = 1;');
      },
      logs,
    );
  });

  // biome-ignore lint/suspicious/noTemplateCurlyInString: `${input:…}` is Copilot prompt-file syntax, not a template.
  test('a Copilot `${input:topic}` is asked with an input box before the text is sent', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-input',
      async () => {
        const file = path.join(workspaceDir, '.github/prompts/explain.prompt.md');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(
          file,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the prompt file's own `${input:name:placeholder}`.
          '---\ndescription: Explain a topic\n---\nExplain ${input:topic:what to explain} briefly.\n',
        );
        const frame = await openPopup(page);
        await slashRows(frame, '/explain', (s) => s[0] === 'slash:copilot:project:explain.prompt.md');
        await page.keyboard.press('Enter');
        const widget = page.locator('.quick-input-widget');
        await widget.locator('input[placeholder="what to explain"]').waitFor({ timeout: 15_000 });
        await widget.locator('input').fill('closures');
        await page.keyboard.press('Enter');
        await page.locator('.part.statusbar', { hasText: '/explain expanded and copied' }).waitFor({ timeout: 15_000 });
        assert.equal(await pasteClipboard(page), 'Explain closures briefly.');
      },
      logs,
    );
  });
});

describe('slash commands in Restricted Mode', () => {
  const editor = sessionForSuite(() => ({
    workspaceDir,
    trusted: false,
    env: { HOME: homeDir },
    userSettings: { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'never' },
  }));
  const logs = () => editor.logs();

  test('project commands are gone; the user-scope Gemini command remains', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-restricted',
      async () => {
        const frame = await openPopup(page);
        const ids = await slashRows(frame, '/', (s) => s.includes('slash:gemini:user:git/commit.toml'));
        // The user's own commands (Gemini's, and Claude's made by an earlier test); no project command.
        assert.deepEqual(
          ids.filter((id) => !id.includes(':user:')),
          [],
        );
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });

  test('granting trust brings the project commands back without a reload', async () => {
    const { page } = editor;
    await withFailureArtifacts(
      page,
      'slash-trust',
      async () => {
        await runPaletteCommand(page, 'Workspaces: Manage Workspace Trust');
        await page
          .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ })
          .first()
          .click({ timeout: 15_000 });
        const frame = await openPopup(page);
        // Exactly the two /review rows: the list for `/rev`, with the project commands back.
        await slashRows(
          frame,
          '/rev',
          (s) =>
            s.length === 2 && s[0] === 'slash:solidus:project:review.md' && s[1] === 'slash:claude:project:review.md',
        );
        await page.keyboard.press('Escape');
      },
      logs,
    );
  });
});
