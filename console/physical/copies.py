"""Which tagged copy is where, in the journal's file: the deck checks (the copies each found, its
report once finished) and every copy's last known place ("deck", "missing").

Like the tag store it uses the journal's connection and lock (the tables are the journal's own,
``COPIES_SCHEMA``); any sqlite3 connection works, e.g. ``sqlite3.connect(":memory:")`` in tests.
A check under way when the hub or the command stopped is found again (``open_check``) with the
copies it had counted.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext

from console.games.core import JSON, Game
from console.i18n.said import Said, phrase
from console.inputs.events import CardScanned
from console.journal import COPIES_SCHEMA
from console.physical.cardmap import CardMap, CardRefused
from console.physical.deckcheck import DeckCheck, DeckReport
from console.physical.tagstore import TagStore

KEPT_LINES = 12


class CopyStore:
    def __init__(self, connection: sqlite3.Connection, lock: threading.RLock | None = None) -> None:
        self._db = connection
        self._lock: AbstractContextManager[object] = lock if lock is not None else nullcontext()
        with self._lock:
            for statement in COPIES_SCHEMA.split(";"):
                if statement.strip():
                    self._db.execute(statement)  # made here on any connection not a journal's
            self._db.commit()

    def start_check(self, game: str) -> int:
        """A new check of ``game``'s deck; one left open before is closed unfinished."""
        with self._lock:
            self._db.execute(
                "UPDATE deck_checks SET finished = ? WHERE game = ? AND finished IS NULL", (time.time(), game)
            )
            cursor = self._db.execute(
                "INSERT INTO deck_checks (game, started) VALUES (?, ?)", (game, time.time())
            )
            self._db.commit()
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def open_check(self, game: str) -> int | None:
        """The check of ``game`` still under way, if any."""
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM deck_checks WHERE game = ? AND finished IS NULL ORDER BY id DESC", (game,)
            ).fetchone()
        return row[0] if row else None

    def counted(self, check: int, uid: str, card: str, seat: int, game: str) -> None:
        """A copy the check found: kept with the check, and its place is the deck now."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO deck_check_copies (check_id, uid, card_id, seat, at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(check_id, uid) DO NOTHING",
                (check, uid.upper(), card, seat, now),
            )
            self._place(uid, game, card, "deck", now)
            self._db.commit()

    def copies(self, check: int) -> dict[str, str]:
        """The copies a check has found so far: uid -> card id, in the order found."""
        with self._lock:
            rows = self._db.execute(
                "SELECT uid, card_id FROM deck_check_copies WHERE check_id = ? ORDER BY at, uid", (check,)
            ).fetchall()
        return {uid: card for uid, card in rows}

    def finish(self, check: int, game: str, report: DeckReport, enrolled: dict[str, str]) -> None:
        """The check is over: its report is kept, and each enrolled copy it missed is "missing"."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "UPDATE deck_checks SET finished = ?, report = ? WHERE id = ?",
                (now, json.dumps(report.to_json()), check),
            )
            for uids in report.missing.values():
                for uid in uids:
                    if uid:
                        self._place(uid, game, enrolled[uid], "missing", now)
            self._db.commit()

    def last_report(self, game: str) -> DeckReport | None:
        """The newest finished check's report for ``game``."""
        with self._lock:
            row = self._db.execute(
                "SELECT report FROM deck_checks WHERE game = ? AND report IS NOT NULL ORDER BY id DESC",
                (game,),
            ).fetchone()
        if row is None:
            return None
        data = json.loads(row[0])
        return DeckReport(data["expected"], data["found"], data["missing"], data["doubled"])

    def places(self, game: str) -> dict[str, tuple[str, str]]:
        """Every copy of ``game`` whose place is known: uid -> (card id, place)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT uid, card_id, place FROM card_copies WHERE game = ? ORDER BY card_id, uid", (game,)
            ).fetchall()
        return {uid: (card, place) for uid, card, place in rows}

    def keep_held(self, table: int, game: str, holder: Mapping[str, tuple[int, str]]) -> None:
        """The copies in the hands at ``table`` now (uid -> (seat, card id), oldest first): each is
        in its seat's hand; a copy that was in a hand there and is no longer is "played"."""
        now = time.time()
        prefix = f"hand:{table}:"
        with self._lock:
            rows = self._db.execute(
                "SELECT uid FROM card_copies WHERE place LIKE ? || '%'", (prefix,)
            ).fetchall()
            for (uid,) in rows:
                if uid not in holder:
                    self._db.execute(
                        "UPDATE card_copies SET place = ?, at = ? WHERE uid = ?",
                        (f"played:{table}", now, uid),
                    )
            for order, (uid, (seat, card)) in enumerate(holder.items()):
                self._place(uid, game, card, f"{prefix}{seat}", now + order * 1e-6)  # keeps the order
            self._db.commit()

    def held(self, table: int) -> dict[str, tuple[int, str]]:
        """The copies in the hands at ``table``, oldest first, as ``keep_held`` left them."""
        prefix = f"hand:{table}:"
        with self._lock:
            rows = self._db.execute(
                "SELECT uid, place, card_id FROM card_copies WHERE place LIKE ? || '%' ORDER BY at, uid",
                (prefix,),
            ).fetchall()
        return {uid: (int(place[len(prefix) :]), card) for uid, place, card in rows}

    def _place(self, uid: str, game: str, card: str, place: str, at: float) -> None:
        self._db.execute(
            "INSERT INTO card_copies (uid, game, card_id, place, at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT(uid) DO UPDATE SET game = excluded.game, card_id = excluded.card_id, "
            "place = excluded.place, at = excluded.at",
            (uid.upper(), game, card, place, at),
        )


class DeckSession:
    """A deck check of one game, kept as it goes: scans in, words out, and the report at the end.
    Resumes the game's check still under way (its copies counted again from the journal's file)."""

    def __init__(
        self, game: Game, tags: TagStore, store: CopyStore, copies: int = 1, resume: bool = True
    ) -> None:
        self.game = game
        self.store = store
        self.cardmap = CardMap(game, tags)
        self.enrolled = tags.tags(game.name)
        self.check = DeckCheck(game.catalog(), self.enrolled, copies)
        self.lines: list[Said] = []  # what the last scans were, newest last (for the host's page)
        open_check = store.open_check(game.name) if resume else None
        self.id = open_check if open_check is not None else store.start_check(game.name)
        for uid, card in store.copies(self.id).items():
            self.check.scan(uid, card)

    def scan(self, event: CardScanned) -> str:
        """One scan on any reader: what it was, in English (a card of another game is named as
        such); the host's page says it in its language (``to_json``'s ``lines_said``)."""
        try:
            card = self.cardmap.identify(event).card_id
        except CardRefused as refused:
            said = phrase(str(refused))  # its words' parts may be messages
        else:
            said = self.check.count(event.uid, card)
            if event.uid:
                self.store.counted(self.id, event.uid, card, event.seat, self.game.name)
        self.lines = [*self.lines[-(KEPT_LINES - 1) :], said]
        return self.game.speaker().render(said)

    def finish(self) -> DeckReport:
        report = self.check.report()
        self.store.finish(self.id, self.game.name, report, self.enrolled)
        return report

    def to_json(self) -> JSON:
        """How the check stands, for the host's page (the card names are public: it is the host's deck)."""
        return {
            "game": self.game.name,
            "title": self.game.title,
            "found": len(self.check.seen),
            "expected": self.check.expected,
            "report": self.check.report().to_json(),
            "lines": [self.game.speaker().render(said) for said in self.lines],
            "lines_said": [said.to_json() for said in self.lines],
        }
