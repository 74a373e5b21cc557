"""What the heuristic ruler reads of its seat's view, as small typed values: the phase, the moons,
every ruler's public figures (stores, pieces, hand size) and its own allies, and the board's
tiles, pieces, roads and armies. Nothing of a hand's cards, a deck or a channel.

``observe`` reads the state, ``from_view`` the seat's JSON view (view.py); the two are equal on
every state (tests/bots/test_observations.py), so it shows no more than the view does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from console.games.core import JSON, Seat
from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.ledger import PIECE_NAMES, RESOURCE_NAMES

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

PIECE_INDEX = {name: index for index, name in enumerate(PIECE_NAMES)}


class Ruler(NamedTuple):
    seat: int
    stores: tuple[int, ...]  # by RESOURCE_NAMES
    settlements: int
    cities: int
    hand_size: int


class Army(NamedTuple):
    at: str  # the intersection's id
    owner: int
    units: int


# A ruler and an army from their fields in order, without keyword handling: a decision makes a dozen.
_ruler, _army = Ruler._make, Army._make


class Seen(NamedTuple):
    you: int
    phase: str
    moons: int
    rulers: tuple[Ruler, ...]  # by seat - 1
    allies: tuple[int, ...]  # the seat's own, ascending
    tiles: tuple[str, ...]  # by hex
    owner: tuple[int, ...]  # by intersection: the ruler whose piece stands there, 0 for none
    piece: tuple[int, ...]  # by intersection: an index of PIECE_NAMES (0: none)
    roads: tuple[int, ...]  # by edge: the ruler whose road it is, 0 for none
    armies: tuple[Army, ...]  # by intersection


_seen = Seen._make


def observe(state: WatchState, seat: Seat) -> Seen:
    point_ids, stores, settlements, cities = TOPOLOGY.point_ids, state.stores, state.settlements, state.cities
    return _seen(
        (
            seat,
            state.phase,
            state.moons,
            tuple(
                _ruler((ruler, tuple(stores[ruler]), settlements[ruler], cities[ruler], len(hand)))
                for ruler, hand in enumerate(state.hands[1 : state.players + 1], start=1)
            ),
            tuple(
                sorted(other for pair in state.alliances if seat in pair for other in pair if other != seat)
            )
            if state.alliances
            else (),
            tuple(state.tiles),
            tuple(state.piece_owner),  # 0 where no piece stands (remove_piece clears it)
            tuple(state.piece_kind),
            tuple(state.road_owner),
            tuple(_army((point_ids[p], s.owner, s.units)) for p, s in sorted(state.stacks.items())),
        )
    )


def from_view(view: JSON) -> Seen:
    board, me = view["board"], view["you"]
    return Seen(
        me,
        view["phase"],
        view["moon_track"]["moons"],
        tuple(
            Ruler(
                ruler["seat"],
                tuple(ruler["stores"][name] for name in RESOURCE_NAMES),
                ruler["settlements"],
                ruler["cities"],
                ruler["hand_size"],
            )
            for ruler in view["rulers"]
        ),
        tuple(view["rulers"][me - 1]["allies"]),
        tuple(entry["tile"] for entry in board["hexes"]),
        tuple(entry.get("owner", 0) for entry in board["intersections"]),
        tuple(PIECE_INDEX[entry.get("piece", "")] for entry in board["intersections"]),
        tuple(entry.get("road", 0) for entry in board["edges"]),
        tuple(Army(entry["at"], entry["owner"], entry["units"]) for entry in board["armies"]),
    )
