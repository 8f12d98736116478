// The popup's browser side: renders rows and the value prompts, and sends keys back to the extension.
import type { FromWebview, Row, Stage, ToWebview, ValueOption } from '../extension/protocol';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const input = document.getElementById('solidus-query') as HTMLInputElement;
const list = document.getElementById('solidus-results') as HTMLUListElement;
const message = document.getElementById('solidus-message') as HTMLDivElement;
const prompt = document.getElementById('solidus-prompt') as HTMLDivElement;
const footer = document.getElementById('solidus-footer') as HTMLDivElement;

const PAGE = 8;
let stage: Stage = { kind: 'search' };
let rows: Row[] = [];
let options: ValueOption[] = [];
let selected = 0;
let seq = 0;
let searchText = '';
/** Nothing matched: the list ends with a row that asks /do, selectable only with the arrow keys. */
let offerDo = false;
const DO_ROW_ID = 'solidus:ask-do';

const send = (m: FromWebview): void => vscode.postMessage(m);

/**
 * While the extension captures keys (the popup was loading when they were typed), they reach the input
 * only as `keys` messages, in the order typed. A key typed here meanwhile is held back: VS Code forwards
 * every key pressed in a webview to the workbench, so its copy comes back through the capture, and
 * taking that copy (not the original) keeps the order. When the capture ends, what is still held back
 * (typed after the workbench stopped capturing) is applied. Nothing is typed twice, nothing is lost.
 */
let captured = true;
const heldBack: string[] = [];
/** Enter came through the capture before the list answered the text typed with it: it runs when it does. */
let enterWaiting = false;
/** The `seq` of the last results shown, to know whether the list answers the input. */
let answeredSeq = -1;

/** The key as the capture names it, if the capture would take it. */
function capturedKey(event: KeyboardEvent): string | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return undefined;
  if (event.key.length === 1 || event.key === 'Backspace' || event.key === 'Enter' || event.key === 'Escape')
    return event.key;
  return undefined;
}

/** Applies one key as if it had been typed in the input: at the caret, replacing the selection. */
function applyKey(key: string): void {
  if (key === 'Enter') {
    if (stage.kind !== 'search' || answeredSeq === seq) activate();
    else enterWaiting = true;
    return;
  }
  if (key === 'Escape') {
    closeOrBack();
    return;
  }
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  if (key === 'Backspace') {
    if (start === end && start === 0) return;
    input.setRangeText('', start === end ? start - 1 : start, end, 'end');
  } else {
    input.setRangeText(key, start, end, 'end');
  }
  onInput();
}

/** A key the extension captured: the copy of the oldest held-back key, or one typed before this frame had the focus. */
function receiveCapturedKey(key: string): void {
  if (heldBack[0] === key) heldBack.shift();
  applyKey(key);
}

function endCapture(): void {
  if (!captured) return;
  captured = false;
  for (const key of heldBack.splice(0)) applyKey(key);
}

/** Tells the extension the input has the focus, which ends a capture. */
function reportFocus(): void {
  if (captured && document.hasFocus() && document.activeElement === input) send({ type: 'focused' });
}

function showMessage(level: 'info' | 'error' | 'none', text = ''): void {
  message.textContent = text;
  message.className = level === 'none' ? '' : `solidus-${level}`;
  message.setAttribute('role', level === 'error' ? 'alert' : 'status');
}

/** Appends `text` to `parent` with the UTF-16 ranges wrapped in <mark>; never parses HTML. */
function appendHighlighted(parent: HTMLElement, text: string, ranges: [number, number][]): void {
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end > text.length) continue;
    if (start > at) parent.append(text.slice(at, start));
    const mark = document.createElement('mark');
    mark.textContent = text.slice(start, end);
    parent.append(mark);
    at = end;
  }
  if (at < text.length) parent.append(text.slice(at));
}

