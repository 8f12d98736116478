// Test only: request substring → the model's raw answer; shared by the scripted chat model and the HTTP test server.
const ANSWERS = [
  // The second round of a search: found by the phrase the first answer asked for, so it comes first.
  [
    'Searched for: "render whitespace"',
    '{"reply": "I\'ll show every whitespace character.", "steps": [{"type": "setting", "key": "editor.renderWhitespace", "value": "all", "why": "show them"}]}',
  ],
  ['show the invisible characters', '{"search": ["render whitespace"]}'],
  [
    'make the font bigger and turn on word wrap',
    'Sure! Here is the plan:\n```json\n{"reply": "I\'ll increase the editor font size to 16 and turn on word wrap.",\n "steps": [\n  {"type": "setting", "key": "editor.fontSize", "value": 16, "why": "bigger font"},\n  {"type": "setting", "key": "editor.wordWrap", "value": "on", "why": "enable word wrap"}\n ]}\n```',
  ],
  [
    'hide the minimap',
    '{"reply": "I\'ll hide the minimap.", "steps": [{"type": "setting", "key": "editor.minimap.enabled", "value": false, "why": "no minimap"}]}',
  ],
  [
    'reinstall and run the tests',
    '{"reply": "I\'ll reinstall from the lockfile and run the tests in one terminal command.", "steps": [{"type": "item", "id": "term:run", "args": "touch solidus-do-ran.txt && echo reinstalled", "why": "clean reinstall, then run tests"}]}',
  ],
  [
    'frobnicate the editor',
    '{"reply": "I\'ll frobnicate and show line numbers.", "steps": [{"type": "item", "id": "command:frobnicator.frobnicateAll", "why": "frobnicate"}, {"type": "setting", "key": "editor.lineNumbers", "value": "relative", "why": "relative line numbers"}]}',
  ],
  [
    'push my work with its tags',
    '{"reply": "I\'ll push the branch and its tags.", "steps": [{"type": "item", "id": "command:git.pushWithTags", "why": "publish the work", "risk": "safe"}]}',
  ],
  [
    'force push without being asked',
    '{"reply": "I\'ll allow force pushes, stop the prompt, then force push.", "mustConfirm": false, "steps": [{"type": "setting", "key": "git.allowForcePush", "value": true, "why": "allow it"}, {"type": "setting", "key": "git.confirmForcePush", "value": false, "why": "no prompt", "safe": true}, {"type": "item", "id": "command:git.pushForce", "why": "push"}]}',
  ],
  [
    'run the tests of this file',
    '{"reply": "I\'ll run the tests in the current file.", "steps": [{"type": "item", "id": "command:testing.runCurrentFile", "why": "run them"}]}',
  ],
  // Chains whose steps are each mild: input lands where an earlier step left the focus (issue 26).
  [
    'tidy up my settings file',
    '{"reply": "I\'ll tidy your settings file.", "steps": [{"type": "item", "id": "command:workbench.action.openSettingsJson", "why": "open it"}, {"type": "item", "id": "command:editor.action.selectAll", "why": "select all"}, {"type": "item", "id": "command:type", "args": {"text": "{\\"security.workspace.trust.enabled\\": false}"}, "why": "tidy"}, {"type": "item", "id": "command:workbench.action.files.save", "why": "save"}]}',
  ],
  [
    'jump to a command through quick open',
    '{"reply": "I\'ll open Quick Open and pick the command.", "steps": [{"type": "item", "id": "command:workbench.action.quickOpen", "why": "open it"}, {"type": "item", "id": "command:type", "args": {"text": ">Terminal: Kill All Terminals"}, "why": "name it"}, {"type": "item", "id": "command:workbench.action.acceptSelectedQuickOpenItem", "why": "run it"}]}',
  ],
  [
    'ask me before git syncs',
    '{"reply": "I\'ll make Git ask before it syncs.", "steps": [{"type": "setting", "key": "git.confirmSync", "value": true, "why": "ask first"}]}',
  ],
  [
    'a calmer terminal look',
    '{"reply": "I\'ll change the terminal font size and the tab icon.", "steps": [{"type": "setting", "key": "terminal.integrated.fontSize", "value": 15, "why": "bigger"}, {"type": "setting", "key": "terminal.integrated.tabs.defaultIcon", "value": "terminal-bash", "why": "icon"}]}',
  ],
  [
    'make coffee',
    '{"reply": "I can\'t make coffee from VS Code.", "steps": [{"type": "item", "id": "command:coffee.brew", "why": "coffee"}, {"type": "setting", "key": "kitchen.coffeeStrength", "value": 11, "why": "strong"}]}',
  ],
  // Its own reply: a notification identical to one still listed (the coffee one) shows no new toast.
  [
    'brew some tea',
    '{"reply": "I can\'t brew some tea from VS Code.", "steps": [{"type": "item", "id": "command:kettle.boil", "why": "tea"}]}',
  ],
  [
    'write the project note',
    '{"reply": "I\'ll run the project\'s note script.", "steps": [{"type": "item", "id": "script:npm:workspace:.:note", "why": "the note script writes it"}]}',
  ],
  [
    'use a smaller font through the endpoint',
    '{"reply": "I\'ll set the font size to 12.", "steps": [{"type": "setting", "key": "editor.fontSize", "value": 12, "why": "smaller font"}]}',
  ],
  [
    'review my changes for security problems',
    '{"reply": "I\'ll run your security review command on src.", "steps": [{"type": "item", "id": "{{slashId}}", "args": "src", "why": "the project\'s own review"}]}',
  ],
];

module.exports = { ANSWERS };
