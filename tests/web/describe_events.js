// Words every sample event with the pages' own scripts (games.js and each game's page script),
// outside a browser, and labels sample choices the same way:
// node describe_events.js SAMPLES_JSON GAMES_JS PAGE_SCRIPT...
// prints {"lines": [[game, kind, line], ...], "labels": [[game, notation, label, detail], ...]}.
"use strict";
const fs = require("fs");

const [samplesFile, ...scripts] = process.argv.slice(2);
// describe() builds no DOM; these stand-ins only let the scripts load.
global.document = { body: { classList: { contains: () => false } } };
global.window = {};
const code = scripts.map((file) => fs.readFileSync(file, "utf8")).join("\n");
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
