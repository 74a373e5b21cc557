"""What each seat may see, and the strings only a seat may see (for the leak checks).

The rival sees that a sealed wheel is there, its age and whether it has soured, never its
identity, value or hold; hands and decks are counts; Archaffineurs show once both are chosen; the
opening swaps are each seat's own business until play begins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.games.core import JSON, Seat
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.phases import DEAL, OPENING, Phase
from console.games.wheels.rules.player import Player

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def build_view(state: WheelsState, seat: Seat | None) -> JSON:
    revealed = all(player.archaffineur is not None for player in state.seats)
    outcome = state.outcome()
    return {
        "game": "wheels",
        "phase": state.phase,
        "first_seat": state.first_seat or None,
        "turn_of": state.current or None,
        "you": seat,
        "players": {
            str(number): _player(player, number == seat, revealed, state.phase)
            for number, player in ((1, state.seats[0]), (2, state.seats[1]))
        },
        "outcome": outcome.to_json() if outcome else None,
    }


def _player(player: Player, own: bool, revealed: bool, phase: Phase) -> JSON:
    shown: dict[str, Any] = {
        "banked": player.banked,
        "turns_left": player.turns_left,
        "damp": player.damp,
        "chill": player.chill,
        "hand_count": player.hand_size,
        "deck_count": len(player.deck),
        "shelves": [_shelf(index + 1, wheel, own) for index, wheel in enumerate(player.shelves)],
        "discard": list(player.discard),
        "archaffineur": (player.archaffineur or None) if own or revealed else None,
        "archaffineur_chosen": player.archaffineur is not None,
        "archaffineur_used": player.archaffineur_used,
    }
    if own:
        shown["hand"] = player.hand_cards()
        shown["deck_bottom"] = list(player.deck.bottom)
    if own or phase not in (OPENING, DEAL):
        # Hidden from the rival while both choose: a keep must look like a swap.
        shown["swaps"] = player.swaps
        shown["kept"] = player.kept
    return shown


def _shelf(number: int, wheel: ShelvedWheel | None, own: bool) -> JSON:
    if wheel is None:
        return {"shelf": number, "empty": True}
    if wheel.sealed and not own:
        return {"shelf": number, "empty": False, "sealed": True, "age": wheel.age, "soured": wheel.soured}
    card = wheel.card
    return {
        "shelf": number,
        "empty": False,
        "sealed": wheel.sealed,
        "card": card.id,
        "age": wheel.age,
        "soured": wheel.soured,
        "value": wheel.value,
        "peak": card.peak,
        "hold": wheel.hold,
        "full_from": card.peak,
        "full_until": card.peak + wheel.hold,
        "payout": wheel.payout(),
    }


def secret_cards(player: Player, revealed: bool) -> set[str]:
    """The card ids only this player may see: hand, sealed wheels, swapped-away cards and, before
    both are chosen, its Archaffineur."""
    secret = set(player.hand) | set(player.deck.bottom)
    secret.update(wheel.card.id for wheel in player.shelves if wheel is not None and wheel.sealed)
    if player.archaffineur and not revealed:
        secret.add(player.archaffineur)
    return secret


def public_cards(state: WheelsState) -> set[str]:
    """Card ids anyone may see: unsealed wheels, discards and revealed Archaffineurs."""
    seen: set[str] = set()
    revealed = all(player.archaffineur is not None for player in state.seats)
    for player in state.seats:
        seen.update(player.discard)
        seen.update(wheel.card.id for wheel in player.shelves if wheel is not None and not wheel.sealed)
        if revealed and player.archaffineur:
            seen.add(player.archaffineur)
    return seen


def hidden_strings(state: WheelsState, seat: Seat) -> set[str]:
    """Seat's secret card ids, less any the rival may see anyway (an unsealed copy on a shelf, a
    copy in the rival's own hand): those could not show a leak."""
    revealed = all(player.archaffineur is not None for player in state.seats)
    rival = state.seats[2 - seat]
    return secret_cards(state.seats[seat - 1], revealed) - public_cards(state) - secret_cards(rival, revealed)


def public_scores(view: JSON) -> dict[str, float]:
    """The running score a venue shows: the Renown each seat has banked."""
    return {seat: float(player.get("banked", 0)) for seat, player in view.get("players", {}).items()}
