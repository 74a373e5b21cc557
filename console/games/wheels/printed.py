"""What a Wheels of War card says beyond its name, in every language: a wheel's figures, and a
craft's or Archaffineur's printed text.

A text that names none of its card's figures is the ``text`` of its cards.toml entry: that English
is a message id of the game's catalog (console.i18n.extract reads cards.toml into game.pot). A text
that says a figure (how much value, for how many ending turns) is worded here instead, as a
sentence with the figures taken from the card itself as its values: a rules edition that changes a
figure (console/games/editions.py) changes what the card says, no figure is fixed in a message id,
and each screen says a count in the plural form its language gives it. A card worded here has no
``text`` in cards.toml, so its words live in one place (tests/games/wheels/test_wheels_printed.py
holds the two to each other)."""

from __future__ import annotations

from collections.abc import Callable

from console.games.wheels.catalog import Archaffineur, CraftCard, WheelCard
from console.i18n.said import Said, say, say_n

Actor = CraftCard | Archaffineur


def facts(card: WheelCard) -> Said:
    """A wheel's printed figures, and the ages it pays in full (the book: from peak to peak + hold)."""
    return say(
        "value %(value)s · peak %(peak)s · hold %(hold)s (full at ages %(full_from)s–%(full_until)s)",
        value=card.value,
        peak=card.peak,
        hold=card.hold,
        full_from=card.peak,
        full_until=card.peak + card.hold,
    )


def text(card: Actor) -> Said | str:
    """A craft's or Archaffineur's printed text: its figures in a sentence, else its fixed text."""
    worded = WORDED.get(card.id)
    return worded(card) if worded is not None else card.text


def figure(card: Actor, op: str, name: str) -> int:
    """The figure ``name`` (amount, count, turns) of the card's first ``op`` effect."""
    value = next(getattr(effect, name) for effect in card.effects if effect.op == op)
    assert isinstance(value, int)
    return value


# The book words a count of one in letters ("gains one age", "falls by one"): that singular names no
# number, as gettext allows, and the plural form says the figure.


def _turn_the_wheels(card: Actor) -> Said:
    return say_n(
        "Each of your wheels gains one age now; then your cellar ages as your turn ends.",
        "Each of your wheels gains %(num)s age now; then your cellar ages as your turn ends.",
        figure(card, "age", "amount"),
    )


def _affineurs_nose(card: Actor) -> Said:
    return say_n(  # its hold falls: the figure is a negative change, said by its size
        "Free. A rival's wheel that has not soured, sealed or not: remove its seal; its hold falls by one.",
        "Free. A rival's wheel that has not soured, sealed or not: remove its seal; "
        "its hold falls by %(num)s.",
        -figure(card, "hold", "amount"),
    )


def _cellarhand(card: Actor) -> Said:
    return say_n(
        "Free. Read your wheel worth the most Renown now (sealed too; ties: the earlier shelf).",
        "Free. Read your %(num)s wheels worth the most Renown now (sealed too; ties: the earlier shelf).",
        figure(card, "read-best", "count"),
    )


def _read_best(card: Actor) -> Said:  # Ward Rounds and the Verdenne Archaffineur print the same words
    return say_n(
        "Read your wheel worth the most Renown now (sealed too; ties: the earlier shelf).",
        "Read your %(num)s wheels worth the most Renown now (sealed too; ties: the earlier shelf).",
        figure(card, "read-best", "count"),
    )


def _brine_rub(card: Actor) -> Said:
    return say(
        "Free. One of your unsealed wheels that has not soured gains %(amount)s value.",
        amount=figure(card, "value", "amount"),
    )


def _wax_rind(card: Actor) -> Said:
    return say(
        "Free. One of your unsealed wheels that has not soured gains %(amount)s hold.",
        amount=figure(card, "hold", "amount"),
    )


def _cheese_mites(card: Actor) -> Said:
    return say(  # a loss, said by its size
        "A rival's unsealed wheel that has not soured loses %(amount)s value (not below 0).",
        amount=-figure(card, "value", "amount"),
    )


def _fen_mist(card: Actor) -> Said:
    return say_n(
        "Your rival's cellar is damp for their next ending turn.",
        "Your rival's cellar is damp for their next %(num)s ending turns.",
        figure(card, "damp", "turns"),
    )


def _sweating_room(card: Actor) -> Said:
    return say_n(
        "Your cellar is damp for this ending turn.",
        "Your cellar is damp for %(num)s ending turns, this one included.",
        figure(card, "damp", "turns"),
    )


def _cold_snap(card: Actor) -> Said:
    return say_n(
        "Your rival's cellar is chilled for their next ending turn.",
        "Your rival's cellar is chilled for their next %(num)s ending turns.",
        figure(card, "chill", "turns"),
    )


def _root_cellar(card: Actor) -> Said:
    return say_n(
        "Free. Your cellar is chilled for your next ending turn.",
        "Free. Your cellar is chilled for your next %(num)s ending turns.",
        figure(card, "chill", "turns"),
    )


def _brine_archaffineur(card: Actor) -> Said:
    return say(
        "Each of your wheels that has not soured gains %(amount)s value.",
        amount=figure(card, "value", "amount"),
    )


def _hoarfrost_archaffineur(card: Actor) -> Said:
    return say_n(
        "Each of your wheels that has not soured gains %(amount)s hold; "
        "your cellar is chilled for your next ending turn.",
        "Each of your wheels that has not soured gains %(amount)s hold; "
        "your cellar is chilled for your next %(num)s ending turns.",
        figure(card, "chill", "turns"),
        amount=figure(card, "hold", "amount"),
    )


# The cards whose printed text says their figures, by card id.
WORDED: dict[str, Callable[[Actor], Said]] = {
    "turn-the-wheels": _turn_the_wheels,
    "affineurs-nose": _affineurs_nose,
    "cellarhand": _cellarhand,
    "ward-rounds": _read_best,
    "verdenne-archaffineur": _read_best,
    "brine-rub": _brine_rub,
    "wax-rind": _wax_rind,
    "cheese-mites": _cheese_mites,
    "fen-mist": _fen_mist,
    "sweating-room": _sweating_room,
    "cold-snap": _cold_snap,
    "root-cellar": _root_cellar,
    "brine-archaffineur": _brine_archaffineur,
    "hoarfrost-archaffineur": _hoarfrost_archaffineur,
}
