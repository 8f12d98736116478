// Test only: a chat model that answers /do prompts with scripted raw text chosen by the request it finds in them.
const fs = require('node:fs');
const path = require('node:path');
const vscode = require('vscode');
const { ANSWERS } = require('./answers.js');

const MODEL = {
  id: 'solidus-test-model',
  name: 'Solidus Test Model',
  family: 'solidus-test',
  version: '1',
  maxInputTokens: 200000,
  maxOutputTokens: 4096,
  capabilities: {},
};

/** The text of every message part the provider was sent. */
function textOf(messages) {
  return messages
    .flatMap((message) => message.content)
    .map((part) =>
      part instanceof vscode.LanguageModelTextPart ? part.value : typeof part?.value === 'string' ? part.value : '',
    )
    .join('\n');
}

/** Calls a tool as another agent would: the call comes from tool-call.json, the answer goes to tool-result.json. */
async function invokeTool() {
  const root = vscode.workspace.workspaceFolders[0].uri.fsPath;
  const call = JSON.parse(fs.readFileSync(path.join(root, 'tool-call.json'), 'utf8'));
  let result;
  try {
    const answer = await vscode.lm.invokeTool(call.name, { input: call.input, toolInvocationToken: undefined });
    result = {
      ok: true,
      text: answer.content.map((part) => (typeof part.value === 'string' ? part.value : '')).join(''),
    };
  } catch (error) {
    result = { ok: false, name: error?.name, error: String(error?.message ?? error) };
  }
  fs.writeFileSync(path.join(root, 'tool-result.json'), JSON.stringify(result));
}

function activate(context) {
  context.subscriptions.push(vscode.commands.registerCommand('solidusTest.invokeTool', invokeTool));
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('solidus-test', {
      provideLanguageModelChatInformation: () => [MODEL],
      async provideLanguageModelChatResponse(_model, messages, _options, progress) {
        const text = textOf(messages);
        const found = ANSWERS.find(([needle]) => text.includes(needle));
        // `{{slashId}}` stands for the first slash command the prompt's shortlist offers, so a test can
        // show that a command file reached the shortlist: the model sees nothing else.
        const answer = (
          found ? found[1] : '{"reply": "The test model has no scripted answer for this request.", "steps": []}'
        ).replace('{{slashId}}', (text.match(/slash:[\w.:/#-]+/) ?? ['slash:none-on-the-shortlist'])[0]);
        // Streams in two parts, as a real model would.
        const half = Math.floor(answer.length / 2);
        progress.report(new vscode.LanguageModelTextPart(answer.slice(0, half)));
        progress.report(new vscode.LanguageModelTextPart(answer.slice(half)));
      },
      provideTokenCount: async (_model, text) => Math.ceil((typeof text === 'string' ? text.length : 100) / 4),
    }),
  );
}

module.exports = { activate, deactivate() {} };
