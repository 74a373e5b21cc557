"""The Watch's actions and their notation: ``SEAT:VERB ARGS``, parsed and printed in pairs.

Ids are the board's (``h7``, ``i12``, ``e40``) and the catalog's (``w-intrigue``). A chat
message is one JSON string literal, so spaces, quotes and any character round-trip on one line:
``2:say 3 "meet me at the ford"``. See notation.md for every verb and who scans each card.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import ClassVar

from console.games.core import CHANCE, Action, NotationError, Seat, parse_int, seat_text, split_notation
from console.games.watch.rules.board import EDGE_INDEX, HEX_INDEX, POINT_INDEX, TOPOLOGY

RESOURCES = ("grain", "wood", "stone", "gold")
GOODS = ("grain", "wood", "stone")
DECKS = ("warfare", "growth", "politics")
MAX_MESSAGE = 280
MAX_SEAT = 4


@dataclass(frozen=True)
class WatchAction(Action):
    """One action: a verb (the subclass) and its words, already checked for shape."""

    words: tuple[str, ...] = ()
    shape: ClassVar[tuple[str, ...]] = ()

    def args(self) -> tuple[str, ...]:
        return self.words

    @cached_property
    def text(self) -> str:
        return " ".join((f"{seat_text(self.seat)}:{self.verb}", *self.args()))

    def __str__(self) -> str:
        return self.text

    def cards(self) -> tuple[str, ...]:
        return tuple(word for word in self.words if word[:2] in ("w-", "g-", "p-", "x-"))

    # Typed readers of the words, so rules code never re-parses text.
    def point(self, index: int = 0) -> int:
        return POINT_INDEX[self.words[index]]

    def edge(self, index: int = 0) -> int:
        return EDGE_INDEX[self.words[index]]

    def hex(self, index: int = 0) -> int:
        return HEX_INDEX[self.words[index]]

    def number(self, index: int = 0) -> int:
        return int(self.words[index])


def _verb(name: str, *shape: str) -> type[WatchAction]:
    return type(
        name.title().replace("_", ""), (WatchAction,), {"verb": name, "shape": shape, "__module__": __name__}
    )


# Founding and the Ledger
Settle = _verb("settle", "point")
City = _verb("city", "point")
Road = _verb("road", "edge")
Recruit = _verb("recruit", "point")
Activate = _verb("activate", "point", "activation")
Walls = _verb("walls", "point")
Improve = _verb("improve", "hex", "point")
Draw = _verb("draw", "deck", "payment")
Exchange = _verb("exchange", "good")
# The Arts of War
Move = _verb("move", "point", "point")
Strike = _verb("strike", "point", "point")
# Alliances
Offer = _verb("offer", "seat")
Accept = _verb("accept")
Decline = _verb("decline")
Break = _verb("break", "seat")
# The Great Chronicle
Play = _verb("play", "card", "*")
Reveal = _verb("reveal", "card")
Return = _verb("return", "card")
Choose = _verb("choose", "deck")
# The Horde, the turn, the end
Forfeit = _verb("forfeit", "point")
Declare = _verb("declare")
End = _verb("end")


@dataclass(frozen=True)
class Say(WatchAction):
    """A message on a private alliance channel: ``2:say 3 "text"`` (the text as a JSON string).
    Heard whoever is to act (ruling R-3); its text is free, never listed and never echoed."""

    verb: ClassVar[str] = "say"
    out_of_turn: ClassVar[bool] = True
    free_text: ClassVar[bool] = True
    message: str = ""

    def args(self) -> tuple[str, ...]:
        return (*self.words, json.dumps(self.message, ensure_ascii=False))


# --- chance (seat 0) ---------------------------------------------------------------------------
# Board targets of the Harrows and the resources of Unfair Trade are no cards: no seat scans them.
Blight = _verb("blight", "hex")
Burn = _verb("burn", "edge")
Raze = _verb("raze", "point")
Demote = _verb("demote", "point")
Rout = _verb("rout", "point")
Rot = _verb("rot", "hex")
Take = _verb("take", "seat", "resource")


@dataclass(frozen=True)
class Deal(WatchAction):
    """``chance:deal DECK CARD``: the next unseen card of a deck, into ``to``'s hand. ``to`` is not
    written (the journal's notation is fixed): the state knows it and fills it in its legal
    outcomes, so a physical table waits for the receiving ruler's scan."""

    verb: ClassVar[str] = "deal"
    shape: ClassVar[tuple[str, ...]] = ("deck", "card")
    to: Seat | None = field(default=None, compare=False)

    def supplier(self) -> Seat | None:
        return self.to


@dataclass(frozen=True)
class Harrow(WatchAction):
    """``chance:harrow CARD``: the Harrow of a landfall, drawn for the table by ``by``, the ruler
    whose turn closed the round (filled in by the state, like Deal's ``to``)."""

    verb: ClassVar[str] = "harrow"
    shape: ClassVar[tuple[str, ...]] = ("card",)
    by: Seat | None = field(default=None, compare=False)

    def supplier(self) -> Seat | None:
        return self.by


@dataclass(frozen=True)
class Steal(WatchAction):
    """``chance:steal CARD``: Spy takes a random card of a rival's hand; it changes hands, and the
    seat that now holds it, the thief ``to``, scans it (filled in by the state)."""

    verb: ClassVar[str] = "steal"
    shape: ClassVar[tuple[str, ...]] = ("card",)
    to: Seat | None = field(default=None, compare=False)

    def supplier(self) -> Seat | None:
        return self.to


@dataclass(frozen=True)
class Lose(WatchAction):
    """``chance:lose SEAT CARD``: Black Plot; the ruler at SEAT gives up that card (it goes under
    its deck, to no seat), so the ruler giving it up scans it."""

    verb: ClassVar[str] = "lose"
    shape: ClassVar[tuple[str, ...]] = ("seat", "card")

    def supplier(self) -> Seat | None:
        return int(self.words[0])


PLAYER_VERBS: dict[str, type[WatchAction]] = {
    cls.verb: cls
    for cls in (
        *(Settle, City, Road, Recruit, Activate, Walls, Improve, Draw, Exchange, Move, Strike, Offer),
        *(Accept, Decline, Break, Play, Reveal, Return, Choose, Forfeit, Declare, End),
    )
}
CHANCE_VERBS: dict[str, type[WatchAction]] = {
    cls.verb: cls for cls in (Deal, Harrow, Blight, Burn, Raze, Demote, Rout, Rot, Take, Steal, Lose)
}

_INTERNED: dict[tuple[type[WatchAction], Seat, tuple[str, ...]], WatchAction] = {}
_SUPPLIED: dict[tuple[type[WatchAction], tuple[str, ...], Seat], WatchAction] = {}


def make(cls: type[WatchAction], seat: Seat, *words: str) -> WatchAction:
    """The one shared instance of an action (legal-action lists are built many times a game)."""
    key = (cls, seat, words)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(seat, words)
    return action


def supplied(cls: type[Deal | Harrow | Steal], supplier: Seat, *words: str) -> WatchAction:
    """The shared chance action ``cls`` with the seat that scans its card (not in its notation)."""
    key = (cls, words, supplier)
    action = _SUPPLIED.get(key)
    if action is None:
        action = _SUPPLIED[key] = cls(CHANCE, words, supplier)
    return action


def _point_actions(cls: type[WatchAction], seat: Seat, *tail: str) -> tuple[WatchAction, ...]:
    """``cls`` by ``seat`` at every intersection, by its index (legal-action lists read these)."""
    return tuple(make(cls, seat, name, *tail) for name in TOPOLOGY.point_ids)


def _edge_actions(cls: type[WatchAction], seat: Seat) -> tuple[WatchAction, ...]:
    """``cls`` by ``seat`` on every edge, by its index."""
    return tuple(make(cls, seat, name) for name in TOPOLOGY.edge_ids)


# Cached by (class, seat, ...); typed as plain callables since mypy does not see classes as hashable.
point_actions: Callable[..., tuple[WatchAction, ...]] = cache(_point_actions)
edge_actions: Callable[..., tuple[WatchAction, ...]] = cache(_edge_actions)


def _word_ok(kind: str, word: str, card_ids: frozenset[str]) -> bool:
    if kind == "point":
        return word in POINT_INDEX
    if kind == "edge":
        return word in EDGE_INDEX
    if kind == "hex":
        return word in HEX_INDEX and HEX_INDEX[word] < TOPOLOGY.island
    if kind == "resource":
        return word in RESOURCES
    if kind == "good":
        return word in GOODS
    if kind == "deck":
        return word in DECKS
    if kind == "activation":
        return word in ("grain", "gold")
    if kind == "payment":
        return word in ("gold", "goods")
    if kind == "card":
        return word in card_ids
    raise AssertionError(kind)


KIND_WORDS = {
    "point": "an intersection id like i12",
    "edge": "an edge id like e40",
    "hex": "an island hex id like h7",
    "seat": "a seat number",
    "resource": "grain, wood, stone or gold",
    "good": "grain, wood or stone",
    "deck": "warfare, growth or politics",
    "activation": "grain or gold",
    "payment": "gold or goods",
    "card": "a card id like w-intrigue",
}


def parse(text: str, card_ids: frozenset[str], play_shapes: Mapping[str, tuple[str, ...]]) -> WatchAction:
    """Parse one action exactly as written; NotationError says what is wrong (never echoing a
    chat message). Split by the contract's ``split_notation``; numbers read by ``parse_int``."""
    seat, verb, words = split_notation(text, free_text_verbs=("say",))
    shown = _shown(text) if verb == "say" else text[:80]
    if verb == "say" and seat != CHANCE:
        return _parse_say(text, seat, words[0])
    table = CHANCE_VERBS if seat == CHANCE else PLAYER_VERBS
    cls = table.get(verb)
    if cls is None:
        known = ", ".join(sorted(table) + ([] if seat == CHANCE else ["say"]))
        raise NotationError(f"{shown!r}: there is no verb {verb!r} (verbs: {known})")
    shape = cls.shape
    if cls is Play:
        if not words or words[0] not in card_ids:
            raise NotationError(f"{shown!r}: play needs a card id, like 1:play w-intrigue")
        shape = ("card", *play_shapes.get(words[0], ()))
        if shape[-1].endswith("*"):
            # Any number of one kind (Drill Sergeant's stacks, Crown's Due's resources), printed in
            # one canonical order so that equal plays are equal actions.
            kind, fixed = shape[-1][:-1], shape[:-1]
            order = POINT_INDEX if kind == "point" else {name: n for n, name in enumerate(RESOURCES)}
            tail = sorted(words[len(fixed) :], key=lambda word: order.get(word, 99))
            words = [*words[: len(fixed)], *tail]
            shape = (*fixed, *(kind,) * len(tail))
    if len(words) != len(shape):
        wanted = " ".join(KIND_WORDS.get(kind, kind) for kind in shape) or "nothing"
        raise NotationError(f"{shown!r}: {verb} takes {wanted}")
    for kind, word in zip(shape, words, strict=True):
        if kind == "seat":
            _seat_word(text, word)
        elif not _word_ok(kind, word, card_ids):
            raise NotationError(f"{shown!r}: {word[:24]!r} is not {KIND_WORDS[kind]}")
    return make(cls, seat, *words)


def _seat_word(text: str, word: str) -> int:
    """A ruler's seat written as a word of the action: ASCII digits, 1 to 4."""
    number = parse_int(word, text, "a seat")
    if not 1 <= number <= MAX_SEAT or str(number) != word:
        raise NotationError(f"{_shown(text)!r}: {word[:24]!r} is not a seat number (1 to {MAX_SEAT})")
    return number


def _parse_say(text: str, seat: Seat, rest: str) -> Say:
    target, space, quoted = rest.partition(" ")
    usage = 'say needs the ally\'s seat and a quoted message, like 1:say 2 "meet at dawn"'
    if not space or not target:
        raise NotationError(usage)
    try:
        _seat_word(text, target)
    except NotationError:
        raise NotationError(usage) from None
    try:
        message = json.loads(quoted)
    except ValueError:
        raise NotationError('the message of say must be one quoted string, like "meet at dawn"') from None
    if not isinstance(message, str) or not message.strip():
        raise NotationError("the message of say must be one non-empty quoted string")
    if len(message) > MAX_MESSAGE:
        raise NotationError(f"a message may hold at most {MAX_MESSAGE} characters")
    return Say(seat, (target,), message)


def _shown(text: str) -> str:
    """What an error may quote of unparsable text: never more than its head (a message stays private)."""
    return text.strip().split(" ", 1)[0][:24]
