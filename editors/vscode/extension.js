// Starts `lotr-rules lsp` for the card files, manifests, deck lists, scenarios and mix files of
// the open folder; everything else is the server's.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const settings = vscode.workspace.getConfiguration("lotrRules");
  const [command, ...args] = settings.get("command");
  client = new LanguageClient(
    "lotr-rules",
    "lotr-rules card scripts",
    { command, args },
    {
      documentSelector: [
        { scheme: "file", language: "lotr-card" },
        { scheme: "file", pattern: "**/set.toml" },
        { scheme: "file", pattern: "**/*.mix.toml" },
        { scheme: "file", pattern: "**/scenarios/*.toml" },
        { scheme: "file", pattern: "**/decks/*.txt" },
      ],
      initializationOptions: { cards: settings.get("cards") },
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
