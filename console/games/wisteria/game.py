"""The Wizard of Wisteria: Mix-Up game: its facts, options, setup, notation, clock and the registry
entry's other methods. The rules are in rules/ (one module per chapter), the state in state.py.
"""

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
    Seat,
    State,
    TableClock,
    package_text,
)
from console.games.wisteria import bot, stats, terminal, words
from console.games.wisteria import view as views
from console.games.wisteria.actions import CARD_VERBS, TIME_UP, parse
from console.games.wisteria.catalog import catalog
from console.games.wisteria.rules.deal import TIMED_VICTORIES, VICTORIES, deal, read_options
from console.games.wisteria.state import WisteriaState
from console.i18n import N_
from console.i18n.said import Said


class WisteriaGame(Game):
    name = "wisteria"
    title = "Wizard of Wisteria: Mix-Up"
    facts: ClassVar[GameFacts] = GameFacts(
        min_players=2,
        max_players=36,  # P-18: more than 4 may join; one card each is the least a seat can start with
        simultaneous=True,  # Rule 2: the tied seats choose Battle or Retreat at once, in secret
        hidden_information=True,
        chance_kinds=(*CARD_VERBS, TIME_UP.verb),
        short_options={"round_limit": 40},
    )
    # the private event's twin for the rest of the table has another kind
    twin_kinds: ClassVar[Mapping[str, str]] = {"chosen": "choice"}
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "victory",
            "total_control",
            N_(
                "how the game is won, chosen before play: Total Control "
                "(one player holds every card), Time Limit (most cards) or Power Score (strengths)"
            ),
            choices=VICTORIES,
            label=N_("victory"),
            choice_labels=(N_("total control"), N_("time limit"), N_("power score")),
        ),
        OptionSpec(
            "copies",
            6,
            N_("copies of each strength 1-6 in one deck (P-1: 36 cards)"),
            minimum=0,
            maximum=100,
            label=N_("copies"),
        ),
        OptionSpec(
            "deck",
            "",
            N_(
                "a custom deck instead of the copies: strengths separated by spaces or "
                'commas, like "1 1 2 6 6" (checked by the game)'
            ),
            label=N_("deck"),
        ),
        OptionSpec(
            "combined_decks",
            1,
            N_("how many such decks are shuffled together (for more players)"),
            minimum=1,
            maximum=10,
            label=N_("combined decks"),
        ),
        OptionSpec(
            "round_limit",
            0,
            N_("end the game after this many rounds (for simulation); 0: no limit"),
            minimum=0,
            maximum=1_000_000,
            label=N_("round limit"),
        ),
        OptionSpec(
            "time_limit_minutes",
            15,
            N_("Time Limit and Power Score: minutes on the table's clock"),
            minimum=1,
            maximum=600,
            label=N_("time limit minutes"),
        ),
        OptionSpec(
            "repeat_face_down",
            False,
            N_("P-5: a repeated War also places a new face-down card"),
            label=N_("repeat face down"),
        ),
    )

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> WisteriaState:
        """Deal the deck. The seed is unused: the engine never shuffles (chance actions do)."""
        self.check_players(players)
        chosen = read_options(self.merge_options(options))
        return WisteriaState(self, players, chosen, deal(chosen, players, decks))

    def parse_notation(self, text: str) -> Action:
        return parse(text)

    def clock(self, options: Mapping[str, Any]) -> TableClock | None:
        """Time Limit and Power Score end when the table's clock posts chance:time-up (R-6)."""
        merged = self.merge_options(options)
        if merged["victory"] not in TIMED_VICTORIES:
            return None
        return TableClock(minutes=merged["time_limit_minutes"], time_up=TIME_UP)

    def catalog(self) -> dict[str, str]:
        return dict(catalog())

    def heuristic_bot(self) -> Bot:
        return bot.HeuristicBot()

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        return stats.simulation_stats([state for state in finals if isinstance(state, WisteriaState)])

    # -- the contract's hooks: what the bots, the lab, the terminal, the pages and a venue need --

    def evaluate(self, state: State) -> list[float]:
        return bot.evaluate(state)

    def standing(self, state: State) -> list[float]:
        assert isinstance(state, WisteriaState)
        return stats.standing(state)

    def board_lines(self, view: JSON) -> Sequence[Said | str]:
        return terminal.board_lines(view)

    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        return terminal.label(action)

    def words(self, event: Event) -> Said:
        return words.words(event) or super().words(event)

    def page_script(self) -> str:
        return package_text(__package__, "page.js")

    def public_scores(self, view: JSON) -> dict[str, float]:
        return views.public_scores(view)