function span(className: string, text?: string): HTMLSpanElement {
  const element = document.createElement('span');
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function optionElement(index: number, id: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'solidus-option';
  li.id = `solidus-option-${index}`;
  li.setAttribute('role', 'option');
  li.dataset.id = id;
  li.addEventListener('mousedown', (event) => {
    event.preventDefault();
    selected = index;
    activate();
  });
  return li;
}

function render(emptyHint?: string): void {
  list.replaceChildren();
  if (stage.kind === 'search') {
    rows.forEach((row, index) => {
      // The core lists related rows after every row that matched each word; one divider marks where they start.
      if (row.related && !rows[index - 1]?.related) list.append(dividerElement('Related'));
      const li = optionElement(index, row.id);
      const badge = span(`solidus-badge solidus-kind-${row.kind}`, row.kind);
      const title = span('solidus-title');
      appendHighlighted(title, row.title, row.highlights);
      const main = span('solidus-main');
      main.append(title);
      if (row.detail) main.append(span('solidus-detail', row.detail));
      li.append(badge, main);
      if (row.risk) li.append(span('solidus-risk', row.risk));
      if (row.shadowed) li.classList.add('solidus-shadowed');
      if (row.keybinding) li.append(span('solidus-key', row.keybinding));
      if (row.related) li.classList.add('solidus-related');
      const notes = `${row.related ? ' (related)' : ''}${row.shadowed ? ' (shadowed)' : ''}${row.fromWorkspace ? ' (from the workspace)' : ''}${row.risk ? `, ${row.risk}` : ''}`;
      li.setAttribute('aria-label', `${row.kind} ${row.title}${notes}${row.keybinding ? `, ${row.keybinding}` : ''}`);
      list.append(li);
    });
    if (!rows.length && emptyHint) list.append(hintElement(emptyHint));
    if (offerDo) {
      const li = optionElement(rows.length, DO_ROW_ID);
      const main = span('solidus-main');
      main.append(
        span('solidus-title', `Ask /do: “${input.value.trim()}”`),
        span('solidus-detail', 'A model proposes a plan from known actions; you see it before anything runs'),
      );
      li.append(span('solidus-badge solidus-kind-do', '/do'), main);
      list.append(li);
    }
  } else if (stage.kind === 'choose') {
    visibleOptions().forEach((option, index) => {
      const li = optionElement(index, option.valueJson);
      li.append(span('solidus-badge solidus-kind-value', option.current ? 'current' : 'value'));
      const main = span('solidus-main');
      main.append(span('solidus-title', option.label));
      if (option.description) main.append(span('solidus-detail', option.description));
      li.append(main);
      list.append(li);
    });
  }
  updateSelection();
}

/** A heading between rows; not an option, so the arrow keys pass over it. */
function dividerElement(text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'solidus-divider';
  li.setAttribute('role', 'presentation');
  li.textContent = text;
  return li;
}

function hintElement(text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'solidus-hint';
  li.textContent = text;
  return li;
}

function visibleOptions(): ValueOption[] {
  const filter = input.value.trim().toLowerCase();
  return filter ? options.filter((o) => o.label.toLowerCase().includes(filter)) : options;
}

function count(): number {
  return stage.kind === 'search'
    ? rows.length + (offerDo ? 1 : 0)
    : stage.kind === 'choose'
      ? visibleOptions().length
      : 0;
}

function updateSelection(): void {
  const total = count();
  // With no rows, nothing is selected until an arrow key moves onto the "ask /do" row: Enter alone never asks a model.
  const floor = stage.kind === 'search' && !rows.length ? -1 : 0;
  selected = total ? Math.max(floor, Math.min(selected, total - 1)) : 0;
  const items = list.querySelectorAll<HTMLLIElement>('.solidus-option');
  items.forEach((li, index) => {
    li.setAttribute('aria-selected', String(index === selected));
  });
  const current = items[selected];
  if (current) {
    input.setAttribute('aria-activedescendant', current.id);
    current.scrollIntoView({ block: 'nearest' });
  } else {
    input.removeAttribute('aria-activedescendant');
  }
}

function activate(): void {
  if (stage.kind === 'search') {
    // The extension reads the text with the core's grammar: `/do …` asks the model whatever is selected.
    const askDo = offerDo && selected === rows.length;
    const row = askDo ? undefined : rows[selected];
    send({ type: 'activate', text: input.value, id: row?.id, askDo });
  } else if (stage.kind === 'choose') {
    const option = visibleOptions()[selected];
    if (option) send({ type: 'chooseValue', key: stage.key, valueJson: option.valueJson });
  } else {
    send({ type: 'submitValue', key: stage.key, text: input.value });
  }
}

function enterStage(next: Stage): void {
  stage = next;
  showMessage('none');
  selected = 0;
  if (next.kind === 'search') {
    prompt.hidden = true;
    input.value = searchText;
    input.placeholder = 'Search commands, settings, scripts, Git and file actions';
    footer.textContent = '↑↓ move · Enter run · Esc close';
    list.hidden = false;
    send({ type: 'query', seq: ++seq, text: searchText });
  } else if (next.kind === 'choose') {
    prompt.hidden = false;
    prompt.textContent = `${next.title}: choose a value`;
    input.value = '';
    input.placeholder = 'Filter values';
    footer.textContent = '↑↓ move · Enter set · Esc back';
    options = next.options;
    selected = Math.max(
      0,
      options.findIndex((o) => o.current),
    );
    list.hidden = false;
    render();
  } else {
    prompt.hidden = false;
    prompt.textContent = `${next.title}: enter ${next.expectation}`;
    input.value = next.current;
    input.placeholder = next.expectation;
    footer.textContent = 'Enter save · Esc back';
    list.hidden = true;
    list.replaceChildren();
    input.select();
  }
  input.focus();
}

function onInput(): void {
  if (stage.kind === 'search') {
    searchText = input.value;
    showMessage('none');
    send({ type: 'query', seq: ++seq, text: input.value });
  } else if (stage.kind === 'choose') {
    selected = 0;
    render();
  } else {
    showMessage('none');
  }
}

function closeOrBack(): void {
  if (stage.kind === 'search') send({ type: 'close' });
  else enterStage({ kind: 'search' });
}

input.addEventListener('input', onInput);

// First of all listeners: during a capture, keys that type are held back (see `captured`).
window.addEventListener(
  'keydown',
  (event) => {
    if (!captured) return;
    const key = capturedKey(event);
    if (key === undefined) return;
    // Not stopped: VS Code's own listener must still forward it to the workbench, and so to the capture.
    event.preventDefault();
    heldBack.push(key);
  },
  true,
);

input.addEventListener('keydown', (event) => {
  if (event.defaultPrevented) return; // Held back by the capture.
  const total = count();
  switch (event.key) {
    case 'ArrowDown':
      selected = total ? (selected + 1) % total : 0;
      break;
    case 'ArrowUp':
      selected = total ? (selected - 1 + total) % total : 0;
      break;
    case 'PageDown':
      selected = Math.min(total - 1, selected + PAGE);
      break;
    case 'PageUp':
      selected = Math.max(0, selected - PAGE);
      break;
    case 'Enter':
      activate();
      break;
    case 'Escape':
      closeOrBack();
      break;
    case 'Tab': {
      // Focus stays in the input; on a slash row Tab fills `/name ` to type arguments.
      const row = stage.kind === 'search' ? rows[selected] : undefined;
      if (row?.insertText) {
        input.value = row.insertText;
        searchText = row.insertText;
        send({ type: 'query', seq: ++seq, text: row.insertText });
      }
      break;
    }
    default:
      return;
  }
  event.preventDefault();
  updateSelection();
});

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const data = event.data;
  switch (data.type) {
    case 'results':
      if (stage.kind !== 'search' || data.seq < seq) return;
      rows = data.rows;
      offerDo = data.offerDo === true;
      selected = rows.length ? 0 : -1;
      answeredSeq = data.seq;
      render(data.emptyHint);
      // Which text the list answers, for assistive tooling and tests that must not read a stale list.
      list.dataset.query = data.text;
      if (enterWaiting && data.seq === seq) {
        enterWaiting = false;
        activate();
      }
      return;
    case 'stage':
      enterStage(data.stage);
      return;
    case 'message':
      showMessage(data.level, data.text);
      return;
    case 'restore':
      searchText = data.text;
      input.value = data.text;
      if (data.selected) input.select();
      else input.setSelectionRange(data.text.length, data.text.length);
      return;
    case 'focus':
      input.focus();
      reportFocus();
      return;
    case 'keys':
      for (const key of data.keys) receiveCapturedKey(key);
      return;
    case 'captureEnded':
      endCapture();
      return;
  }
});

window.addEventListener('focus', () => {
  input.focus();
  reportFocus();
});
input.addEventListener('focus', reportFocus);
input.focus();
send({ type: 'ready' });
