"""One table: a game in play, its journal, and the order in which things happen to it.

Every action is applied, committed to the journal, and only then acknowledged. A table reopened
from the journal replays its log to the identical state. Chance is resolved here: from a seeded
RNG in virtual play, or left to scans in physical play. ``Table`` is not thread-safe by itself:
the hub gives each table one worker thread that owns it.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from console.bots import decide
from console.games import find_game
from console.games.core import CHANCE, Action, Bot, Event, Game, IllegalAction, Seat, State
from console.journal import Journal, JournalError

Clock = Callable[[], float]


@dataclass(frozen=True)
class LoggedEvent:
    """An event with its place in the table's log: the index of the action that caused it."""

    index: int
    action: str
    event: Event


class Table:
    """A game bound to its journal. Build one with ``Table.start`` or ``Table.resume``."""

    def __init__(
        self,
        journal: Journal,
        table_id: int,
        game: Game,
        state: State,
        seed: int,
        clock: Clock = time.time,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.journal = journal
        self.id = table_id
        self.game = game
        self.state = state
        self.seed = seed
        self.options = game.merge_options(options)  # as the game was set up, defaults included
        self.clock = clock
        self.history: list[str] = []
        self.log: list[LoggedEvent] = []

    @classmethod
    def start(
        cls,
        journal: Journal,
        game_name: str,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
        clock: Clock = time.time,
    ) -> Table:
        game = find_game(game_name)
        state = game.new(players, seed, options, decks)
        merged = game.merge_options(options)
        table_id = journal.create_table(game.name, players, seed, merged, decks, clock())
        return cls(journal, table_id, game, state, seed, clock, merged)

    @classmethod
    def resume(cls, journal: Journal, table_id: int, clock: Clock = time.time) -> Table:
        """Rebuild a table from the journal by replaying every committed action."""
        record = journal.record(table_id)
        game = find_game(record.game)
        state = game.new(record.players, record.seed, record.options, record.decks or None)
        table = cls(journal, table_id, game, state, record.seed, clock, record.options)
        for index, notation in enumerate(journal.actions(table_id)):
            try:
                table._apply(game.parse_action(notation))
            except ValueError as error:
                raise JournalError(
                    f"table {table_id}: action {index} {notation!r} no longer applies: {error}"
                ) from None
        return table

    def submit(self, action: Action | str, note: str | None = None) -> list[Event]:
        """Apply one action and commit it (with its ``note``, if any: one transaction); return
        its events once it is durable.

        Raises NotationError or IllegalAction with the state and journal unchanged."""
        if isinstance(action, str):
            action = self.game.parse_action(action)
        seq = len(self.history)
        events = self._apply(action)
        outcome = self.state.outcome()
        try:  # the game's last action and its outcome go in one transaction
            self.journal.append(
                self.id,
                seq,
                str(action),
                self.clock(),
                outcome.to_json() if outcome is not None else None,
                note,
            )
        except BaseException:
            self._rebuild()
            raise
        return events

    def _apply(self, action: Action) -> list[Event]:
        events = self.state.apply(action)
        index = len(self.history)
        self.history.append(str(action))
        self.log.extend(LoggedEvent(index, str(action), event) for event in events)
        return events

    def _rebuild(self) -> None:
        """Put the state back to what the journal holds, after a failed commit."""
        rebuilt = Table.resume(self.journal, self.id, self.clock)
        self.state, self.history, self.log = rebuilt.state, rebuilt.history, rebuilt.log

    def chance_action(self) -> Action:
        """The chance outcome virtual play takes now: a function of the seed and the move number,
        so a resumed table draws exactly what an uninterrupted one would have."""
        rng = random.Random(f"{self.seed}:{len(self.history)}")
        return self.state.sample_chance(rng)

    def advance(self, bots: Mapping[Seat, Bot], resolve_chance: bool = True, limit: int = 1_000_000) -> int:
        """Resolve chance (virtual play) and let bots move until a person must act or the game
        ends. Returns the number of actions taken."""
        taken = 0
        while taken < limit:
            seats = self.state.to_act
            if not seats:
                break
            if seats == (CHANCE,):
                if not resolve_chance:
                    break
                self.submit(self.chance_action())
            else:
                bot_seat = next((seat for seat in seats if seat in bots), None)
                if bot_seat is None:
                    break
                rng = random.Random(f"{self.seed}:{len(self.history)}:bot")
                self.submit(decide(bots[bot_seat], self.state, bot_seat, rng))
            taken += 1
        return taken

    def end(self, reason: str) -> None:
        """Stop a table before its natural end (a concession, the host ending it)."""
        if self.state.outcome() is not None:
            raise IllegalAction("the game is already over")
        self.journal.set_status(self.id, "ended", {"winners": [], "scores": [], "reason": reason})


SEAT_WORDS = re.compile(r"\bseat (\d+)\b", re.IGNORECASE)


def named(text: str, names: Mapping[int, str]) -> str:
    """``text`` with each "seat N" said as that seat's name where it has one ("seat 1 (you)":
    "Ana (you)"). A name is plain text: whoever makes markup of the result escapes it."""
    if not names:
        return text
    return SEAT_WORDS.sub(lambda found: names.get(int(found.group(1))) or found.group(0), text)


def result_words(
    winners: Sequence[Seat], reason: str, scores: Sequence[float] = (), names: Mapping[int, str] | None = None
) -> str:
    """A result as people say it: "seat 2 wins (most Renown); scores: seat 1 9, seat 2 33", with
    the seats' names where they have them ("Bo wins (Ana conceded)") (the terminal, the home
    page's results, ``tabletop replay``). A lone winner the reason names first is said once:
    "Bo wins: banked the most Renown (32 to 7)", as the pages say it."""
    who = " and ".join(f"seat {seat}" for seat in winners) or "nobody"
    verb = "win" if len(winners) > 1 else "wins"
    said = ", ".join(f"seat {seat} {score:g}" for seat, score in enumerate(scores, start=1))
    own = f"seat {winners[0]} " if len(winners) == 1 else None
    if own and reason.lower().startswith(own):
        result = f"{who} {verb}: {reason[len(own) :]}"
    else:
        result = f"{who} {verb} ({reason})"
    return named(result + (f"; scores: {said}" if said else ""), names or {})
