// The pages' sentences outside a browser, in one language: the catalogs the hub serves a page
// (/i18n/LANG.js and /games/GAME/i18n/LANG.js, as JSON files here) loaded before i18n.js, then
// games.js and the game's page script say each event the way a phone's log does.
// node say_events.js SAMPLES_JSON CATALOG_JSON GAME_CATALOG_JSON I18N_JS GAMES_JS PAGE_SCRIPT
// prints [line, ...]. Every seat is said as "<seat N>", so the words around it are compared.
"use strict";
const fs = require("fs");

const [samplesFile, catalogFile, gameCatalogFile, ...scripts] = process.argv.slice(2);
global.document = { body: { classList: { contains: () => false } } };
global.window = {};
global.self = {
  TABLETOP_CATALOG: JSON.parse(fs.readFileSync(catalogFile, "utf8")),
  TABLETOP_GAME_CATALOG: JSON.parse(fs.readFileSync(gameCatalogFile, "utf8")),
};
const code = scripts.map((file) => fs.readFileSync(file, "utf8")).join("\n");
const Games = new Function(`${code}\nreturn Games;`)();
const { game, cards, seats, events } = JSON.parse(fs.readFileSync(samplesFile, "utf8"));
Games.setCards(cards);
const names = Object.fromEntries(seats.map((seat) => [String(seat), `<seat ${seat}>`]));
Games.setNames(names, {});
if (Games.renderers[game] && Games.renderers[game].seatName) Games.renderers[game].seatName = (seat) => `<seat ${seat}>`;
process.stdout.write(JSON.stringify(events.map((event) => Games.describe(game, event))));
