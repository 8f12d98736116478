// Test only: request substring → the model's raw answer; shared by the scripted chat model and the HTTP test server.
const ANSWERS = [
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
    'make coffee',
    '{"reply": "I can\'t make coffee from VS Code.", "steps": [{"type": "item", "id": "command:coffee.brew", "why": "coffee"}, {"type": "setting", "key": "kitchen.coffeeStrength", "value": 11, "why": "strong"}]}',
  ],
  [
    'write the project note',
    '{"reply": "I\'ll run the project\'s note script.", "steps": [{"type": "item", "id": "script:npm:workspace:.:note", "why": "the note script writes it"}]}',
  ],
  [
    'use a smaller font through the endpoint',
    '{"reply": "I\'ll set the font size to 12.", "steps": [{"type": "setting", "key": "editor.fontSize", "value": 12, "why": "smaller font"}]}',
  ],
];

module.exports = { ANSWERS };
