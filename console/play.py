"""Play a game in the terminal against bots: the human sees only what their seat may see.

The game is a real journalled table, so an interrupted game can be resumed with ``--resume``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from console.bots import bots_for
from console.games.core import Bot, Event, Seat
from console.table import Table

Ask = Callable[[str], str]


def describe_view(view: Mapping[str, Any], indent: str = "  ") -> str:
    """A compact, readable rendering of a JSON view for a terminal: one line per field, nested
    fields indented, short lists and small objects kept on one line."""
    lines = []
    for key, value in view.items():
        label = str(key).replace("_", " ")
        if isinstance(value, Mapping) and value:
            flat = json.dumps(value, default=str)
            if len(flat) <= 60 and not any(isinstance(v, Mapping | list) for v in value.values()):
                lines.append(f"{indent}{label}: {_inline(value)}")
            else:
                lines.append(f"{indent}{label}:")
                lines.append(describe_view(value, indent + "  "))
        elif isinstance(value, list):
            lines.append(f"{indent}{label}: {', '.join(_inline(item) for item in value) or '-'}")
        else:
            lines.append(f"{indent}{label}: {_inline(value)}")
    return "\n".join(lines)


def _inline(value: Any) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k.replace('_', ' ')} {_inline(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def describe_event(event: Event) -> str:
    details = ", ".join(f"{key} {value}" for key, value in event.data.items())
    return f"{event.kind.replace('_', ' ')}" + (f": {details}" if details else "")


def play_terminal(table: Table, bots: Mapping[Seat, Bot], ask: Ask, out: TextIO) -> int:
    """Run the table until the game ends or the people quit; return the number of decisions made.

    Every seat without a bot is a person at this terminal (hot seat); each sees only its own view
    and the events it may see."""
    people = [seat for seat in range(1, table.state.players + 1) if seat not in bots]
    seen = len(table.log)
    decisions = 0
    while True:
        table.advance(bots)
        human = next((seat for seat in table.state.to_act if seat in people), people[0])
        for logged in table.log[seen:]:
            if logged.event.visible_to(human if len(people) == 1 else None):
                print(f"  · {describe_event(logged.event)}", file=out)
        seen = len(table.log)
        outcome = table.state.outcome()
        if outcome is not None:
            winners = ", ".join(f"seat {seat}" for seat in outcome.winners) or "nobody"
            print(f"Game over: {winners} ({outcome.reason}). Scores: {list(outcome.scores)}", file=out)
            return decisions
        if human not in table.state.to_act:
            print("Waiting for a move that only the table can make; stopping here.", file=out)
            return decisions
        legal = table.state.legal_actions(human)
        print(f"\nSeat {human} to act. Your view:\n{describe_view(table.state.view(human))}", file=out)
        for number, action in enumerate(legal, start=1):
            print(f"  {number}. {action}", file=out)
        while True:
            try:
                answer = ask("Choose a number (q to quit): ").strip().lower()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit"):
                print(f"Left the game; resume it with: tabletop play --resume {table.id}", file=out)
                return decisions
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                table.submit(legal[int(answer) - 1])
                decisions += 1
                break
            print(f"Please type a number from 1 to {len(legal)}.", file=out)


def seat_bots(table: Table, human: Seat, bot_count: int, kind: str) -> dict[Seat, Bot]:
    """Bots for ``bot_count`` seats other than the human's (all of them when bot_count is -1)."""
    others = [seat for seat in range(1, table.state.players + 1) if seat != human]
    chosen = others if bot_count < 0 else others[:bot_count]
    pool = bots_for(table.game, table.state.players, kind)
    return {seat: pool[seat] for seat in chosen}
