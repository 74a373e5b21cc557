"""What each of a ruler's choices will do, in the Watch's own numbers, for the phone and the
terminal: what a site touches and yields, what a build costs and leaves, and how a strike ends,
computed by the rules' own arithmetic ("Combat is calculation, not chance").

Only what the ruler may know goes in: the board, their own stores and the armies on it, all
public or theirs. Nothing here draws, deals or looks at a deck.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
    RESOURCE_INDEX,
    RESOURCE_NAMES,
    SETTLEMENT,
    Cost,
)
from console.games.watch.words import amount, tile
from console.i18n.said import Said, Value, say, say_n

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def choice_notes(state: WatchState, seat: int, legal: Sequence[WatchAction]) -> dict[str, Said]:
    """By notation, a line of numbers for each of ``legal`` that has any (``seat``'s choices), as a
    sentence each screen says in its language."""
    # Founding pieces and the works a card grants (pending, first in line) cost nothing.
    free = state.phase == "founding" or bool(state.pending)
    notes = {}
    for action in legal:
        note = _note(state, seat, action, free)
        if note:
            notes[str(action)] = note
    return notes


def _note(state: WatchState, seat: int, action: WatchAction, free: bool) -> Said | None:
    match action:
        case Settle() | City():
            return _site(state, seat, action, free)
        case Road():
            return say("free") if free else _price(state, seat, COSTS["road"])
        case Recruit():
            stack = state.stacks.get(action.point)
            units = (stack.units if stack else 0) + 1
            return say_n(
                "%(price)s; %(num)s unit there",
                "%(price)s; %(num)s units there",
                units,
                price=_price(state, seat, COSTS["unit"]),
            )
        case Walls():
            return say("%(price)s; the city defends at +3, not +2", price=_price(state, seat, COSTS["walls"]))
        case Improve():
            return _improvement(state, seat, action, free)
        case Activate():
            return _price(state, seat, ACTIVATION[action.paid])
        case Draw():
            return _price(state, seat, DRAW_PRICES[action.deck][action.payment])
        case Exchange():
            return say("you keep %(num)s Gold", num=state.stores[seat][3] - EXCHANGE_RATE)
        case Move():
            return _march(state, action)
        case Strike():
            return _strike(state, action)
    return None


def _amounts(amounts: Iterable[tuple[int, str]]) -> tuple[Said, ...]:
    return tuple(amount(count, name) for count, name in amounts)


def _price(state: WatchState, seat: int, cost: Cost) -> Said:
    """ "costs 1 Wood and 1 Stone; leaves 2 Wood and 0 Stone": the price and what is left of it."""
    stores = state.stores[seat]
    paid = [
        (index, name, count) for index, (name, count) in enumerate(zip(RESOURCE_NAMES, cost, strict=True))
    ]
    return say(
        "costs %(cost)s; leaves %(left)s",
        cost=_amounts((count, name) for _, name, count in paid if count),
        left=_amounts((stores[index] - count, name) for index, name, count in paid if count),
    )


def _improvement(state: WatchState, seat: int, action: Improve, free: bool) -> Said | None:
    """What an improvement yields (+1 of its tile's resource a round) and its price."""
    kind = IMPROVEMENT_FOR_TILE[state.tiles[HEX_INDEX[action.hex]]]
    price = say("free") if free else _price(state, seat, COSTS[kind])
    match kind:
        case "granary":
            return say("a Granary: +1 Grain a round; %(price)s", price=price)
        case "mill":
            return say("a Mill: +1 Wood a round; %(price)s", price=price)
        case "quarry":
            return say("a Quarry: +1 Stone a round; %(price)s", price=price)
    return None


def _site(state: WatchState, seat: int, action: Settle | City, free: bool) -> Said:
    """The tiles a piece at the site touches and what it gains there each round (a city twice
    what a settlement does; raising a city adds a settlement's share again)."""
    point = action.point
    kinds = [state.tiles[hex_] for hex_ in TOPOLOGY.point_hexes[point]]
    producing = [kind for kind in kinds if kind in RESOURCE_INDEX]
    per_tile = 2 if isinstance(action, City) and state.piece_kind[point] != SETTLEMENT else 1
    gained: dict[str, int] = {}
    for kind in producing:
        gained[kind] = gained.get(kind, 0) + per_tile
    touches: Value = tuple(tile(kind) for kind in kinds) or say("no land")
    yields: Value = tuple(
        say("+%(num)s %(resource)s", num=n, resource=tile(kind)) for kind, n in gained.items()
    )
    yields = yields or say("nothing")
    if isinstance(action, City) and state.piece_kind[point] == SETTLEMENT:
        line = say("touches %(tiles)s: %(yields)s more a round", tiles=touches, yields=yields)
    else:
        line = say("touches %(tiles)s: %(yields)s a round", tiles=touches, yields=yields)
    if state.phase == "founding":
        return say("%(site)s, and as much to start", site=line)
    if free:
        return line
    price = _price(state, seat, COSTS["city" if isinstance(action, City) else "settlement"])
    return say("%(site)s; %(price)s", site=line, price=price)


def _march(state: WatchState, action: Move) -> Said:
    moving = state.stacks[POINT_INDEX[action.start]].units
    there = state.stacks.get(POINT_INDEX[action.end])
    if there is None:
        return say_n("%(num)s unit marches", "%(num)s units march", moving)
    return say_n(
        "joins your %(there)s there: %(num)s unit, active only if both were",
        "joins your %(there)s there: %(num)s units, active only if both were",
        moving + there.units,
        there=there.units,
    )


def _strike(state: WatchState, action: Strike) -> Said:
    """Both sides' effective power, who wins, and what each loses, the assault tax included."""
    target = POINT_INDEX[action.target]
    attackers = state.stacks[POINT_INDEX[action.start]].units
    guard = state.stacks.get(target)
    kind, walled = state.piece_kind[target], state.walls[target]
    defenders = guard.units if guard else 0
    battle = calculate(attackers, defenders, kind, walled, state.options["empty_walls_bonus"])
    defence = _defence(guard.units if guard else 0, kind, walled)
    if battle.attacker_wins:
        result = say("you win")
    elif battle.attacker_power == battle.defender_power:
        result = say("they hold, as a tie goes to the defender")
    else:
        result = say("they hold")
    values: dict[str, Value] = {
        "attack": battle.attacker_power,
        "defence": battle.defender_power,
        "why": defence,
        "result": result,
        "lost": battle.attacker_loss,
        "killed": battle.defender_loss,
    }
    if kind:  # a settlement or a city: the assault tax besides
        return say(
            "your %(attack)s against %(defence)s (%(why)s): %(result)s; "
            "you lose %(lost)s (%(base)s + %(tax)s assault tax), they lose %(killed)s",
            base=battle.attacker_loss - ASSAULT_TAX,
            tax=ASSAULT_TAX,
            **values,
        )
    return say(
        "your %(attack)s against %(defence)s (%(why)s): %(result)s; you lose %(lost)s, they lose %(killed)s",
        **values,
    )


def _defence(units: int, kind: int, walled: bool) -> Said:
    """What the defender's power is made of: their units and the bonus for what they hold, each
    place in a phrase of its own (its article and gender are the language's)."""
    walled_city = kind == CITY and walled
    if units and kind:
        bonus = terrain_bonus(kind, walled)
        if walled_city:
            return say("their %(units)s + %(bonus)s for the walled city", units=units, bonus=bonus)
        if kind == CITY:
            return say("their %(units)s + %(bonus)s for the city", units=units, bonus=bonus)
        return say("their %(units)s + %(bonus)s for the settlement", units=units, bonus=bonus)
    if units:
        return say("their %(units)s in the field", units=units)
    if walled_city:
        return say("an unguarded walled city")
    if kind == CITY:
        return say("an unguarded city")
    if kind:
        return say("an unguarded settlement")
    return say("an unguarded field")
