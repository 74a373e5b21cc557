"""The Rules of the Watch's events in words, for every log (the pages' and the terminal's): one
sentence each, cards by their printed names. The rule book calls seats rulers, so a seat is written
"Ruler N" at a sentence's start and "ruler N" within one: each screen puts the players' names in
(the pages with the ruler's people too). An edge is said with the intersections it joins, from
the board's topology, which every layout shares: nothing of the state is read."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Event
from console.games.watch.rules.board import TOPOLOGY

CardName = Callable[[str], str]
DECKS = {"warfare": "Warfare", "growth": "Growth", "politics": "Politics", "harrows": "Harrows"}
RESOURCES = ("grain", "wood", "stone", "gold")
PIECES = {"city": "a city", "settlement": "a settlement", "road": "a road"}
EDGE_ENDS = {
    edge: (TOPOLOGY.point_ids[a], TOPOLOGY.point_ids[b])
    for edge, (a, b) in zip(TOPOLOGY.edge_ids, TOPOLOGY.edge_points, strict=True)
}


def ruler(seat: object) -> str:
    """A seat within a sentence; ``Ruler`` (capitalised) starts one."""
    return f"ruler {seat}"


def cap(word: object) -> str:
    text = str(word)
    return text[:1].upper() + text[1:]


def at(place: object) -> str:
    """A place as it is named ("i14", "h5"); an edge with the intersections it joins."""
    if isinstance(place, list | tuple):
        return " and ".join(map(at, place))
    ends = EDGE_ENDS.get(str(place))
    return f"{place} ({ends[0]}–{ends[1]})" if ends else str(place)


def _deck(deck: object) -> str:
    return DECKS.get(str(deck), str(deck))


def _card_arg(arg: object) -> str:
    """A card's argument in words: a seat as its ruler, a resource capitalised, a place as it is."""
    text = str(arg)
    return ruler(text) if re.fullmatch(r"\d", text) else cap(text) if text in RESOURCES else at(text)


def _amounts(e: Mapping[str, Any]) -> str:
    return ", ".join(f"{e[kind]} {cap(kind)}" for kind in RESOURCES if e.get(kind)) or "nothing"


