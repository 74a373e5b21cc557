"""The Watch's actions and their notation: ``SEAT:VERB ARGS``, parsed and printed in pairs.

Ids are the board's (``h7``, ``i12``, ``e40``) and the catalog's (``w-intrigue``). A chat
message is one JSON string literal, so spaces, quotes and any character round-trip on one line:
``2:say 3 "meet me at the ford"``. See notation.md for every verb and who scans each card.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any, ClassVar, TypeVar

from console.games.core import CHANCE, Action, NotationError, Seat, parse_int, seat_text, split_notation
from console.games.watch.catalog import catalog
from console.games.watch.refusal import notation_error
from console.games.watch.rules.board import EDGE_INDEX, HEX_INDEX, POINT_INDEX, TOPOLOGY
from console.i18n.said import say

RESOURCES = ("grain", "wood", "stone", "gold")
GOODS = ("grain", "wood", "stone")
DECKS = ("warfare", "growth", "politics")
MAX_MESSAGE = 280
MAX_SEAT = 4


@dataclass(frozen=True)
class WatchAction(Action):
    """One action of the Watch: a frozen value whose fields are its words, named and typed.

    ``shape`` names the kind of each field's word in notation order (the parser checks words by
    it); ``str`` is the notation, made once per action (legal actions are sorted by it)."""

    shape: ClassVar[tuple[str, ...]] = ()

    @cached_property
    def text(self) -> str:
        return " ".join((f"{seat_text(self.seat)}:{self.verb}", *self.args()))

    def __str__(self) -> str:
        return self.text


# --- rulers: founding and the Ledger -------------------------------------------------------------


@dataclass(frozen=True)
class AtPoint(WatchAction):
    """An action at one intersection ``at`` (an id like ``i12``)."""

    at: str
    shape: ClassVar[tuple[str, ...]] = ("point",)

    def args(self) -> tuple[str, ...]:
        return (self.at,)

    @property
    def point(self) -> int:
        return POINT_INDEX[self.at]


@dataclass(frozen=True)
class Settle(AtPoint):
    verb: ClassVar[str] = "settle"


@dataclass(frozen=True)
class City(AtPoint):
    verb: ClassVar[str] = "city"


@dataclass(frozen=True)
class Road(WatchAction):
    edge: str
    verb: ClassVar[str] = "road"
    shape: ClassVar[tuple[str, ...]] = ("edge",)

    def args(self) -> tuple[str, ...]:
        return (self.edge,)


@dataclass(frozen=True)
class Recruit(AtPoint):
    verb: ClassVar[str] = "recruit"


@dataclass(frozen=True)
class Activate(AtPoint):
    """Wake the stack ``at``, paying ``paid`` (grain or gold)."""

    paid: str
    verb: ClassVar[str] = "activate"
    shape: ClassVar[tuple[str, ...]] = ("point", "activation")

    def args(self) -> tuple[str, ...]:
        return (self.at, self.paid)


@dataclass(frozen=True)
class Walls(AtPoint):
    verb: ClassVar[str] = "walls"


@dataclass(frozen=True)
class Improve(WatchAction):
    """The improvement of tile ``hex``'s kind, owned by the city ``at``."""

    hex: str
    at: str
    verb: ClassVar[str] = "improve"
    shape: ClassVar[tuple[str, ...]] = ("hex", "point")

    def args(self) -> tuple[str, ...]:
        return (self.hex, self.at)


@dataclass(frozen=True)
class Draw(WatchAction):
    """Draw from ``deck``, paying ``payment`` (gold or goods)."""

    deck: str
    payment: str
    verb: ClassVar[str] = "draw"
    shape: ClassVar[tuple[str, ...]] = ("deck", "payment")

    def args(self) -> tuple[str, ...]:
        return (self.deck, self.payment)


@dataclass(frozen=True)
class Exchange(WatchAction):
    good: str
    verb: ClassVar[str] = "exchange"
    shape: ClassVar[tuple[str, ...]] = ("good",)

    def args(self) -> tuple[str, ...]:
        return (self.good,)


# --- the Arts of War -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move(WatchAction):
    """March the stack at ``start`` to ``end``."""

    start: str
    end: str
    verb: ClassVar[str] = "move"
    shape: ClassVar[tuple[str, ...]] = ("point", "point")

    def args(self) -> tuple[str, ...]:
        return (self.start, self.end)


