"""One Watch in progress: the board, the treasuries, hands and decks, alliances, the Horde, and who
acts next. A thin state: the rules live in rules/, one module per chapter of the book.

Work that the rules queue up (a card to deal, a Harrow to resolve, a ruler who must give back a
card or forfeit a city, the round's close) waits in ``pending``, first item first, as typed values
(rules/work.py): each says who acts on it, what may be chosen and how it resolves.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import Any

from console.games.core import (
    CHANCE,
    JSON,
    Action,
    CardInPlay,
    Event,
    Game,
    Outcome,
    Rule,
    Seat,
    State,
)
from console.games.watch import actions as act
from console.games.watch.actions import Say, WatchAction
from console.games.watch.catalog import Catalog
from console.games.watch.refusal import refused
from console.games.watch.rules import alliances, building, chronicle, combat, founding, horde, network, turn
from console.games.watch.rules.board import TOPOLOGY, buildable, road_allowed
from console.games.watch.rules.combat import Stack
from console.games.watch.rules.decks import Deck
from console.games.watch.rules.work import ChanceWork, Decision, Work
from console.i18n.said import say

POINTS = len(TOPOLOGY.point_ids)
EDGES = len(TOPOLOGY.edge_ids)


def _queued(deed: Callable[[WatchState, Any], list[Event]]) -> Rule:
    """The rule of an action class, in the order the Watch settles things: chance's action is an
    outcome of the chance work at the head of the queue; a ruler's answers the decision waiting
    there, else takes the founding's step, and is ``deed``, a deed of the turn, only when neither
    waits. Then the queue advances until someone must act."""

    def apply(state: WatchState, action: WatchAction) -> list[Event]:
        listed, state.listed_outcomes = state.listed_outcomes, None
        if action.seat == CHANCE:
            work = state._chance_work()
            outcomes = state._outcomes(work, listed)
            if action not in [outcome for outcome, _ in outcomes]:  # a list: no hashing
                why = work.refusal(state, action)
                raise refused(
                    say("%(action)s is not a possible outcome now: %(why)s", action=str(action), why=why)
                )
            events = work.resolve(state, action)
        elif state.pending:
            events = state._decision().decide(state, action)
        elif state.founding_step < len(state.founding):
            events = founding.apply(state, action)
        else:
            events = deed(state, action)
        return events + state._advance()

    return apply


def _heard(rule: Callable[[WatchState, Any], list[Event]]) -> Rule:
    """The rule of an action heard whoever is to act (``Action.out_of_turn``): no queue to settle."""

    def apply(state: WatchState, action: WatchAction) -> list[Event]:
        state.listed_outcomes = None
        return rule(state, action)

    return apply


# Actions that are never a deed of the turn: answers to a queued decision, and chance's outcomes.
_ANSWER = _queued(turn.not_a_deed)
# The dispatch table: the rule of each class of action (the base _apply reads it).
RULES: dict[type[Action], Rule] = {
    # The deeds of a ruler's turn (the founding and queued work are settled first).
    act.Settle: _queued(building.do_settle),
    act.City: _queued(building.do_city),
    act.Road: _queued(building.do_road),
    act.Recruit: _queued(building.do_recruit),
    act.Activate: _queued(building.do_activate),
    act.Walls: _queued(building.do_walls),
    act.Improve: _queued(building.do_improve),
    act.Exchange: _queued(building.do_exchange),
    act.Move: _queued(combat.do_move),
    act.Strike: _queued(combat.do_strike),
    act.Offer: _queued(alliances.do_offer),
    act.Break: _queued(alliances.do_break),
    act.Draw: _queued(chronicle.do_draw),
    act.Play: _queued(chronicle.do_play),
    act.Reveal: _queued(chronicle.do_reveal),
    act.Declare: _queued(turn.declare),
    act.End: _queued(turn.end_turn),
    **dict.fromkeys((act.Accept, act.Decline, act.Return, act.Choose, act.Forfeit), _ANSWER),
    **dict.fromkeys(act.CHANCE_VERBS.values(), _ANSWER),
    # Heard whoever is to act: a line on an alliance's channel (ruling R-3).
    Say: _heard(alliances.do_say),
}


class WatchState(State):
    """The position of one Watch; the base ``_apply`` hands each action to its rule in ``RULES``."""

    rules = RULES

    def __init__(
        self,
        game: Game,
        players: int,
        options: Mapping[str, Any],
        catalog: Catalog,
        tiles: list[str],
        decks: dict[str, Deck],
        banners: list[tuple[str, str]],
    ) -> None:
        self.game = game
        self.players = players
        self.options = dict(options)
        self.catalog = catalog
        self.banners = banners  # (people, colour) by seat - 1
        self.tiles = tiles
        self.piece_owner = [0] * POINTS
        self.piece_kind = [0] * POINTS
        self.walls = [False] * POINTS
        self.road_owner = [0] * EDGES
        # Indexes kept in step with piece_owner and road_owner (place_piece, remove_piece, set_road),
        # ascending, so the hot rules need not scan the board: each ruler's pieces and roads.
        self.owned: list[list[int]] = [[] for _ in range(players + 1)]
        self.roads_of: list[list[int]] = [[] for _ in range(players + 1)]
        # Water never changes (only land turns desert), so where roads and pieces may go is fixed.
        self.road_land = tuple(road_allowed(tiles, edge) for edge in range(EDGES))
        self.point_land = tuple(buildable(tiles, point) for point in range(POINTS))
        # By seat, what only pieces and roads decide (rules/network.py): the edges a road may take,
        # and the sites a settlement may take but for armies. A copy shares them until either board
        # changes (board_changed replaces them), so an entry any sharer adds holds for all.
        self.open_edges: dict[int, tuple[int, ...]] = {}
        self.open_sites: dict[int, tuple[int, ...]] = {}
        # Where a stack may march (network.reachable), by all but the board: kept the same way.
        self.marches: dict[tuple[Any, ...], tuple[int, ...]] = {}
        self.stacks: dict[int, Stack] = {}
        self.improvements: dict[int, tuple[int, int, str]] = {}  # hex -> (owner, city point, kind)
        self.settlements = [0] * (players + 1)
        self.cities = [0] * (players + 1)
        self.stores = [[0, 0, 0, 0] for _ in range(players + 1)]
        self.hands: list[list[str]] = [[] for _ in range(players + 1)]
        self.revealed: list[list[str]] = [[] for _ in range(players + 1)]
        self.honours = [0] * (players + 1)
        self.decks = decks
        self.alliances: dict[tuple[int, int], alliances.Alliance] = {}
        self.archives: list[alliances.Archive] = []
        self.pariahs: set[int] = set()
        self.warpath = 0
        # Each ruler's Warpath length, and what the last search of their roads found before a grown
        # network kept its old length (rules/network.py): while the two agree, measuring again changes
        # nothing. Networks that grew wait in ``unsearched``; until they are searched, ``lengths`` and
        # ``measured`` are out of date: read them as ``road_lengths`` and ``road_measured``.
        self.lengths = [0] * (players + 1)
        self.measured = [0] * (players + 1)
        self.unsearched: list[list[network.Grown]] = [[] for _ in range(players + 1)]
        self.round = 0
        self.current = 1
        self.founding = founding.founding_order(players)
        self.founding_step = 0
        self.last_placed = -1
        self.pending: list[Work] = []
        self.moons = horde.MOONS
        self.breaks = 0
        self.landfalls = 0
        self.unrest: set[int] = set()
        self.offered: set[int] = set()
        self.result: Outcome | None = None
        self.last: dict[str, Any] = {}
        # The chance outcomes last listed (by the queue's advance, or chance_outcomes), with the work
        # they were listed for: what follows samples or checks them instead of listing them again.
        # Any action forgets them, and a copy starts without them.
        self.listed_outcomes: tuple[Work, list[tuple[WatchAction, int]]] | None = None

    # --- copying ------------------------------------------------------------------------------

    def copy(self) -> WatchState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.options = dict(self.options)
        other.tiles = list(self.tiles)
        other.piece_owner = list(self.piece_owner)
        other.piece_kind = list(self.piece_kind)
        other.walls = list(self.walls)
        other.road_owner = list(self.road_owner)
        other.owned = [list(points) for points in self.owned]
        other.roads_of = [list(edges) for edges in self.roads_of]
        other.stacks = {point: stack.copy() for point, stack in self.stacks.items()}
        other.improvements = dict(self.improvements)
        other.settlements = list(self.settlements)
        other.cities = list(self.cities)
        other.stores = [list(stores) for stores in self.stores]
        other.hands = [list(hand) for hand in self.hands]
        other.revealed = [list(cards) for cards in self.revealed]
        other.honours = list(self.honours)
        other.decks = {name: deck.copy() for name, deck in self.decks.items()}
        other.alliances = {pair: alliance.copy() for pair, alliance in self.alliances.items()}
        other.archives = list(self.archives)
        other.pariahs = set(self.pariahs)
        other.lengths = list(self.lengths)
        other.measured = list(self.measured)
        other.unsearched = [list(grown) for grown in self.unsearched]  # its items are frozen values
        other.pending = list(self.pending)  # its items are frozen values: sharing them is safe
        other.unrest = set(self.unrest)
        other.offered = set(self.offered)
        other.last = dict(self.last)
        other.listed_outcomes = None  # a copy may be re-dealt (determinize) before it acts
        return other

    # --- queries the rule modules share ----------------------------------------------------------

    def points_of(self, seat: int) -> list[int]:
        """The intersections of ``seat``'s settlements and cities, ascending."""
        return list(self.owned[seat])

    def set_road(self, edge: int, owner: int) -> None:
        """Lay ``owner``'s road on ``edge``, or clear it (owner 0); the caller measures the Warpath."""
        old = self.road_owner[edge]
        if old == owner:
            return
        if old:
            self.roads_of[old].remove(edge)
        if owner:
            insort(self.roads_of[owner], edge)
        self.road_owner[edge] = owner
        if old or not owner:
            self.board_changed()
        else:
            network.road_laid(self, edge, owner)

    def board_changed(self) -> None:
        """A road or piece came or went: where roads and settlements may go is found again."""
        # New dicts, never cleared ones: copies share them (copy-on-write) while their boards agree.
        self.open_edges = {}
        self.open_sites = {}
        self.marches = {}

    def friends(self, seat: int) -> frozenset[int]:
        """The ruler and their allies: whose roads they march on, whom they may not strike."""
        allied = [other for pair in self.alliances for other in pair if seat in pair]
        return frozenset((seat, *allied))

    def roads_changed(self, *seats: int, grew: bool = False) -> None:
        """Roads or pieces changed: measure again the roads of ``seats`` (everyone's if none named);
        ``grew``: only roads were added, so no run got shorter."""
        network.update_warpath(self, seats, grew)

    @property
    def road_lengths(self) -> list[int]:
        """Each ruler's Warpath length, by seat (every grown network searched first)."""
        self._search_grown()
        return self.lengths

    @property
    def road_measured(self) -> list[int]:
        """What the last search of each ruler's roads found, by seat."""
        self._search_grown()
        return self.measured

    def _search_grown(self) -> None:
        for seat in range(1, self.players + 1):
            network.search_grown(self, seat)

    def piece_changed(self, point: int, owner: int) -> None:
        """A piece appeared or vanished at ``point``: it may join or cut the roads that meet there."""
        # Only another ruler's piece cuts a road; one's own never does. A cut where a ruler has one
        # road only ends a run that ends there anyway: the search would find what it found before.
        touching = [self.road_owner[edge] for edge in TOPOLOGY.point_edges[point]]
        lengths, measured, unsearched = self.lengths, self.measured, self.unsearched
        owners = {
            seat
            for seat in touching
            if seat
            and seat != owner
            and (touching.count(seat) > 1 or lengths[seat] != measured[seat] or unsearched[seat])
        }
        if owners:
            network.update_warpath(self, tuple(sorted(owners)))

    def vp(self, seat: int) -> int:
        """Visible victory points: pieces, trophies, revealed hidden cards, Horde honours."""
        return (
            self.settlements[seat]
            + 2 * self.cities[seat]
            + (network.WARPATH_VP if self.warpath == seat else 0)
            + (alliances.TROPHY_VP * alliances.trophies(self, seat) if self.alliances else 0)
            + len(self.revealed[seat])
            + self.honours[seat]
        )

    @property
    def phase(self) -> str:
        if self.result is not None:
            return "over"
        return "founding" if self.founding_step < len(self.founding) else "play"

    def finish(self, kind: str, reason: str, winners: Iterable[int] | None = None) -> None:
        scores = tuple(float(self.vp(seat)) for seat in range(1, self.players + 1))
        if winners is None:
            best = max(scores)
            winners = [seat for seat in range(1, self.players + 1) if scores[seat - 1] == best]
        self.result = Outcome(tuple(winners), scores, reason)
        self.last["end"] = kind
        self.pending.clear()

    # --- the contract -------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        return self.result

    @property
    def to_act(self) -> tuple[Seat, ...]:
        if self.result is not None:
            return ()
        if self.pending:
            return ALONE[self.pending[0].actor()]
        if self.founding_step < len(self.founding):
            return ALONE[self.founding[self.founding_step][0]]
        return ALONE[self.current]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        actions: list[WatchAction]
        if seat == CHANCE:
            actions = [action for action, _ in self._chance_work().outcomes(self)]
        elif self.pending:
            actions = self._decision().choices(self)
        elif self.founding_step < len(self.founding):
            actions = founding.legal(self, seat)
        else:
            actions = turn.legal(self, seat)
        actions.sort(key=TEXT)
        return list(actions)

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        if self.to_act != (CHANCE,):
            return []
        work = self._chance_work()
        outcomes = self._outcomes(work, self.listed_outcomes)
        outcomes.sort(key=lambda pair: pair[0].text)
        self.listed_outcomes = (work, outcomes)
        return list(outcomes)

    def _outcomes(
        self, work: ChanceWork, listed: tuple[Work, list[tuple[WatchAction, int]]] | None
    ) -> list[tuple[WatchAction, int]]:
        """``work``'s outcomes: the ones ``listed`` for it, or listed now."""
        return listed[1] if listed is not None and listed[0] is work else work.outcomes(self)

    def _advance(self) -> list[Event]:
        """Settle what needs nobody, head of the queue first, until someone must act."""
        events: list[Event] = []
        while self.pending and self.result is None:
            settled = self.pending[0].advance(self)
            if settled is None:
                break
            events += settled
        return events

    def _chance_work(self) -> ChanceWork:
        work = self.pending[0]
        assert isinstance(work, ChanceWork), work
        return work

    def _decision(self) -> Decision:
        work = self.pending[0]
        assert isinstance(work, Decision), work
        return work

    # --- views and secrets ----------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        from console.games.watch.view import build_view

        return build_view(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> WatchState:
        """Others' hands and the decks re-dealt, unreadable channels emptied (rules/hidden.py)."""
        from console.games.watch.rules.hidden import determinize

        return determinize(self, seat, rng)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        from console.games.watch.view import hidden_strings

        return hidden_strings(self, seat)

    def private_strings(self) -> dict[str, frozenset[int]]:
        from console.games.watch.view import private_strings

        return private_strings(self)

    # --- a physical table (physical.py) ------------------------------------------------------------

    def cards_in_play(self) -> list[CardInPlay]:
        from console.games.watch.physical import cards_in_play

        return cards_in_play(self)

    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        from console.games.watch.physical import cards_in_hand

        return cards_in_hand(self, seat)


TEXT = attrgetter("text")  # the sort key of legal actions: their notation
ALONE = tuple((seat,) for seat in range(act.MAX_SEAT + 1))  # to_act of one seat, made once: asked often
