"""Wisteria's refusals as sentences (console.i18n.said), each said by every screen in its reader's
language (console/games/core.py, GameError), and the two helpers the rules need for them.

Why a seat may not choose, or chance may bring no card, is also ``State.why_not_now``'s text,
which the contract refuses with (and the hub tells a stalled table's host) through ``phrase``:
those refusals are made of clauses joined as ``phrase`` takes an English reason apart
(``clauses``), each clause a message with its seat as ``%(seat)s`` and other numbers as
``%(num)s``, so the text said back through ``phrase`` is the very same sentence."""

from __future__ import annotations

from console.i18n.said import Said, Speaker

ENGLISH = Speaker()


def clauses(separator: str, *parts: Said) -> Said:
    """``parts`` said as one sentence, joined by ``separator`` (": " or "; ") just as ``phrase``
    splits them: each part a message of its own."""
    template = separator.join(f"%(part{index})s" for index in range(len(parts)))
    return Said(template, {f"part{index}": part for index, part in enumerate(parts)})


def english(said: Said) -> str:
    """``said`` in English as a refusal reads (GameError's English, "seat 2" within a sentence)."""
    return ENGLISH.render(said, at_start=False)
