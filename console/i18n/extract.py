"""A `pybabel extract` method for a game's ``cards.toml``: its cards' printed names and texts are
message ids of the game's catalog, so each screen says a card in its language. A game's
``babel.cfg`` names it (``[extractors]`` ``cards = console.i18n.extract:cards``) and uses it:
``[cards: cards.toml]`` with ``keys = name text``."""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

DEFAULT_KEYS = "name text"


def cards(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Each string under one of ``options["keys"]`` anywhere in the file, with its line: Babel's
    extraction method's shape (line, function, message, comments)."""
    source = fileobj.read().decode("utf-8")
    wanted = set(str(options.get("keys", DEFAULT_KEYS)).split())
    lines = source.splitlines()
    for key, value in _strings(tomllib.loads(source), wanted):
        yield _line_of(lines, key, value), None, value, []


def _strings(data: Any, wanted: set[str]) -> Iterator[tuple[str, str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key in wanted and isinstance(value, str) and value.strip():
                yield key, value
            else:
                yield from _strings(value, wanted)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item, wanted)


def _line_of(lines: list[str], key: str, value: str) -> int:
    """The first line that sets ``key`` to ``value`` (1-based), else 0: only a location comment."""
    for number, line in enumerate(lines, start=1):
        if line.partition("=")[0].strip() != key:
            continue
        try:
            if tomllib.loads(line).get(key) == value:
                return number
        except tomllib.TOMLDecodeError:
            continue  # a value over several lines: its location is only a comment
    return 0
