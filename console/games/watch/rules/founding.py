"""The Founding: city then road in seat order, then settlement then road in reverse, all free;
when the last road is laid, every ruler takes their starting resources and round 1 begins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.actions import City, Road, Settle, WatchAction, make
from console.games.watch.refusal import refused
from console.games.watch.rules import network
from console.games.watch.rules.board import EDGE_INDEX, TOPOLOGY
from console.games.watch.rules.ledger import CITY, SETTLEMENT, place_piece, starting_resources
from console.i18n.said import say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

# What each step of the founding places (the view names the step by these words).
STEP_ACTIONS: dict[str, type[WatchAction]] = {"city": City, "settle": Settle, "road": Road}
# What the founding asks for when another piece is placed.
STEP_ASKED = {
    "city": say("the founding asks for a city now"),
    "settle": say("the founding asks for a settlement now"),
    "road": say("the founding asks for a road now"),
}


def founding_order(players: int) -> list[tuple[int, str]]:
    """City then road in seat order, then settlement then road in reverse."""
    forward = [(seat, step) for seat in range(1, players + 1) for step in ("city", "road")]
    backward = [(seat, step) for seat in range(players, 0, -1) for step in ("settle", "road")]
    return forward + backward


def legal(state: WatchState, seat: int) -> list[WatchAction]:
    step = state.founding[state.founding_step][1]
    if step == "road":
        return [
            make(Road, seat, TOPOLOGY.edge_ids[e])
            for e in network.legal_road_edges(state, seat, founding_point=state.last_placed)
        ]
    verb = STEP_ACTIONS[step]
    return [make(verb, seat, TOPOLOGY.point_ids[p]) for p in network.legal_sites(state, seat, founding=True)]


def apply(state: WatchState, action: WatchAction) -> list[Event]:
    seat, step = state.founding[state.founding_step]
    if type(action) is not STEP_ACTIONS[step]:
        raise refused(STEP_ASKED[step])
    if isinstance(action, Road):
        edge = EDGE_INDEX[action.edge]
        error = network.road_error(state, seat, edge, founding_point=state.last_placed)
        if error:
            raise refused(error)
        state.set_road(edge, seat)
        state.roads_changed(seat, grew=True)
        events = [Event("founded", {"seat": seat, "work": "road", "at": action.edge})]
    else:
        assert isinstance(action, Settle | City)
        point = action.point
        error = network.site_error(state, seat, point, founding=True)
        if error:
            raise refused(error)
        place_piece(state, point, seat, CITY if step == "city" else SETTLEMENT)
        state.last_placed = point
        work = "city" if step == "city" else "settlement"
        events = [Event("founded", {"seat": seat, "work": work, "at": action.at})]
    state.founding_step += 1
    if state.founding_step == len(state.founding):
        for ruler in range(1, state.players + 1):
            state.stores[ruler] = starting_resources(state, ruler)
        state.round = 1
        state.current = 1
        events.append(Event("watch_begins", {"round": 1}))
    return events