@dataclass(frozen=True)
class Strike(WatchAction):
    """The stack at ``start`` strikes ``target``."""

    start: str
    target: str
    verb: ClassVar[str] = "strike"
    shape: ClassVar[tuple[str, ...]] = ("point", "point")

    def args(self) -> tuple[str, ...]:
        return (self.start, self.target)


# --- alliances -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Offer(WatchAction):
    to: int
    verb: ClassVar[str] = "offer"
    shape: ClassVar[tuple[str, ...]] = ("seat",)

    def args(self) -> tuple[str, ...]:
        return (str(self.to),)


@dataclass(frozen=True)
class Accept(WatchAction):
    verb: ClassVar[str] = "accept"


@dataclass(frozen=True)
class Decline(WatchAction):
    verb: ClassVar[str] = "decline"


@dataclass(frozen=True)
class Break(WatchAction):
    ally: int
    verb: ClassVar[str] = "break"
    shape: ClassVar[tuple[str, ...]] = ("seat",)

    def args(self) -> tuple[str, ...]:
        return (str(self.ally),)


@dataclass(frozen=True)
class Say(WatchAction):
    """A message on a private alliance channel: ``2:say 3 "text"`` (the text as a JSON string).
    Heard whoever is to act (ruling R-3); its text is free, never listed and never echoed."""

    to: int
    message: str
    verb: ClassVar[str] = "say"
    out_of_turn: ClassVar[bool] = True
    free_text: ClassVar[bool] = True

    def args(self) -> tuple[str, ...]:
        return (str(self.to), json.dumps(self.message, ensure_ascii=False))


# --- the Great Chronicle ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CardWord(WatchAction):
    """An action on one ``card`` of the Chronicle (an id like ``w-intrigue``)."""

    card: str
    shape: ClassVar[tuple[str, ...]] = ("card",)

    def args(self) -> tuple[str, ...]:
        return (self.card,)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Play(WatchAction):
    """Play ``card`` with ``targets``, the words its effect takes (its shape in the catalog)."""

    card: str
    targets: tuple[str, ...] = ()
    verb: ClassVar[str] = "play"
    shape: ClassVar[tuple[str, ...]] = ("card", "*")

    def args(self) -> tuple[str, ...]:
        return (self.card, *self.targets)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Reveal(CardWord):
    verb: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class Return(CardWord):
    verb: ClassVar[str] = "return"


@dataclass(frozen=True)
class Choose(WatchAction):
    """The deck of a held wall's free card."""

    deck: str
    verb: ClassVar[str] = "choose"
    shape: ClassVar[tuple[str, ...]] = ("deck",)

    def args(self) -> tuple[str, ...]:
        return (self.deck,)


# --- the Horde, the turn, the end ------------------------------------------------------------------


@dataclass(frozen=True)
class Forfeit(AtPoint):
    verb: ClassVar[str] = "forfeit"


@dataclass(frozen=True)
class Declare(WatchAction):
    verb: ClassVar[str] = "declare"


@dataclass(frozen=True)
class End(WatchAction):
    verb: ClassVar[str] = "end"


# --- chance (seat 0) -------------------------------------------------------------------------------
# Board targets of the Harrows and the resources of Unfair Trade are no cards: no seat scans them.


@dataclass(frozen=True)
class Pick(WatchAction):
    """Chance: one ``target`` a Harrow strikes (a hex, an edge or an intersection, by the verb)."""

    target: str

    def args(self) -> tuple[str, ...]:
        return (self.target,)


@dataclass(frozen=True)
class Blight(Pick):
    verb: ClassVar[str] = "blight"
    shape: ClassVar[tuple[str, ...]] = ("hex",)


@dataclass(frozen=True)
class Burn(Pick):
    verb: ClassVar[str] = "burn"
    shape: ClassVar[tuple[str, ...]] = ("edge",)


@dataclass(frozen=True)
class Raze(Pick):
    verb: ClassVar[str] = "raze"
    shape: ClassVar[tuple[str, ...]] = ("point",)


@dataclass(frozen=True)
class Demote(Pick):
    verb: ClassVar[str] = "demote"
    shape: ClassVar[tuple[str, ...]] = ("point",)


