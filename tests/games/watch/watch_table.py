"""A test bench for the Watch: a table on the reference layout, already founded, with helpers to
arrange pieces, stores and hands directly and to check that refused actions change nothing.
Imported by the tests of this folder as ``tests.games.watch.watch_table``.

The founding of ``Table`` (reference layout; see the map in console/games/watch/rules/board.py):
seat 1 city i14 (gold, stone, wood) + road i14-i19, settlement i18 (grain, stone, grain) + road i18-i24;
seat 2 city i26 (grain, grain, stone) + road i26-i21, settlement i35 (grain, wood, wood) + road i35-i30;
seat 3 (if any) city i41 (wood, stone, gold) + road i41-i46, settlement i8 (wood, grain) + road i8-i12;
seat 4 (if any) city i42 (stone, stone, grain) + road i42-i47, settlement i22 (stone, sea) + road i22-i28.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from console.games.core import CHANCE, Event, IllegalAction
from console.games.watch import GAME
from console.games.watch.rules.board import EDGE_INDEX, POINT_INDEX, TOPOLOGY
from console.games.watch.rules.combat import Stack
from console.games.watch.state import WatchState

CITIES = {1: ("i14", "i19"), 2: ("i26", "i21"), 3: ("i41", "i46"), 4: ("i42", "i47")}
SETTLEMENTS = {1: ("i18", "i24"), 2: ("i35", "i30"), 3: ("i8", "i12"), 4: ("i22", "i28")}
RES = ("grain", "wood", "stone", "gold")


def edge(a: str, b: str) -> str:
    """The id of the edge between two intersections."""
    pa, pb = POINT_INDEX[a], POINT_INDEX[b]
    for index, ends in enumerate(TOPOLOGY.edge_points):
        if set(ends) == {pa, pb}:
            return TOPOLOGY.edge_ids[index]
    raise AssertionError(f"{a} and {b} are not neighbours")


def founding_actions(players: int) -> list[str]:
    actions = []
    for seat in range(1, players + 1):
        city, to = CITIES[seat]
        actions += [f"{seat}:city {city}", f"{seat}:road {edge(city, to)}"]
    for seat in range(players, 0, -1):
        settlement, to = SETTLEMENTS[seat]
        actions += [f"{seat}:settle {settlement}", f"{seat}:road {edge(settlement, to)}"]
    return actions


class Table:
    """A Watch under test: apply notation, arrange pieces and stores directly, check refusals."""

    def __init__(
        self,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Any, Sequence[str]] | None = None,
        found: bool = True,
    ) -> None:
        merged = {"layout": "reference", "max_rounds": 0, **(options or {})}
        self.state: WatchState = GAME.new(players, 7, merged, decks)  # type: ignore[assignment]
        if found:
            self.do(*founding_actions(players))

    def do(self, *texts: str) -> list[Event]:
        events: list[Event] = []
        for text in texts:
            events += self.state.apply(GAME.parse_action(text))
        return events

    def refuse(self, text: str, reason: str) -> str:
        """The action is refused with ``reason`` in its message, and nothing changes."""
        before = [self.state.view(seat) for seat in (None, *range(1, self.state.players + 1))]
        try:
            self.state.apply(GAME.parse_action(text))
        except IllegalAction as error:
            message = str(error)
        else:
            raise AssertionError(f"{text} was accepted")
        after = [self.state.view(seat) for seat in (None, *range(1, self.state.players + 1))]
        assert after == before, f"refusing {text} changed the state"
        assert reason in message, message
        return message

    def legal(self, seat: int | None = None) -> list[str]:
        seat = self.state.to_act[0] if seat is None else seat
        return [str(action) for action in self.state.legal_actions(seat)]

    def give(self, seat: int, **amounts: int) -> None:
        for name, amount in amounts.items():
            self.state.stores[seat][RES.index(name)] = amount

    def stores(self, seat: int) -> dict[str, int]:
        return dict(zip(RES, self.state.stores[seat], strict=True))

    def empty(self, seat: int) -> None:
        self.state.stores[seat] = [0, 0, 0, 0]

    def army(self, seat: int, at: str, units: int, active: bool = False) -> Stack:
        stack = Stack(seat, units, active)
        self.state.stacks[POINT_INDEX[at]] = stack
        return stack

    def stack(self, at: str) -> Stack | None:
        return self.state.stacks.get(POINT_INDEX[at])

    def stack_at(self, at: str) -> Stack:
        """The stack at ``at``, which must be there."""
        stack = self.stack(at)
        assert stack is not None, f"no stack at {at}"
        return stack

    def road(self, seat: int, a: str, b: str) -> None:
        self.state.set_road(EDGE_INDEX[edge(a, b)], seat)
        self.state.roads_changed()

    def piece(self, at: str) -> tuple[int, int]:
        point = POINT_INDEX[at]
        return self.state.piece_owner[point], self.state.piece_kind[point]

    def hand(self, seat: int, *cards: str) -> None:
        """Put cards straight into a hand (taken out of their decks' unseen cards)."""
        for card in cards:
            deck = self.state.decks[self.state.catalog.cards[card].deck]
            deck.take_unseen(card)
            self.state.hands[seat].append(card)

    def end_turns(self, count: int) -> None:
        for _ in range(count):
            self.do(f"{self.state.to_act[0]}:end")

    def chance(self, text: str) -> None:
        assert self.state.to_act == (CHANCE,), f"chance is not to act: {self.state.to_act}"
        self.do(text)
