"""The terminal's words for a seat's choices: each legal action labelled in words (card names, whose
shelf, what it costs), grouped by what it does, groups in the order a turn reads, places in natural
order (i2 before i10).

``choice_groups(game, legal, view)`` gives the groups; ``natural_key`` sorts any id text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from console.games.core import Action, Game

_PIECES = re.compile(r"(\d+)")


def natural_key(text: str) -> tuple[Any, ...]:
    """Text with its numbers compared as numbers: i2 before i10, shelf 3 before shelf 12."""
    return tuple(int(part) if part.isdigit() else part for part in _PIECES.split(text))


@dataclass
class Group:
    """Choices that do the same thing (build a road), each with its own words (e7: i4 to i8)."""

    label: str
    items: list[tuple[str, Action]] = field(default_factory=list)


Labeller = Callable[[Game, list[str], Mapping[str, Any]], tuple[str, str]]


def card_name(game: Game, card_id: str) -> str:
    """A card's printed name (``affineurs-nose`` is "Affineur's Nose"), else its id in words."""
    return game.catalog().get(card_id) or card_id.replace("-", " ").title()


def _wisteria(game: Game, words: list[str], view: Mapping[str, Any]) -> tuple[str, str]:
    verb = words[0]
    if verb == "battle":
        return "", "Battle: fight on with a battle card"
    if verb == "retreat":
        return "", "Retreat: give up one face-up card, keep your tied and face-down cards"
    return "", " ".join(words).capitalize()


def _wheels(game: Game, words: list[str], view: Mapping[str, Any]) -> tuple[str, str]:
    verb, args = words[0], words[1:]
    if verb == "choose":
        return "Choose your Archaffineur", card_name(game, args[0])
    if verb == "swap":
        return "Swap a card of your opening hand (it goes under your deck)", card_name(game, args[0])
    if verb == "keep":
        return "", "Keep this hand"
    if verb == "set":
        sealed = ", sealed (hold halved, hidden)" if "sealed" in args[2:] else ""
        wheel = card_name(game, args[0])
        return "Set a wheel on an empty shelf (spends the turn)", f"{wheel} on shelf {args[1]}{sealed}"
    if verb == "read":
        return "Read a wheel: bank what it pays and clear the shelf (spends the turn)", f"shelf {args[0]}"
    if verb in ("play", "invoke"):
        group = "Play a craft" if verb == "play" else "Invoke your Archaffineur (free, once a match)"
        name = card_name(game, args[0])
        if len(args) < 2:
            return group, name
        whose = "the rival's" if _on_rival(game, args[0]) else "your"
        return group, f"{name} on {whose} shelf {args[1]}"
    if verb == "wait":
        return "", "Wait: do nothing (spends the turn)"
    return verb.title(), " ".join(args)


def _on_rival(game: Game, card_id: str) -> bool:
    cards = getattr(game, "cards", None)
    card = getattr(cards, "cards", {}).get(card_id)
    target = getattr(card, "target", None)
    return bool(getattr(target, "on_rival", False))


WATCH_GROUPS = {
    "city": "Place or raise a city",
    "settle": "Build a settlement",
    "road": "Build a road",
    "recruit": "Recruit an army unit at your city",
    "activate": "Wake an army stack",
    "walls": "Raise City Walls",
    "improve": "Build an improvement",
    "draw": "Draw a card",
    "exchange": "Exchange 2 Gold",
    "move": "March a stack",
    "strike": "Strike with a stack",
    "offer": "Offer an alliance",
    "break": "Break an alliance",
    "play": "Play a card",
    "reveal": "Reveal a victory card",
    "return": "Give a card back (your hand is over its limit)",
    "choose": "Take your free card from a deck",
    "forfeit": "Give up a city",
}
WATCH_SINGLE = {
    "accept": "Accept the alliance",
    "decline": "Decline the alliance",
    "declare": "Declare victory",
    "end": "End your turn",
}


def _watch(game: Game, words: list[str], view: Mapping[str, Any]) -> tuple[str, str]:
    verb, args = words[0], words[1:]
    if verb in WATCH_SINGLE:
        return "", WATCH_SINGLE[verb]
    ends = {edge["id"]: edge["ends"] for edge in view.get("board", {}).get("edges", [])}
    if verb == "road" and args and args[0] in ends:
        return WATCH_GROUPS[verb], f"{args[0]} ({' to '.join(ends[args[0]])})"
    if verb == "activate":
        return WATCH_GROUPS[verb], f"at {args[0]}, paying 1 {args[1].title()}"
    if verb == "improve":
        return WATCH_GROUPS[verb], f"on tile {args[0]} for your city {args[1]}"
    if verb == "draw":
        paying = "Gold" if args[1] == "gold" else "its goods"
        return WATCH_GROUPS[verb], f"{args[0].title()}, paying {paying}"
    if verb == "exchange":
        return WATCH_GROUPS[verb], f"for 1 {args[0].title()}"
    if verb in ("move", "strike"):
        return WATCH_GROUPS[verb], f"from {args[0]} {'to' if verb == 'move' else 'at'} {args[1]}"
    if verb in ("offer", "break"):
        return WATCH_GROUPS[verb], f"{'to' if verb == 'offer' else 'with'} ruler {args[0]}"
    if verb in ("play", "reveal", "return"):
        return WATCH_GROUPS[verb], " ".join([card_name(game, args[0]), *args[1:]])
    return WATCH_GROUPS.get(verb, verb.title()), " ".join(args)


LABELLERS: dict[str, Labeller] = {"wisteria": _wisteria, "wheels": _wheels, "watch": _watch}
# Groups in the order a turn reads: what is built or played first, ending the turn last.
VERB_ORDER = {
    "wheels": ("choose", "swap", "keep", "set", "read", "play", "invoke", "wait"),
    "watch": (
        "city",
        "settle",
        "road",
        "recruit",
        "activate",
        "walls",
        "improve",
        "draw",
        "exchange",
        "move",
        "strike",
        "play",
        "reveal",
        "return",
        "choose",
        "forfeit",
        "offer",
        "accept",
        "decline",
        "break",
        "declare",
        "end",
    ),
}


def label(game: Game, action: Action, view: Mapping[str, Any]) -> tuple[str, str]:
    """The group and the words of one action (``("Build a road", "e7 (i4 to i8)")``)."""
    words = str(action).split(":", 1)[1].split()
    labeller = LABELLERS.get(game.name)
    if labeller is None or not words:
        return "", str(action)
    try:
        return labeller(game, words, view)
    except (IndexError, KeyError):  # a shape this labeller does not know: the notation, as is
        return "", str(action)


def choice_groups(game: Game, legal: Sequence[Action], view: Mapping[str, Any]) -> list[Group]:
    """The legal actions grouped and ordered for reading; numbering follows this order."""
    order = VERB_ORDER.get(game.name, ())
    groups: dict[str, Group] = {}
    keyed = []
    for action in legal:
        group, words = label(game, action, view)
        verb = str(action).split(":", 1)[1].split(" ", 1)[0]
        rank = order.index(verb) if verb in order else len(order)
        keyed.append(((rank, natural_key(str(action))), group or words, group, words, action))
    for _, key, group, words, action in sorted(keyed, key=lambda item: item[0]):
        groups.setdefault(key, Group(group)).items.append((words, action))
    return list(groups.values())