def _from(value: object) -> str:
    """Whom something is taken from: a ruler, or words ("every opponent")."""
    return ruler(value) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def describe(event: Event, card: CardName) -> str | None:
    """``event`` as a sentence (``card`` names a card id), or None for a kind it does not know."""
    e = event.data
    r = f"Ruler {e.get('seat')}"  # the acting ruler starts its sentence
    owner = f"Ruler {e.get('owner')}'s"  # a destroyed thing's owner, likewise
    match event.kind:
        case "founded":
            return f"{r} founds {PIECES.get(e['work'], e['work'])} at {at(e['at'])}"
        case "built":
            return f"{r} builds {PIECES.get(e['work'], e['work'])} at {at(e['at'])}"
        case "watch_begins":
            return f"The Watch begins: round {e['round']}"
        case "round_begins":
            return f"Round {e['round']} begins"
        case "offered":
            return f"{r} offers an alliance to {ruler(e['to'])}"
        case "allied":
            return f"{cap(ruler(e['pair'][0]))} and {ruler(e['pair'][1])} are allies"
        case "declined":
            return f"{r} declines the alliance offered by {ruler(e['offer_of'])}"
        case "alliance_ended":
            why = re.sub(r"\d+", lambda n: ruler(n.group()), str(e["reason"]), count=1)  # "broken by 2"
            lost = "; its trophy is lost" if e.get("trophy_lost") else ""
            return f"The alliance of {ruler(e['pair'][0])} and {ruler(e['pair'][1])} ends ({why}){lost}"
        case "alliance_trophy":
            return f"{cap(ruler(e['pair'][0]))} and {ruler(e['pair'][1])} earn an alliance trophy"
        case "turn_ended":
            return f"{r} ends the turn"
        case "drew":
            paid = "Gold" if e.get("paid") == "gold" else "its goods"
            return f"{r} draws a {_deck(e['deck'])} card, paying {paid}"
        case "card":  # the seat's own, private: the table's twin is "card_gained"
            return f"You {'draw' if e.get('how') == 'draw' else 'gain'} {card(e['card'])}"
        case "card_gained":
            return f"{r} gains a card"
        case "free_card":
            return f"{r} takes a free {_deck(e['deck'])} card"
        case "played":
            args = e.get("args") or []
            return f"{r} plays {card(e['card'])}" + (f" ({', '.join(map(_card_arg, args))})" if args else "")
        case "revealed":
            return f"{r} reveals {card(e['card'])}"
        case "returned":
            return f"{r} hands back a {_deck(e['deck'])} card"
        case "card_lost":
            return f"{r} loses a {_deck(e['deck'])} card"
        case "taken":
            if "resources" in e:  # named by the card: none when the rival held none of them
                taken = ", ".join(map(cap, e["resources"])) or "nothing"
                return f"{r} takes {taken} from {_from(e['from'])}"
            return f"{r} takes {e['amount']} {cap(e['resource'])} from {_from(e['from'])}"
        case "stolen":
            return f"{r} steals a card from {ruler(e['from'])}"
        case "exchanged":
            return f"{r} exchanges {e['gold']} Gold for 1 {cap(e['for'])}"
        case "produced":
            return f"{r} produces {_amounts(e)}"
        case "gained":
            return f"{r} gains {_amounts(e)}"
        case "recruited":
            units = f"{e['units']} army unit{'' if e['units'] == 1 else 's'}"
            return f"{r} recruits {units} at {e['at']}" + (" (free)" if e.get("free") else "")
        case "activated":
            paid = "with a card" if e.get("paid") == "card" else cap(e["paid"])
            return f"{r} wakes the army at {at(e['at'])}, paying {paid}"
        case "deactivated":
            return f"{r}'s armies rest"
        case "moved":
            return f"{r} marches from {e['from']} to {e['to']}"
        case "retreated":
            to = f"to {e['to']}" if e.get("to") else "with nowhere to go"
            return f"{r} retreats from {e['from']} {to}" + (f", losing {e['lost']}" if e.get("lost") else "")
        case "combat":
            held = e.get("winner") != e.get("seat")
            won = f"{ruler(e['defender'])} holds" if held else f"{ruler(e['seat'])} wins"
            struck = f"{ruler(e['defender'])}'s {e['terrain']} at {e['at']} from {e['from']}"
            return f"{r} strikes {struck}: {e['attack']} against {e['defence']}, {won}"
        case "stack_destroyed":
            return f"{owner} army of {e['units']} at {e['at']} is destroyed"
        case "decimated":
            return f"{owner} army at {e['at']} is decimated: {e['left']} left"
        case "turncoat":
            return f"{owner} army at {e['from']} turns coat to {e['to']}"
        case "piece_destroyed":
            return f"{owner} {e['piece']} at {e['at']} is destroyed"
        case "road_destroyed":
            return f"{owner} road on {at(e['at'])} is destroyed"
        case "improvement_destroyed":  # its own "kind" field says which: a granary, a mill, a quarry
            return f"{owner} {cap(e['kind']) if e.get('kind') else 'improvement'} on {e['at']} is destroyed"
        case "city_fell":  # the Horde's says why; a Harrow's does not
            cause = "given up to the Horde" if e.get("why") == "forfeit" else e.get("why")
            return f"{owner} city at {e['at']} falls{f' ({cause})' if cause else ''}: {e['fate']}"
        case "unrest":
            return f"Unrest breaks out at {e['at']}"
        case "held":
            return f"{e['at']} holds"
        case "desert":
            return f"{e['at']} ({cap(e['was'])}) turns to desert"
        case "pariah":
            return f"{r} is a pariah"
        case "collapse":
            return f"{r}'s realm collapses"
        case "harrow":
            return f"A Harrow lands: {e.get('name') or card(e['card'])}"
        case "landfall":
            wall = "breaks" if e.get("result") == "broke" else "holds"
            return f"Landfall: the Horde's strength {e['strength']} against {e['defence']}; the wall {wall}"
        case "message":  # a player's own words, quoted: screens put no names inside the quotes
            return f"{cap(ruler(e['from']))} to {ruler(e['to'])}: “{e['text']}”"
        case "watch_ends":
            return f"The Watch ends ({'its rounds are over' if e.get('reason') == 'time' else e['reason']})"
        case "victory":
            return f"{r} wins with {e['vp']} VP"
    return None
