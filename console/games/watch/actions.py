"""The Watch's actions and their notation: ``SEAT:VERB ARGS``, parsed and printed in pairs.

Ids are the board's (``h7``, ``i12``, ``e40``) and the catalog's (``w-intrigue``). A chat
message is one JSON string literal, so spaces, quotes and any character round-trip on one line:
``2:say 3 "meet me at the ford"``. See notation.md for every verb.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from typing import ClassVar

from console.games.core import CHANCE, Action, NotationError, Seat, seat_text
from console.games.watch.rules.board import EDGE_INDEX, HEX_INDEX, POINT_INDEX, TOPOLOGY

RESOURCES = ("grain", "wood", "stone", "gold")
GOODS = ("grain", "wood", "stone")
DECKS = ("warfare", "growth", "politics")
MAX_MESSAGE = 280


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
# Chance (seat 0)
Deal = _verb("deal", "deck", "card")
Harrow = _verb("harrow", "card")
Blight = _verb("blight", "hex")
Burn = _verb("burn", "edge")
Raze = _verb("raze", "point")
Demote = _verb("demote", "point")
Rout = _verb("rout", "point")
Rot = _verb("rot", "hex")
Take = _verb("take", "seat", "resource")
Steal = _verb("steal", "card")
Lose = _verb("lose", "seat", "card")


@dataclass(frozen=True)
class Say(WatchAction):
    """A message on a private alliance channel: ``2:say 3 "text"`` (the text as a JSON string)."""

    verb: ClassVar[str] = "say"
    message: str = ""

    def args(self) -> tuple[str, ...]:
        return (*self.words, json.dumps(self.message, ensure_ascii=False))


PLAYER_VERBS: dict[str, type[WatchAction]] = {
    cls.verb: cls
    for cls in (
        Settle,
        City,
        Road,
        Recruit,
        Activate,
        Walls,
        Improve,
        Draw,
        Exchange,
        Move,
        Strike,
        Offer,
        Accept,
        Decline,
        Break,
        Play,
        Reveal,
        Return,
        Choose,
        Forfeit,
        Declare,
        End,
    )
}
CHANCE_VERBS: dict[str, type[WatchAction]] = {
    cls.verb: cls for cls in (Deal, Harrow, Blight, Burn, Raze, Demote, Rout, Rot, Take, Steal, Lose)
}

_INTERNED: dict[tuple[type[WatchAction], Seat, tuple[str, ...]], WatchAction] = {}


def make(cls: type[WatchAction], seat: Seat, *words: str) -> WatchAction:
    """The one shared instance of an action (legal-action lists are built many times a game)."""
    key = (cls, seat, words)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(seat, words)
    return action


@cache
def point_actions(cls: type[WatchAction], seat: Seat, *tail: str) -> tuple[WatchAction, ...]:
    """``cls`` by ``seat`` at every intersection, by its index (legal-action lists read these)."""
    return tuple(make(cls, seat, name, *tail) for name in TOPOLOGY.point_ids)


@cache
def edge_actions(cls: type[WatchAction], seat: Seat) -> tuple[WatchAction, ...]:
    """``cls`` by ``seat`` on every edge, by its index."""
    return tuple(make(cls, seat, name) for name in TOPOLOGY.edge_ids)


def _word_ok(kind: str, word: str, card_ids: frozenset[str]) -> bool:
    if kind == "point":
        return word in POINT_INDEX
    if kind == "edge":
        return word in EDGE_INDEX
    if kind == "hex":
        return word in HEX_INDEX and HEX_INDEX[word] < TOPOLOGY.island
    if kind == "seat":
        return word.isdigit() and 1 <= int(word) <= 4
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


def parse(text: str, card_ids: frozenset[str], play_shapes: dict[str, tuple[str, ...]]) -> WatchAction:
    """Parse one action; NotationError says what is wrong (never echoing a chat message)."""
    head, sep, rest = text.strip().partition(":")
    head = head.strip().lower()
    if not sep or not (head == "chance" or (head.isdigit() and int(head) >= 1)):
        raise NotationError(f"{_shown(text)!r} is not an action: expected SEAT:VERB, like 2:end")
    seat = CHANCE if head == "chance" else int(head)
    verb, _, remainder = rest.strip().partition(" ")
    verb = verb.lower()
    if verb == "say" and seat != CHANCE:
        return _parse_say(seat, remainder)
    table = CHANCE_VERBS if seat == CHANCE else PLAYER_VERBS
    cls = table.get(verb)
    if cls is None:
        known = ", ".join(sorted(table) + ([] if seat == CHANCE else ["say"]))
        raise NotationError(f"{text.strip()!r}: there is no verb {verb!r} (verbs: {known})")
    words = tuple(remainder.split())
    shape = cls.shape
    if cls is Play:
        if not words or words[0] not in card_ids:
            raise NotationError(f"{text.strip()!r}: play needs a card id, like 1:play w-intrigue")
        shape = ("card", *play_shapes.get(words[0], ()))
        if shape[-1].endswith("*"):
            # Any number of one kind (Drill Sergeant's stacks, Crown's Due's resources), printed in
            # one canonical order so that equal plays are equal actions.
            kind, fixed = shape[-1][:-1], shape[:-1]
            order = POINT_INDEX if kind == "point" else {name: n for n, name in enumerate(RESOURCES)}
            tail = sorted(words[len(fixed) :], key=lambda word: order.get(word, 99))
            words = (*words[: len(fixed)], *tail)
            shape = (*fixed, *(kind,) * len(tail))
    if len(words) != len(shape):
        wanted = " ".join(KIND_WORDS.get(kind, kind) for kind in shape) or "nothing"
        raise NotationError(f"{text.strip()!r}: {verb} takes {wanted}")
    for kind, word in zip(shape, words, strict=True):
        if not _word_ok(kind, word, card_ids):
            raise NotationError(f"{text.strip()!r}: {word!r} is not {KIND_WORDS[kind]}")
    return make(cls, seat, *words)


def _parse_say(seat: Seat, remainder: str) -> Say:
    target, _, quoted = remainder.strip().partition(" ")
    if not _word_ok("seat", target, frozenset()):
        raise NotationError('say needs the ally\'s seat and a quoted message, like 1:say 2 "meet at dawn"')
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
