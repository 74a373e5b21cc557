// Words every sample event with the pages' own scripts (games.js and game-*.js), outside a
// browser, and labels sample choices the same way: node describe_events.js STATIC_DIR SAMPLES_JSON
// prints {"lines": [[game, kind, line], ...], "labels": [[game, notation, label, detail], ...]}.
"use strict";
const fs = require("fs");
const path = require("path");

const [staticDir, samplesFile] = process.argv.slice(2);
// describe() builds no DOM; these stand-ins only let the scripts load.
global.document = { body: { classList: { contains: () => false } } };
global.window = {};
const scripts = ["games.js", ...fs.readdirSync(staticDir).filter((f) => /^game-.*\.js$/.test(f)).sort()];
const code = scripts.map((f) => fs.readFileSync(path.join(staticDir, f), "utf8")).join("\n");
const Games = new Function(`${code}\nreturn Games;`)();
const samples = JSON.parse(fs.readFileSync(samplesFile, "utf8"));
const lines = [];
const labels = [];
for (const [game, { cards, events, choices }] of Object.entries(samples)) {
  Games.setCards(cards);
  for (const event of events) lines.push([game, event.kind, Games.describe(game, event)]);
  for (const { notation, view } of choices) {
    labels.push([game, notation, Games.actionLabel(game, notation, view), Games.actionDetail(game, notation, view)]);
  }
}
process.stdout.write(JSON.stringify({ lines, labels }));
