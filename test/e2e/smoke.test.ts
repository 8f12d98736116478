// Smoke test: the packaged Solidus installs into a real VS Code (code-server) and "Solidus: Show Log" shows its Output channel.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startCodeServer } from '../../scripts/codeserver.mjs';
import { launchBrowser, openWorkbench, REPO_ROOT, runPaletteCommand, waitFor, withFailureArtifacts, type BrowserSession } from './harness';

// SOLIDUS_VSIX lets the harness be checked against another package (e.g. a stand-in extension).
const vsixPath = path.resolve(process.env.SOLIDUS_VSIX ?? path.join(REPO_ROOT, 'artifacts', 'solidus.vsix'));

let server: Awaited<ReturnType<typeof startCodeServer>> | undefined;
let session: BrowserSession | undefined;
let workspaceDir: string | undefined;

before(async () => {
  assert.ok(existsSync(vsixPath), `${vsixPath} not found: run \`npm run package\` first`);
  // A private copy of the demo, so tests never edit the repository's files.
  workspaceDir = mkdtempSync(path.join(os.tmpdir(), 'solidus-ws-'));
  cpSync(path.join(REPO_ROOT, 'demo'), workspaceDir, { recursive: true });
  server = await startCodeServer({ vsixPath, workspaceDir });
  session = await launchBrowser();
});

after(async () => {
  await session?.close();
  await server?.stop();
  if (workspaceDir) rmSync(workspaceDir, { recursive: true, force: true });
});

test('"Solidus: Show Log" opens the Solidus output channel', async (t) => {
  const { page } = session!;
  await withFailureArtifacts(
    page,
    'smoke-show-log',
    async () => {
      t.diagnostic(`workbench ready in ${await openWorkbench(page, server!.url)} ms`);
      await runPaletteCommand(page, 'Solidus: Show Log');

      // The panel shows the Output view, whose channel picker names the channel on screen.
      await page.locator('.part.panel[data-active-composite="workbench.panel.output"]').waitFor({ timeout: 10_000 });
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
    () => `${server!.logs()}\n${server!.extensionHostLogs()}`,
  );
});
