// A small stand-in for the `vscode` module so shell units run under plain Node; installed with --require.
const Module = require('node:module');

const configurationStore = new Map();
const stub = {
  ConfigurationTarget: { Global: 1, Workspace: 2, WorkspaceFolder: 3 },
  workspace: {
    getConfiguration: (section) => ({
      get: (key, fallback) => {
        const full = section ? `${section}.${key}` : key;
        return configurationStore.has(full) ? configurationStore.get(full) : fallback;
      },
      update: async (key, value) => void configurationStore.set(section ? `${section}.${key}` : key, value),
    }),
  },
  __configuration: configurationStore,
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

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') return stub;
  return originalLoad.call(this, request, parent, isMain);
};
