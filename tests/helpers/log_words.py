"""What a readable log line is not: a dump of an event's fields ("seat 1, aged 1, soured [],
turns left 8"), JSON leftovers, or a raw card id where the card's printed name belongs."""

from __future__ import annotations

import re
from collections.abc import Iterable

# A field of a dump: "aged 1", "soured []", "turns left 8", "card g-road-building".
FIELD = re.compile(r"([a-z_]+(?: [a-z_]+)?) (-?\d+|true|false|\[.*\]|[a-z]+(?:-[a-z]+)+)")
LEFTOVERS = re.compile(r"\[\]|[{}]|\bundefined\b|\bnull\b|\bNaN\b|\[object")


def is_dump(line: str) -> bool:
    """Two or more different ``key value`` fields, or JSON bits, instead of a sentence."""
    if LEFTOVERS.search(line):
        return True
    keys = {m.group(1) for part in re.split(r"[,:·;] ", line) if (m := FIELD.fullmatch(part.strip()))}
    return len(keys) >= 2


def raw_ids(line: str, card_ids: Iterable[str]) -> set[str]:
    """The card ids (``g-road-building``) written in ``line`` instead of the cards' names."""
    return set(card_ids) & set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", line))
