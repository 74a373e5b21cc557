"""Which wheel a craft or Archaffineur may choose: the book's "Choosing a craft target".

"Friendly crafts that choose one wheel need an unsealed target. Bloom additionally needs an unripe
wheel. Value and hold crafts cannot target soured wheels. Fen Poultice and Riftstone can target an
unsealed soured wheel. Rival removal and souring crafts cannot target a wheel that has already
soured." The seal "blocks targeted friendly crafts as well as The Souring and Purging Rind", while
Affineur's Nose "can target a rival's sealed or unsealed wheel that has not soured".
"""

from __future__ import annotations

from console.games.wheels.catalog import Target
from console.games.wheels.rules.cellar import ShelvedWheel
from console.i18n.said import Card, Said, say


def target_problem(target: Target, wheel: ShelvedWheel | None, shelf: int, card: str) -> Said | None:
    """Why ``wheel`` (on ``shelf``, the rival's when the target is the rival's) may not be chosen by
    the card ``card``, in words for the player; None when it may. The refusal never names a sealed
    wheel."""
    if wheel is None:
        if target.on_rival:
            return say(
                "%(card)s needs a wheel, and your rival's shelf %(shelf)s is empty",
                card=Card(card),
                shelf=shelf,
            )
        return say("%(card)s needs a wheel, and your shelf %(shelf)s is empty", card=Card(card), shelf=shelf)
    if wheel.sealed and not target.allows_sealed:
        if target.on_rival:
            return say("that wheel is sealed: %(card)s cannot target it", card=Card(card))
        return say("that wheel is sealed: your own crafts cannot target it (%(card)s)", card=Card(card))
    if wheel.soured and not target.allows_soured:
        return say("%(card)s cannot target a soured wheel", card=Card(card))
    if target is Target.OWN_UNRIPE and not wheel.unripe:
        return say("%(card)s needs an unripe wheel", card=Card(card))
    return None


def valid_shelves(target: Target, shelves: list[ShelvedWheel | None]) -> list[int]:
    """The shelf numbers (from 1) ``target`` may choose among ``shelves``, in order."""
    found = []
    allows_sealed = target.allows_sealed
    allows_soured = target.allows_soured
    for index, wheel in enumerate(shelves):
        if wheel is None or (wheel.sealed and not allows_sealed) or (wheel.soured and not allows_soured):
            continue
        if target is Target.OWN_UNRIPE and not wheel.unripe:
            continue
        found.append(index + 1)
    return found


def best_to_read(shelves: list[ShelvedWheel | None], count: int) -> list[int]:
    """Cellarhand, Ward Rounds and the Verdenne Archaffineur: up to ``count`` shelves (from 1),
    by current positive Renown, highest first, ties to the earlier shelf; sealed wheels too."""
    scored = [(-wheel.payout(), index + 1) for index, wheel in enumerate(shelves) if wheel is not None]
    scored = sorted(entry for entry in scored if entry[0] < 0)
    return [shelf for _, shelf in scored[:count]]
