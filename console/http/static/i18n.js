// The pages' words in the page's language: the app's catalog for it (/i18n/LANG.js, loaded just
// before this file, sets self.TABLETOP_CATALOG) by message id; English is the ids themselves.
// _("Seat %(seat)s", { seat: 2 }) and ngettext("%(num)s move", "%(num)s moves", n) put values in
// for %(name)s as the templates do (`pybabel extract` finds both calls: babel.cfg). Every app
// (the hub's pages, the venue's) serves this one file at /i18n.js (console/http/language.py).
"use strict";

const I18n = (function () {
  // (no catalog, as outside a page: English, the ids themselves)
  const found = (typeof self !== "undefined" && self.TABLETOP_CATALOG) || { language: "en", plural: "(n != 1)", messages: {} };
  // A game's own words (its page.js's, /games/GAME/i18n/LANG.js, loaded before this on its pages)
  // join the pages' (the pages' own win where both have a message).
  const game = (typeof self !== "undefined" && self.TABLETOP_GAME_CATALOG) || { messages: {} };
  const catalog = Object.assign({}, found, { messages: Object.assign({}, game.messages, found.messages) });
  // The plural rules of the languages the hub ships, by their gettext expression (no eval under
  // the hub's Content-Security-Policy); tests/test_i18n_catalogs.py checks every catalog's is here.
  const RULES = {
    "(n != 1)": (n) => (n !== 1 ? 1 : 0),
    "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)": (n) => (n === 1 ? 0 : n !== 0 && n % 1000000 === 0 ? 1 : 2),
  };
  const pluralIndex = RULES[catalog.plural] || RULES["(n != 1)"];

  function fill(text, values) {
    if (!values) return text;
    return text.replace(/%\((\w+)\)[sd]/g, (found, name) => (name in values ? String(values[name]) : found));
  }

  function _(message, values) {
    const said = catalog.messages[message];
    return fill(typeof said === "string" && said ? said : message, values);
  }

  function ngettext(singular, plural, n, values) {
    const forms = catalog.messages[singular];
    const index = pluralIndex(n);
    const said = Array.isArray(forms) && forms[index] ? forms[index] : n === 1 ? singular : plural;
    return fill(said, Object.assign({ num: n }, values || {}));
  }

  // A list said in the page's language: "Ana and Bo", "Ana, Bo and Cy".
  function list(items) {
    if (items.length <= 1) return items.join("");
    return _("%(first)s and %(last)s", { first: items.slice(0, -1).join(", "), last: items[items.length - 1] });
  }

  // The headers of a call to the hub: it answers (a refusal) in this page's language, which on
  // the table screen is the host's whatever this browser asks for (PAGE_HEADER, console/http/language.py).
  function headers(extra) {
    return Object.assign({ "X-Tabletop-Language": catalog.language }, extra || {});
  }

  return { _, ngettext, list, headers, language: catalog.language };
})();
const _ = I18n._;
const ngettext = I18n.ngettext;
