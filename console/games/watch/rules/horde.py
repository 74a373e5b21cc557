"""The Horde of Ulgareth: the moon track, landfall, the seven Harrows, the honours and forfeits.

Landfall rides the close of every seventh round, after production and before activations
expire (rulings P-10, P-26). A Harrow is drawn and resolves first; then every ruler's active
armies commit, their units against the Horde's strength, the number of cities on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import Event, IllegalAction
from console.games.watch.actions import (
    Blight,
    Burn,
    Choose,
    Demote,
    Forfeit,
    Harrow,
    Raze,
    Rot,
    Rout,
    WatchAction,
    make,
    supplied,
)
from console.games.watch.rules.board import DESERT, GRAIN, TOPOLOGY, is_land
from console.games.watch.rules.hand import DealCard
from console.games.watch.rules.ledger import CITY, SETTLEMENT, demote_city, remove_piece
from console.games.watch.rules.work import ChanceWork, Decision, Step

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

MOONS = 7
BREAKS_TO_RUIN = 3
FREE_CARD_DECKS = ("growth", "politics", "warfare")  # in notation order
POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids


# --- the Harrows: each one a chance pick among eligible targets, repeated some times ------------


def _grain_tiles(state: WatchState) -> list[str]:
    return [HEX_IDS[h] for h in range(TOPOLOGY.island) if state.tiles[h] == GRAIN]


def _living_land(state: WatchState) -> list[str]:
    return [
        HEX_IDS[h] for h in range(TOPOLOGY.island) if is_land(state.tiles[h]) and state.tiles[h] != DESERT
    ]


def _roads(state: WatchState) -> list[str]:
    return [EDGE_IDS[e] for e, owner in enumerate(state.road_owner) if owner]


def _settlements(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p, kind in enumerate(state.piece_kind) if kind == SETTLEMENT]


def _cities(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p, kind in enumerate(state.piece_kind) if kind == CITY]


def _stacks(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p in sorted(state.stacks)]


def _improvements(state: WatchState) -> list[str]:
    return [HEX_IDS[h] for h in sorted(state.improvements)]


def _to_desert(state: WatchState, target: str) -> Event:
    hex_index = HEX_IDS.index(target)
    was = state.tiles[hex_index]
    state.tiles[hex_index] = DESERT
    return Event("desert", {"at": target, "was": was})


def _burn(state: WatchState, target: str) -> Event:
    edge = EDGE_IDS.index(target)
    owner = state.road_owner[edge]
    state.set_road(edge, 0)
    state.roads_changed(owner)
    return Event("road_destroyed", {"at": target, "owner": owner})


def _raze(state: WatchState, target: str) -> Event:
    point = POINT_IDS.index(target)
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return Event("piece_destroyed", {"at": target, "owner": owner, "piece": "settlement"})


def _demote(state: WatchState, target: str) -> Event:
    point = POINT_IDS.index(target)
    owner = state.piece_owner[point]
    return Event("city_fell", {"at": target, "owner": owner, "fate": demote_city(state, point)})


def _rout(state: WatchState, target: str) -> Event:
    stack = state.stacks.pop(POINT_IDS.index(target))
    return Event("stack_destroyed", {"at": target, "owner": stack.owner, "units": stack.units})


def _rot(state: WatchState, target: str) -> Event:
    owner, _, kind = state.improvements.pop(HEX_IDS.index(target))
    return Event("improvement_destroyed", {"at": target, "owner": owner, "kind": kind})


Pick = tuple[
    type[WatchAction], int, Callable[["WatchState"], list[str]], Callable[["WatchState", str], Event]
]
# Harrow effect -> (chance verb, how many picks, eligible targets, what a pick does)
HARROW_EFFECTS: dict[str, Pick] = {
    "blighted_earth": (Blight, 1, _grain_tiles, _to_desert),
    "ashen_wind": (Burn, 5, _roads, _burn),
    "great_desolation": (Blight, 1, _living_land, _to_desert),
    "cracked_seats": (Raze, 1, _settlements, _raze),
    "broken_crown": (Demote, 1, _cities, _demote),
    "black_lung": (Rout, 3, _stacks, _rout),
    "creeping_rot": (Rot, 1, _improvements, _rot),
}


def pick_actions(state: WatchState, effect: str) -> list[WatchAction]:
    verb, _, targets, _ = HARROW_EFFECTS[effect]
    return [make(verb, 0, target) for target in targets(state)]


def fire_harrow(state: WatchState, harrow: str) -> list[Event]:
    entry = state.catalog.harrows[harrow]
    state.decks["harrows"].put_under(harrow)
    state.last["harrow"] = {"card": harrow, "name": entry.name}
    _, times, _, _ = HARROW_EFFECTS[entry.effect]
    state.pending.insert(0, HarrowPick(entry.effect, times))
    return [Event("harrow", {"card": harrow, "name": entry.name})]


@dataclass(frozen=True, slots=True)
class DrawHarrow(ChanceWork):
    """The Harrow of a landfall, drawn for the table by the ruler whose turn closed the round."""

    name: ClassVar[str] = "harrow"

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        unseen = state.decks["harrows"].unseen.items()
        return [(supplied(Harrow, state.current, card), count) for card, count in unseen]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        state.decks["harrows"].take_unseen(action.words[0])
        return fire_harrow(state, action.words[0])

    def advance(self, state: WatchState) -> list[Event] | None:
        deck = state.decks["harrows"]
        if deck.needs_chance:
            return None
        state.pending.pop(0)
        if not len(deck):
            return []
        return fire_harrow(state, deck.take_known())


@dataclass(frozen=True, slots=True)
class HarrowPick(ChanceWork):
    """A Harrow strikes ``left`` more of its eligible targets, each picked by chance."""

    effect: str
    left: int
    name: ClassVar[str] = "pick"

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        return [(action, 1) for action in pick_actions(state, self.effect)]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        verb, _, targets, do = HARROW_EFFECTS[self.effect]
        target = action.words[0]
        if type(action) is not verb or target not in targets(state):
            raise IllegalAction(f"the Harrow cannot strike {target}")
        state.pending.pop(0)
        if self.left > 1:
            state.pending.insert(0, HarrowPick(self.effect, self.left - 1))
        return [do(state, target)]


# --- the defence --------------------------------------------------------------------------------


def committed(state: WatchState) -> list[int]:
    """Units in each ruler's active stacks (index 0 unused): the automatic commitment."""
    units = [0] * (state.players + 1)
    for stack in state.stacks.values():
        if stack.active:
            units[stack.owner] += stack.units
    return units


