"""What a seat sees (or the table screen, seat None): JSON-ready, with everything needed to draw
the map as SVG, and nothing of another ruler's hand or another alliance's channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from console.games.core import JSON, Seat
from console.games.watch.rules import alliances, horde
from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.ledger import PIECE_NAMES, RESOURCE_NAMES

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

# Positions are integers: x in units of half a hex width, y in units of half a hex side.
SVG_SCALE = {"x": 0.8660254, "y": 0.5, "hex_radius": 2}


# What every view lists of each hex, intersection and edge whatever the play, made once: a view is
# built for every seat at every step (the hub's snapshots, the conformance checks, the golden
# journals), and looking these up one by one was half of building it.
_HEXES = tuple(
    (name, q, r, x, y)
    for name, (q, r), (x, y) in zip(TOPOLOGY.hex_ids, TOPOLOGY.hex_axial, TOPOLOGY.hex_xy, strict=True)
)
_POINTS = tuple((name, x, y) for name, (x, y) in zip(TOPOLOGY.point_ids, TOPOLOGY.point_xy, strict=True))
_EDGES = tuple(
    (name, TOPOLOGY.point_ids[a], TOPOLOGY.point_ids[b])
    for name, (a, b) in zip(TOPOLOGY.edge_ids, TOPOLOGY.edge_points, strict=True)
)


def _board(state: WatchState) -> JSON:
    point_ids = TOPOLOGY.point_ids
    improvements = state.improvements
    hexes = []
    for index, ((name, q, r, x, y), tile) in enumerate(zip(_HEXES, state.tiles, strict=True)):
        entry: dict[str, Any] = {"id": name, "q": q, "r": r, "x": x, "y": y, "tile": tile}
        improvement = improvements.get(index)
        if improvement is not None:
            owner, city, kind = improvement
            entry["improvement"] = {"kind": kind, "owner": owner, "city": point_ids[city]}
        hexes.append(entry)
    points = []
    for (name, x, y), piece, owner, walls in zip(
        _POINTS, state.piece_kind, state.piece_owner, state.walls, strict=True
    ):
        if piece:
            points.append(
                {"id": name, "x": x, "y": y, "piece": PIECE_NAMES[piece], "owner": owner, "walls": walls}
            )
        else:
            points.append({"id": name, "x": x, "y": y})
    edges = [
        {"id": name, "ends": [a, b], "road": road} if road else {"id": name, "ends": [a, b]}
        for (name, a, b), road in zip(_EDGES, state.road_owner, strict=True)
    ]
    stacks = [
        {
            "at": point_ids[p],
            "owner": s.owner,
            "units": s.units,
            "active": s.active,
            "moved": s.moved,
            "held": s.held,
        }
        for p, s in sorted(state.stacks.items())
    ]
    return {
        "scale": SVG_SCALE,
        "hexes": hexes,
        "intersections": points,
        "edges": edges,
        "armies": stacks,
        "unrest": sorted(point_ids[p] for p in state.unrest),
    }


def _ruler(state: WatchState, seat: int, vp: int, longest_road: int) -> JSON:
    people, colour = state.banners[seat - 1]
    allies = sorted(other for pair in state.alliances for other in pair if seat in pair and other != seat)
    cards = state.catalog.cards
    return {
        "seat": seat,
        "people": people,
        "colour": colour,
        "vp": vp,
        "stores": dict(zip(RESOURCE_NAMES, state.stores[seat], strict=True)),
        "hand_size": len(state.hands[seat]),
        "revealed": [{"id": card, "name": cards[card].name} for card in state.revealed[seat]],
        "settlements": state.settlements[seat],
        "cities": state.cities[seat],
        "longest_road": longest_road,
        "warpath": state.warpath == seat,
        "alliance_trophies": alliances.trophies(state, seat),
        "horde_honours": state.honours[seat],
        "allies": allies,
        "pariah": seat in state.pariahs,
    }


def _waiting(state: WatchState) -> JSON | None:
    """What the game waits for, in public terms (never which card or which choice)."""
    return state.pending[0].view() if state.pending else None


def build_view(state: WatchState, seat: Seat | None) -> JSON:
    rulers = range(1, state.players + 1)
    vps = [state.vp(ruler) for ruler in rulers]  # asked once: each ruler's entry and the track show it
    lengths = state.road_lengths  # searches every grown network first, once for all rulers
    view: JSON = {
        "game": "watch",
        "watch": state.options["watch_name"],
        "phase": state.phase,
        "round": state.round,
        "current": state.current if state.phase == "play" else None,
        "to_act": list(state.to_act),
        "waiting": _waiting(state),
        "founding": (
            {"seat": state.founding[state.founding_step][0], "place": state.founding[state.founding_step][1]}
            if state.phase == "founding"
            else None
        ),
        "board": _board(state),
        "rulers": [_ruler(state, ruler, vps[ruler - 1], lengths[ruler]) for ruler in rulers],
        "vp_track": {str(ruler): vps[ruler - 1] for ruler in rulers},
        "victory_points": state.options["victory_points"],
        "warpath": state.warpath or None,
        "alliances": [
            {
                "pair": list(pair),
                "formed": a.formed,
                "full_rounds": a.full_rounds,
                "trophy": a.trophy,
                "messages": len(a.messages),
            }
            for pair, a in sorted(state.alliances.items())
        ],
        "sealed_channels": [
            {
                "pair": list(a.pair),
                "formed": a.formed,
                "ended": a.ended,
                "reason": a.reason,
                "messages": len(a.messages),
            }
            for a in state.archives
        ],
        "moon_track": {
            "moons": state.moons,
            "of": horde.MOONS,
            "landfalls": state.landfalls,
            "breaks": state.breaks,
            "ruin_at": horde.BREAKS_TO_RUIN,
        },
        "decks": {name: len(deck) for name, deck in sorted(state.decks.items())},
        "harrows_unseen": sum(state.decks["harrows"].unseen.values()) + len(state.decks["harrows"].top),
        "last": state.last,
        "outcome": state.result.to_json() if state.result else None,
    }
    if seat is not None and 1 <= seat <= state.players:
        view["you"] = seat
        cards = state.catalog.cards
        view["hand"] = [
            {
                "id": card,
                "name": cards[card].name,
                "deck": cards[card].deck,
                "rarity": cards[card].rarity,
                "text": cards[card].text,
            }
            for card in state.hands[seat]
        ]
        view["channels"] = _channels(state, seat)
    return view


def _channels(state: WatchState, seat: int) -> list[JSON]:
    channels = []
    for pair, alliance in sorted(state.alliances.items()):
        if seat in pair:
            channels.append(
                {
                    "with": pair[0] if pair[1] == seat else pair[1],
                    "sealed": False,
                    "messages": [{"from": who, "text": text} for who, text in alliance.messages],
                }
            )
    for archive in state.archives:
        if seat in archive.pair:
            other = archive.pair[0] if archive.pair[1] == seat else archive.pair[1]
            channels.append(
                {
                    "with": other,
                    "sealed": True,
                    "ended": archive.ended,
                    "messages": [{"from": who, "text": text} for who, text in archive.messages],
                }
            )
    return channels


def hidden_strings(state: WatchState, seat: int) -> list[str]:
    """The ids of cards in ``seat``'s hand that no other seat holds and nobody has shown."""
    rulers = range(1, state.players + 1)
    shown = {card for other in rulers for card in state.revealed[other]}
    shown.update(card for other in rulers if other != seat for card in state.hands[other])
    played = state.last.get("played")
    if played:
        shown.add(played["card"])
    return sorted(set(state.hands[seat]) - shown)


def private_strings(state: WatchState) -> dict[str, frozenset[int]]:
    """Every alliance message (open or sealed) with the only seats that may read it."""
    out: dict[str, frozenset[int]] = {}
    for alliance in state.alliances.values():
        for _, text in alliance.messages:
            out[text] = frozenset(alliance.pair)
    for archive in state.archives:
        for _, text in archive.messages:
            out[text] = frozenset(archive.pair)
    return out


def public_scores(view: JSON) -> dict[str, float]:
    """The running score a venue shows: each ruler's visible victory points."""
    return {
        str(ruler["seat"]): float(ruler.get("vp", 0)) for ruler in view.get("rulers", []) if "seat" in ruler
    }
