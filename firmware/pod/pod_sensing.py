"""Card presence and button debounce for the pod: pure logic, fed one poll at a time.

A tag is reported once when it arrives and "gone" only after ``miss_limit`` polls in a row
without it, because readers miss a present tag now and then (a 7-byte card may answer only
every other poll). A button changes state only once its level has held for ``stable_ms``.
"""


class Presence:
    """One reader's card: ``poll`` returns the events this poll causes, oldest first."""

    def __init__(self, miss_limit: int = 3) -> None:
        self.miss_limit = miss_limit
        self.uid = None  # the card on the reader, as reported
        self.misses = 0

    def poll(self, uid: str | None) -> list:
        if uid is None:
            if self.uid is None:
                return []
            self.misses += 1
            if self.misses < self.miss_limit:
                return []
            self.uid = None
            self.misses = 0
            return [("GONE", None)]
        self.misses = 0
        if uid == self.uid:
            return []
        events = [("GONE", None)] if self.uid is not None else []
        self.uid = uid
        events.append(("CARD", uid))
        return events


class Debouncer:
    """One button: ``update`` returns True (pressed), False (released) or None (no change)."""

    def __init__(self, stable_ms: int = 20) -> None:
        self.stable_ms = stable_ms
        self.pressed = False
        self.candidate = False
        self.since = 0

    def update(self, level: bool, now_ms: int):  # -> bool | None
        if level != self.candidate:
            self.candidate = level
            self.since = now_ms
            return None
        if level != self.pressed and now_ms - self.since >= self.stable_ms:
            self.pressed = level
            return level
        return None
