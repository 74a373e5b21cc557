"""Tiny Duel as a Game: its facts and options, setup and notation, and the hooks a table needs
(bots, lab, terminal, log words, page script, venue scores), each a few lines over the state and
its view."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

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
    package_text,
)
from tiny_duel.actions import CARDS, Deal, Lay, parse, strength
from tiny_duel.state import SEATS, DuelState


class DuelGame(Game):
    name = "duel"
    title = "Tiny Duel"
    facts: ClassVar[GameFacts] = GameFacts(
        min_players=2, max_players=2, simultaneous=False, hidden_information=True, chance_kinds=("deal",)
    )
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("copies", 2, "copies of each card in the deck", minimum=1, maximum=10),
        OptionSpec("hand", 3, "cards dealt to each seat, one round each", minimum=1, maximum=10),
    )
    verb_order: ClassVar[tuple[str, ...]] = ("lay",)

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> DuelState:
        """The seed is unused: chance deals (scanned cards, or the table's sampled ones)."""
        self.check_players(players)
        merged = self.merge_options(options)
        if 2 * merged["hand"] > len(CARDS) * merged["copies"]:
            dealt = 2 * merged["hand"]
            raise BadOptions(f"options 'hand' and 'copies': {dealt} cards dealt from a smaller deck")
        return DuelState(self, merged["copies"], merged["hand"])

    def parse_notation(self, text: str) -> Action:
        return parse(text)

    def catalog(self) -> dict[str, str]:
        return {card: name for card, (name, _) in CARDS.items()}

    def card_details(self) -> dict[str, JSON]:
        return {card: {"text": f"strength {value}"} for card, (_, value) in CARDS.items()}

    def heuristic_bot(self) -> Bot:
        return LowestThatWins()

    # -- the hooks: the bots, the lab, the terminal, the pages and a venue -----------------------

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, DuelState)
        held = {seat: sum(map(strength, state.hands[seat].elements())) for seat in SEATS}
        worth = [state.points[seat] + 0.1 * held[seat] + 1 for seat in SEATS]
        return [value / sum(worth) for value in worth]

    def standing(self, state: State) -> list[float]:
        assert isinstance(state, DuelState)
        return [float(state.points[seat]) for seat in SEATS]

    def card_use(self, state: State, history: Sequence[Action]) -> dict[Seat, JSON] | None:
        use: dict[Seat, JSON] = {seat: {"drawn": set(), "played": {}} for seat in SEATS}
        for action in history:
            if isinstance(action, Deal):
                use[action.to]["drawn"].add(action.card)
            elif isinstance(action, Lay):
                played = use[action.seat]["played"]
                played.setdefault(action.card, len(played) + 1)
        return {
            seat: {**entry, "drawn": sorted(entry["drawn"]), "leader": None, "leader_used": False}
            for seat, entry in use.items()
        }

    def board_lines(self, view: JSON) -> list[str]:
        acting = f" · seat {view['to_act'][0]} to lay" if view["to_act"] and view["to_act"] != [0] else ""
        lines = [f"Round {view['round']} of {view['rounds']}{acting}"]
        for seat, info in view["seats"].items():
            you = " (you)" if str(view["seat"]) == seat else ""
            laid = ", ".join(self.card_name(card) for card in info["laid"]) or "nothing"
            held = f"{info['hand_size']} in hand"
            lines.append(f"  seat {seat}{you}: {info['points']} rounds · laid {laid} · {held}")
        if view.get("hand"):
            lines.append("  your hand: " + ", ".join(self.card_name(card) for card in view["hand"]))
        return lines

    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        card = action.cards()[0]
        return ChoiceLabel("Lay a card", f"{self.card_name(card)} ({strength(card)})")

    def describe(self, event: Event) -> str:
        """The log's sentence, on the pages and in the terminal; a seat as "Seat N", so each
        screen puts its player's name in."""
        seat, data = f"Seat {event.data.get('seat')}", event.data
        if event.kind == "dealt":  # the dealt seat's own event names the card; its twin does not
            return f"{seat} is dealt {self.card_name(data['card']) if 'card' in data else 'a card'}"
        if event.kind == "laid":
            return f"{seat} lays {self.card_name(data['card'])}"
        if event.kind == "round_won":
            return f"{seat} takes round {data['round']}"
        if event.kind == "tied":
            return f"Round {data['round']} is a tie"
        return super().describe(event)

    def page_script(self) -> str:
        return package_text(__package__, "page.js")

    def public_scores(self, view: JSON) -> dict[str, float]:
        return {seat: float(info["points"]) for seat, info in view["seats"].items()}


class LowestThatWins(Bot):
    """Leads its strongest card; follows with the weakest card that beats the one laid, else its
    weakest. Reads only its view and its legal actions."""

    name = "heuristic"

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        by_strength = sorted(legal, key=lambda action: strength(action.cards()[0]))
        rival = view["seats"][str(3 - view["seat"])]
        mine = view["seats"][str(view["seat"])]
        if len(rival["laid"]) <= len(mine["laid"]):  # leading
            return by_strength[-1]
        beaten = strength(rival["laid"][-1])
        winners = [action for action in by_strength if strength(action.cards()[0]) > beaten]
        return (winners or by_strength)[0]
