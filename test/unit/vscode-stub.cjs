// A small stand-in for the `vscode` module so shell units run under plain Node; installed with --require.
const Module = require('node:module');

const configurationStore = new Map();
const configurationLevels = new Map();
const stub = {
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  workspace: {
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        const full = section ? `${section}.${key}` : key;
        return configurationStore.has(full) ? configurationStore.get(full) : fallback;
      },
      update: async (key, value) => void configurationStore.set(section ? `${section}.${key}` : key, value),
      // Levels as VS Code reports them: `__configurationLevels` holds a key's levels when a test sets
      // them; otherwise a stored value is the user's.
      inspect: (key) => {
        const full = section ? `${section}.${key}` : key;
        if (configurationLevels.has(full)) return { key: full, ...configurationLevels.get(full) };
        return { key: full, globalValue: configurationStore.get(full) };
      },
    }),
  },
  __configuration: configurationStore,
  __configurationLevels: configurationLevels,
};

// Just enough of the language model API for extension/lm.ts; tests put models in `__chatModels`.
class CancellationTokenSource {
  constructor() {
    const listeners = [];
    this.token = {
      isCancellationRequested: false,
      onCancellationRequested: (listener) => {
        listeners.push(listener);
        return { dispose: () => listeners.splice(listeners.indexOf(listener) >>> 0, 1) };
      },
    };
    this.cancel = () => {
      if (this.token.isCancellationRequested) return;
      this.token.isCancellationRequested = true;
      for (const listener of [...listeners]) listener();
    };
  }
  dispose() {}
}
class LanguageModelError extends Error {
  static NoPermissions(message) {
    return Object.assign(new LanguageModelError(message), { code: 'NoPermissions' });
  }
  static Blocked(message) {
    return Object.assign(new LanguageModelError(message), { code: 'Blocked' });
  }
  static NotFound(message) {
    return Object.assign(new LanguageModelError(message), { code: 'NotFound' });
  }
}
const chatModels = [];
Object.assign(stub, {
  CancellationTokenSource,
  LanguageModelError,
  LanguageModelChatMessage: { User: (content) => ({ role: 1, content }) },
  lm: {
    selectChatModels: async (selector = {}) =>
      chatModels.filter((m) => Object.entries(selector).every(([field, value]) => m[field] === value)),
  },
  __chatModels: chatModels,
});

// Quick inputs and commands for extension/doFallback.ts: tests answer pickers through `__answers`
// (a function from the items shown to the one picked) and read what ran in `__executed`.
const executed = [];
const answers = { quickPick: (items) => items[0], inputBox: () => undefined };
Object.assign(stub, {
  window: {
    showQuickPick: async (items, options) => answers.quickPick(items, options),
    showInputBox: async (options) => answers.inputBox(options),
    showErrorMessage: async () => undefined,
    setStatusBarMessage: () => ({ dispose() {} }),
  },
  commands: { executeCommand: async (...args) => void executed.push(args) },
  __executed: executed,
  __answers: answers,
});

// A quick pick for extension/standIn.ts that behaves as VS Code's does where it matters: a value set
// by the extension comes back as a change event, later (tests call `__deliver` to let it arrive).
const quickPicks = [];
function createQuickPick() {
  const listeners = { value: [], accept: [], hide: [] };
  const on = (kind) => (listener) => {
    listeners[kind].push(listener);
    return { dispose: () => listeners[kind].splice(listeners[kind].indexOf(listener) >>> 0, 1) };
  };
  const queued = [];
  let value = '';
  const pick = {
    items: [],
    activeItems: [],
    placeholder: undefined,
    title: undefined,
    ignoreFocusOut: false,
    visible: false,
    disposed: false,
    get value() {
      return value;
    },
    set value(next) {
      value = next;
      queued.push(next);
    },
    onDidChangeValue: on('value'),
    onDidAccept: on('accept'),
    onDidHide: on('hide'),
    show() {
      pick.visible = true;
    },
    hide() {
      if (!pick.visible) return;
      pick.visible = false;
      for (const l of [...listeners.hide]) l();
    },
    dispose() {
      pick.disposed = true;
    },
    /** Lets the change events of values set so far arrive. */
    __deliver() {
      for (const v of queued.splice(0)) for (const l of [...listeners.value]) l(v);
    },
    /** The user edits the text in the quick pick itself. */
    __userTypes(next) {
      value = next;
      for (const l of [...listeners.value]) l(next);
    },
    __accept() {
      for (const l of [...listeners.accept]) l();
    },
  };
  quickPicks.push(pick);
  return pick;
}
stub.window.createQuickPick = createQuickPick;
stub.QuickPickItemKind = { Separator: -1, Default: 0 };
stub.__quickPicks = quickPicks;

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') return stub;
  return originalLoad.call(this, request, parent, isMain);
};
