"""Game options and the deal: what deck is used, how it is dealt, how the game is won.

``read_rules`` turns the option mapping into ``Rules``; ``deal`` splits the deck between the seats
as evenly as possible (the first N mod P seats get one extra, P-2), honouring stacked decks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from console.games.core import JSON, BadOptions, Seat
from console.games.wisteria.catalog import STRENGTHS, strength_of

VICTORIES = ("total_control", "time_limit", "power_score")
DECK_SIZE_PER_SEATS = 4  # the rule book's "2-4 players" per deck (P-18)

DEFAULT_OPTIONS: JSON = {
    "victory": "total_control",  # Total Control, Time Limit or Power Score, chosen before play
    "copies": 6,  # copies of each strength 1-6 in one deck (P-1: 36 cards)
    "deck": "",  # a custom deck instead: strengths separated by spaces or commas, "1 1 2 6 6"
    "combined_decks": 1,  # how many such decks are shuffled together (more players)
    "round_limit": 0,  # end the game after this many rounds (simulation); 0: no limit
    "time_limit_minutes": 15,  # for the table's clock: the engine has none (it hears chance:time-up)
    "repeat_face_down": False,  # P-5: a repeated War also places a new face-down card
}


@dataclass(frozen=True)
class Rules:
    """The options of one game, checked."""

    victory: str
    composition: tuple[int, ...]  # count of each strength in the game, index 1..6 (0 unused)
    combined_decks: int
    round_limit: int
    time_limit_minutes: int
    repeat_face_down: bool


@dataclass(frozen=True)
class Deal:
    """Each seat's starting draw pile: a stacked order (top first) or a count of unseen cards."""

    composition: tuple[int, ...]
    stacked: dict[Seat, list[int]]
    dealt: dict[Seat, int]
    pool: tuple[int, ...]  # the dealt cards nobody has seen, by strength


def read_rules(merged: Mapping[str, Any]) -> Rules:
    """Check the merged options (defaults overlaid) and build the rules; BadOptions says why not."""
    victory = merged["victory"]
    if victory not in VICTORIES:
        raise BadOptions(f"victory must be one of {', '.join(VICTORIES)}, not {victory!r}")
    for key in ("copies", "combined_decks", "round_limit", "time_limit_minutes"):
        if isinstance(merged[key], bool) or merged[key] < 0:
            raise BadOptions(f"option {key!r} must be a whole number of 0 or more, not {merged[key]!r}")
    if merged["combined_decks"] < 1:
        raise BadOptions("combined_decks must be at least 1")
    one_deck = parse_deck(merged["deck"]) if merged["deck"].strip() else [merged["copies"]] * 6
    composition = (0, *(count * merged["combined_decks"] for count in one_deck))
    return Rules(
        victory=victory,
        composition=composition,
        combined_decks=merged["combined_decks"],
        round_limit=merged["round_limit"],
        time_limit_minutes=merged["time_limit_minutes"],
        repeat_face_down=merged["repeat_face_down"],
    )


def parse_deck(text: str) -> list[int]:
    """A custom deck, "1 1 2 6" or "1,1,2,6": the count of each strength 1..6."""
    counts = [0] * 6
    for token in re.split(r"[\s,]+", text.strip()):
        strength = strength_of(token)
        if strength is None:
            raise BadOptions(
                f"deck: {token!r} is not a card; strengths run from 1 (weakest) to 6 (strongest)"
            )
        counts[strength - 1] += 1
    return counts


def stacked_strengths(seat: Seat, cards: Sequence[str]) -> list[int]:
    strengths = []
    for card in cards:
        strength = strength_of(str(card))
        if strength is None:
            raise BadOptions(
                f"seat {seat}'s stacked deck: {card!r} is not a card; strengths run from 1 to 6"
            )
        strengths.append(strength)
    if not strengths:
        raise BadOptions(f"seat {seat}'s stacked deck is empty; every seat starts with a card")
    return strengths


def deal(rules: Rules, players: int, decks: Mapping[Any, Sequence[str]] | None) -> Deal:
    """Deal as evenly as possible. Stacked seats get their stacks; when every seat is stacked the
    stacks are the whole deck, else the rest of the configured deck is dealt to the other seats."""
    stacked: dict[Seat, list[int]] = {}
    for key, cards in (decks or {}).items():
        seat = int(key)
        if not 1 <= seat <= players:
            raise BadOptions(f"a stacked deck for seat {seat}, but the seats are 1 to {players}")
        stacked[seat] = stacked_strengths(seat, cards)
    in_stacks = [0] * 7
    for strengths in stacked.values():
        for strength in strengths:
            in_stacks[strength] += 1
    others = [seat for seat in range(1, players + 1) if seat not in stacked]
    if not others:
        return Deal(tuple(in_stacks), stacked, {}, (0,) * 7)
    composition = rules.composition
    for strength in STRENGTHS:
        if in_stacks[strength] > composition[strength]:
            raise BadOptions(
                f"the stacked decks hold {in_stacks[strength]} cards of strength {strength}, "
                f"but the deck has only {composition[strength]}"
            )
    pool = tuple(composition[strength] - in_stacks[strength] for strength in range(7))
    rest = sum(pool)
    if rest < len(others):
        raise BadOptions(
            f"a deck of {sum(composition)} cards cannot give each of {players} players a card; "
            "combine more decks (combined_decks) or add copies"
        )
    share, extra = divmod(rest, len(others))
    dealt = {seat: share + (1 if index < extra else 0) for index, seat in enumerate(others)}
    return Deal(composition, stacked, dealt, pool)
