"""Exactly-once posts: an action post or a table start that carries an ``Idempotency-Key`` acts at
most once; a retry with the same key gets the first answer again, even after the hub restarts.

Keys live in the journal's SQLite file (table ``web_requests``, made by the journal, used through
its one connection). A key is written as "under way"
before the hub acts and completed with the answer after; a key found under way after a restart
(the hub was killed while acting) is settled from the journal itself: the action is there or not.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from console.http.errors import status_of
from console.i18n.said import say
from console.journal import Journal
from console.web.refusals import Refusal, said_of

HEADER = "Idempotency-Key"
KEY = re.compile(r"[A-Za-z0-9_.:-]{8,100}")
KEEP_S = 7 * 24 * 3600


RETRY_S = 1.0  # a retry of a request the hub is still doing: ask again after this


@dataclass(frozen=True)
class Answer:
    status: int
    body: str  # JSON text
    replayed: bool = False


class AnswerPending(Exception):
    """Raised by ``act``: the table took the request up but has not answered yet. ``answer``
    turns the future's outcome into the answer kept for the key once it comes."""

    def __init__(self, future: Future[Any], answer: Callable[[Any], Answer]) -> None:
        super().__init__("under way")
        self.future, self.answer = future, answer


def check_key(text: str | None) -> str | None:
    if text is None:
        return None
    if not KEY.fullmatch(text):
        raise Refusal(
            400,
            say(
                "%(header)s must be 8 to 100 letters, digits or -_.: (a random id per request)", header=HEADER
            ),
        )
    return text


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def refusal(error: BaseException) -> Answer | None:
    """The answer a refusal gives (kept for retries), or None if nothing can be said (5xx). Its
    sentence is kept with it, so a retry from a phone in another language is told in its own."""
    status = status_of(error)
    if status is None or status >= 500:
        return None
    said = said_of(error).to_json()
    return Answer(status, json.dumps({"error": str(error), "status": status, "said": said}))


class Once:
    """See the module docstring. ``run`` is called with the scoped key and three callbacks."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        # Striped locks: two requests with one key never run at once; memory stays fixed.
        self._locks = [threading.Lock() for _ in range(64)]
        self._late: set[str] = set()  # keys whose table has not answered yet, in this process
        self._guard = threading.Lock()
        with journal.lock:  # web_requests is the journal's own table (console/journal.py)
            journal.connection.execute("DELETE FROM web_requests WHERE at < ?", (time.time() - KEEP_S,))

    def _sql(self, sql: str, params: tuple[object, ...]) -> list[tuple[object, ...]]:
        with self.journal.lock:
            return self.journal.connection.execute(sql, params).fetchall()

    def run(
        self,
        key: str,
        what: str,
        position: Callable[[], int],
        act: Callable[[], Answer],
        settle: Callable[[int], Answer | None],
    ) -> Answer:
        """``position()``: where the journal is now; ``act()``: do it, once (a refusal it raises
        is the answer, kept like any other); ``settle(before)``: for a key left under way by a
        killed hub, the answer if the journal shows it was done, else None (then it is done now)."""
        with self._locks[int(fingerprint(key)[:8], 16) % len(self._locks)]:
            return self._run(key, fingerprint(what), position, act, settle)

    def _run(
        self,
        key: str,
        asked: str,
        position: Callable[[], int],
        act: Callable[[], Answer],
        settle: Callable[[int], Answer | None],
    ) -> Answer:
        rows = self._sql("SELECT fingerprint, before, status, body FROM web_requests WHERE key = ?", (key,))
        if rows:
            seen, before, status, body = rows[0]
            if seen != asked:
                raise Refusal(
                    422,
                    say(
                        "this %(header)s was already used for a different request; use a new one",
                        header=HEADER,
                    ),
                )
            if status is not None:
                return Answer(int(str(status)), str(body), replayed=True)
            with self._guard:
                if key in self._late:
                    raise Refusal(503, say("this request is still under way; ask again in a moment"), RETRY_S)
            settled = settle(int(str(before)))
            if settled is not None:
                self._finish(key, settled)
                return Answer(settled.status, settled.body, replayed=True)
            self._sql("DELETE FROM web_requests WHERE key = ?", (key,))
        self._sql(
            "INSERT INTO web_requests (key, fingerprint, before, at) VALUES (?, ?, ?, ?)",
            (key, asked, position(), time.time()),
        )
        try:
            answer = act()
        except AnswerPending as under_way:
            with self._guard:
                self._late.add(key)
            pending = under_way  # the name bound by "except" is gone once the block ends
            pending.future.add_done_callback(lambda done: self._answer_late(key, pending, done))
            slow = say("the table is slow to answer; your request is under way")
            raise Refusal(503, slow, RETRY_S) from None
        except BaseException as error:
            refused = refusal(error)
            if refused is None:  # nothing was done (the journal was busy): the key is forgotten
                self._sql("DELETE FROM web_requests WHERE key = ?", (key,))
            else:
                self._finish(key, refused)
            raise
        self._finish(key, answer)
        return answer

    def _answer_late(self, key: str, late: AnswerPending, done: Future[Any]) -> None:
        try:
            try:
                answer: Answer | None = late.answer(done.result())
            except BaseException as error:
                answer = refusal(error)
            if answer is None:
                self._sql("DELETE FROM web_requests WHERE key = ?", (key,))
            else:
                self._finish(key, answer)
        finally:
            with self._guard:
                self._late.discard(key)

    def _finish(self, key: str, answer: Answer) -> None:
        self._sql(
            "UPDATE web_requests SET status = ?, body = ? WHERE key = ?", (answer.status, answer.body, key)
        )
