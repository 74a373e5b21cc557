"""The deck check (anchor: a card room's "check deck"): scan every card of a deck, in any order,
on any reader, and learn which physical copies are missing and which are doubled.

What a deck should hold comes from the game's catalog and its enrolled tags: a card with enrolled
tags should have exactly those copies (each tag is one copy); a card with none (tags carrying
their own text) should have ``copies`` of them. A copy is its tag's UID, so a card laid twice is
one copy read again, never a double; two tags of one card where the deck has one is a double.
Printed (QR) codes name no copy and are not counted. Pure: ``DeckCheck`` hears identified scans
and says what it found; console/physical/copies.py keeps it in the journal's file. What it says is
a sentence (console.i18n.said: a card as ``Card``, said by its printed name in each language), and
``scan`` and ``lines`` its English.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from console.games.core import JSON
from console.i18n.said import Card, Said, Speaker, say, say_n


@dataclass(frozen=True)
class Copy:
    uid: str
    card: str


@dataclass(frozen=True)
class DeckReport:
    """Per card id: the copies the deck lacks (enrolled UIDs not seen, or "" for an unnamed copy)
    and the copies beyond what it should hold (their UIDs)."""

    expected: int
    found: int
    missing: dict[str, list[str]] = field(default_factory=dict)
    doubled: dict[str, list[str]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.doubled

    def lines(self, names: Mapping[str, str]) -> list[str]:
        """The report in English, one line a card, missing first; ``names``: card id -> name."""
        speaker = Speaker(card_name=lambda card: names.get(card, card))
        return [speaker.render(said) for said in self.said_lines()]

    def said_lines(self) -> list[Said]:
        """The report as sentences, one a card, missing first, each said in its reader's language."""
        lines = [
            say_n(
                "%(found)s of %(num)s copy found.",
                "%(found)s of %(num)s copies found.",
                self.expected,
                found=self.found,
            )
        ]
        for card, uids in sorted(self.missing.items()):
            tags = [uid for uid in uids if uid]
            if tags:
                lines.append(
                    say(
                        "Missing: %(card)s x%(count)s (tag %(tags)s)",
                        card=Card(card),
                        count=len(uids),
                        tags=", ".join(tags),
                    )
                )
            else:
                lines.append(say("Missing: %(card)s x%(count)s", card=Card(card), count=len(uids)))
        for card, uids in sorted(self.doubled.items()):
            lines.append(
                say(
                    "Doubled: %(card)s x%(count)s too many (tag %(tags)s)",
                    card=Card(card),
                    count=len(uids),
                    tags=", ".join(uids),
                )
            )
        if self.complete:
            lines.append(say("The deck is complete: nothing missing, nothing doubled."))
        return lines

    def to_json(self) -> JSON:
        return {
            "expected": self.expected,
            "found": self.found,
            "missing": self.missing,
            "doubled": self.doubled,
            "complete": self.complete,
        }


class DeckCheck:
    """One check of one game's deck. ``catalog`` is card id -> name; ``enrolled`` uid -> card id."""

    def __init__(self, catalog: Mapping[str, str], enrolled: Mapping[str, str], copies: int = 1) -> None:
        self.catalog = dict(catalog)
        self.enrolled = {uid.upper(): card for uid, card in enrolled.items() if card in self.catalog}
        self.wanted: dict[str, int] = {card: 0 for card in self.catalog}
        for card in self.enrolled.values():
            self.wanted[card] += 1
        for card, count in self.wanted.items():
            if count == 0:
                self.wanted[card] = copies
        self.seen: dict[str, str] = {}  # uid -> card id, in the order found

    @property
    def expected(self) -> int:
        return sum(self.wanted.values())

    def scan(self, uid: str, card: str) -> str:
        """One identified copy; what to tell the person scanning, in English (``count``'s)."""
        return Speaker(card_name=lambda card: self.catalog.get(card, card)).render(self.count(uid, card))

    def count(self, uid: str, card: str) -> Said:
        """One identified copy; what to tell the person scanning (never more than its name)."""
        name = Card(card)
        uid = uid.upper()
        if not uid:
            return say("%(card)s: a printed code names no copy; check a tagged deck", card=name)
        if uid in self.seen:
            return say("%(card)s: this copy was already counted", card=name)
        self.seen[uid] = card
        have = sum(1 for seen in self.seen.values() if seen == card)
        if have > self.wanted.get(card, 0):
            return say(
                "[%(found)s/%(num)s] %(card)s: one copy more than the deck holds",
                found=len(self.seen),
                num=self.expected,
                card=name,
            )
        return say("[%(found)s/%(num)s] %(card)s", found=len(self.seen), num=self.expected, card=name)

    @property
    def done(self) -> bool:
        """Every copy the deck should hold has been counted (a double may stand for a missing one)."""
        return len(self.seen) >= self.expected

    def report(self) -> DeckReport:
        found: dict[str, list[str]] = {}
        for uid, card in self.seen.items():
            found.setdefault(card, []).append(uid)
        missing: dict[str, list[str]] = {}
        doubled: dict[str, list[str]] = {}
        for card, wanted in self.wanted.items():
            uids = found.get(card, [])
            enrolled = [uid for uid, of in self.enrolled.items() if of == card]
            if len(uids) < wanted:
                unseen = [uid for uid in enrolled if uid not in self.seen]
                missing[card] = (unseen + [""] * wanted)[: wanted - len(uids)]
            elif len(uids) > wanted:
                # the copies that are not the deck's own tags are the extra ones, else the last found
                strangers = [uid for uid in uids if uid not in enrolled]
                extra = (strangers + [uid for uid in reversed(uids) if uid in enrolled])[: len(uids) - wanted]
                doubled[card] = sorted(extra)
        return DeckReport(self.expected, len(self.seen), missing, doubled)
