"""The Rules of the Watch as a Game: options, setup (board, banners, decks), notation, catalog."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from console.games.core import (
    JSON,
    Action,
    Bot,
    ChoiceLabel,
    Event,
    Game,
    GameFacts,
    OptionSpec,
    SearchBudget,
    Seat,
    State,
    package_text,
)
from console.games.editions import Edition
from console.games.watch import actions as notation
from console.games.watch import terminal, words
from console.games.watch import view as views
from console.games.watch.actions import MAX_SEAT, WatchAction, parse
from console.games.watch.catalog import catalog
from console.games.watch.refusal import bad_options
from console.games.watch.rules.board import random_tiles, reference_tiles
from console.games.watch.rules.decks import Deck
from console.games.watch.state import WatchState
from console.i18n import N_
from console.i18n.said import Said, say

# Four peoples are named by the Chronicle; the other three are left to the designer (close reading, C.3).
PEOPLES = ("Highkin", "Stoneborn", "Wandersfolk", "Realms of Men", "People 5", "People 6", "People 7")
COLOURS = ("crimson", "cobalt", "ivory", "amber", "forest", "violet", "slate")
# Stacked decks: new(..., decks={1: [...]}) or by name; 1-3 the Chronicle decks, 4 the Harrows.
DECK_KEYS = {1: "warfare", 2: "growth", 3: "politics", 4: "harrows"}


MAX_NAME = 60  # characters of the Watch's name: it heads every screen


class WatchGame(Game):
    name = "watch"
    title = "Rules of the Watch"
    players_noun = "rulers"  # "two to four rulers gather at a hall" (the Gathering)
    facts = GameFacts(
        min_players=2,
        max_players=MAX_SEAT,
        simultaneous=False,
        hidden_information=True,
        chance_kinds=tuple(notation.CHANCE_VERBS),
        event_seating="tables",  # an event seats rulers at tables of four (the rest of three)
        typical_players=4,  # "4-ruler random playouts", as its benchmark has always played
        short_options={"max_rounds": 3},
    )
    # the rule book's word for a seat, in the sentences of every log
    seat_words = (words.RULER_AT_START, words.RULER_WITHIN)
    # the private event's twin for the rest of the table has another kind
    twin_kinds: ClassVar[Mapping[str, str]] = {"card_gained": "card"}
    option_specs = (
        OptionSpec(
            "layout",
            "random",
            N_("the island's tiles: random, or the fixed reference layout"),
            choices=("random", "reference"),
            label=N_("layout"),
            choice_labels=(N_("random"), N_("reference")),
        ),
        OptionSpec(
            "max_rounds",
            100,
            N_("rounds before the Chronicle closes (ruling P-49); 0: no limit"),
            minimum=0,
            maximum=1000,
            label=N_("max rounds"),
        ),
        OptionSpec(
            "copies",
            "rarity",
            N_("copies of each card: by rarity (ruling P-44), or single"),
            choices=("rarity", "single"),
            label=N_("copies"),
            choice_labels=(N_("rarity"), N_("single")),
        ),
        OptionSpec(
            "distance_rule",
            "any",
            N_("who keeps a distance (ruling P-1): any piece, or only your own"),
            choices=("any", "own"),
            label=N_("distance rule"),
            choice_labels=(N_("any"), N_("own")),
        ),
        OptionSpec(
            "empty_walls_bonus",
            0,
            N_("1: walls alone defend an empty city at +1 (ruling P-12)"),
            minimum=0,
            maximum=1,
            label=N_("empty walls bonus"),
        ),
        OptionSpec(
            "victory_points",
            15,
            N_("the visible VP a declaration needs"),
            minimum=1,
            maximum=100,
            label=N_("victory points"),
        ),
        OptionSpec(
            "peoples",
            "",
            N_("the rulers' peoples, comma-separated in seat order; empty: the first"),
            label=N_("peoples"),
        ),
        OptionSpec(
            "colours",
            "",
            N_("the rulers' colours, comma-separated in seat order; empty: the first"),
            label=N_("colours"),
        ),
        OptionSpec(
            "watch_name",
            "The Watch",
            N_("the name the host calls the Watch by (ruling P-3)"),
            label=N_("watch name"),
        ),
    )

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Any, Sequence[str]] | None = None,
    ) -> State:
        self.check_players(players)
        merged = self.merge_options(options)
        if not merged["watch_name"].strip():
            raise bad_options(say("the host must call the Watch named: watch_name may not be empty"))
        if len(merged["watch_name"]) > MAX_NAME:
            raise bad_options(say("option 'watch_name' may hold at most %(num)s characters", num=MAX_NAME))
        banners = list(
            zip(
                _pick(merged["peoples"], PEOPLES, players, "people"),
                _pick(merged["colours"], COLOURS, players, "colour"),
                strict=True,
            )
        )
        cards = catalog()
        tiles = reference_tiles() if merged["layout"] == "reference" else random_tiles(seed)
        removed = self.edition.replaced(0)  # the lab's: cards taken out, to measure what each does
        built = {
            deck: Deck(
                {
                    card: n
                    for card, n in cards.deck_counts(deck, merged["copies"]).items()
                    if card not in removed
                }
            )
            for deck in ("warfare", "growth", "politics")
        }
        built["harrows"] = Deck(dict.fromkeys(cards.harrows, 1))
        for key, order in (decks or {}).items():
            name = DECK_KEYS.get(key, key) if isinstance(key, int) else str(key).lower()
            if name not in built:
                raise bad_options(
                    say(
                        "there is no deck %(deck)s to stack (1 warfare, 2 growth, 3 politics, 4 harrows)",
                        deck=repr(key),
                    )
                )
            counts = dict(built[name].unseen)
            built[name] = Deck.stacked(counts, [str(card) for card in order], name)  # BadOptions, said
        return WatchState(self, players, merged, cards, tiles, built, banners)

    def __init__(self, edition: Edition | None = None) -> None:
        self.edition = edition or Edition()

    def stand_ins(self) -> list[str]:
        """Every Chronicle card: the decks are shared and any of them may be taken out (a deck
        runs short in play by the rules anyway), so a card's stand-in is its absence."""
        return sorted(catalog().cards)

    def edited(self, edition: Edition) -> WatchGame:
        if not edition:
            return self
        if edition.numbers:
            raise bad_options(
                say("Rules of the Watch declares no tunable numbers: its cards' effects are rules")
            )
        for card, seat in edition.stand_ins:
            if card not in catalog().cards:
                raise bad_options(
                    say("Rules of the Watch has no Chronicle card %(card)s to take out", card=repr(card))
                )
            if seat:
                raise bad_options(
                    say("the Watch's decks are shared: a card is taken out for every seat (seat 0)")
                )
        return WatchGame(self.edition.merged(edition))

    def parse_notation(self, text: str) -> WatchAction:
        return parse(text)

    def catalog(self) -> dict[str, str]:
        cards = catalog()
        return {
            **{card.id: card.name for card in cards.cards.values()},
            **{harrow.id: harrow.name for harrow in cards.harrows.values()},
        }

    def card_details(self) -> dict[str, JSON]:
        """A card's printed text and, in ``facts``, its deck and rarity; a Harrow's text."""
        cards = catalog()
        return {
            **{
                card.id: {
                    "text": card.text,
                    "facts": words.card_facts(card.deck, card.rarity),
                }
                for card in cards.cards.values()
            },
            **{harrow.id: {"text": harrow.text} for harrow in cards.harrows.values()},
        }

    def heuristic_bot(self) -> Bot | None:
        from console.games.watch.bot import WatchBot

        return WatchBot()

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        from console.games.watch.stats import simulation_stats

        return simulation_stats(finals)

    # -- the contract's hooks: what the bots, the lab, the terminal, the pages and a venue need --

    # The hard bot's budget here: a quarter of the iterations and 8-action rollouts, as a Watch has
    # hundreds of decisions and its moves (roads, the Warpath) cost far more than another game's.
    search_budget = SearchBudget(iterations=0.25, rollout=8)
    verb_order = terminal.VERB_ORDER

    def evaluate(self, state: State) -> list[float]:
        from console.games.watch.bot import evaluate

        return evaluate(state)

    def standing(self, state: State) -> list[float]:
        from console.games.watch.stats import standing

        return standing(state)

    def card_use(self, state: State, history: Sequence[Action]) -> dict[Seat, JSON] | None:
        from console.games.watch.stats import card_use

        return card_use(state, history)

    def board_lines(self, view: JSON) -> Sequence[Said | str]:
        return terminal.board_lines(view)

    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        return terminal.label(action, view, self.card_name)

    def choice_notes(self, state: State, seat: Seat, legal: Sequence[Action]) -> Mapping[str, Said | str]:
        from console.games.watch.notes import choice_notes

        assert isinstance(state, WatchState)
        return choice_notes(state, seat, [action for action in legal if isinstance(action, WatchAction)])

    def words(self, event: Event) -> Said:
        return words.words(event) or super().words(event)

    def page_script(self) -> str:
        return package_text(__package__, "page.js")

    def page_style(self) -> str:
        return package_text(__package__, "page.css")

    def public_scores(self, view: JSON) -> dict[str, float]:
        return views.public_scores(view)


