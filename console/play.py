"""Play a game in the terminal against bots: the human sees only what their seat may see, as a
compact board (the game's ``board_lines``), choices numbered and labelled in words (play_text.py)
and the log in the game's own sentences (``words``: the pages' log says the same).

It speaks one language (``tabletop --language``, else ``$LANG``): its own words from the console's
catalog, the events' sentences, the choices' headings and notes, and the cards' names and printed
text from the game's, each seat by its player's name where it has one. The board's lines and each
choice's own words are the game's English (``board_lines``, ``label``).

The game is a real journalled table, so an interrupted game can be resumed with ``--resume``.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import textwrap
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from console import i18n
from console.bots import bots_for
from console.games.core import Action, Bot, Event, Game, Outcome, Seat
from console.hub.views import words as event_words
from console.i18n.said import SEAT_AT_START, Said, Speaker, Value, say
from console.i18n.said import Seat as SaidSeat
from console.play_text import choice_groups
from console.table import Table, named, result_said, result_words

Ask = Callable[[str], str]
Names = Mapping[Seat, str]  # the seats that have a name: "Ana", "Bot 2 (normal)"
FALLBACK_WIDTH = 100  # when the output is no terminal (a file, a pipe): a line a reader can hold
NO_BREAK = "\u00a0"  # a short choice stays whole on its line: textwrap breaks only at ASCII spaces
# A group of choices longer than this lists them without their numbers (costs, yields).
NOTED_UP_TO = 12


def width() -> int:
    """The terminal's width ($COLUMNS, else the terminal's own), so no line wraps inside a word."""
    return max(40, shutil.get_terminal_size((FALLBACK_WIDTH, 24)).columns)


def describe_view(view: Mapping[str, Any], indent: str = "  ", speaker: Speaker | None = None) -> str:
    """A compact, readable rendering of a JSON view for a terminal: one line per field, nested
    fields indented, short lists and small objects kept on one line (a game that draws no board)."""
    speaker = speaker or Speaker()
    lines = []
    for key, value in view.items():
        label = str(key).replace("_", " ")
        if isinstance(value, Mapping) and value:
            flat = json.dumps(value, default=str)
            if len(flat) <= 60 and not any(isinstance(v, Mapping | list) for v in value.values()):
                lines.append(f"{indent}{label}: {_inline(value, speaker)}")
            else:
                lines.append(f"{indent}{label}:")
                lines.append(describe_view(value, indent + "  ", speaker))
        elif isinstance(value, list):
            lines.append(f"{indent}{label}: {', '.join(_inline(item, speaker) for item in value) or '-'}")
        else:
            lines.append(f"{indent}{label}: {_inline(value, speaker)}")
    return "\n".join(lines)


def _inline(value: Any, speaker: Speaker) -> str:
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k.replace('_', ' ')} {_inline(v, speaker)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item, speaker) for item in value) + "]"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return speaker.render(say("yes") if value else say("no"))
    return str(value)


def seat_speaker(game: Game, language: str, names: Names) -> Speaker:
    """The game's speaker in ``language`` (its sentences, headings, card names, from its catalog,
    then the console's), saying each seat that has a name by it, any other in the game's word."""
    plain = game.speaker(language)

    def seat(number: int, at_start: bool) -> str:
        return names.get(number) or plain.seat(number, at_start)

    return dataclasses.replace(plain, seat_name=seat)


def event_line(game: Game, event: Event, speaker: Speaker, names: Names) -> str:
    """``event`` in the game's sentence, said by ``speaker``: the sentence the pages' log shows in
    that language (the hub's ``words``: the table's own corrections too). A game that still words
    an event in English alone (its ``describe``, no seat among the values) has the seats' names put
    in its text, as the pages put them."""
    said = event_words(game, event)
    if _names_a_seat(said):
        return speaker.render(said)
    return named(speaker.render(said), names)


def _names_a_seat(value: Value) -> bool:
    if isinstance(value, SaidSeat):
        return True
    if isinstance(value, Said):
        return any(_names_a_seat(item) for item in value.values.values())
    if isinstance(value, tuple):
        return any(_names_a_seat(item) for item in value)
    return False


def result_line(outcome: Outcome, game: Game, speaker: Speaker, names: Names) -> str:
    """The finished game's line. English says it as the pages' home list and ``tabletop replay``
    do (``result_words``); another language says the result's sentence (``result_said``: the
    reason through the game's catalog) and the scores by the seats' names."""
    if speaker.language == i18n.DEFAULT:
        result = result_words(outcome.winners, outcome.reason, outcome.scores, names)
        return speaker.render(say("Game over: %(result)s", result=result))
    said = speaker.render(result_said(outcome.winners, outcome.reason, game))
    if not outcome.scores:
        return speaker.render(say("Game over: %(result)s", result=said))
    scores = ", ".join(
        f"{speaker.seat(seat, True)} {score:g}" for seat, score in enumerate(outcome.scores, 1)
    )
    return speaker.render(say("Game over: %(result)s; scores: %(scores)s", result=said, scores=scores))


def play_terminal(
    table: Table,
    bots: Mapping[Seat, Bot],
    ask: Ask,
    out: TextIO,
    seat_names: Names | None = None,
    language: str = i18n.DEFAULT,
) -> int:
    """Run the table until the game ends or the people quit; return the number of decisions made.

    Every seat without a bot is a person at this terminal (hot seat); each sees only its own view
    and the events it may see. ``seat_names`` say the seats that have one ("Ana", "Bot 2 (normal)")
    in the log, on the board and in the result; everything is said in ``language``."""
    names = seat_names or {}
    speaker = seat_speaker(table.game, language, names)
    people = [seat for seat in range(1, table.state.players + 1) if seat not in bots]
    seen = len(table.log)
    decisions = 0

    while True:
        table.advance(bots)
        human = next((seat for seat in table.state.to_act if seat in people), people[0])
        reader = human if len(people) == 1 else None
        for event in events_once(
            [logged.event for logged in table.log[seen:]], reader, table.game.twin_kinds
        ):
            # the game's sentence, as the pages' log says it, with the seats' names put in
            print(f"  · {event_line(table.game, event, speaker, names)}", file=out)
        seen = len(table.log)
        outcome = table.state.outcome()
        if outcome is not None:
            print(result_line(outcome, table.game, speaker, names), file=out)
            return decisions
        if human not in table.state.to_act:
            print(
                speaker.render(say("Waiting for a move that only the table can make; stopping here.")),
                file=out,
            )
            return decisions
        view = table.state.view(human)
        legal = show_turn(table, human, view, out, names, language)
        while True:
            try:
                # "q" in every language: the one key the prompt names
                answer = ask(speaker.render(say("Choose a number (q to quit): "))).strip().lower()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit"):
                left = say(
                    "Left the game; resume it with: %(command)s", command=f"tabletop play --resume {table.id}"
                )
                print(speaker.render(left), file=out)
                return decisions
            if answer.isdigit() and 1 <= int(answer) <= len(legal):
                table.submit(legal[int(answer) - 1])
                decisions += 1
                break
            print(speaker.render(say("Please type a number from 1 to %(last)s.", last=len(legal))), file=out)


def events_once(
    events: list[Event], reader: Seat | None, twin_kinds: Mapping[str, str] | None = None
) -> list[Event]:
    """The events ``reader`` may see, each once: an engine follows a private event with its
    redacted twin for everyone else (public, of the same kind or of the kind the game's
    ``twin_kinds`` pairs with it), which its owner need not read again."""
    shown: list[Event] = []
    paired = False  # the last shown event has met its twin already
    for event in [event for event in events if event.visible_to(reader)]:
        previous = shown[-1] if shown else None
        if previous is not None and not paired and _twins(previous, event, twin_kinds or {}):
            if event.audience is not None:  # the full version comes second: it replaces the twin
                shown[-1] = event
            paired = True
            continue
        shown.append(event)
        paired = False
    return shown


def _twins(first: Event, second: Event, twin_kinds: Mapping[str, str]) -> bool:
    """One private, one public, of the same kind (or paired kinds) and the same seat."""
    kinds = {first.kind, second.kind}
    return (
        (len(kinds) == 1 or any({public, private} == kinds for public, private in twin_kinds.items()))
        and (first.audience is None) != (second.audience is None)
        and first.data.get("seat") == second.data.get("seat")
    )


def show_turn(
    table: Table,
    seat: Seat,
    view: Mapping[str, Any],
    out: TextIO,
    seat_names: Names | None = None,
    language: str = i18n.DEFAULT,
) -> list[Action]:
    """The seat's board and its choices, numbered in reading order, each on its own lines (wrapped
    between words at the terminal's width), a card's printed numbers and text under its first
    choice; the board says each seat by its name where it has one (``seat_names``). The headings,
    notes and cards are said in ``language``. Returns the choices in that order."""
    game = table.game
    names = seat_names or {}
    speaker = seat_speaker(game, language, names)
    # the game's board: each line a sentence said in the run's language (seats by their names),
    # or a game's English as written, seats named
    board = [
        speaker.render(line) if isinstance(line, Said) else named(line, names)
        for line in game.board_lines(dict(view))
    ]
    columns = width()
    print("\n" + speaker.render(say("%(seat)s to act.", seat=seat_title(seat, names, speaker))), file=out)
    print("\n".join(board) if board else describe_view(view, speaker=speaker), file=out)
    print(speaker.render(say("Your choices:")), file=out)
    details, cards_named = game.card_details(), game.catalog()
    legal = table.state.legal_actions(seat)
    # a choice's numbers: its cost, its outcome
    notes = {
        notation: speaker.render(note) if isinstance(note, Said) else note
        for notation, note in game.choice_notes(table.state, seat, legal).items()
    }
    ordered: list[Action] = []
    shown: set[str] = set()
    for group in choice_groups(game, legal, view):
        if group.label:  # the game's heading, from its catalog where it is there (as the phone's)
            print(f"  {speaker.translate(group.label)}:", file=out)
        indent = "    " if group.label else "  "
        first = len(ordered) + 1
        ordered += [action for _, action in group.items]
        cards = [_card_of(action, cards_named) for _, action in group.items]
        # a long list of places (a founding's sites) stays packed: the map beside it says the rest
        noted = len(group.items) <= NOTED_UP_TO
        said = [notes.get(str(action), "") if noted else "" for _, action in group.items]
        if len(group.items) > 1 and not any(cards) and not any(said):  # short places: side by side
            row = "   ".join(
                f"{number}) {speaker.translate(words)}".replace(" ", NO_BREAK)
                for number, (words, _) in enumerate(group.items, first)
            )
            print(_wrapped(row, columns, indent, indent).replace(NO_BREAK, " "), file=out)
            continue
        for number, ((words, _), card, note) in enumerate(zip(group.items, cards, said, strict=True), first):
            # a choice's words: the game's catalog says them where they are a message of it
            line = f"{number}) {speaker.translate(words)}" + (f": {note}" if note else "")
            print(_wrapped(line, columns, indent, indent + "   "), file=out)
            if card is not None and card not in shown:  # a card's printed numbers and text, once
                shown.add(card)
                printed = _printed(game, speaker, card, details.get(card, {}))
                print(_wrapped(printed, columns, indent + "   ", indent + "   "), file=out)
    return ordered


def seat_title(seat: Seat, names: Names, speaker: Speaker | None = None) -> str:
    """A seat as its turn's heading says it: "Ana (seat 1)", else "Seat 1"."""
    speaker = speaker or Speaker()
    if names.get(seat):
        return speaker.render(say("%(name)s (seat %(seat)s)", name=names[seat], seat=seat))
    return speaker.render(say(SEAT_AT_START, seat=seat))


