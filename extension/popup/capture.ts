// Key capture while the popup loads: keybindings under one context key hand every typed key to the host, in order.
import * as vscode from 'vscode';

import { CAPTURE_CONTEXT } from './captureKeys';

/** A capture that never hands over (a webview that never loads) gives the keyboard back after this. */
const CAPTURE_LIMIT_MS = 15_000;

/**
 * Holds the keys typed between the popup key and the moment its input has the focus, and hands them to
 * the webview in order. The popup key's own keybinding sets the context key in the workbench before
 * the extension host hears of it (see package.json), so even the first key after it is captured; the
 * `type` command, which other extensions rely on, is never touched.
 */
export class KeyCapture implements vscode.Disposable {
  private buffer: string[] = [];
  private sink: ((keys: string[]) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private capturing = false;
  /** An `end` is waiting for the workbench; a second one has nothing to add. */
  private ending = false;
  /** Which capture is current, so an `end` that finishes after a new `start` leaves the new one alone. */
  private generation = 0;
  /** Context updates in the order they were asked for: a late "on" must never follow an "off". */
  private contextChain: Thenable<unknown> = Promise.resolve();

  /** `onExpired` runs when a capture ran out of time without handing over. */
  constructor(private readonly onExpired: () => void) {}

  get active(): boolean {
    return this.capturing;
  }

  /** Starts capturing (the popup key's keybinding may already have set the context key; again is harmless). */
  start(): void {
    this.generation++;
    this.buffer = [];
    this.sink = undefined;
    this.capturing = true;
    void this.setContext(true);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.end().then((ended) => ended && this.onExpired()), CAPTURE_LIMIT_MS);
  }

  /** A captured key. One that comes when no capture runs is dropped: nothing waits for it. */
  key(key: string): void {
    if (!this.capturing) return;
    if (this.sink) this.sink([key]);
    else this.buffer.push(key);
  }

  /** Hands the keys held so far to `sink` at once, and every later one as it comes. */
  attach(sink: (keys: string[]) => void): void {
    this.sink = sink;
    const held = this.buffer.splice(0);
    if (held.length) sink(held);
  }

  /** Holds keys again until the next `attach` (the stand-in went, the webview is not listening yet). */
  detach(): void {
    this.sink = undefined;
  }

  /**
   * Ends the capture. Keys the workbench caught before it switched the context key off still arrive
   * before this resolves (one channel, in order) and go to the sink, so then every one is handed over.
   * Resolves true for the call that ended it.
   */
  async end(): Promise<boolean> {
    if (!this.capturing || this.ending) return false;
    const generation = this.generation;
    this.ending = true;
    clearTimeout(this.timer);
    await this.setContext(false);
    if (generation !== this.generation) return false;
    this.reset();
    return true;
  }

  /** Stops at once and drops what is held (the popup closed). */
  cancel(): void {
    if (!this.capturing) return;
    this.generation++;
    this.reset();
    void this.setContext(false);
  }

  dispose(): void {
    this.cancel();
  }

  private reset(): void {
    clearTimeout(this.timer);
    this.capturing = false;
    this.ending = false;
    this.sink = undefined;
    this.buffer = [];
  }

  private setContext(value: boolean): Thenable<unknown> {
    const set = () => vscode.commands.executeCommand('setContext', CAPTURE_CONTEXT, value);
    // A failed update (the workbench going away) must not stop the ones after it.
    this.contextChain = this.contextChain.then(set).then(undefined, () => undefined);
    return this.contextChain;
  }
}
