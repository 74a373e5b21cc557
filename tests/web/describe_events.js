// The pages' own scripts (games.js and each game's page script) outside a browser: they label
// sample choices, and show sample log sentences from the hub with the seats' names put in:
// node describe_events.js SAMPLES_JSON I18N_JS GAMES_JS PAGE_SCRIPT... (i18n.js with no catalog: English)
// prints {"labels": [[game, notation, label, detail], ...], "named": [line, ...]}.
"use strict";
const fs = require("fs");

const [samplesFile, ...scripts] = process.argv.slice(2);
// Labels and log lines build no DOM; these stand-ins only let the scripts load.
global.document = { body: { classList: { contains: () => false } } };
global.window = {};
const code = scripts.map((file) => fs.readFileSync(file, "utf8")).join("\n");
const Games = new Function(`${code}\nreturn Games;`)();
const { named: toName, ...samples } = JSON.parse(fs.readFileSync(samplesFile, "utf8"));
const labels = [];
for (const [game, { cards, choices }] of Object.entries(samples)) {
  Games.setCards(cards);
  for (const { notation, view } of choices) {
    labels.push([game, notation, Games.actionLabel(game, notation, view), Games.actionDetail(game, notation, view)]);
  }
}
const named = (toName || []).map(({ game, names, controllers, event }) => {
  Games.setNames(names, controllers);
  return Games.describe(game, event);
});
process.stdout.write(JSON.stringify({ labels, named }));
