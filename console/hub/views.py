"""What the hub sends about a table: one payload per audience (the public and each seat), built
by the table's worker right after a change and serialised once, however many phones read it.

A seat's payload holds only ``view(seat)`` and that seat's own legal actions (as a list, and as
the steps its phone shows them in); the public payload only ``view(None)``. Log events keep the
engine's audience, with the game's sentence for each (``describe``), and the action notation that
caused them is left out, because a notation such as a secret choice or a face-down draw can itself
be hidden information.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from console.bots import ALIASES
from console.games.core import CHANCE, Action, Event, Game
from console.games.steps import steps_for
from console.hub.channel import Audience, PublishedEvent, Snapshot
from console.hub.handovers import BotStint
from console.hub.stall import Stall
from console.i18n.said import Said, Speaker
from console.table import LoggedEvent, Table, correction_words

log = logging.getLogger("console.hub")
ENGLISH = Speaker()


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def publish_events(table: Table, first_index: int) -> list[PublishedEvent]:
    """The table's log from ``first_index`` on, ready to publish."""
    return [
        PublishedEvent(index + 1, logged.event.audience, dumps(event_json(index + 1, logged, table.game)))
        for index, logged in enumerate(table.log[first_index:], start=first_index)
    ]


def event_json(event_id: int, logged: LoggedEvent, game: Game) -> dict[str, Any]:
    """The event for the pages: its fields, its sentence as a message id and values (``said``,
    which each page says in its own language) and in English (``text``, the terminal's words, for
    clients that say no language). Made from the event's own fields, it goes only where the event
    goes: no secret can reach a screen through a sentence."""
    said = words(game, logged.event)
    return {
        "id": event_id,
        "action": logged.index,
        **logged.event.to_json(),
        "text": game.speaker().render(said),
        "said": said.to_json(),
    }


def words(game: Game, event: Event) -> Said:
    """The game's words for ``event``. Words that fail are logged and the event said as any game's
    would be ("Seat 2: kind words"): a log line must never stop a table publishing its moves."""
    said = correction_words(event)  # the table's own events, not the game's
    if said is not None:
        return said
    try:
        return game.words(event)
    except Exception:
        log.exception("%s: the words for a %r event failed", game.name, event.kind)
        return Game.words(game, event)


def notes_json(notes: Mapping[str, Said | str]) -> dict[str, Any]:
    """A seat's choice notes for its phone: each a sentence's id and values, said in its language."""
    return {notation: note.to_json() if isinstance(note, Said) else note for notation, note in notes.items()}


def build_snapshot(
    table: Table,
    version: int,
    status: str,
    controllers: Mapping[int, str],
    cursors: Mapping[int, Any] | None = None,
    problem: Said | None = None,
    clock: Mapping[str, Any] | None = None,
    claims: Mapping[int, Mapping[str, int]] | None = None,
    next_table: int | None = None,
    to_join: list[int] | None = None,
    names: Mapping[int, str] | None = None,
    misplaced: Mapping[str, Any] | None = None,
    bots: Sequence[BotStint] = (),
    stall: Stall | None = None,
    correction: Mapping[str, Any] | None = None,
) -> Snapshot:
    """Every audience's payload for the table as it stands. ``claims`` says, per seat, how many
    phones have joined it and how many more were refused for want of the host; ``to_join``, the
    phone seats the table waits for (status "waiting") before its clock and bots start;
    ``misplaced``, a card on the wrong reader offered to the host ({"at", "seat"}: never the card).
    The hub's words a page shows (``problem``, the stall's, the outcome's reason) go as sentences
    (``*_said``, ``outcome.said``: console.i18n.said) beside their English, each page saying them in
    its own language."""
    claims = claims or {}
    state = table.state
    outcome = state.outcome()
    to_act = [seat for seat in state.to_act]
    common = {
        "table": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "players": state.players,
        "status": status,
        "to_act": ["chance" if seat == CHANCE else seat for seat in to_act],
        "outcome": _said_outcome(
            outcome.to_json() if outcome else _ended_outcome(table) if status == "ended" else None, table.game
        ),
        "last_id": len(table.log),
        "actions": len(table.history),
        "version": version,
        "controllers": {str(seat): kind for seat, kind in sorted(controllers.items())},
        "problem": ENGLISH.render(problem) if problem is not None else "",
        "problem_said": problem.to_json() if problem is not None else None,
        "to_join": list(to_join or []),
        # each seat's name: what its player typed, "Bot 2 (normal)" for a bot, else "" ("Seat 2")
        "names": {str(seat): (names or {}).get(seat, "") for seat in range(1, state.players + 1)},
        # which seats a bot played and from which action (a player left mid-game), for the result
        "bots": [stint.to_json() for stint in bots],
        # bot seats at a physical table whose next card the table waits to be scanned at their reader
        # a table that stalls: the seats it waits for, whether they are nudged, the host's words
        "stall": None if stall is None else stall.to_json(),
        "bot_scans": sorted(seat for seat, cursor in (cursors or {}).items() if cursor.get("bot_scan")),
        "clock": clock,  # {"total_s", "remaining_s", "running", "expired"}, or None: no clock
        "misplaced": dict(misplaced) if misplaced else None,
        # the host's correction while seats confirm it: {"to", "count", "undone", "waiting"}, or None
        "correction": correction,
        # which seats a phone has joined: their codes leave the table screen
        "claimed": {
            str(seat): claims.get(seat, {}).get("joins", 0) > 0 for seat in range(1, state.players + 1)
        },
    }
    public_next = None if next_table is None else {"table": next_table, "url": f"/tables/{next_table}"}
    payloads: dict[Audience, str] = {
        None: dumps({**common, "seat": None, "view": state.view(None), "next": public_next})
    }
    for seat in range(1, state.players + 1):
        acting = status == "playing" and seat in to_act and correction is None  # play waits for it
        actions = state.legal_actions(seat) if acting else []
        legal = [str(action) for action in actions]
        payloads[seat] = dumps(
            {
                **common,
                "seat": seat,
                "view": state.view(seat),
                "legal": legal,
                "can_act": bool(legal) and controllers.get(seat) == "phone",
                # the same decision in steps (groups, cards first, folds) as the seat's pod walks
                "steps": seat_steps(table, seat, actions) if actions else [],
                # what each choice will do in the game's numbers (costs, yields, a strike's end)
                "notes": notes_json(table.game.choice_notes(state, seat, actions)) if actions else {},
                "cursor": (cursors or {}).get(seat),
                "nudge": stall is not None and stall.nudged and seat in stall.seats,
                "claim": {"joins": 0, "attempts": 0, **claims.get(seat, {})},
                "notice": seat_notice(seat, status, to_act, controllers, to_join or []),
                # how many of its last actions the seat may take back now (the policy, for its phone)
                "takeback": takeback_offer(table, seat, status, controllers),
                # the next game with these seats: this seat's phone follows the link to the same seat
                "next": None
                if next_table is None
                else {"table": next_table, "url": f"/tables/{table.id}/seats/{seat}/next"},
            }
        )
    return Snapshot(
        version=version, last_id=len(table.log), payloads=payloads, status=status, actions=len(table.history)
    )


