"""The Great Chronicle: drawing, the hand limit, revealing hidden victory cards, and every card's
effect. Each effect is a pair: the targets it may take now (so a play is legal only with a real
target) and what it does. Random parts (a random resource, a random card) are chance actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction
from console.games.watch.actions import Draw, Play, Reveal, WatchAction, make
from console.games.watch.rules import alliances, building, network
from console.games.watch.rules.board import DESERT, TOPOLOGY, is_land
from console.games.watch.rules.ledger import (
    CITY,
    DRAW_PRICES,
    HAND_LIMIT,
    MAX_SETTLEMENTS,
    RESOURCE_INDEX,
    RESOURCE_NAMES,
    SETTLEMENT,
    STACK_CAP,
    Cost,
    affordable,
    pay,
    production,
    remove_piece,
    short_of,
)

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids
Args = tuple[str, ...]
Targets = Callable[["WatchState", int], list[Args]]
Effect = Callable[["WatchState", int, Args], list[Event]]


# --- drawing and the hand -----------------------------------------------------------------------


def legal_draws(state: WatchState, seat: int) -> list[WatchAction]:
    stores = state.stores[seat]
    decks = state.decks
    return [
        action
        for deck, payment, cost, action in draw_actions(seat)
        if decks[deck].size and affordable(stores, cost)
    ]


@cache
def draw_actions(seat: int) -> list[tuple[str, str, Cost, WatchAction]]:
    """Every draw ``seat`` might make: (deck, payment, price, action)."""
    return [
        (deck, payment, cost, make(Draw, seat, deck, payment))
        for deck, prices in DRAW_PRICES.items()
        for payment, cost in prices.items()
    ]


def do_draw(state: WatchState, action: WatchAction) -> list[Event]:
    seat, deck, payment = action.seat, action.words[0], action.words[1]
    if len(state.decks[deck]) == 0:
        raise IllegalAction(f"the {deck.title()} deck is empty: every card is in a hand or revealed")
    cost = DRAW_PRICES[deck][payment]
    if not affordable(state.stores[seat], cost):
        raise IllegalAction(short_of(state.stores[seat], cost, f"a {deck.title()} card ({payment})"))
    pay(state.stores[seat], cost)
    state.pending.insert(0, ("deal", deck, seat))
    return [Event("drew", {"seat": seat, "deck": deck, "paid": payment})]


def give_card(state: WatchState, seat: int, card: str, how: str) -> list[Event]:
    """A card enters ``seat``'s hand; a hand over the limit must give back its excess first."""
    state.hands[seat].append(card)
    if len(state.hands[seat]) > HAND_LIMIT and ("return", seat) not in state.pending[:1]:
        state.pending.insert(0, ("return", seat))
    return [
        Event("card", {"seat": seat, "card": card, "how": how}, audience=frozenset((seat,))),
        Event("card_gained", {"seat": seat, "how": how}),
    ]


