// The trust boundary through the CLI, on real folders: links out of (and into) a workspace, hidden text, tool homes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';

const CLI = join(__dirname, '..', '..', 'dist', 'cli.js');
/** Runs the CLI with exactly the environment given (nothing of the test runner's leaks in). */
const run = (args: string[], env: Record<string, string> = {}) => {
  const stdout = execFileSync(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { stdout, out: JSON.parse(stdout) as SlashList };
};

interface SlashList {
  commands: { name: string; tool: string; scope: string; path: string; description: string; hiddenText?: string }[];
  skipped: { path: string; reason: string; message: string; scope: string }[];
  warnings: { message: string; code?: string }[];
}

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `solidus-trust-${name}-`));

/**
 * Every tool's project folder and how one command is laid out in it, as the tools document them
 * (spec/slash-dialects.md). `file(name)` is the command's path inside the folder; `body` is a
 * command text the tool accepts.
 */
const LAYOUTS: {
  tool: string;
  folder: string;
  /** The tool reads subfolders (a folder link is then reached, and refused). */
  nested: boolean;
  file: (name: string) => string;
  body: (text: string) => string;
}[] = [
  { tool: 'solidus', nested: false, folder: '.solidus/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
  { tool: 'claude', nested: true, folder: '.claude/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
  {
    tool: 'claude-skills',
    nested: true,
    folder: '.claude/skills',
    file: (n) => `${n}/SKILL.md`,
    body: (t) => `---\nname: skill\ndescription: a skill\n---\n${t}\n`,
  },
  {
    tool: 'gemini',
    nested: true,
    folder: '.gemini/commands',
    file: (n) => `${n}.toml`,
    body: (t) => `prompt = "${t}"\n`,
  },
  { tool: 'cursor', nested: false, folder: '.cursor/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
  { tool: 'copilot', nested: false, folder: '.github/prompts', file: (n) => `${n}.prompt.md`, body: (t) => `${t}\n` },
  { tool: 'opencode', nested: true, folder: '.opencode/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
  {
    tool: 'copilot-skills',
    nested: true,
    folder: '.github/skills',
    file: (n) => `${n}/SKILL.md`,
    body: (t) => `---\nname: skill\ndescription: a skill\n---\n${t}\n`,
  },
  {
    tool: 'agent-skills',
    nested: true,
    folder: '.agents/skills',
    file: (n) => `${n}/SKILL.md`,
    body: (t) => `---\nname: skill\ndescription: a skill\n---\n${t}\n`,
  },
  { tool: 'agents', nested: false, folder: '.agent/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
  { tool: 'agents (plural)', nested: false, folder: '.agents/commands', file: (n) => `${n}.md`, body: (t) => `${t}\n` },
];

/** What must never reach a listing or a prompt: it stands in for a private key elsewhere on the machine. */
const SECRET = 'BEGIN-PRIVATE-KEY-do-not-leak';

describe('project command files stay inside their workspace folder', () => {
  for (const layout of LAYOUTS) {
    it(`${layout.tool}: a link inside loads; a file, a folder or the whole folder linked outside is skipped unread`, () => {
      const outside = tmp('outside');
      write(join(outside, 'id_rsa'), layout.body(SECRET));
      write(join(outside, 'folder', layout.file('leak')), layout.body(SECRET));
      const project = tmp('project');
      const folder = join(project, layout.folder);
      write(join(folder, layout.file('plain')), layout.body('plain command'));
      // A link that stays inside the workspace keeps working.
      write(join(project, 'docs', 'shared-command'), layout.body('shared inside'));
      mkdirSync(dirname(join(folder, layout.file('inside'))), { recursive: true });
      symlinkSync(join(project, 'docs', 'shared-command'), join(folder, layout.file('inside')));
      // A command file that is a link to a file elsewhere on the machine.
      mkdirSync(dirname(join(folder, layout.file('secret'))), { recursive: true });
      symlinkSync(join(outside, 'id_rsa'), join(folder, layout.file('secret')));
      // A folder inside the command folder that is a link to a folder elsewhere.
      symlinkSync(join(outside, 'folder'), join(folder, 'linked'));

      const { stdout, out } = run(['slash', 'list', '--root', project]);
      assert.ok(!stdout.includes(SECRET), 'no byte of the outside file is listed');
      const projectNames = out.commands.filter((c) => c.scope === 'project').map((c) => c.path);
      assert.ok(projectNames.includes(layout.file('plain')), JSON.stringify(out.commands));
      assert.ok(projectNames.includes(layout.file('inside')), `the inside link loads: ${JSON.stringify(out.commands)}`);
      assert.ok(!projectNames.some((p) => p.includes('secret') || p.includes('linked')), JSON.stringify(projectNames));
      const outsideSkips = out.skipped.filter((s) => s.reason === 'outsideFolder');
      const skippedPaths = outsideSkips.map((s) => s.path).sort();
      const secretPath = layout.file('secret');
      const expected = layout.nested ? ['linked', secretPath] : [secretPath];
      assert.deepEqual(skippedPaths, expected.sort(), JSON.stringify(out.skipped));
      for (const skip of outsideSkips) assert.match(skip.message, /outside the workspace folder/);

      // The whole command folder as a link to an outside folder.
      const other = tmp('project-linked-folder');
      mkdirSync(dirname(join(other, layout.folder)), { recursive: true });
      symlinkSync(join(outside, 'folder'), join(other, layout.folder));
      const whole = run(['slash', 'list', '--root', other]);
      assert.ok(!whole.stdout.includes(SECRET));
      assert.deepEqual(
        whole.out.commands.filter((c) => c.scope === 'project'),
        [],
      );
      assert.deepEqual(
        whole.out.skipped.map((s) => [s.path, s.reason]),
        [['.', 'outsideFolder']],
      );
    });
  }

  it('the same outside link is skipped through the skill folder itself', () => {
    const outside = tmp('outside-skill');
    write(join(outside, 'evil', 'SKILL.md'), `---\nname: evil\ndescription: ${SECRET}\n---\n${SECRET}\n`);
    const project = tmp('project-skill');
    mkdirSync(join(project, '.claude', 'skills'), { recursive: true });
    symlinkSync(join(outside, 'evil'), join(project, '.claude', 'skills', 'evil'));
    const { stdout, out } = run(['slash', 'list', '--root', project]);
    assert.ok(!stdout.includes(SECRET));
    assert.deepEqual(
      out.skipped.map((s) => [s.path, s.reason]),
      [['evil', 'outsideFolder']],
    );
  });
});

describe('user command folders follow links, but never into a workspace', () => {
  it('a dotfiles link loads; a link into the workspace folder is skipped; a workspace opened at home is not a link', () => {
    const project = tmp('ws');
    write(join(project, 'notes', 'evil.md'), 'workspace text posing as the user’s own\n');
    const dotfiles = tmp('dotfiles');
    write(join(dotfiles, 'review.md'), 'Review from my dotfiles\n');
    const home = tmp('home');
    mkdirSync(join(home, '.claude', 'commands'), { recursive: true });
    symlinkSync(join(dotfiles, 'review.md'), join(home, '.claude', 'commands', 'review.md'));
    symlinkSync(join(project, 'notes', 'evil.md'), join(home, '.claude', 'commands', 'evil.md'));
    const { out } = run(['slash', 'list', '--root', project, '--home', home]);
    assert.deepEqual(
      out.commands.map((c) => [c.name, c.scope]),
      [['review', 'user']],
    );
    assert.deepEqual(
      out.skipped.map((s) => [s.path, s.reason, s.scope]),
      [['evil.md', 'outsideFolder', 'user']],
    );
    assert.match(out.skipped[0].message, /inside a workspace folder/);

    // The workspace is the home folder itself: its user commands lie inside it by their own path.
    const both = run(['slash', 'list', '--root', home, '--home', home]);
    assert.ok(
      both.out.commands.some((c) => c.name === 'review' && c.scope === 'user'),
      JSON.stringify(both.out.commands),
    );
  });
});

describe('tool folders come from the editor’s environment only', () => {
  it('CODEX_HOME counts from the process environment, never from a file in the workspace, and never inside one', () => {
    const project = tmp('codex-ws');
    const home = tmp('codex-home');
    write(join(home, '.codex', 'prompts', 'mine.md'), 'My prompt\n');
    // A workspace that tries to choose the folder: a .env file and a settings file.
    const planted = join(project, 'planted');
    write(join(planted, 'prompts', 'planted.md'), 'Planted prompt\n');
    write(join(project, '.env'), `CODEX_HOME=${planted}\n`);
    write(
      join(project, '.vscode', 'settings.json'),
      JSON.stringify({ 'terminal.integrated.env.linux': { CODEX_HOME: planted } }),
    );
    const plain = run(['slash', 'list', '--root', project, '--home', home]);
    assert.deepEqual(
      plain.out.commands.map((c) => c.name),
      ['prompts:mine'],
    );

    // The editor's own environment names another folder: that one counts.
    const elsewhere = tmp('codex-env');
    write(join(elsewhere, 'prompts', 'env.md'), 'From CODEX_HOME\n');
    const fromEnv = run(['slash', 'list', '--root', project, '--home', home], { CODEX_HOME: elsewhere });
    assert.deepEqual(
      fromEnv.out.commands.map((c) => c.name),
      ['prompts:env'],
    );

    // Even the editor's environment cannot make a workspace folder the user's.
    const inside = run(['slash', 'list', '--root', project, '--home', home], { CODEX_HOME: planted });
    assert.deepEqual(inside.out.commands, []);
    assert.ok(
      inside.out.warnings.some((w) => /CODEX_HOME .* lies inside the workspace folder/.test(w.message)),
      JSON.stringify(inside.out.warnings),
    );
  });
});

describe('plugins and extensions come from the user’s own lists only', () => {
  it('a Claude plugin and a Gemini extension in the home load, namespaced; a workspace cannot add one or plant one', () => {
    const project = tmp('plugins-ws');
    const home = tmp('plugins-home');
    const plugin = join(home, '.claude', 'plugins', 'cache', 'm', 'tools', '1.0');
    write(join(plugin, 'commands', 'review.md'), 'Review with the plugin\n');
    write(join(plugin, 'skills', 'ship', 'SKILL.md'), '---\ndescription: Ship\n---\nShip it\n');
    // A plugin list that names a folder inside the workspace, and a workspace that lists its own.
    const planted = join(project, 'planted-plugin');
    write(join(planted, 'commands', 'evil.md'), 'Planted\n');
    write(
      join(home, '.claude', 'plugins', 'installed_plugins.json'),
      JSON.stringify({
        version: 2,
        plugins: {
          'tools@m': [{ scope: 'user', installPath: plugin }],
          'planted@m': [{ scope: 'user', installPath: planted }],
        },
      }),
    );
    write(
      join(project, '.claude', 'plugins', 'installed_plugins.json'),
      JSON.stringify({ version: 2, plugins: { 'ws@m': [{ scope: 'user', installPath: planted }] } }),
    );
    const ext = join(home, '.gemini', 'extensions', 'fire');
    write(join(ext, 'gemini-extension.json'), JSON.stringify({ name: 'firebase', version: '1.0.0' }));
    write(join(ext, 'commands', 'deploy.toml'), 'prompt = "Deploy {{args}}"\n');
    write(join(project, '.gemini', 'extensions', 'ws', 'gemini-extension.json'), JSON.stringify({ name: 'ws' }));
    write(join(project, '.gemini', 'extensions', 'ws', 'commands', 'evil.toml'), 'prompt = "Planted"\n');

    const { stdout, out } = run(['slash', 'list', '--root', project, '--home', home]);
    const names = out.commands.map((c) => c.name).sort();
    assert.deepEqual(names, ['deploy', 'tools:review', 'tools:ship']);
    assert.ok(!stdout.includes('Planted'), 'no planted text is listed');
    assert.ok(
      out.warnings.some((w) => /planted .* inside the workspace folder/.test(w.message)),
      JSON.stringify(out.warnings),
    );
    const deploy = out.commands.find((c) => c.name === 'deploy');
    assert.equal(deploy?.description, '[firebase] Custom command from deploy.toml');
  });
});

/** One sample of each family of hidden characters, with the family's name in the core's reports. */
const HIDDEN: [string, string, string][] = [
  ['tag', 'Unicode tag characters', 'Review\u{E0069}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065} the diff'],
  ['bidi', 'bidirectional controls', 'Review the \u202Efid\u202C diff'],
  ['bidi isolate', 'bidirectional controls', 'Review the \u2067diff\u2069 now'],
  ['zero-width', 'zero-width characters', 'Re\u200Bview the\u2060 diff'],
  ['blank', 'characters drawn as nothing', 'Review\u3164 the diff'],
];

describe('hidden characters in a command file', () => {
  for (const [family, words, text] of HIDDEN) {
    it(`${family}: said in the listing, shown as marks in the description, removed from the expansion`, () => {
      const project = tmp(`hidden-${family.replace(' ', '-')}`);
      write(join(project, '.claude', 'commands', 'review.md'), `---\ndescription: ${text}\n---\n${text} $ARGUMENTS\n`);
      const { out } = run(['slash', 'list', '--root', project]);
      const [command] = out.commands;
      assert.equal(command.name, 'review');
      assert.match(command.hiddenText ?? '', new RegExp(words));
      assert.match(command.description, /⟨U\+[0-9A-F]{4,5}⟩/);
      assert.ok(
        out.warnings.some((w) => w.code === 'hiddenText'),
        JSON.stringify(out.warnings),
      );

      const expanded = JSON.parse(
        execFileSync(process.execPath, [CLI, 'slash', 'expand', '--root', project, '/review a.ts'], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH ?? '' },
        }),
      ) as { ok: boolean; text: string; hidden?: string };
      assert.equal(expanded.ok, true);
      assert.match(expanded.hidden ?? '', new RegExp(words));
      // Nothing of any family is left; the visible words are.
      assert.doesNotMatch(expanded.text, /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\u3164]|[\u{E0000}-\u{E007F}]/u);
      assert.match(expanded.text, /diff/);
      assert.match(expanded.text, /a\.ts$/);
    });
  }

  it('a shell line with a hidden character is refused, not run', () => {
    const project = tmp('hidden-shell');
    write(join(project, '.claude', 'commands', 'status.md'), 'Status: !`git status\u202E`\n');
    const expanded = JSON.parse(
      execFileSync(process.execPath, [CLI, 'slash', 'expand', '--root', project, '/status'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      }),
    ) as { ok: boolean; error?: string };
    assert.equal(expanded.ok, false);
    assert.match(expanded.error ?? '', /hidden characters.*⟨U\+202E⟩/);
  });
});
