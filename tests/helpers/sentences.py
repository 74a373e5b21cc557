"""What the games' language tests share: the phrases within a sentence (``console.i18n.said``), the
cards it names, whether a message has words to translate, and a game's catalog as translations."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from console import i18n
from console.i18n.said import Card, Said

# phrase()'s joining of a reason's parts ("%(part0)s: %(part1)s"): no words, in no catalog
JOINED = re.compile(r"(%\(\w+\)s(: |; )?)+")


def phrases(value: object) -> Iterator[Said]:
    """Each sentence in ``value`` (a Said, or a list of values), and every phrase within it."""
    if isinstance(value, Said):
        yield value
        for inner in value.values.values():
            yield from phrases(inner)
    elif isinstance(value, tuple):
        for item in value:
            yield from phrases(item)


def cards_in(value: object) -> set[str]:
    """The card ids a sentence names, in its phrases too."""
    if isinstance(value, Card):
        return {value.id}
    if isinstance(value, Said):
        return set().union(*(cards_in(inner) for inner in value.values.values()))
    if isinstance(value, tuple):
        return set().union(*(cards_in(item) for item in value))
    return set()


def message_ids(said: Said, card_name: Callable[[str], str]) -> Iterator[str]:
    """Every message id a sentence says: its own, its phrases', its cards' printed names."""
    for phrase in phrases(said):
        if not JOINED.fullmatch(phrase.id):
            yield phrase.id
    yield from (card_name(card) for card in sorted(cards_in(said)))


def has_words(message: str) -> bool:
    """A message with a word in it: the joins ``phrase`` splits a reason at ("%(part0)s: %(part1)s")
    have none to translate."""
    return bool(re.search(r"[A-Za-z]", re.sub(r"%\(\w+\)[sd]", "", message)))


def translations(language: str, package: str) -> dict[str, list[str]]:
    """A game's catalog in ``language``: each message id (a count's: its singular) -> its forms."""
    found: dict[str, list[str]] = {}
    for message in i18n.catalog(language, package):
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            forms = message.string if isinstance(message.string, tuple | list) else [message.string]
            found[key] = [str(form) for form in forms if form]
    return found