def _pick(text: str, known: Sequence[str], players: int, what: str) -> list[str]:
    """The banners named in ``text`` (``what``: "people" or "colour"), or ``known``'s first; each
    refusal in words of its own for peoples and for colours, as each language says them."""
    if not text.strip():
        return list(known[:players])
    peoples = what == "people"
    chosen = [part.strip() for part in text.split(",")]
    lookup = {name.lower(): name for name in known}
    if len(chosen) != players:
        counted = {"num": players, "given": len(chosen)}
        if peoples:
            raise bad_options(say("name one people per ruler: %(num)s, not %(given)s", **counted))
        raise bad_options(say("name one colour per ruler: %(num)s, not %(given)s", **counted))
    unknown = [name for name in chosen if name.lower() not in lookup]
    if unknown:
        # the names as the option is written (peoples as printed, colours as typed) in any language
        named = {"name": repr(unknown[0]), "known": ", ".join(known)}
        if peoples:
            raise bad_options(say("%(name)s is not a people of the Watch (%(known)s)", **named))
        raise bad_options(say("%(name)s is not a colour of the Watch (%(known)s)", **named))
    picked = [lookup[name.lower()] for name in chosen]
    if len(set(picked)) != len(picked):
        if peoples:
            raise bad_options(say("no two rulers may bear the same people: the banners are sacred"))
        raise bad_options(say("no two rulers may bear the same colour: the banners are sacred"))
    return picked
