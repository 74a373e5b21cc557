"""The Wheels of War game: its facts, options, setup and notation, behind the engine contract.

Options are typed specs (first seat, each seat's deck list and Archaffineur) checked by the base
``merge_options``; the rules live in rules/, the match in state.py, the notation in actions.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from console.games.core import (
    JSON,
    Action,
    BadOptions,
    Bot,
    ChoiceLabel,
    Event,
    Game,
    GameFacts,
    OptionSpec,
    Seat,
    State,
    TableClock,
    package_text,
)
from console.games.editions import Edition, Tunable, edition_option, load_edition
from console.games.wheels import bot, printed, stats, terminal, words
from console.games.wheels import edition as edition_rules
from console.games.wheels import view as views
from console.games.wheels.actions import Read, parse
from console.games.wheels.catalog import Catalog, WheelCard, catalog
from console.games.wheels.rules.deck import Deck
from console.games.wheels.rules.player import Player
from console.games.wheels.state import WheelsState
from console.i18n import N_
from console.i18n.said import Said, say
from console.i18n.said import Seat as SaidSeat

CHOOSE = "choose"  # the seat chooses its Archaffineur in secret before the opening hand
NO_ARCHAFFINEUR = "none"


# Each seat's options, said in full for each seat (the game has two).
_DECK_HELP = {1: N_("seat 1's deck list"), 2: N_("seat 2's deck list")}
_DECK_LABEL = {1: N_("deck 1"), 2: N_("deck 2")}
_ARCHAFFINEUR_HELP = {
    1: N_("seat 1's Archaffineur: chosen in secret at the table, fixed, or none"),
    2: N_("seat 2's Archaffineur: chosen in secret at the table, fixed, or none"),
}
_ARCHAFFINEUR_LABEL = {1: N_("Archaffineur 1"), 2: N_("Archaffineur 2")}
# The book's deck lists by their words (a deck an edition adds is said by its name).
_DECK_WORDS = {
    "standard": N_("standard"),
    "cellar-keepers": N_("cellar keepers"),
    "saboteurs": N_("saboteurs"),
}


def _option_specs(cards: Catalog) -> tuple[OptionSpec, ...]:
    """The options' choices are the catalog's deck lists and Archaffineurs (by their printed names)."""
    decks = tuple(sorted(cards.decks))
    archaffineurs = cards.ids_of("archaffineur")
    leaders = (CHOOSE, NO_ARCHAFFINEUR, *archaffineurs)
    leader_labels = (
        N_("chosen at the table"),
        N_("no Archaffineur"),
        *(cards.name(card) for card in archaffineurs),
    )
    return (
        OptionSpec(
            "first_seat",
            0,
            N_("the seat that plays first: 1 or 2, or 0 for a coin toss by chance"),
            minimum=0,
            maximum=2,
            label=N_("first seat"),
        ),
        *(
            OptionSpec(
                f"deck_{seat}",
                "standard",
                _DECK_HELP[seat],
                choices=decks,
                label=_DECK_LABEL[seat],
                choice_labels=tuple(_DECK_WORDS.get(deck, deck.replace("-", " ")) for deck in decks),
            )
            for seat in (1, 2)
        ),
        *(
            OptionSpec(
                f"archaffineur_{seat}",
                CHOOSE,
                _ARCHAFFINEUR_HELP[seat],
                choices=leaders,
                label=_ARCHAFFINEUR_LABEL[seat],
                choice_labels=leader_labels,
            )
            for seat in (1, 2)
        ),
        # the editions' option, its words said in this game's catalog
        replace(
            edition_option(),
            label=N_("edition"),
            help=N_("a rules edition by name, as tabletop balance writes it; empty: the book"),
        ),
    )


class WheelsGame(Game):
    name = "wheels"
    title = "Wheels of War"
    # The Archaffineurs and the opening hands are chosen by both seats at once, each in secret.
    facts = GameFacts(
        min_players=2,
        max_players=2,
        simultaneous=True,
        hidden_information=True,
        chance_kinds=("first", "draw"),
    )
    option_specs = _option_specs(catalog())
    stand_in_by_seat = True  # each seat has its own deck

    def __init__(self, edition: Edition | None = None) -> None:
        self.edition = edition or Edition()
        self.cards = edition_rules.edited_catalog(self.edition)

    def edited(self, edition: Edition) -> WheelsGame:
        if not edition:
            return self
        edition_rules.check_seats(edition)
        return WheelsGame(self.edition.merged(edition))

    def tunables(self) -> list[Tunable]:
        return edition_rules.tunables(self.cards)

    def stand_ins(self) -> list[str]:
        return edition_rules.stand_ins(self.cards)

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> WheelsState:
        """Set up a match. The seed is unused: every random thing is a chance action."""
        self.check_players(players)
        chosen = self.merge_options(options)
        if chosen["edition"]:
            named = load_edition(self.name, chosen["edition"])
            return self.edited(named).new(players, seed, {**chosen, "edition": ""}, decks)
        stacked = dict(decks or {})
        unknown_seats = set(stacked) - {1, 2}
        if unknown_seats:
            raise BadOptions(
                say(
                    "Wheels of War has seats %(num)s and %(num2)s, not %(seat)s",
                    num=1,
                    num2=2,
                    seat=tuple(SaidSeat(seat) for seat in sorted(unknown_seats)),
                )
            )
        seats = tuple(self._player(seat, chosen, stacked.get(seat)) for seat in (1, 2))
        return WheelsState(self, self.cards, (seats[0], seats[1]), chosen["first_seat"])

    def _player(self, seat: Seat, options: JSON, stacked: Sequence[str] | None) -> Player:
        if stacked is not None:
            for card in stacked:
                found = self.cards.cards.get(card)
                if found is None or found.kind == "archaffineur":
                    raise BadOptions(
                        say(
                            "%(seat)s's stacked deck names %(card)s, which is no deck card",
                            seat=SaidSeat(seat),
                            card=repr(card),
                        )
                    )
            deck = Deck(top=stacked)
        else:
            listed = self.cards.deck_cards(options[f"deck_{seat}"])
            replaced = self.edition.replaced(seat)
            deck = Deck(middle=edition_rules.deck_with_stand_ins(self.cards, listed, replaced))
        leader = options[f"archaffineur_{seat}"]
        if leader == CHOOSE:
            return Player(deck, None)
        return Player(deck, "" if leader == NO_ARCHAFFINEUR else leader)  # "": chosen to have none

    def parse_notation(self, text: str) -> Action:
        return parse(text)

    def clock(self, options: Mapping[str, Any]) -> TableClock | None:
        """None: the book has no time limit, and a table may abandon a match (rulings.md, R-41)."""
        return None

    def catalog(self) -> dict[str, str]:
        return {card_id: card.name for card_id, card in sorted(self.cards.cards.items())}

    def card_details(self) -> dict[str, JSON]:
        """A craft's printed text (``rival``: aimed at the rival's side), a wheel's printed figures
        in ``facts``, so a hand shows them before the wheel is set: each a message id of the game's
        catalog or a sentence with the card's figures (printed.py), this edition's."""
        details: dict[str, JSON] = {}
        for card_id, card in self.cards.cards.items():
            if isinstance(card, WheelCard):
                details[card_id] = {"facts": printed.facts(card)}
            else:
                # a free craft's printed text begins "Free.": it says so itself
                details[card_id] = {"text": printed.text(card), "rival": card.target.on_rival}
        return details

    def heuristic_bot(self) -> Bot | None:
        return bot.HeuristicBot(self.cards)

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        """Mean Renown per seat, first-seat win rate, draws, sealing and card use (stats.py)."""
        return stats.simulation_stats(finals)

    # -- the contract's hooks: what the bots, the lab, the terminal, the pages and a venue need --

    verb_order = terminal.VERB_ORDER

    def evaluate(self, state: State) -> list[float]:
        return bot.evaluate(state)

    def standing(self, state: State) -> list[float]:
        return stats.standing(state)

    def card_use(self, state: State, history: Sequence[Action]) -> dict[Seat, JSON] | None:
        return stats.card_use(state, history)

    def board_lines(self, view: JSON) -> Sequence[Said | str]:
        return terminal.board_lines(view)

    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        return terminal.label(action, self.card_name, self.cards)

    def words(self, event: Event) -> Said:
        return words.words(event) or super().words(event)

    def choice_notes(self, state: State, seat: Seat, legal: Sequence[Action]) -> Mapping[str, Said | str]:
        """A read says the Renown it banks now (its wheel's payout at its age: the rules' own
        number, from the seat's own shelf)."""
        assert isinstance(state, WheelsState)
        shelves = state.seats[seat - 1].shelves
        return {
            str(action): say("banks %(renown)s Renown now", renown=wheel.payout())
            for action in legal
            if isinstance(action, Read) and (wheel := shelves[action.shelf - 1]) is not None
        }

    def page_script(self) -> str:
        return package_text(__package__, "page.js")

    def page_style(self) -> str:
        return package_text(__package__, "page.css")

    def public_scores(self, view: JSON) -> dict[str, float]:
        return views.public_scores(view)
