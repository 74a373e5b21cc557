"""The Arts of War: marching along roads, striking, and combat by calculation.

Effective power is stack strength plus the defended intersection's terrain bonus (field 0,
settlement 1, city 2, walled city 3, only while garrisoned). The greater power wins, ties go to
the defender, both sides lose units equal to the lesser power, and assaulting a settlement or
city costs the attacker one unit more, win or lose.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.actions import Move, Strike, WatchAction, make
from console.games.watch.refusal import refused
from console.games.watch.rules import network
from console.games.watch.rules.board import POINT_INDEX, TOPOLOGY
from console.games.watch.rules.ledger import (
    CITY,
    PIECE_NAMES,
    SETTLEMENT,
    STACK_CAP,
    demote_city,
    remove_piece,
)
from console.i18n.said import Said, Seat, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS = TOPOLOGY.point_ids
ASSAULT_TAX = 1


class Stack:
    """The army units of one ruler on one intersection, moving and striking as one."""

    __slots__ = ("active", "held", "moved", "owner", "struck", "units")

    def __init__(
        self,
        owner: int,
        units: int,
        active: bool = False,
        moved: bool = False,
        struck: bool = False,
        held: bool = False,
    ) -> None:
        self.owner, self.units, self.active = owner, units, active
        self.moved, self.struck, self.held = moved, struck, held

    def copy(self) -> Stack:
        return Stack(self.owner, self.units, self.active, self.moved, self.struck, self.held)


@dataclass(frozen=True)
class Battle:
    attacker_power: int
    defender_power: int
    attacker_loss: int
    defender_loss: int

    @property
    def attacker_wins(self) -> bool:
        return self.attacker_power > self.defender_power


def terrain_bonus(kind: int, walled: bool) -> int:
    if kind == CITY:
        return 3 if walled else 2
    return 1 if kind == SETTLEMENT else 0


def calculate(attackers: int, defenders: int, kind: int, walled: bool, empty_walls_bonus: int = 0) -> Battle:
    """The whole of combat: no chance, only arithmetic."""
    if defenders:
        defence = defenders + terrain_bonus(kind, walled)
    else:
        # Ruling P-12: an unguarded settlement or city falls to any attacker (walls are inert).
        defence = empty_walls_bonus if kind == CITY and walled else 0
    lesser = min(attackers, defence)
    tax = ASSAULT_TAX if kind else 0
    return Battle(attackers, defence, lesser + tax, lesser)


def legal(state: WatchState, seat: int) -> list[WatchAction]:
    actions: list[WatchAction] = []
    # Most stacks are another ruler's or resting: passed over in one comprehension.
    ready = [(p, s) for p, s in state.stacks.items() if s.active and s.owner == seat and not s.held]
    for point, stack in ready:
        if not stack.moved and not stack.struck:  # ruling R-9: a strike ends the stack's deeds
            actions += [
                make(Move, seat, POINT_IDS[point], POINT_IDS[end])
                for end in network.reachable(state, seat, point)
            ]
        if not stack.struck:
            actions += [
                make(Strike, seat, POINT_IDS[point], POINT_IDS[target])
                for target in strike_targets(state, seat, point)
            ]
    return actions


def strike_targets(state: WatchState, seat: int, point: int) -> list[int]:
    friends = state.friends(seat)
    targets = []
    for edge in TOPOLOGY.point_edges[point]:
        if not state.road_owner[edge]:
            continue
        target = TOPOLOGY.other_end(edge, point)
        owner = _defender(state, target)
        if owner and owner not in friends:
            targets.append(target)
    return targets


def _defender(state: WatchState, point: int) -> int:
    stack = state.stacks.get(point)
    return stack.owner if stack is not None else state.piece_owner[point]


# Why a stack may not march or strike: each deed's words whole, as each language says it.
INACTIVE = {
    "move": say("only an active stack may move; activate it first (1 Grain or 1 Gold)"),
    "strike": say("only an active stack may strike; activate it first (1 Grain or 1 Gold)"),
}
HELD = {
    "move": say("that stack is held by Intrigue and cannot move this turn"),
    "strike": say("that stack is held by Intrigue and cannot strike this turn"),
}


def _ready_stack(state: WatchState, seat: int, point: int, deed: str) -> None:
    stack = state.stacks.get(point)
    if stack is None or stack.owner != seat:
        raise refused(say("you have no army stack there"))
    if not stack.active:
        raise refused(INACTIVE[deed])
    if stack.held:
        raise refused(HELD[deed])


def do_move(state: WatchState, action: Move) -> list[Event]:
    seat, start, end = action.seat, POINT_INDEX[action.start], POINT_INDEX[action.end]
    _ready_stack(state, seat, start, "move")
    stack = state.stacks[start]
    if stack.moved:
        raise refused(say("that stack has already moved this turn"))
    if stack.struck:  # ruling R-9: move, then strike; a stack woken after its strike stays put
        raise refused(say("that stack has struck this turn: a stack moves first, then strikes, then stops"))
    if end not in network.reachable(state, seat, start):
        raise refused(move_error(state, seat, start, end))
    del state.stacks[start]
    there = state.stacks.get(end)
    if there is None:
        state.stacks[end] = stack
        stack.moved = True
    else:  # merging: the stack is one again, active only if both halves were
        there.units += stack.units
        there.active = there.active and stack.active
        there.moved = True
        there.struck = there.struck or stack.struck
    return [Event("moved", {"seat": seat, "from": POINT_IDS[start], "to": POINT_IDS[end]})]


def move_error(state: WatchState, seat: int, start: int, end: int) -> Said:
    """Why the stack at ``start`` cannot end a march at ``end`` (it is not among the reachable)."""
    there = POINT_IDS[end]
    if end == start:
        return say("the stack already stands there")
    owner, stack = state.piece_owner[end], state.stacks.get(end)
    if owner and owner != seat:
        if state.piece_kind[end] == CITY:
            return say(
                "%(seat)s's city stands at %(at)s: a stack stops only where no other ruler stands",
                seat=Seat(owner),
                at=there,
            )
        return say(
            "%(seat)s's settlement stands at %(at)s: a stack stops only where no other ruler stands",
            seat=Seat(owner),
            at=there,
        )
    if stack is not None and stack.owner != seat:
        return say(
            "%(seat)s's army stands at %(at)s: a stack stops only where no other ruler stands",
            seat=Seat(stack.owner),
            at=there,
        )
    moving = state.stacks[start].units
    if stack is not None and moving + stack.units > STACK_CAP:
        return say(
            "a stack holds at most %(cap)s units: %(moving)s marching and %(there)s at %(at)s make %(total)s",
            cap=STACK_CAP,
            moving=moving,
            there=stack.units,
            at=there,
            total=moving + stack.units,
        )
    friends = state.friends(seat)
    seen, frontier = {start}, [start]
    while frontier:  # along friendly roads, ignoring whatever stands in the way
        point = frontier.pop()
        for edge in TOPOLOGY.point_edges[point]:
            nxt = TOPOLOGY.other_end(edge, point)
            if state.road_owner[edge] in friends and nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    if end not in seen:
        return say(
            "no road of yours or your allies' leads to %(at)s: armies march only along roads", at=there
        )
    return say("the way to %(at)s passes another ruler's settlement, city or army", at=there)


def do_strike(state: WatchState, action: Strike) -> list[Event]:
    seat, start, target = action.seat, POINT_INDEX[action.start], POINT_INDEX[action.target]
    _ready_stack(state, seat, start, "strike")
    stack = state.stacks[start]
    if stack.struck:
        raise refused(say("that stack has already struck this turn"))
    defender = _defender(state, target)
    if not defender or defender == seat:
        raise refused(
            say("no rival's army, settlement or city stands at %(at)s to strike", at=POINT_IDS[target])
        )
    if defender in state.friends(seat):
        raise refused(say("allies may not attack each other"))
    if not any(
        state.road_owner[e] and target in TOPOLOGY.edge_points[e] for e in TOPOLOGY.point_edges[start]
    ):
        raise refused(say("a stack strikes only an intersection next to it along a road"))
    guard = state.stacks.get(target)
    kind, walled = state.piece_kind[target], state.walls[target]
    battle = calculate(
        stack.units, guard.units if guard else 0, kind, walled, state.options["empty_walls_bonus"]
    )
    stack.units -= battle.attacker_loss
    if stack.units <= 0:
        del state.stacks[start]
    else:
        stack.active = False  # any strike deactivates (ruling P-11)
        stack.struck = True
    if guard is not None:
        guard.units -= battle.defender_loss
        if guard.units <= 0:
            del state.stacks[target]
    fate = "stands" if kind else None
    if battle.attacker_wins and kind:
        fate = demote_city(state, target) if kind == CITY else "destroyed"
        if kind == SETTLEMENT:
            remove_piece(state, target)
    report = {
        "seat": seat,
        "defender": defender,
        "from": POINT_IDS[start],
        "at": POINT_IDS[target],
        "terrain": ("walled city" if kind == CITY and walled else PIECE_NAMES[kind]) or "field",
        "attack": battle.attacker_power,
        "defence": battle.defender_power,
        "winner": seat if battle.attacker_wins else defender,
        "attacker_loss": battle.attacker_loss,
        "defender_loss": battle.defender_loss,
        "piece": fate,
    }
    state.last["combat"] = report
    return [Event("combat", report)]
