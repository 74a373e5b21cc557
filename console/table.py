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
from console.games.takeback import Takebacks, check_takeback
from console.i18n import N_
from console.i18n.said import PLACEHOLDER, Said, phrase, say, say_n
from console.i18n.said import Seat as SaidSeat
from console.journal import Correction, Journal, JournalError

Clock = Callable[[], float]
# The table's refusals, in English made of messages: the hub says each through ``phrase`` in the
# asker's language (console/web/refusals.py).
GO_BACK_TO = N_("choose an action from %(num)s to %(num2)s to go back to")
TO_WITHDRAW = N_("there are %(num)s actions to withdraw, not %(num2)s")
ALREADY_OVER = N_("the game is already over")


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
        self.history: list[str] = []  # the game's actions as they stand: withdrawn ones left out
        self.seqs: list[int] = []  # each of those actions' place in the journal
        self.journalled = 0  # actions in the journal, withdrawn ones included: the next one's seq
        self.log: list[LoggedEvent] = []  # every event, a withdrawn action's too: ids never move
        self.takebacks = Takebacks()  # what each seat may take back now (console/games/takeback.py)

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
        """Rebuild a table from the journal by replaying every committed action, each correction
        in its place (so the log, withdrawn actions' events included, is the one the table had)."""
        record = journal.record(table_id)
        game = find_game(record.game)
        state = game.new(record.players, record.seed, record.options, record.decks or None)
        table = cls(journal, table_id, game, state, record.seed, clock, record.options)
        corrections = journal.corrections(table_id)
        actions = journal.actions(table_id)
        for index, notation in enumerate([*actions, None]):
            while corrections and corrections[0].at_seq == index:
                table._correct(corrections.pop(0))
            if notation is None:
                break
            try:
                table._apply(game.parse_action(notation), index)
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
        seq = self.journalled
        events = self._apply(action, seq)
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

    def _apply(self, action: Action, seq: int) -> list[Event]:
        events = self.takebacks.apply(self.state, action)
        index = len(self.history)
        self.history.append(str(action))
        self.seqs.append(seq)
        self.journalled = seq + 1
        self.log.extend(LoggedEvent(index, str(action), event) for event in events)
        return events

    def take_back(self, seat: Seat, count: int = 1) -> Correction:
        """``seat`` takes back its last ``count`` actions, if the policy allows (IllegalAction, in
        words for the seat, if not: console/games/takeback.py)."""
        check_takeback(self.takebacks.point(seat), count)
        return self.withdraw(count, "takeback", f"seat {seat}", (seat,))

    def seats_undone(self, index: int) -> list[Seat]:
        """The seats whose own actions going back to before action ``index`` would withdraw."""
        if not 0 <= index < len(self.history):
            raise IllegalAction(GO_BACK_TO % {"num": 0, "num2": len(self.history) - 1})
        return sorted({seat for text in self.history[index:] if (seat := self.game.parse_action(text).seat)})

    def withdraw(self, count: int, kind: str, asked_by: str, confirmed: Sequence[Seat]) -> Correction:
        """Withdraw the game's last ``count`` actions (the caller has checked who may): journal the
        correction, then rebuild the game without them. The journal keeps them, and the log their
        events; a correction event says what happened, naming no withdrawn action (one may be a
        face-down card)."""
        if not 1 <= count <= len(self.history):
            raise IllegalAction(TO_WITHDRAW % {"num": len(self.history), "num2": count})
        correction = Correction(
            self.journalled, kind, asked_by, tuple(confirmed), tuple(self.seqs[-count:]), self.clock()
        )
        self.journal.add_correction(self.id, correction)
        self._correct(correction)
        return correction

    def _correct(self, correction: Correction) -> None:
        """The game replayed from its seed without ``correction``'s withdrawn actions."""
        withdrawn = set(correction.withdrawn)
        kept = [
            (seq, text) for seq, text in zip(self.seqs, self.history, strict=True) if seq not in withdrawn
        ]
        state = self.game.new(self.state.players, self.seed, self.options, decks_of(self.journal, self.id))
        takebacks = Takebacks()
        for _, text in kept:
            takebacks.apply(state, self.game.parse_action(text))
        self.state, self.takebacks = state, takebacks
        self.seqs = [seq for seq, _ in kept]
        self.history = [text for _, text in kept]
        event = correction_event(correction, len(withdrawn))
        self.log.append(LoggedEvent(len(self.history), "", event))

    def _rebuild(self) -> None:
        """Put the state back to what the journal holds, after a failed commit."""
        rebuilt = Table.resume(self.journal, self.id, self.clock)
        self.state, self.history, self.log = rebuilt.state, rebuilt.history, rebuilt.log
        self.seqs, self.journalled, self.takebacks = rebuilt.seqs, rebuilt.journalled, rebuilt.takebacks

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
            raise IllegalAction(ALREADY_OVER)
        self.journal.set_status(self.id, "ended", {"winners": [], "scores": [], "reason": reason})


