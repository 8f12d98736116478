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

const originalLoad = Module._load;
Module._load = function load(request, parent, isMain) {
  if (request === 'vscode') return stub;
  return originalLoad.call(this, request, parent, isMain);
};