def resolve_landfall(state: WatchState) -> list[Event]:
    strength = sum(state.cities[1:])
    units = committed(state)
    defence = sum(units)
    seats = range(1, state.players + 1)
    report: dict[str, object] = {"strength": strength, "defence": defence, "committed": units[1:]}
    if defence >= strength:
        report["result"] = "held"
        most = max(units[1:])
        leaders = [seat for seat in seats if units[seat] == most]
        if most == 0:
            report["honoured"] = []  # ruling P-29: nobody is honoured for standing nowhere
        elif len(leaders) == 1:
            state.honours[leaders[0]] += 1
            report["honoured"] = leaders
        else:
            report["free_card"] = leaders
            for offset, seat in enumerate(leaders):
                state.pending.insert(offset, ChooseDeck(seat))
    else:
        state.breaks += 1
        report["result"] = "broke"
        fewest = min(units[1:])
        losers = [seat for seat in seats if units[seat] == fewest]
        report["forfeit"] = losers
        position = 0
        for seat in losers:
            if state.cities[seat]:
                state.pending.insert(position, ForfeitCity(seat))
                position += 1
    state.last["landfall"] = report
    return [Event("landfall", report)]


def forfeit_choices(state: WatchState, seat: int) -> list[int]:
    return [p for p in state.points_of(seat) if state.piece_kind[p] == CITY]


@dataclass(frozen=True, slots=True)
class ForfeitCity(Decision):
    """The wall broke and ruler ``seat`` stood thinnest on it: one of their cities falls."""

    name: ClassVar[str] = "forfeit"
    first: ClassVar[str] = "the wall broke: forfeit one of your cities first"

    def choices(self, state: WatchState) -> list[WatchAction]:
        return [make(Forfeit, self.seat, POINT_IDS[p]) for p in forfeit_choices(state, self.seat)]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> str | None:
        if type(action) is not Forfeit:
            return None
        return f"{action.words[0]} is not one of your cities: forfeit one of your own"

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        point = action.point()
        if point not in forfeit_choices(state, action.seat):
            raise IllegalAction("you must forfeit one of your own cities")
        state.pending.pop(0)
        fate = demote_city(state, point)
        report = {"at": POINT_IDS[point], "owner": action.seat, "fate": fate, "why": "forfeit"}
        return [Event("city_fell", report)]


@dataclass(frozen=True, slots=True)
class ChooseDeck(Decision):
    """The wall held and ruler ``seat`` tied for the most committed: the deck of their free card."""

    name: ClassVar[str] = "choose"
    first: ClassVar[str] = "choose the deck of your free card first"

    def choices(self, state: WatchState) -> list[WatchAction]:
        decks = state.decks
        return [make(Choose, self.seat, deck) for deck in FREE_CARD_DECKS if len(decks[deck])]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> str | None:
        if type(action) is not Choose:
            return None
        return f"the {action.words[0].title()} deck is empty: choose another"

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        deck = action.words[0]
        if not len(state.decks[deck]):
            raise IllegalAction(f"the {deck.title()} deck is empty")
        state.pending[0] = DealCard(deck, action.seat)
        return [Event("free_card", {"seat": action.seat, "deck": deck})]


@dataclass(frozen=True, slots=True)
class Landfall(Step):
    """The Horde lands: the active armies commit against its strength."""

    def run(self, state: WatchState) -> list[Event]:
        return resolve_landfall(state)


@dataclass(frozen=True, slots=True)
class LandfallEnd(Step):
    """After the landfall and whatever it asked of the rulers: the armies stand down."""

    def run(self, state: WatchState) -> list[Event]:
        return end_landfall(state)


def end_landfall(state: WatchState) -> list[Event]:
    """Every committed army deactivates; the track resets; the third break ruins the Watch."""
    for stack in state.stacks.values():
        stack.active = False
    state.moons = MOONS
    state.landfalls += 1
    if state.breaks >= BREAKS_TO_RUIN:
        state.finish("pyrrhic", "Ulgareth broke the wall three times: the Watch ends in pyrrhic ruin")
    return []