def decks_of(journal: Journal, table_id: int) -> dict[Seat, list[str]] | None:
    """The stacked decks a table was set up with (a scenario's), to replay it from its seed."""
    try:
        return journal.record(table_id).decks or None
    except JournalError:
        return None


CORRECTION_KINDS = ("takeback", "correction")


def correction_event(correction: Correction, count: int) -> Event:
    """The public event of a correction: who asked, who confirmed, how many actions went; never
    which (a withdrawn action may be a face-down card)."""
    if correction.kind == "takeback":
        seat = int(correction.asked_by.removeprefix("seat "))
        return Event("takeback", {"seat": seat, "count": count})
    return Event("correction", {"count": count, "confirmed": list(correction.confirmed)})


def correction_words(event: Event) -> Said | None:
    """A correction event in words ("Seat 2 took back 1 action"), None for any other event."""
    count = int(event.data.get("count", 0))
    if event.kind == "takeback":
        seat = SaidSeat(int(event.data.get("seat", 0)))
        return say_n(
            "%(seat)s took back %(num)s action", "%(seat)s took back %(num)s actions", count, seat=seat
        )
    if event.kind == "correction":
        confirmed = tuple(SaidSeat(int(seat)) for seat in event.data.get("confirmed", []))
        if not confirmed:
            return say_n("The host withdrew %(num)s action", "The host withdrew %(num)s actions", count)
        return say_n(
            "The host withdrew %(num)s action, confirmed by %(seats)s",
            "The host withdrew %(num)s actions, confirmed by %(seats)s",
            count,
            seats=confirmed,
        )
    return None


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


def _names_first(said: Said, seat: Seat) -> bool:
    """Whether ``said`` starts by naming ``seat`` (its first part's, for a reason of parts)."""
    first = PLACEHOLDER.match(said.id)
    value = said.values.get(first.group(1)) if first else None
    if isinstance(value, Said):
        return _names_first(value, seat)
    return value == SaidSeat(seat)


def result_said(winners: Sequence[Seat], reason: str, game: Game | None = None) -> Said:
    """A finished game's result as a sentence each page says in its own language (the home page's
    results): "Seat 2 wins (seat 1 conceded)", each winner a ``Seat`` (said by its name where it
    has one) and the reason through ``phrase`` (an engine marks its reasons' parts with ``N_``).
    A lone winner the reason names first is said once, by the reason itself: "Bo banked the most
    Renown (32 to 7)". The terminal's English is ``result_words``. With the ``game`` its reason is
    read with the game's own word for a seat ("ruler 1 declared victory", ``Game.phrase``)."""
    why = game.phrase(reason) if game is not None else phrase(reason)
    if len(winners) == 1 and _names_first(why, winners[0]):
        return why
    if not winners:
        return say("Nobody wins (%(reason)s)", reason=why)
    seats = tuple(SaidSeat(seat) for seat in winners)
    return say_n("%(who)s wins (%(reason)s)", "%(who)s win (%(reason)s)", len(winners), who=seats, reason=why)
