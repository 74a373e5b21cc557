"""What the games' language tests share: the phrases within a sentence (``console.i18n.said``), the
cards it names, whether a message has words to translate, and a game's catalog as translations."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator, Sequence

from console import i18n
from console.games.core import CHANCE, JSON, Game
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


def translations(language: str, package: str | None) -> dict[str, list[str]]:
    """A game's catalog (or with no package the console's) in ``language``: each message id (a
    count's: its singular) -> its forms."""
    found: dict[str, list[str]] = {}
    for message in i18n.catalog(language, package):
        if message.id:
            key = message.id if isinstance(message.id, str) else message.id[0]
            forms = message.string if isinstance(message.string, tuple | list) else [message.string]
            found[key] = [str(form) for form in forms if form]
    return found


def contract_words() -> set[str]:
    """The message ids the engine contract says itself (console/games/core.py, in the console's
    catalog): a game's speaker finds them there when its own catalog has not got them."""
    return {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template()
        if message.id and any(path == "console/games/core.py" for path, _ in message.locations)
    }


def unsaid(game: Game, said: Said, language: str) -> list[str]:
    """What a reader in ``language`` would meet untranslated in ``said``: a phrase with words that
    is in neither the game's catalog nor the contract's words, or has no translation there, a
    placeholder left unfilled, or the English itself."""
    template = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(game.catalog_package())
    }
    catalog = translations(language, game.catalog_package())
    contract = contract_words()
    console = translations(language, None) if any(p.id in contract for p in phrases(said)) else {}
    found = [
        f"{phrase.id!r} is not in the game's catalog"
        if phrase.id not in template and phrase.id not in contract
        else f"no {language} for {phrase.id!r}"
        for phrase in phrases(said)
        if has_words(phrase.id)
        and not (phrase.id in template and catalog.get(phrase.id))
        and not (phrase.id in contract and console.get(phrase.id))
    ]
    words = game.speaker(language).render(said, at_start=False)
    if "%(" in words or words == game.speaker().render(said, at_start=False):
        found.append(f"said as {words!r}")
    return found


def board_samples(game: Game, options: Sequence[dict[str, object]], seeds: range = range(2)) -> list[JSON]:
    """Views of random two-player games, each seat's and the table's: two of each shape of board
    (the sentences its terminal lines are made of)."""
    found: dict[tuple[str, ...], list[JSON]] = {}
    for chosen in options:
        for seed in seeds:
            state = game.new(2, seed, chosen, None)
            rng = random.Random(seed)
            while True:
                for view in (state.view(seat) for seat in (None, 1, 2)):
                    shape = tuple(phrase.id for line in game.board_lines(view) for phrase in phrases(line))
                    kept = found.setdefault(shape, [])
                    if len(kept) < 2:
                        kept.append(view)
                if state.is_over:
                    break
                seat = state.to_act[0]
                action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
                state.apply(action)
    return [view for kept in found.values() for view in kept]
