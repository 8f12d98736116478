// Smoke test: the packaged Solidus installs into a real VS Code (code-server) and "Solidus: Show Log" shows its Output channel.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import {
  copyDemo,
  type EditorSession,
  openWorkbench,
  runPaletteCommand,
  startSession,
  waitFor,
  withFailureArtifacts,
} from './harness';

let editor: EditorSession | undefined;
let workspaceDir: string | undefined;

before(async () => {
  workspaceDir = copyDemo();
  // The test opens the workbench itself, to time it.
  editor = await startSession({ workspaceDir }, { openWorkbench: false });
});

after(async () => {
  await editor?.stop();
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
});

test('"Solidus: Show Log" opens the Solidus output channel', async (t) => {
  const { page } = editor!;
  await withFailureArtifacts(
    page,
    'smoke-show-log',
    async () => {
      t.diagnostic(`workbench ready in ${await openWorkbench(page, editor!.server.url)} ms`);
      await runPaletteCommand(page, 'Solidus: Show Log');

      // The panel shows the Output view, whose channel picker names the channel on screen. The command is
      // what activates the extension here, which on a loaded machine took longer than 10 s once.
      await page.locator('.part.panel[data-active-composite="workbench.panel.output"]').waitFor({ timeout: 30_000 });
      // The picker appears twice (panel title and view toolbar); read the one on screen.
      const picker = page.locator('.part.panel select[aria-label="Switch Output"]').filter({ visible: true }).first();
      const channel = await waitFor(
        async () => {
          const name = await picker.evaluate(
            (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent?.trim(),
            undefined,
            { timeout: 1000 },
          );
          return name === 'Solidus' ? name : undefined;
        },
        10_000,
        { message: 'the Output view to show the "Solidus" channel' },
      );
      assert.equal(channel, 'Solidus');
    },
    () => editor!.logs(),
  );
});