@dataclass(frozen=True)
class Rout(Pick):
    verb: ClassVar[str] = "rout"
    shape: ClassVar[tuple[str, ...]] = ("point",)


@dataclass(frozen=True)
class Rot(Pick):
    verb: ClassVar[str] = "rot"
    shape: ClassVar[tuple[str, ...]] = ("hex",)


@dataclass(frozen=True)
class Take(WatchAction):
    """``chance:take SEAT RESOURCE``: Unfair Trade; one ``resource`` passes from ruler ``victim``."""

    victim: int
    resource: str
    verb: ClassVar[str] = "take"
    shape: ClassVar[tuple[str, ...]] = ("seat", "resource")

    def args(self) -> tuple[str, ...]:
        return (str(self.victim), self.resource)


@dataclass(frozen=True)
class Deal(WatchAction):
    """``chance:deal DECK CARD``: the next unseen card of a deck, into ``to``'s hand. ``to`` is not
    written (the journal's notation is fixed): the state knows it and fills it in its legal
    outcomes, so a physical table waits for the receiving ruler's scan."""

    deck: str
    card: str
    to: Seat | None = field(default=None, compare=False)
    verb: ClassVar[str] = "deal"
    shape: ClassVar[tuple[str, ...]] = ("deck", "card")

    def args(self) -> tuple[str, ...]:
        return (self.deck, self.card)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)

    def supplier(self) -> Seat | None:
        return self.to


@dataclass(frozen=True)
class Harrow(CardWord):
    """``chance:harrow CARD``: the Harrow of a landfall, drawn for the table by ``by``, the ruler
    whose turn closed the round (filled in by the state, like Deal's ``to``)."""

    by: Seat | None = field(default=None, compare=False)
    verb: ClassVar[str] = "harrow"

    def supplier(self) -> Seat | None:
        return self.by


@dataclass(frozen=True)
class Steal(CardWord):
    """``chance:steal CARD``: Spy takes a random card of a rival's hand; it changes hands, and the
    seat that now holds it, the thief ``to``, scans it (filled in by the state)."""

    to: Seat | None = field(default=None, compare=False)
    verb: ClassVar[str] = "steal"

    def supplier(self) -> Seat | None:
        return self.to


@dataclass(frozen=True)
class Lose(WatchAction):
    """``chance:lose SEAT CARD``: Black Plot; the ruler ``victim`` gives up that card (it goes under
    its deck, to no seat), so the ruler giving it up scans it."""

    victim: int
    card: str
    verb: ClassVar[str] = "lose"
    shape: ClassVar[tuple[str, ...]] = ("seat", "card")

    def args(self) -> tuple[str, ...]:
        return (str(self.victim), self.card)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)

    def supplier(self) -> Seat | None:
        return self.victim


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

A = TypeVar("A", bound=WatchAction)
_INTERNED: dict[tuple[type[WatchAction], Seat, tuple[Any, ...]], WatchAction] = {}
_SUPPLIED: dict[tuple[type[WatchAction], tuple[str, ...], Seat], WatchAction] = {}


def make(cls: type[A], seat: Seat, *fields: Any) -> A:
    """The one shared instance of ``cls(seat, *fields)`` (legal-action lists are built many times a
    game)."""
    key = (cls, seat, fields)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = cls(seat, *fields)
    return action  # type: ignore[return-value]  # the key's class is the action's


def supplied(cls: type[Deal | Harrow | Steal], supplier: Seat, *fields: str) -> WatchAction:
    """The shared chance action ``cls`` with the seat that scans its card (not in its notation)."""
    key = (cls, fields, supplier)
    action = _SUPPLIED.get(key)
    if action is None:
        action = _SUPPLIED[key] = cls(CHANCE, *fields, supplier)  # type: ignore[arg-type,call-arg]
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


# What a word of each kind must be, as a refusal of notation says it (the notation's own words,
# "grain", "warfare", stay as they are written in every language).
KIND_WORDS = {
    "point": say("an intersection id like i12"),
    "edge": say("an edge id like e40"),
    "hex": say("an island hex id like h7"),
    "seat": say("a seat number"),
    "resource": say("grain, wood, stone or gold"),
    "good": say("grain, wood or stone"),
    "deck": say("warfare, growth or politics"),
    "activation": say("grain or gold"),
    "payment": say("gold or goods"),
    "card": say("a card id like w-intrigue"),
}


