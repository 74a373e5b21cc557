"""Which table and seat each physical kit serves: a pod (by its name, e.g. ``pod1``, or the unique
id it says in HELLO), one reader of a pod shared by several seats (HELLO seat 0: ``pod1/2``), or
one seat of the Pi's button panel (``gpio:3``). Several tables per hub.

A kit is bound by the hub's configuration (``[inputs] kits = {pod1 = "1:2"}``: table 1, seat 2),
by the host (POST /api/tables/<id>/kits), or, when unbound, by its first scan or press if the
newest open table plays that seat physically and no other kit of that kind serves it there. A
new table never takes a bound kit; an unbound kit nobody can use is ignored, with a note.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass

from console.i18n.said import Said


class KitError(ValueError):
    """A binding that cannot be made; the message says why in one line."""


@dataclass(frozen=True)
class Binding:
    table: int
    seat: int

    def __str__(self) -> str:
        return f"{self.table}:{self.seat}"


def parse_binding(text: str, kit: str = "kit") -> Binding:
    """``"1:2"``: table 1, seat 2."""
    table, sep, seat = text.partition(":")
    if not (sep and table.isdigit() and seat.isdigit() and int(table) >= 1 and int(seat) >= 1):
        raise KitError(f'{kit} = {text!r}: write TABLE:SEAT, e.g. "1:2"')
    return Binding(int(table), int(seat))


def kit_of(source: str, seat: int) -> str:
    """The kit an input event came from: a pod by its source name, a GPIO seat by its seat."""
    return f"gpio:{seat}" if source.startswith("gpio") else source


def kind_of(kit: str) -> str:
    return "buttons" if kit.startswith("gpio:") else "pod"


class Kits:
    """The hub's bindings, shared by the input threads and the web's threads."""

    def __init__(self, configured: Mapping[str, str] | None = None) -> None:
        self._lock = threading.Lock()
        self._bound: dict[str, Binding] = {
            kit: parse_binding(text, kit) for kit, text in (configured or {}).items()
        }
        self.aliases: dict[str, str] = {}  # a pod's unique id -> its source name, from HELLO
        self.notes: list[Said] = []  # for the host's page: kits that were ignored, and why

    def name(self, kit: str) -> str:
        """The kit's binding key: a pod's unique id when it is bound by that, else its name."""
        with self._lock:
            for unique_id, source in self.aliases.items():
                if source == kit and unique_id in self._bound:
                    return unique_id
        return kit

    def binding(self, kit: str) -> Binding | None:
        key = self.name(kit)
        with self._lock:
            return self._bound.get(key)

    def bind(self, kit: str, binding: Binding) -> None:
        with self._lock:
            self._bound[kit] = binding

    def unbind(self, kit: str) -> bool:
        with self._lock:
            return self._bound.pop(kit, None) is not None

    def of_table(self, table: int) -> dict[str, Binding]:
        with self._lock:
            return {kit: b for kit, b in self._bound.items() if b.table == table}

    def at(self, binding: Binding, kind: str) -> list[str]:
        with self._lock:
            return [k for k, b in self._bound.items() if b == binding and kind_of(k) == kind]

    def note(self, said: Said) -> None:
        """A note for the host's page, as a sentence (said in the host's page's language)."""
        with self._lock:
            if said not in self.notes:
                self.notes.append(said)
                del self.notes[:-20]  # the latest few are enough for the host
