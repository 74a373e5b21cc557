"""One Watch in progress: the board, the treasuries, hands and decks, alliances, the Horde, and the
turn machinery that says who acts next.

Work that the rules queue up (a card to deal, a Harrow to resolve, a ruler who must give back a
card or forfeit a city, the round close) waits in ``pending``, first item first. An item either
resolves itself, waits for chance, or waits for one ruler's decision; ``to_act`` reads its head.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Mapping
from operator import attrgetter
from typing import Any

from console.games.core import CHANCE, JSON, Action, Event, Game, IllegalAction, Outcome, Seat, State
from console.games.watch.actions import (
    Accept,
    Deal,
    Declare,
    Decline,
    End,
    Harrow,
    Lose,
    Return,
    Road,
    Say,
    Steal,
    Take,
    WatchAction,
    make,
    supplied,
)
from console.games.watch.rules import alliances, building, chronicle, combat, horde, network
from console.games.watch.rules.board import TOPOLOGY, buildable, road_allowed
from console.games.watch.rules.catalog import Catalog
from console.games.watch.rules.decks import Deck
from console.games.watch.rules.ledger import CITY, SETTLEMENT, place_piece, production, starting_resources

POINTS = len(TOPOLOGY.point_ids)
EDGES = len(TOPOLOGY.edge_ids)
RESOURCE_NAMES = ("grain", "wood", "stone", "gold")
TURN_HANDLERS = {**building.HANDLERS, **combat.HANDLERS, **alliances.HANDLERS, **chronicle.HANDLERS}
WARPATH_VP = 2
# Decisions that resolve themselves when only one choice exists (a ruler with one city forfeits it).
SELF_RESOLVING = frozenset({"forfeit", "choose", "return", "free_road"})
# Answers to a question nobody asked, in the table's words.
OUT_OF_PLACE = {
    "accept": "there is no offer of alliance for you to answer",
    "decline": "there is no offer of alliance for you to answer",
    "return": "your hand is within its limit of 3: there is nothing to give back",
    "choose": "a free card's deck is chosen only when a held wall ties for the most committed",
    "forfeit": "a city is forfeited only when the wall breaks and you stood thinnest on it",
}


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


def founding_order(players: int) -> list[tuple[int, str]]:
    """City then road in seat order, then settlement then road in reverse."""
    forward = [(seat, step) for seat in range(1, players + 1) for step in ("city", "road")]
    backward = [(seat, step) for seat in range(players, 0, -1) for step in ("settle", "road")]
    return forward + backward


class WatchState(State):
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
        self.road_lengths = [0] * (players + 1)
        self.round = 0
        self.current = 1
        self.founding = founding_order(players)
        self.founding_step = 0
        self.last_placed = -1
        self.pending: list[tuple[Any, ...]] = []
        self.moons = horde.MOONS
        self.breaks = 0
        self.landfalls = 0
        self.unrest: set[int] = set()
        self.offered: set[int] = set()
        self.result: Outcome | None = None
        self.last: dict[str, Any] = {}

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
        other.road_lengths = list(self.road_lengths)
        other.pending = list(self.pending)
        other.unrest = set(self.unrest)
        other.offered = set(self.offered)
        other.last = dict(self.last)
        return other

    # --- queries the rule modules share ----------------------------------------------------------

    def new_stack(self, owner: int, units: int) -> Stack:
        return Stack(owner, units)

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

    def friends(self, seat: int) -> frozenset[int]:
        """The ruler and their allies: whose roads they march on, whom they may not strike."""
        allied = [other for pair in self.alliances for other in pair if seat in pair]
        return frozenset((seat, *allied))

    def roads_changed(self, *seats: int, grew: bool = False) -> None:
        """Roads or pieces changed: measure again the roads of ``seats`` (everyone's if none named);
        ``grew``: only roads were added, so no run got shorter."""
        network.update_warpath(self, seats, grew)

    def piece_changed(self, point: int, owner: int) -> None:
        """A piece appeared or vanished at ``point``: it may join or cut the roads that meet there."""
        # Only another ruler's piece cuts a road; one's own never does.
        owners = {self.road_owner[edge] for edge in TOPOLOGY.point_edges[point]} - {0, owner}
        if owners:
            network.update_warpath(self, tuple(sorted(owners)))

    def vp(self, seat: int) -> int:
        """Visible victory points: pieces, trophies, revealed hidden cards, Horde honours."""
        return (
            self.settlements[seat]
            + 2 * self.cities[seat]
            + (WARPATH_VP if self.warpath == seat else 0)
            + alliances.TROPHY_VP * alliances.trophies(self, seat)
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
            head = self.pending[0]
            if head[0] in ("answer", "return", "free_road", "forfeit", "choose"):
                return (head[1],)
            return (CHANCE,)
        if self.founding_step < len(self.founding):
            return (self.founding[self.founding_step][0],)
        return (self.current,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        if seat == CHANCE:
            actions = [action for action, _ in self._chance_outcomes()]
        else:
            actions = self._seat_actions(seat)
        actions.sort(key=TEXT)
        return actions

    def _seat_actions(self, seat: int) -> list[WatchAction]:
        if self.pending:
            return self._decision_actions(self.pending[0])
        if self.founding_step < len(self.founding):
            return self._founding_actions(seat)
        actions = (
            building.legal(self, seat)
            + combat.legal(self, seat)
            + alliances.legal(self, seat)
            + chronicle.legal_draws(self, seat)
            + chronicle.legal_plays(self, seat)
            + chronicle.legal_reveals(self, seat)
        )
        if self.vp(seat) >= self.options["victory_points"]:
            actions.append(make(Declare, seat))
        actions.append(make(End, seat))
        return actions

    def _founding_actions(self, seat: int) -> list[WatchAction]:
        from console.games.watch.actions import City, Settle

        step = self.founding[self.founding_step][1]
        if step == "road":
            return [
                make(Road, seat, TOPOLOGY.edge_ids[e])
                for e in network.legal_road_edges(self, seat, founding_point=self.last_placed)
            ]
        verb = City if step == "city" else Settle
        return [
            make(verb, seat, TOPOLOGY.point_ids[p]) for p in network.legal_sites(self, seat, founding=True)
        ]

    def _decision_actions(self, item: tuple[Any, ...]) -> list[WatchAction]:
        kind, seat = item[0], item[1]
        if kind == "answer":
            return [make(Accept, seat), make(Decline, seat)]
        if kind == "return":
            return [make(Return, seat, card) for card in sorted(set(self.hands[seat]))]
        if kind == "free_road":
            return [make(Road, seat, TOPOLOGY.edge_ids[e]) for e in network.legal_road_edges(self, seat)]
        if kind == "forfeit":
            return horde.legal_forfeits(self, seat)
        return horde.legal_choices(self, seat)

    # --- chance ---------------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        if self.to_act != (CHANCE,):
            return []
        outcomes = self._chance_outcomes()
        outcomes.sort(key=lambda pair: pair[0].text)
        return list(outcomes)

    def _chance_outcomes(self) -> list[tuple[WatchAction, int]]:
        item = self.pending[0]
        kind = item[0]
        if kind == "deal":
            deck = item[1]
            unseen = self.decks[deck].unseen.items()
            return [(supplied(Deal, item[2], deck, card), count) for card, count in unseen]
        if kind == "harrow":
            return [
                (supplied(Harrow, self.current, card), count)
                for card, count in self.decks["harrows"].unseen.items()
            ]
        if kind == "pick":
            return [(action, 1) for action in horde.pick_actions(self, item[1])]
        if kind == "take":
            stores = self.stores[item[2]]
            return [
                (make(Take, CHANCE, str(item[2]), RESOURCE_NAMES[i]), stores[i])
                for i in range(4)
                if stores[i]
            ]
        if kind == "steal":
            hand = self.hands[item[2]]
            return [(supplied(Steal, item[1], card), hand.count(card)) for card in sorted(set(hand))]
        if kind == "lose":
            hand = self.hands[item[1]]
            return [(make(Lose, CHANCE, str(item[1]), card), hand.count(card)) for card in sorted(set(hand))]
        raise AssertionError(f"no chance outcomes for {kind}")

    # --- applying -------------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        if not isinstance(action, WatchAction):
            raise IllegalAction(f"{action} is not an action of the Watch")
        if action.seat == CHANCE:
            events = self._apply_chance(action)
        elif type(action) is Say:
            events = alliances.do_say(self, action)
        elif self.pending:
            events = self._apply_decision(action)
        elif self.founding_step < len(self.founding):
            events = self._apply_founding(action)
        else:
            events = self._apply_turn(action)
        return events + self._advance()

    def _apply_chance(self, action: WatchAction) -> list[Event]:
        outcomes = {a for a, _ in self._chance_outcomes()}
        if action not in outcomes:
            raise IllegalAction(f"{action} is not a possible outcome now")
        item = self.pending[0]
        kind = item[0]
        if kind == "pick":
            return horde.resolve_pick(self, action)
        self.pending.pop(0)
        if kind == "deal":
            self.decks[item[1]].take_unseen(action.words[1])
            return chronicle.give_card(self, item[2], action.words[1], "draw")
        if kind == "harrow":
            self.decks["harrows"].take_unseen(action.words[0])
            return horde.fire_harrow(self, action.words[0])
        if kind == "take":
            thief, victim, name = item[1], item[2], action.words[1]
            index = RESOURCE_NAMES.index(name)
            self.stores[victim][index] -= 1
            self.stores[thief][index] += 1
            return [Event("taken", {"seat": thief, "from": victim, "resource": name, "amount": 1})]
        if kind == "steal":
            thief, victim, card = item[1], item[2], action.words[0]
            self.hands[victim].remove(card)
            events = [Event("stolen", {"seat": thief, "from": victim})]
            events.append(
                Event(
                    "card",
                    {"seat": thief, "from": victim, "card": card, "how": "spy"},
                    audience=frozenset((thief, victim)),
                )
            )
            self.hands[thief].append(card)
            if len(self.hands[thief]) > 3:
                self.pending.insert(0, ("return", thief))
            return events
        victim, card = item[1], action.words[1]  # "lose": Black Plot
        chronicle.return_card(self, victim, card)
        if item[2] > 1 and self.hands[victim]:
            self.pending.insert(0, ("lose", victim, item[2] - 1))
        return [
            Event("card_lost", {"seat": victim, "deck": self.catalog.cards[card].deck}),
            Event("card", {"seat": victim, "card": card, "how": "black plot"}, audience=frozenset((victim,))),
        ]

    def _apply_decision(self, action: WatchAction) -> list[Event]:
        item = self.pending[0]
        if action not in self._decision_actions(item):
            raise IllegalAction(self._decision_reason(item, action))
        kind = item[0]
        if kind == "answer":
            return alliances.do_answer(self, action)
        if kind == "return":
            return chronicle.do_return(self, action)
        if kind == "free_road":
            self.pending.pop(0)
            if item[2] > 1:
                self.pending.insert(0, ("free_road", item[1], item[2] - 1))
            return building.do_road(self, action, free=True)
        if kind == "forfeit":
            return horde.do_forfeit(self, action)
        return horde.do_choose(self, action)

    def _decision_reason(self, item: tuple[Any, ...], action: WatchAction) -> str:
        """Why ``action`` does not settle the decision waiting: the wrong answer, or not an answer."""
        kind, seat = item[0], item[1]
        if kind == "return" and action.verb == "return":
            return "you hold no such card to give back"
        if kind == "free_road" and action.verb == "road":
            error = network.road_error(self, seat, action.edge())
            return f"{error} (your free road of Road Building)" if error else "place your free road first"
        if kind == "forfeit" and action.verb == "forfeit":
            return f"{action.words[0]} is not one of your cities: forfeit one of your own"
        if kind == "choose" and action.verb == "choose":
            return f"the {action.words[0].title()} deck is empty: choose another"
        return {
            "answer": "answer the offer of alliance first: accept or decline",
            "return": "your hand is over its limit of 3: return a card to the bottom of its deck first",
            "free_road": "place your free road (Road Building) first, on an edge your network reaches",
            "forfeit": "the wall broke: forfeit one of your cities first",
            "choose": "choose the deck of your free card first",
        }[item[0]]

    def _apply_founding(self, action: WatchAction) -> list[Event]:
        seat, step = self.founding[self.founding_step]
        wanted = {"city": "city", "settle": "settle", "road": "road"}[step]
        if action.verb != wanted:
            names = {"city": "a city", "settle": "a settlement", "road": "a road"}
            raise IllegalAction(f"the founding asks for {names[step]} now")
        if step == "road":
            edge = action.edge()
            error = network.road_error(self, seat, edge, founding_point=self.last_placed)
            if error:
                raise IllegalAction(error)
            self.set_road(edge, seat)
            self.roads_changed(seat, grew=True)
            events = [Event("founded", {"seat": seat, "work": "road", "at": action.words[0]})]
        else:
            point = action.point()
            error = network.site_error(self, seat, point, founding=True)
            if error:
                raise IllegalAction(error)
            place_piece(self, point, seat, CITY if step == "city" else SETTLEMENT)
            self.last_placed = point
            events = [
                Event(
                    "founded",
                    {"seat": seat, "work": "city" if step == "city" else "settlement", "at": action.words[0]},
                )
            ]
        self.founding_step += 1
        if self.founding_step == len(self.founding):
            for ruler in range(1, self.players + 1):
                self.stores[ruler] = starting_resources(self, ruler)
            self.round = 1
            self.current = 1
            events.append(Event("watch_begins", {"round": 1}))
        return events

    def _apply_turn(self, action: WatchAction) -> list[Event]:
        seat = action.seat
        if action.verb == "end":
            return self._end_turn()
        if action.verb == "declare":
            visible = self.vp(seat)
            target = self.options["victory_points"]
            if visible < target:
                raise IllegalAction(f"you have {visible} visible VP; a declaration needs {target}")
            self.finish("declared", f"ruler {seat} declared victory with {visible} VP", winners=(seat,))
            return [Event("victory", {"seat": seat, "vp": visible})]
        handler = TURN_HANDLERS.get(action.verb)
        if handler is None:
            raise IllegalAction(OUT_OF_PLACE.get(action.verb, f"{action.verb} is not a deed of your turn"))
        return handler(self, action)

    def _end_turn(self) -> list[Event]:
        seat = self.current
        for stack in self.stacks.values():
            if stack.owner == seat:
                stack.moved = stack.struck = False
                stack.held = False  # Intrigue lasts through the owner's next turn
        self.offered.clear()
        events = [Event("turn_ended", {"seat": seat})]
        if seat < self.players:
            self.current = seat + 1
            return events
        self.pending.append(("round_close",))
        return events

    # --- what resolves by itself ---------------------------------------------------------------------

    def _advance(self) -> list[Event]:
        events: list[Event] = []
        while self.pending and self.result is None:
            item = self.pending[0]
            kind = item[0]
            if kind in SELF_RESOLVING:
                choices = self._decision_actions(item)
                if not choices:
                    self.pending.pop(0)
                    continue
                if len(choices) == 1:
                    events += self._apply_decision(choices[0])
                    continue
                return events
            if kind == "answer":
                return events
            if kind in ("deal", "harrow"):
                deck = self.decks[item[1] if kind == "deal" else "harrows"]
                if deck.needs_chance:
                    return events
                self.pending.pop(0)
                if not len(deck):
                    continue
                card = deck.take_known()
                events += (
                    chronicle.give_card(self, item[2], card, "draw")
                    if kind == "deal"
                    else horde.fire_harrow(self, card)
                )
                continue
            if kind in ("pick", "take", "steal", "lose"):
                if self._chance_outcomes():
                    return events
                self.pending.pop(0)
                continue
            self.pending.pop(0)
            events += getattr(self, f"_step_{kind}")()
        return events

    def _step_round_close(self) -> list[Event]:
        """The wheel turns: production, alliance rounds, the moon, then activations expire."""
        events = []
        for seat in range(1, self.players + 1):
            gained = production(self, seat)
            for index in range(4):
                self.stores[seat][index] += gained[index]
            events.append(Event("produced", {"seat": seat, **dict(zip(RESOURCE_NAMES, gained, strict=True))}))
        self.unrest.clear()
        events += alliances.close_round(self)
        self.moons -= 1
        if self.moons == 0:
            self.pending[0:0] = [("harrow",), ("landfall",), ("landfall_end",)]
        self.pending.append(("round_end",))
        return events

    def _step_landfall(self) -> list[Event]:
        return horde.resolve_landfall(self)

    def _step_landfall_end(self) -> list[Event]:
        return horde.end_landfall(self)

    def _step_round_end(self) -> list[Event]:
        for stack in self.stacks.values():
            stack.active = False
        limit = self.options["max_rounds"]
        if limit and self.round >= limit:
            self.finish("time", f"the round limit ({limit}) was reached: the highest visible VP wins")
            return [Event("watch_ends", {"reason": "time"})]
        self.round += 1
        self.current = 1
        return [Event("round_begins", {"round": self.round})]

    # --- views and secrets ----------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        from console.games.watch.view import build_view

        return build_view(self, seat)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """The ids of cards in ``seat``'s hand that no other seat holds and nobody has shown."""
        shown = {card for other in range(1, self.players + 1) for card in self.revealed[other]}
        shown.update(
            card for other in range(1, self.players + 1) if other != seat for card in self.hands[other]
        )
        played = self.last.get("played")
        if played:
            shown.add(played["card"])
        return sorted(set(self.hands[seat]) - shown)

    def private_strings(self) -> dict[str, frozenset[int]]:
        """Every alliance message (open or sealed) with the only seats that may read it."""
        out: dict[str, frozenset[int]] = {}
        for alliance in self.alliances.values():
            for _, text in alliance.messages:
                out[text] = frozenset(alliance.pair)
        for archive in self.archives:
            for _, text in archive.messages:
                out[text] = frozenset(archive.pair)
        return out


TEXT = attrgetter("text")  # the sort key of legal actions: their notation
