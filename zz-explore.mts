import { startCodeServer } from '/work/main/scripts/codeserver.mjs';
import { launchBrowser, openPopup, openWorkbench, runPaletteCommand } from '/work/main/test/e2e/harness.ts';
for (const vsix of ['/tmp/fake-solidus/fake-solidus.vsix', '/work/main/artifacts/solidus.vsix']) {
  const server = await startCodeServer({ vsixPath: vsix, workspaceDir: '/tmp/explore/ws' });
  const s = await launchBrowser();
  const p = s.page;
  try {
    console.log(vsix, 'workbench ready ms', await openWorkbench(p, server.url));
    let t = Date.now();
    const f1 = await openPopup(p);
    console.log(' (a) from empty group ms', Date.now() - t);
    await p.keyboard.type('wrap');
    t = Date.now();
    const f2 = await openPopup(p);
    console.log(' (c) again while popup focused ms', Date.now() - t, 'same frame', f1 === f2, 'query now', JSON.stringify(await f2.locator('#solidus-query').inputValue()));
    await p.keyboard.press('Escape');
    await p.keyboard.press('Control+p');
    await p.locator('.quick-input-widget input').fill('inventory.ts');
    await p.locator('.quick-input-widget .monaco-list-row').first().waitFor();
    await p.keyboard.press('Enter');
    await p.locator('.part.editor .monaco-editor .view-lines').first().waitFor();
    t = Date.now();
    await openPopup(p);
    console.log(' (b) from text editor ms', Date.now() - t);
  } catch (e) { console.log('ERR', (e as Error).message.slice(0, 600)); await p.screenshot({ path: '/tmp/explore/err.png' }); }
  finally { await s.close(); await server.stop(); }
}