def return_card(state: WatchState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.decks[state.catalog.cards[card].deck].put_under(card)


def do_return(state: WatchState, action: WatchAction) -> list[Event]:
    seat, card = action.seat, action.words[0]
    if card not in state.hands[seat]:
        raise IllegalAction("you hold no such card")
    state.pending.pop(0)
    return_card(state, seat, card)
    if len(state.hands[seat]) > HAND_LIMIT:
        state.pending.insert(0, ("return", seat))
    return [Event("returned", {"seat": seat, "deck": state.catalog.cards[card].deck})]


def legal_reveals(state: WatchState, seat: int) -> list[WatchAction]:
    cards = state.catalog.cards
    return [make(Reveal, seat, card) for card in sorted(set(state.hands[seat])) if cards[card].hidden_victory]


def do_reveal(state: WatchState, action: WatchAction) -> list[Event]:
    seat, card = action.seat, action.words[0]
    if card not in state.hands[seat]:
        raise IllegalAction("you hold no such card")
    if not state.catalog.cards[card].hidden_victory:
        raise IllegalAction("only a hidden victory card is revealed; other cards are played")
    state.hands[seat].remove(card)
    state.revealed[seat].append(card)
    return [Event("revealed", {"seat": seat, "card": card})]


# --- playing ------------------------------------------------------------------------------------


def legal_plays(state: WatchState, seat: int) -> list[WatchAction]:
    actions = []
    for card in sorted(set(state.hands[seat])):
        effect = state.catalog.cards[card].effect
        if effect == "hidden_victory":
            continue
        actions += [make(Play, seat, card, *args) for args in CARD_EFFECTS[effect][1](state, seat)]
    return actions


def do_play(state: WatchState, action: WatchAction) -> list[Event]:
    seat, card, args = action.seat, action.words[0], action.words[1:]
    if card not in state.hands[seat]:
        raise IllegalAction("you hold no such card")
    entry = state.catalog.cards[card]
    if entry.hidden_victory:
        raise IllegalAction(f"{entry.name} is a hidden victory card: reveal it on your turn to score it")
    _, targets, effect = CARD_EFFECTS[entry.effect]
    if args not in targets(state, seat):
        exact = REASONS.get(entry.effect)
        reason = exact(state, seat, args) if exact else None
        raise IllegalAction(reason or entry.needs or f"{entry.name} cannot be played so")
    state.hands[seat].remove(card)
    state.decks[entry.deck].put_under(card)
    state.last["played"] = {"seat": seat, "card": card, "name": entry.name, "args": list(args)}
    return [Event("played", {"seat": seat, "card": card, "args": list(args)}), *effect(state, seat, args)]


# --- targets shared by several cards ------------------------------------------------------------


def _opponents(state: WatchState, seat: int) -> list[int]:
    return [other for other in range(1, state.players + 1) if other != seat]


def _seat_args(state: WatchState, seat: int) -> list[Args]:
    return [(str(other),) for other in _opponents(state, seat)]


def _always(state: WatchState, seat: int) -> list[Args]:
    return [()]


def _own_inactive(state: WatchState, seat: int) -> list[int]:
    return sorted(p for p, stack in state.stacks.items() if stack.owner == seat and not stack.active)


# --- Warfare ------------------------------------------------------------------------------------


def _forge_targets(state: WatchState, seat: int) -> list[Args]:
    out = []
    for point in sorted(network.network(state, seat)):
        if state.piece_owner[point] not in (0, seat):
            continue
        stack = state.stacks.get(point)
        if stack is None or (stack.owner == seat and not stack.active and stack.units < STACK_CAP):
            out.append((POINT_IDS[point],))
    return out


def _forge(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = TOPOLOGY.point_ids.index(args[0])
    stack = building.add_unit(state, seat, point)
    return [Event("recruited", {"seat": seat, "at": args[0], "units": stack.units, "free": True})]


def _drill_targets(state: WatchState, seat: int) -> list[Args]:
    stacks = [POINT_IDS[p] for p in _own_inactive(state, seat)]
    return [(p,) for p in stacks] + list(combinations(stacks, 2))


def _activate_points(state: WatchState, seat: int, points: list[int]) -> list[Event]:
    for point in points:
        state.stacks[point].active = True
    return [Event("activated", {"seat": seat, "at": [POINT_IDS[p] for p in points], "paid": "card"})]


def _drill(state: WatchState, seat: int, args: Args) -> list[Event]:
    return _activate_points(state, seat, [POINT_IDS.index(word) for word in args])


def _burn_targets(state: WatchState, seat: int) -> list[Args]:
    return [(EDGE_IDS[e],) for e, owner in enumerate(state.road_owner) if owner]


def _burn(state: WatchState, seat: int, args: Args) -> list[Event]:
    edge = EDGE_IDS.index(args[0])
    owner = state.road_owner[edge]
    state.set_road(edge, 0)
    state.roads_changed(owner)
    return [Event("road_destroyed", {"at": args[0], "owner": owner})]


def _intrigue_targets(state: WatchState, seat: int) -> list[Args]:
    friends = state.friends(seat)
    return [
        (POINT_IDS[p],)
        for p, stack in sorted(state.stacks.items())
        if stack.owner not in friends and stack.active
    ]


def _intrigue(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.stacks[POINT_IDS.index(args[0])].held = True
    return [Event("held", {"at": args[0]})]


def _torch_targets(state: WatchState, seat: int) -> list[Args]:
    return [(HEX_IDS[h],) for h, (owner, _, _) in sorted(state.improvements.items()) if owner != seat]


def _torch(state: WatchState, seat: int, args: Args) -> list[Event]:
    owner, _, kind = state.improvements.pop(HEX_IDS.index(args[0]))
    return [Event("improvement_destroyed", {"at": args[0], "owner": owner, "kind": kind})]


def _decimation_targets(state: WatchState, seat: int) -> list[Args]:
    return [(POINT_IDS[p],) for p, stack in sorted(state.stacks.items()) if stack.owner != seat]


def _decimation(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    stack = state.stacks[point]
    stack.units -= 2
    if stack.units <= 0:
        del state.stacks[point]
    return [Event("decimated", {"at": args[0], "owner": stack.owner, "left": max(stack.units, 0)})]


def _call_targets(state: WatchState, seat: int) -> list[Args]:
    return [()] if _own_inactive(state, seat) else []


def _call(state: WatchState, seat: int, args: Args) -> list[Event]:
    return _activate_points(state, seat, _own_inactive(state, seat))


def _turncoat_targets(state: WatchState, seat: int) -> list[Args]:
    friends = state.friends(seat)
    sources = [p for p, s in sorted(state.stacks.items()) if s.owner not in friends and s.active]
    receivers = [p for p, s in sorted(state.stacks.items()) if s.owner == seat and s.units < STACK_CAP]
    return [(POINT_IDS[a], POINT_IDS[b]) for a in sources for b in receivers]


def _turncoat(state: WatchState, seat: int, args: Args) -> list[Event]:
    source, receiver = POINT_IDS.index(args[0]), POINT_IDS.index(args[1])
    stack = state.stacks[source]
    stack.units -= 1
    if stack.units == 0:
        del state.stacks[source]
    state.stacks[receiver].units += 1
    return [Event("turncoat", {"from": args[0], "to": args[1], "owner": stack.owner})]


def _salt_targets(state: WatchState, seat: int) -> list[Args]:
    return [
        (HEX_IDS[h],) for h in range(TOPOLOGY.island) if is_land(state.tiles[h]) and state.tiles[h] != DESERT
    ]


def _salt(state: WatchState, seat: int, args: Args) -> list[Event]:
    hex_index = HEX_IDS.index(args[0])
    was = state.tiles[hex_index]
    state.tiles[hex_index] = DESERT
    return [Event("desert", {"at": args[0], "was": was})]


# --- Growth -------------------------------------------------------------------------------------


def _road_building_targets(state: WatchState, seat: int) -> list[Args]:
    return [()] if network.legal_road_edges(state, seat) else []


def _road_building(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.pending.insert(0, ("free_road", seat, 2))
    return []


def _unfair_trade(state: WatchState, seat: int, args: Args) -> list[Event]:
    for offset, victim in enumerate(_opponents(state, seat)):
        state.pending.insert(offset, ("take", seat, victim))
    return []


def _mason_targets(state: WatchState, seat: int) -> list[Args]:
    out = []
    for point in state.points_of(seat):
        if state.piece_kind[point] != CITY:
            continue
        for hex_index in TOPOLOGY.point_hexes[point]:
            if building.improvement_error(state, seat, hex_index, point) is None:
                out.append((HEX_IDS[hex_index], POINT_IDS[point]))
    return sorted(out)


def _mason(state: WatchState, seat: int, args: Args) -> list[Event]:
    from console.games.watch.actions import Improve

    return building.do_improve(state, make(Improve, seat, *args), free=True)


def _gold_rush(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.stores[seat][3] += 2
    return [Event("gained", {"seat": seat, "gold": 2})]


def _bumper_crop(state: WatchState, seat: int, args: Args) -> list[Event]:
    gained = production(state, seat)
    for index in range(4):
        state.stores[seat][index] += gained[index]
    return [Event("gained", {"seat": seat, **dict(zip(RESOURCE_NAMES, gained, strict=True))})]


def crowns_due_victims(state: WatchState, seat: int) -> list[int]:
    opponents = _opponents(state, seat)
    best = max(state.vp(other) for other in opponents)
    return [other for other in opponents if state.vp(other) == best]


def _crowns_targets(state: WatchState, seat: int) -> list[Args]:
    out: list[Args] = []
    for victim in crowns_due_victims(state, seat):
        stores = state.stores[victim]
        size = min(4, sum(stores))
        for combo in combinations_with_replacement(range(4), size):
            if all(combo.count(index) <= stores[index] for index in range(4)):
                out.append((str(victim), *(RESOURCE_NAMES[index] for index in combo)))
    return out


def _crowns_reason(state: WatchState, seat: int, args: Args) -> str | None:
    victims = crowns_due_victims(state, seat)
    victim = int(args[0])
    if victim not in victims:
        named = " or ".join(f"ruler {other}" for other in victims)
        return f"Crown's Due takes from the opponent with the most VP: {named} ({state.vp(victims[0])} VP)"
    held = sum(state.stores[victim])
    if len(args) - 1 != min(4, held):
        if held >= 4:
            return f"Crown's Due takes exactly 4 of ruler {victim}'s resources"
        return f"Crown's Due takes all {held} resources ruler {victim} holds (fewer than 4)"
    return f"ruler {victim} does not hold the resources named"


def _crowns(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    for name in args[1:]:
        state.stores[victim][RESOURCE_INDEX[name]] -= 1
        state.stores[seat][RESOURCE_INDEX[name]] += 1
    return [Event("taken", {"seat": seat, "from": victim, "resources": list(args[1:])})]


def _pioneer_targets(state: WatchState, seat: int) -> list[Args]:
    if state.settlements[seat] >= MAX_SETTLEMENTS:
        return []
    return [(POINT_IDS[p],) for p in network.legal_sites(state, seat, founding=False)]


def _pioneer(state: WatchState, seat: int, args: Args) -> list[Event]:
    from console.games.watch.actions import Settle

    return building.do_settle(state, make(Settle, seat, args[0]), free=True)


def _empire_targets(state: WatchState, seat: int) -> list[Args]:
    return [(name,) for name in RESOURCE_NAMES]


def _empire(state: WatchState, seat: int, args: Args) -> list[Event]:
    index = RESOURCE_INDEX[args[0]]
    total = 0
    for victim in _opponents(state, seat):
        total += state.stores[victim][index]
        state.stores[victim][index] = 0
    state.stores[seat][index] += total
    return [Event("taken", {"seat": seat, "from": "every opponent", "resource": args[0], "amount": total})]


def _collapse(state: WatchState, seat: int, args: Args) -> list[Event]:
    for victim in _opponents(state, seat):
        state.stores[victim] = [amount // 2 for amount in state.stores[victim]]
    return [Event("collapse", {"seat": seat})]


# --- Politics -----------------------------------------------------------------------------------


def _favor_targets(state: WatchState, seat: int) -> list[Args]:
    return [(str(other), name) for other in _opponents(state, seat) for name in RESOURCE_NAMES]


def _favor(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim, index = int(args[0]), RESOURCE_INDEX[args[1]]
    amount = min(4, state.stores[victim][index])
    state.stores[victim][index] -= amount
    state.stores[seat][index] += amount
    return [Event("taken", {"seat": seat, "from": victim, "resource": args[1], "amount": amount})]


def _spy(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.pending.insert(0, ("steal", seat, int(args[0])))
    return []


def _unrest_targets(state: WatchState, seat: int) -> list[Args]:
    return [(POINT_IDS[p],) for p, owner in enumerate(state.piece_owner) if owner and owner != seat]


def _unrest(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.unrest.add(POINT_IDS.index(args[0]))
    return [Event("unrest", {"at": args[0]})]


def _bribe(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    for stack in state.stacks.values():
        if stack.owner == victim:
            stack.active = False
    return [Event("deactivated", {"seat": victim})]


def _treason(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    events: list[Event] = []
    for pair in sorted(pair for pair in state.alliances if victim in pair):
        events += alliances.end_alliance(state, pair, "treason")
    return events


def _revolt_targets(state: WatchState, seat: int) -> list[Args]:
    return [
        (POINT_IDS[p],)
        for p, owner in enumerate(state.piece_owner)
        if owner and owner != seat and state.piece_kind[p] == SETTLEMENT
    ]


def _revolt(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return [Event("piece_destroyed", {"at": args[0], "owner": owner, "piece": "settlement"})]


def _black_plot(state: WatchState, seat: int, args: Args) -> list[Event]:
    position = 0
    for victim in _opponents(state, seat):
        if state.hands[victim]:
            state.pending.insert(position, ("lose", victim, min(3, len(state.hands[victim]))))
            position += 1
    return []


def _pariah(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    state.pariahs.add(victim)
    events = [Event("pariah", {"seat": victim})]
    for pair in sorted(pair for pair in state.alliances if victim in pair):
        events += alliances.end_alliance(state, pair, "pariah")
    return events


def _usurp_targets(state: WatchState, seat: int) -> list[Args]:
    return [
        (POINT_IDS[p],)
        for p, owner in enumerate(state.piece_owner)
        if owner and owner != seat and state.piece_kind[p] == CITY
    ]


def _usurp(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return [Event("piece_destroyed", {"at": args[0], "owner": owner, "piece": "city"})]


def _none(state: WatchState, seat: int) -> list[Args]:
    return []


def _nothing(state: WatchState, seat: int, args: Args) -> list[Event]:
    return []


# effect -> (argument shape for the notation, targets now, what it does)
CARD_EFFECTS: dict[str, tuple[tuple[str, ...], Targets, Effect]] = {
    "forge_the_edge": (("point",), _forge_targets, _forge),
    "drill_sergeant": (("point*",), _drill_targets, _drill),
    "burn_the_ford": (("edge",), _burn_targets, _burn),
    "intrigue": (("point",), _intrigue_targets, _intrigue),
    "saboteurs_torch": (("hex",), _torch_targets, _torch),
    "decimation": (("point",), _decimation_targets, _decimation),
    "call_to_arms": ((), _call_targets, _call),
    "turncoat": (("point", "point"), _turncoat_targets, _turncoat),
    "salt_the_earth": (("hex",), _salt_targets, _salt),
    "road_building": ((), _road_building_targets, _road_building),
    "unfair_trade": ((), _always, _unfair_trade),
    "master_mason": (("hex", "point"), _mason_targets, _mason),
    "gold_rush": ((), _always, _gold_rush),
    "bumper_crop": ((), _always, _bumper_crop),
    "crowns_due": (("seat", "resource*"), _crowns_targets, _crowns),
    "pioneers_claim": (("point",), _pioneer_targets, _pioneer),
    "commercial_empire": (("resource",), _empire_targets, _empire),
    "great_collapse": ((), _always, _collapse),
    "favor": (("seat", "resource"), _favor_targets, _favor),
    "spy": (("seat",), _seat_args, _spy),
    "civil_unrest": (("point",), _unrest_targets, _unrest),
    "bribed_guard": (("seat",), _seat_args, _bribe),
    "treason": (("seat",), _seat_args, _treason),
    "revolt": (("point",), _revolt_targets, _revolt),
    "black_plot": ((), _always, _black_plot),
    "pariah": (("seat",), _seat_args, _pariah),
    "usurpation": (("point",), _usurp_targets, _usurp),
    "hidden_victory": ((), _none, _nothing),
}

# Reasons more exact than a card's "needs" for a play with the wrong arguments.
REASONS: dict[str, Callable[[WatchState, int, Args], str | None]] = {"crowns_due": _crowns_reason}

HANDLERS = {"draw": do_draw, "play": do_play, "reveal": do_reveal}
