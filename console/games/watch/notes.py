"""What each of a ruler's choices will do, in the Watch's own numbers, for the phone and the
terminal: what a site touches and yields, what a build costs and leaves, and how a strike ends,
computed by the rules' own arithmetic ("Combat is calculation, not chance").

Only what the ruler may know goes in: the board, their own stores and the armies on it, all
public or theirs. Nothing here draws, deals or looks at a deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from console.games.watch.actions import (
    Activate,
    City,
    Draw,
    Exchange,
    Improve,
    Move,
    Recruit,
    Road,
    Settle,
    Strike,
    Walls,
    WatchAction,
)
from console.games.watch.rules.board import HEX_INDEX, POINT_INDEX, TOPOLOGY
from console.games.watch.rules.combat import ASSAULT_TAX, calculate, terrain_bonus
from console.games.watch.rules.ledger import (
    ACTIVATION,
    CITY,
    COSTS,
    DRAW_PRICES,
    EXCHANGE_RATE,
    IMPROVEMENT_FOR_TILE,
    PIECE_NAMES,
    RESOURCE_INDEX,
    RESOURCE_NAMES,
    SETTLEMENT,
    Cost,
    cost_text,
)

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def choice_notes(state: WatchState, seat: int, legal: Sequence[WatchAction]) -> dict[str, str]:
    """By notation, a line of numbers for each of ``legal`` that has any (``seat``'s choices)."""
    # Founding pieces and the works a card grants (pending, first in line) cost nothing.
    free = state.phase == "founding" or bool(state.pending)
    notes = {}
    for action in legal:
        note = _note(state, seat, action, free)
        if note:
            notes[str(action)] = note
    return notes


def _note(state: WatchState, seat: int, action: WatchAction, free: bool) -> str:
    match action:
        case Settle() | City():
            return _site(state, seat, action, free)
        case Road():
            return "free" if free else _price(state, seat, COSTS["road"])
        case Recruit():
            stack = state.stacks.get(action.point)
            units = (stack.units if stack else 0) + 1
            return f"{_price(state, seat, COSTS['unit'])}; {units} unit{'s' if units > 1 else ''} there"
        case Walls():
            return f"{_price(state, seat, COSTS['walls'])}; the city defends at +3, not +2"
        case Improve():
            kind = IMPROVEMENT_FOR_TILE[state.tiles[HEX_INDEX[action.hex]]]
            resource = state.tiles[HEX_INDEX[action.hex]].title()
            price = "free" if free else _price(state, seat, COSTS[kind])
            return f"a {kind.title()}: +1 {resource} a round; {price}"
        case Activate():
            return _price(state, seat, ACTIVATION[action.paid])
        case Draw():
            return _price(state, seat, DRAW_PRICES[action.deck][action.payment])
        case Exchange():
            return f"you keep {state.stores[seat][3] - EXCHANGE_RATE} Gold"
        case Move():
            return _march(state, action)
        case Strike():
            return _strike(state, action)
    return ""


def _price(state: WatchState, seat: int, cost: Cost) -> str:
    """ "costs 1 Wood, 1 Stone; leaves 2 Wood, 0 Stone": the price and what is left of it."""
    stores = state.stores[seat]
    left = ", ".join(
        f"{stores[index] - amount} {name.title()}"
        for index, (name, amount) in enumerate(zip(RESOURCE_NAMES, cost, strict=True))
        if amount
    )
    return f"costs {cost_text(cost)}; leaves {left}"


def _site(state: WatchState, seat: int, action: Settle | City, free: bool) -> str:
    """The tiles a piece at the site touches and what it gains there each round (a city twice
    what a settlement does; raising a city adds a settlement's share again)."""
    point = action.point
    kinds = [state.tiles[hex_] for hex_ in TOPOLOGY.point_hexes[point]]
    producing = [kind for kind in kinds if kind in RESOURCE_INDEX]
    per_tile = 2 if isinstance(action, City) and state.piece_kind[point] != SETTLEMENT else 1
    gained: dict[str, int] = {}
    for kind in producing:
        gained[kind] = gained.get(kind, 0) + per_tile
    touches = ", ".join(kind.title() for kind in kinds) or "no land"
    more = " more" if isinstance(action, City) and state.piece_kind[point] == SETTLEMENT else ""
    yields = ", ".join(f"+{amount} {kind.title()}" for kind, amount in gained.items()) or "nothing"
    line = f"touches {touches}: {yields}{more} a round"
    if state.phase == "founding":
        return f"{line}, and as much to start"
    if free:
        return line
    return f"{line}; {_price(state, seat, COSTS['city' if isinstance(action, City) else 'settlement'])}"


def _march(state: WatchState, action: Move) -> str:
    moving = state.stacks[POINT_INDEX[action.start]].units
    there = state.stacks.get(POINT_INDEX[action.end])
    if there is None:
        return f"{moving} unit{'s march' if moving > 1 else ' marches'}"
    return f"joins your {there.units} there: {moving + there.units} units, active only if both were"


def _strike(state: WatchState, action: Strike) -> str:
    """Both sides' effective power, who wins, and what each loses, the assault tax included."""
    target = POINT_INDEX[action.target]
    attackers = state.stacks[POINT_INDEX[action.start]].units
    guard = state.stacks.get(target)
    kind, walled = state.piece_kind[target], state.walls[target]
    defenders = guard.units if guard else 0
    battle = calculate(attackers, defenders, kind, walled, state.options["empty_walls_bonus"])
    place = ("walled city" if kind == CITY and walled else PIECE_NAMES[kind]) or "field"
    if guard and kind:
        defence = f"their {guard.units} + {terrain_bonus(kind, walled)} for the {place}"
    elif guard:
        defence = f"their {guard.units} in the field"
    else:
        defence = f"an unguarded {place}"
    result = "you win" if battle.attacker_wins else "they hold"
    if battle.attacker_power == battle.defender_power:
        result += ", as a tie goes to the defender"
    tax = f" ({battle.attacker_loss - ASSAULT_TAX} + {ASSAULT_TAX} assault tax)" if kind else ""
    return (
        f"your {battle.attacker_power} against {battle.defender_power} ({defence}): {result}; "
        f"you lose {battle.attacker_loss}{tax}, they lose {battle.defender_loss}"
    )
