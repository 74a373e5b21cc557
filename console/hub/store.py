"""What the hub keeps beside the game journal, in the same SQLite file: each table's seats (their
unguessable tokens, who controls them, which phone claimed them), how the table resolves chance,
and the host PIN.

A seat's join token (in its QR code) opens the seat until a phone joins with it; that phone gets
a token of its own (its claim) and from then on only the claim opens the seat, so a code seen on
the shared screen is spent once used. The host can hand a claimed seat to another phone.

The tables are the hub's (``hub_*``), created by the journal with its own (console/journal.py,
one schema version) and written through its one connection under its lock, so a restarted hub
finds the same tokens.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import Any

from console.hub.handovers import Handover
from console.journal import Journal

# 32 random bytes: 256 bits, far beyond guessing, and short enough for a QR code.
TOKEN_BYTES = 32
SHORT_CODE_LENGTH = 8


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


TOKEN_FORM = re.compile(rf"[A-Za-z0-9_-]{{{len(new_token())}}}")  # what new_token writes


def is_token(text: str | None) -> bool:
    """Whether ``text`` has the form of a token this hub makes (a cookie a phone may bring)."""
    return bool(text and TOKEN_FORM.fullmatch(text))


def short_code(token: str) -> str:
    """A join token's short form, for typing (``/j/CODE``): derived from it, so nothing more is
    stored. 8 base32 letters, 40 bits: far beyond guessing through a hub that refuses a wrong
    code as it refuses a wrong token."""
    digest = hashlib.sha256(token.encode()).digest()
    return base64.b32encode(digest).decode().lower()[:SHORT_CODE_LENGTH]


@dataclass(frozen=True)
class SeatRecord:
    table_id: int
    seat: int
    token: str
    controller: str


@dataclass(frozen=True)
class TableSettings:
    chance: str
    bot: str


class HubStore:
    """Seat tokens, seat controllers, table settings and the host PIN."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal  # its tables (hub_*) are the journal's own (console/journal.py)

    def _run(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        with self.journal.lock:
            return self.journal.connection.execute(sql, params).fetchall()

    def add_table(self, table_id: int, chance: str, bot: str, controllers: dict[int, str]) -> None:
        """Record a new table's settings and give every seat a fresh token, in one transaction."""
        db = self.journal.connection
        with self.journal.transaction():
            db.execute("INSERT OR REPLACE INTO hub_tables VALUES (?, ?, ?)", (table_id, chance, bot))
            for seat, controller in controllers.items():
                db.execute(
                    "INSERT OR IGNORE INTO hub_seats VALUES (?, ?, ?, ?)",
                    (table_id, seat, new_token(), controller),
                )

    def settings(self, table_id: int) -> TableSettings | None:
        rows = self._run("SELECT chance, bot FROM hub_tables WHERE table_id = ?", (table_id,))
        return TableSettings(*rows[0]) if rows else None

    def seats(self, table_id: int) -> dict[int, SeatRecord]:
        rows = self._run(
            "SELECT table_id, seat, token, controller FROM hub_seats WHERE table_id = ? ORDER BY seat",
            (table_id,),
        )
        return {row[1]: SeatRecord(*row) for row in rows}

    def seat_for_token(self, table_id: int, token: str) -> int | None:
        """The seat this token opens at this table, or None: a claimed seat's claim token, an
        unclaimed seat's join token. Compared in constant time."""
        claims = self._claim_tokens(table_id)
        for record in self.seats(table_id).values():
            if _same(claims.get(record.seat, record.token), token):
                return record.seat
        return None

    def seat_for_join_token(self, table_id: int, token: str) -> int | None:
        """The seat whose join code (claimed or not) carries this token, or None."""
        for record in self.seats(table_id).values():
            if _same(record.token, token):
                return record.seat
        return None

    def claims(self, table_id: int) -> dict[int, int]:
        """How many phones have joined each claimed seat (1: only its first)."""
        rows = self._run("SELECT seat, joins FROM hub_claims WHERE table_id = ?", (table_id,))
        return {int(seat): int(joins) for seat, joins in rows}

    def claim(self, table_id: int, seat: int, handover: bool = False, token: str | None = None) -> str:
        """The token of the phone that joins ``seat`` (``token``, the one its cookie already holds,
        or a fresh one): the seat's first phone, or (with ``handover``) the phone the host hands
        it to, whose token replaces the old phone's."""
        token = token or new_token()
        if handover:
            self._run(
                "INSERT INTO hub_claims VALUES (?, ?, ?, 1) ON CONFLICT (table_id, seat) "
                "DO UPDATE SET token = excluded.token, joins = joins + 1",
                (table_id, seat, token),
            )
        else:
            self._run("INSERT INTO hub_claims VALUES (?, ?, ?, 1)", (table_id, seat, token))
        return token

    def names(self, table_id: int) -> dict[int, str]:
        rows = self._run("SELECT seat, name FROM hub_names WHERE table_id = ?", (table_id,))
        return {int(seat): str(name) for seat, name in rows}

    def set_name(self, table_id: int, seat: int, name: str) -> None:
        self._run("INSERT OR REPLACE INTO hub_names VALUES (?, ?, ?)", (table_id, seat, name))

    def started(self, table_id: int) -> bool:
        return bool(self._run("SELECT 1 FROM hub_started WHERE table_id = ?", (table_id,)))

    def set_started(self, table_id: int) -> None:
        self._run("INSERT OR IGNORE INTO hub_started VALUES (?, ?)", (table_id, time.time()))

    def next_table(self, table_id: int) -> int | None:
        rows = self._run("SELECT next_id FROM hub_next_tables WHERE table_id = ?", (table_id,))
        return int(rows[0][0]) if rows else None

    def set_next_table(self, table_id: int, next_id: int) -> None:
        self._run("INSERT OR REPLACE INTO hub_next_tables VALUES (?, ?)", (table_id, next_id))

    def _claim_tokens(self, table_id: int) -> dict[int, str]:
        rows = self._run("SELECT seat, token FROM hub_claims WHERE table_id = ?", (table_id,))
        return {int(seat): str(token) for seat, token in rows}

    def set_controller(self, table_id: int, seat: int, controller: str) -> None:
        self._run(
            "UPDATE hub_seats SET controller = ? WHERE table_id = ? AND seat = ?",
            (controller, table_id, seat),
        )

    def hand_over(self, table_id: int, handover: Handover) -> None:
        """The seat's new controller and the handover that says when, in one transaction: a hub
        killed between them never restarts with the one and not the other."""
        db = self.journal.connection
        with self.journal.transaction():
            db.execute(
                "INSERT INTO hub_handovers (table_id, seat, before, controller, level, at_action, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    handover.seat,
                    handover.before,
                    handover.controller,
                    handover.level,
                    handover.at_action,
                    time.time(),
                ),
            )
            db.execute(
                "UPDATE hub_seats SET controller = ? WHERE table_id = ? AND seat = ?",
                (handover.controller, table_id, handover.seat),
            )

    def handovers(self, table_id: int) -> list[Handover]:
        """The table's handovers, oldest first."""
        rows = self._run(
            "SELECT seat, before, controller, level, at_action FROM hub_handovers WHERE table_id = ? "
            "ORDER BY id",
            (table_id,),
        )
        return [Handover(int(s), str(b), str(c), str(lv), int(a)) for s, b, c, lv, a in rows]

    def set_served_by(self, words: str) -> None:
        """How a command refused this journal names the hub that holds it (its address, its pid)."""
        self._run("INSERT OR REPLACE INTO hub_settings VALUES ('served_by', ?)", (words,))
        # into the file itself, where a refused command reads it without touching the WAL's index
        self._run("PRAGMA wal_checkpoint(PASSIVE)")

    def host_pin(self, configured: str = "") -> str:
        """The configured PIN, else the one generated on first start and kept since."""
        if configured:
            return configured
        rows = self._run("SELECT value FROM hub_settings WHERE key = 'host_pin'")
        if rows:
            return str(rows[0][0])
        pin = f"{secrets.randbelow(10**6):06d}"
        self._run("INSERT OR IGNORE INTO hub_settings VALUES ('host_pin', ?)", (pin,))
        return str(self._run("SELECT value FROM hub_settings WHERE key = 'host_pin'")[0][0])


def _same(expected: str, given: str) -> bool:
    return hmac.compare_digest(expected.encode(), given.encode())