def _card_of(action: Action, names: Mapping[str, str]) -> str | None:
    """The card a choice names ("set cart-wheel 2": cart-wheel), if any."""
    return next((word for word in str(action).split(":", 1)[-1].split()[1:] if word in names), None)


def _printed(game: Game, speaker: Speaker, card: str, detail: Mapping[str, Any]) -> str:
    """A card's name and printed words in ``speaker``'s language (the game's catalog)."""
    name = speaker.card_name(card)
    parts = [
        game.card_words(detail.get("facts"), speaker.language),
        game.card_words(detail.get("text"), speaker.language),
    ]
    return f"{name}: {' · '.join(part for part in parts if part)}" if any(parts) else name


def _wrapped(text: str, columns: int, first: str, rest: str) -> str:
    return textwrap.fill(
        text,
        columns,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=False,
        break_on_hyphens=False,
    )


def bot_seats(players: int, human: Seat, bot_count: int) -> list[Seat]:
    """The seats bots play: the first ``bot_count`` other than the human's (all when it is -1)."""
    others = [seat for seat in range(1, players + 1) if seat != human]
    return others if bot_count < 0 else others[:bot_count]


def seat_bots(table: Table, human: Seat, bot_count: int, kind: str) -> dict[Seat, Bot]:
    """Bots for ``bot_count`` seats other than the human's (all of them when bot_count is -1)."""
    pool = bots_for(table.state.game, table.state.players, kind)
    return {seat: pool[seat] for seat in bot_seats(table.state.players, human, bot_count)}