def takeback_offer(table: Table, seat: int, status: str, controllers: Mapping[int, str]) -> dict[str, Any]:
    """What the seat's phone may offer: ``count`` actions it may take back now (0: none) and, if
    none, why not, in words every seat may read."""
    point = table.takebacks.point(seat)
    if status != "playing" or controllers.get(seat) != "phone":
        return {"count": 0, "why": ""}
    return {"count": point.count, "why": "" if point.count else point.why_not_more}


def seat_steps(table: Table, seat: int, legal: Sequence[Action]) -> list[dict[str, Any]]:
    """The seat's decision in steps (console/games/steps.py), from its own ``legal`` actions and
    its own view only: it goes in that seat's payload alone."""
    return steps_for(table.game, legal, table.state.view(seat)).to_json()


def seat_names(
    names: Mapping[int, str],
    controllers: Mapping[int, str],
    bot_kind: str,
    levels: Mapping[int, str] | None = None,
) -> dict[int, str]:
    """Each seat's name for the screens: a bot is named as a bot, with its seat and level
    (``levels``: a seat's own, where the host chose one on handing it over)."""
    named = dict(names)
    for seat, controller in controllers.items():
        if controller == "bot":
            level = (levels or {}).get(seat, bot_kind)
            named[seat] = f"Bot {seat} ({ALIASES.get(level, level)})"  # two bots at one table are two names
    return named


def still_to_join(seats: list[int]) -> str:
    """ "seat 2 has", "seat 2 and seat 3 have": the phones a waiting table waits for."""
    return f"{' and '.join(f'seat {seat}' for seat in seats)} {'has' if len(seats) == 1 else 'have'}"


def seat_notice(
    seat: int, status: str, to_act: list[int], controllers: Mapping[int, str], to_join: list[int]
) -> str:
    """What a seat's phone is told when it has nothing to do, in words: who plays the seat if not
    the phone, or what the table waits for."""
    controller = controllers.get(seat, "phone")
    if controller == "bot":
        return (
            "A bot is playing your seat now: the host handed it over. "
            "Ask the host to give it back to your phone."
        )
    if controller != "phone":
        return f"Your seat is played with its {controller} at the table now, not this phone."
    if status == "paused":
        return "The host has paused the table."
    if status == "waiting":
        return f"The game starts once {still_to_join(to_join)} joined, or when the host starts it."
    if status in ("finished", "ended"):
        return "The game is over."
    if seat in to_act:
        return ""
    if to_act == [CHANCE]:
        return "Waiting for the table to deal."
    waiting = [f"seat {s}" + (" (a bot)" if controllers.get(s) == "bot" else "") for s in to_act]
    return f"Waiting for {' and '.join(waiting)}." if waiting else ""


def _ended_outcome(table: Table) -> dict[str, Any] | None:
    return table.journal.record(table.id).outcome


def _said_outcome(outcome: Mapping[str, Any] | None, game: Game) -> dict[str, Any] | None:
    """The outcome with its reason as a sentence (``said``): the engine's English, made of its
    messages, said through ``Game.phrase`` in each page's language."""
    if outcome is None:
        return None
    return {**outcome, "said": game.phrase(str(outcome.get("reason", ""))).to_json()}
