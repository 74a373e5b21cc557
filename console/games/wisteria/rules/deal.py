"""The deal (Setup in the book): which deck is used, how it is dealt, how the game is won.

``read_options`` turns the option mapping into ``Options``; ``deal`` splits the deck between the seats
as evenly as possible (the first N mod P seats get one extra, P-2), honouring stacked decks.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from console.games.core import BadOptions, Seat
from console.games.wisteria.catalog import STRENGTHS, strength_of
from console.i18n.said import Seat as SaidSeat
from console.i18n.said import say, say_n

VICTORIES = ("total_control", "time_limit", "power_score")
TIMED_VICTORIES = ("time_limit", "power_score")  # the victories the table's clock ends
DECK_SIZE_PER_SEATS = 4  # the rule book's "2-4 players" per deck (P-18)
MAX_DECK_TEXT_CARDS = 600  # a custom deck longer than this is a mistake (or an abuse), not a game


@dataclass(frozen=True)
class Options:
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


def read_options(merged: Mapping[str, Any]) -> Options:
    """Build the game's options from those the game's option_specs have checked one by one; the deck
    text is checked here (BadOptions naming ``deck``)."""
    one_deck = parse_deck(merged["deck"]) if merged["deck"].strip() else [merged["copies"]] * 6
    composition = (0, *(count * merged["combined_decks"] for count in one_deck))
    return Options(
        victory=merged["victory"],
        composition=composition,
        combined_decks=merged["combined_decks"],
        round_limit=merged["round_limit"],
        time_limit_minutes=merged["time_limit_minutes"],
        repeat_face_down=merged["repeat_face_down"],
    )


def parse_deck(text: str) -> list[int]:
    """A custom deck, "1 1 2 6" or "1,1,2,6": the count of each strength 1..6."""
    counts = [0] * 6
    # Checked before splitting, so a host cannot hand the parser megabytes.
    tokens = re.split(r"[\s,]+", text.strip()[: 4 * MAX_DECK_TEXT_CARDS + 1])
    if len(tokens) > MAX_DECK_TEXT_CARDS or len(text.strip()) > 4 * MAX_DECK_TEXT_CARDS:
        raise BadOptions(
            say(
                "option 'deck' lists more than %(num)s cards, the most a custom deck holds (combine decks "
                "with combined_decks)",
                num=MAX_DECK_TEXT_CARDS,
            )
        )
    for token in tokens:
        strength = strength_of(token)
        if strength is None:
            raise BadOptions(
                say(
                    "option 'deck': %(token)s is not a card; strengths run from 1 (weakest) to 6 (strongest)",
                    token=repr(token[:24]),
                )
            )
        counts[strength - 1] += 1
    return counts


def stacked_strengths(seat: Seat, cards: Sequence[str]) -> list[int]:
    strengths = []
    for card in cards:
        strength = strength_of(str(card))
        if strength is None:
            raise BadOptions(
                say(
                    "%(seat)s's stacked deck: %(card)s is not a card; strengths run from 1 to 6",
                    seat=SaidSeat(seat),
                    card=repr(card),
                )
            )
        strengths.append(strength)
    if not strengths:
        raise BadOptions(
            say("%(seat)s's stacked deck is empty; every seat starts with a card", seat=SaidSeat(seat))
        )
    return strengths


def deal(options: Options, players: int, decks: Mapping[Any, Sequence[str]] | None) -> Deal:
    """Deal as evenly as possible. Stacked seats get their stacks; when every seat is stacked the
    stacks are the whole deck, else the rest of the configured deck is dealt to the other seats."""
    stacked: dict[Seat, list[int]] = {}
    for key, cards in (decks or {}).items():
        seat = int(key)
        if not 1 <= seat <= players:
            raise BadOptions(
                say(
                    "a stacked deck for %(seat)s, but the seats are 1 to %(players)s",
                    seat=SaidSeat(seat),
                    players=players,
                )
            )
        stacked[seat] = stacked_strengths(seat, cards)
    in_stacks = [0] * 7
    for strengths in stacked.values():
        for strength in strengths:
            in_stacks[strength] += 1
    others = [seat for seat in range(1, players + 1) if seat not in stacked]
    if not others:
        return Deal(tuple(in_stacks), stacked, {}, (0,) * 7)
    composition = options.composition
    for strength in STRENGTHS:
        if in_stacks[strength] > composition[strength]:
            raise BadOptions(
                say_n(
                    "the stacked decks hold %(num)s card of strength %(strength)s, but the deck has only "
                    "%(most)s",
                    "the stacked decks hold %(num)s cards of strength %(strength)s, but the deck has only "
                    "%(most)s",
                    in_stacks[strength],
                    strength=strength,
                    most=composition[strength],
                )
            )
    pool = tuple(composition[strength] - in_stacks[strength] for strength in range(7))
    rest = sum(pool)
    if rest < len(others):
        raise BadOptions(
            say_n(
                "a deck of %(num)s card cannot give each of %(players)s players a card; combine more decks "
                "(combined_decks) or add copies",
                "a deck of %(num)s cards cannot give each of %(players)s players a card; combine more decks "
                "(combined_decks) or add copies",
                sum(composition),
                players=players,
            )
        )
    share, extra = divmod(rest, len(others))
    dealt = {seat: share + (1 if index < extra else 0) for index, seat in enumerate(others)}
    return Deal(composition, stacked, dealt, pool)