@cache
def _card_words() -> tuple[frozenset[str], dict[str, tuple[str, ...]]]:
    """Every card id the notation knows, and each card's argument shape when played."""
    from console.games.watch.rules.chronicle import CARD_EFFECTS  # the rules import the actions

    cards = catalog()
    ids = frozenset(cards.cards) | frozenset(cards.harrows)
    shapes = {card.id: CARD_EFFECTS[card.effect][0] for card in cards.cards.values()}
    return ids, shapes


def parse(text: str) -> WatchAction:
    """Parse one action exactly as written; NotationError says what is wrong (never echoing a
    chat message). Split by the contract's ``split_notation``; numbers read by ``parse_int``."""
    card_ids, play_shapes = _card_words()
    seat, verb, words = split_notation(text, free_text_verbs=("say",))
    shown = _shown(text) if verb == "say" else text[:80]
    if verb == "say" and seat != CHANCE:
        return _parse_say(text, seat, words[0])
    table = CHANCE_VERBS if seat == CHANCE else PLAYER_VERBS
    cls = table.get(verb)
    if cls is None:
        known = ", ".join(sorted(table) + ([] if seat == CHANCE else ["say"]))
        raise notation_error(
            say(
                "%(text)s: there is no verb %(verb)s (verbs: %(verbs)s)",
                text=repr(shown),
                verb=repr(verb),
                verbs=known,
            )
        )
    shape = cls.shape
    if cls is Play:
        if not words or words[0] not in card_ids:
            raise notation_error(
                say("%(text)s: play needs a card id, like 1:play w-intrigue", text=repr(shown))
            )
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
        wanted = tuple(KIND_WORDS.get(kind) or kind for kind in shape) or say("nothing")
        raise notation_error(
            say("%(text)s: %(verb)s takes %(wanted)s", text=repr(shown), verb=verb, wanted=wanted)
        )
    fields: list[str | int] = []
    for kind, word in zip(shape, words, strict=True):
        if kind == "seat":
            fields.append(_seat_word(text, word))
        elif _word_ok(kind, word, card_ids):
            fields.append(word)
        else:
            raise notation_error(
                say(
                    "%(text)s: %(word)s is not %(kind)s",
                    text=repr(shown),
                    word=repr(word[:24]),
                    kind=KIND_WORDS[kind],
                )
            )
    if cls is Play:
        return make(Play, seat, words[0], tuple(words[1:]))
    return make(cls, seat, *fields)


def _seat_word(text: str, word: str) -> int:
    """A ruler's seat written as a word of the action: ASCII digits, 1 to 4."""
    try:
        number = parse_int(word, "a seat", text)
    except NotationError:  # the contract's words, said as the Watch's catalog has them
        said = say(
            "%(text)s: a seat must be a whole number, not %(word)s",
            text=repr(_shown(text)),
            word=repr(word[:24]),
        )
        raise notation_error(said) from None
    if not 1 <= number <= MAX_SEAT or str(number) != word:
        raise notation_error(
            say(
                "%(text)s: %(word)s is not a seat number (1 to %(max)s)",
                text=repr(_shown(text)),
                word=repr(word[:24]),
                max=MAX_SEAT,
            )
        )
    return number


def _parse_say(text: str, seat: Seat, rest: str) -> Say:
    target, space, quoted = rest.partition(" ")
    usage = say('say needs the ally\'s seat and a quoted message, like 1:say 2 "meet at dawn"')
    if not space or not target:
        raise notation_error(usage)
    try:
        to = _seat_word(text, target)
    except NotationError:
        raise notation_error(usage) from None
    try:
        message = json.loads(quoted)
    except ValueError:
        raise notation_error(
            say('the message of say must be one quoted string, like "meet at dawn"')
        ) from None
    if not isinstance(message, str) or not message.strip():
        raise notation_error(say("the message of say must be one non-empty quoted string"))
    if len(message) > MAX_MESSAGE:
        raise notation_error(say("a message may hold at most %(num)s characters", num=MAX_MESSAGE))
    return Say(seat, to, message)


def _shown(text: str) -> str:
    """What an error may quote of unparsable text: never more than its head (a message stays private)."""
    return text.strip().split(" ", 1)[0][:24]
