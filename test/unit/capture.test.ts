// The key capture: package.json contributes exactly its keybindings, and keys reach the sink in order, once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as vscode from 'vscode';
import { KeyCapture } from '../../extension/popup/capture';
import { CAPTURE_CONTEXT, captureKeybindings, TYPE_KEY_COMMAND } from '../../extension/popup/captureKeys';
import { withGeneratedParts } from '../../scripts/manifest';

const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
  contributes: { keybindings: { key: string; command: string; args?: unknown; when?: string }[] };
};

describe('key capture', () => {
  it('package.json is what `npm run manifest` writes, and the script puts back a dropped capture key', () => {
    const text = readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8');
    assert.equal(
      withGeneratedParts(text),
      text,
      'package.json has drifted: `npm run manifest` rewrites its generated parts',
    );
    const dropped = text.replace(/\n\s*\{\s*"key": "shift\+q",[^}]*\},/, '');
    assert.notEqual(dropped, text);
    assert.equal(withGeneratedParts(dropped), text);
  });

  it('package.json contributes the capture keybindings, one per key, and nothing else runs the command', () => {
    const contributed = manifest.contributes.keybindings.filter((k) => k.command === TYPE_KEY_COMMAND);
    assert.deepEqual(
      contributed,
      captureKeybindings(),
      'package.json has drifted: `npm run manifest` rewrites its generated parts',
    );
    assert.equal(new Set(contributed.map((k) => k.key)).size, contributed.length, 'one binding per key');
    // The characters a US keyboard types, each once, and the named keys.
    const typed = contributed.map((k) => k.args as string).filter((a) => a.length === 1);
    assert.equal(new Set(typed).size, 26 * 2 + 10 * 2 + 11 * 2 + 1);
    assert.ok(contributed.every((k) => k.when === CAPTURE_CONTEXT));
  });

  it('the popup key sets the context key in the workbench before the extension hears of it', () => {
    const open = manifest.contributes.keybindings.filter((k) => k.key === 'ctrl+alt+space');
    const capturing = open.find((k) => k.command === 'runCommands');
    assert.deepEqual(capturing?.args, {
      commands: [{ command: '_setContext', args: [CAPTURE_CONTEXT, true] }, 'solidus.open'],
    });
  });

  it('hands held keys over in order, then each later one, and drops keys once ended', async () => {
    let expired = false;
    const capture = new KeyCapture(() => {
      expired = true;
    });
    capture.start();
    capture.key('z');
    capture.key('e');
    const got: string[][] = [];
    capture.attach((keys) => got.push(keys));
    capture.key('n');
    await capture.end();
    capture.key('x');
    assert.deepEqual(got, [['z', 'e'], ['n']]);
    // On, then off, in that order, whatever the timing of the workbench's answers.
    const updates = (vscode as unknown as { __executed: unknown[][] }).__executed.filter((c) => c[0] === 'setContext');
    assert.deepEqual(updates, [
      ['setContext', CAPTURE_CONTEXT, true],
      ['setContext', CAPTURE_CONTEXT, false],
    ]);
    assert.equal(capture.active, false);
    assert.equal(expired, false);
    capture.dispose();
  });

  it('holds keys again after a detach (the stand-in went) until the next sink attaches', () => {
    const capture = new KeyCapture(() => undefined);
    capture.start();
    const standIn: string[] = [];
    const webview: string[] = [];
    capture.attach((keys) => standIn.push(...keys));
    capture.key('z');
    capture.detach();
    capture.key('e');
    capture.attach((keys) => webview.push(...keys));
    capture.key('n');
    assert.deepEqual([standIn, webview], [['z'], ['e', 'n']]);
    capture.dispose();
  });
});
