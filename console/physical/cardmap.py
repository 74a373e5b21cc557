"""Card identity: what a scan says about which catalog card of which game is on the reader.

A card's code is text, ``card:GAME:CARD_ID`` (the NFC tag's NDEF Text record, or the QR code
printed on a print-and-play card), or, for a tag without text, its UID looked up in the
enrolment table. A code of another game, an unknown card or an unenrolled tag is refused with a
message a player can act on; nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from console.games import find_game
from console.games.core import Game, UnknownGame
from console.inputs.events import CardScanned
from console.physical.tagstore import TagStore

CARD_TEXT_PREFIX = "card:"


class CardRefused(ValueError):
    """A scan that is not a card of this game; the message says why."""


class UnknownCard(CardRefused):
    pass


class WrongGame(CardRefused):
    pass


@dataclass(frozen=True)
class CardIdentity:
    game: str
    card_id: str
    name: str


def card_text(game: str, card_id: str) -> str:
    """The text written on a card's tag or QR code."""
    return f"{CARD_TEXT_PREFIX}{game}:{card_id}"


def parse_card_text(text: str) -> tuple[str, str] | None:
    """(game, card id) from ``card:GAME:CARD_ID``; None if the text is not in that form."""
    text = text.strip()
    if not text.lower().startswith(CARD_TEXT_PREFIX):
        return None
    game, sep, card_id = text[len(CARD_TEXT_PREFIX) :].partition(":")
    if not sep or not game or not card_id:
        return None
    return game.lower(), card_id


class CardMap:
    """Identifies scans as cards of ``game``."""

    def __init__(
        self, game: Game, tags: TagStore | None = None, *, games: Callable[[str], Game] = find_game
    ) -> None:
        self.game = game
        self.tags = tags
        self._games = games
        self._catalog = game.catalog()

    def identify(self, scan: CardScanned) -> CardIdentity:
        """The card a scan shows; CardRefused (with a message for the player) if it is none."""
        parsed = parse_card_text(scan.text) if scan.text else None
        if parsed is None and scan.uid and self.tags is not None:
            parsed = self.tags.lookup(scan.uid)
        if parsed is None:
            raise UnknownCard(self._unknown_message(scan))
        game, card_id = parsed
        if game != self.game.name:
            raise WrongGame(f"that card belongs to {self._title(game)}, not {self.game.title}")
        name = self._catalog.get(card_id)
        if name is None:
            raise UnknownCard(f"{self.game.title} has no card {card_id!r}")
        return CardIdentity(game, card_id, name)

    def _unknown_message(self, scan: CardScanned) -> str:
        if scan.uid and not scan.text:
            return (
                f"this tag ({scan.uid}) is not enrolled: tag the deck with "
                f"'tabletop cards enrol {self.game.name}'"
            )
        return f"this code is not a {self.game.title} card: {scan.code[:40]!r}"

    def _title(self, name: str) -> str:
        try:
            return self._games(name).title
        except UnknownGame:
            return f"a game called {name!r}"
