"""The Watch in the terminal: its map in text (every tile and place named, pieces marked), a line
per ruler, and the choices in words, grouped by what they do, in the order a turn reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.games.watch.words import amount
from console.i18n import N_
from console.i18n.said import Card, Said, Seat, Value, say, say_n

View = Mapping[str, Any]
Name = Callable[[str], str]
TILE_CODES = {"grain": "Gr", "wood": "Wd", "stone": "St", "gold": "Go", "desert": "De", "lake": "La"}
PIECE_CODES = {"settlement": "s", "city": "C"}
# Columns per unit of the view's x: intersections two units apart get 8 columns, room for
# "i14:C1" (a place and the piece on it).
COLUMNS_PER_X = 4


def land_map(board: View) -> list[str]:
    """The land in text: each tile as its id and kind at its centre, each intersection as its id,
    with ``:s2`` (ruler 2's settlement) or ``:C1`` (ruler 1's city) where a piece stands."""
    cells: dict[tuple[int, int], str] = {}
    land = [hex_ for hex_ in board.get("hexes", []) if hex_.get("tile") != "sea"]
    for hex_ in land:
        cells[(hex_["y"], hex_["x"])] = f"{hex_['id']} {TILE_CODES.get(hex_['tile'], hex_['tile'][:2])}"
    xs = [hex_["x"] for hex_ in land]
    ys = [hex_["y"] for hex_ in land]
    if not land:
        return []
    for point in board.get("intersections", []):
        if not (min(ys) - 2 <= point["y"] <= max(ys) + 2 and min(xs) - 1 <= point["x"] <= max(xs) + 1):
            continue
        piece = PIECE_CODES.get(point.get("piece", ""), "")
        cells[(point["y"], point["x"])] = point["id"] + (f":{piece}{point.get('owner')}" if piece else "")
    left = min(xs) - 1
    rows = []
    for y in range(min(ys) - 2, max(ys) + 3):
        line = ""
        for (row, x), text in sorted(cells.items()):
            if row != y:
                continue
            column = (x - left) * COLUMNS_PER_X
            line = line.ljust(max(column - len(text) // 2, len(line) + 1 if line else 0)) + text
        if line:
            rows.append("  " + line.rstrip())
    return rows


# A line of the board below its heading, indented as the map is: the same in every language.
INDENTED = N_("  %(line)s")
PHASES = {"founding": say("founding"), "play": say("play"), "over": say("over")}


def _indented(line: Said) -> Said:
    return say(INDENTED, line=line)


def _heading(view: View) -> Said:
    """ "Round 3 · play · ruler 2 to play · 15 VP to win"."""
    phase = str(view.get("phase"))
    said_phase = PHASES.get(phase) or phase
    if view.get("current"):
        return say(
            "Round %(round)s · %(phase)s · %(seat)s to play · %(vp)s VP to win",
            round=str(view.get("round")),
            phase=said_phase,
            seat=Seat(int(view["current"])),
            vp=str(view.get("victory_points")),
        )
    return say(
        "Round %(round)s · %(phase)s · %(vp)s VP to win",
        round=str(view.get("round")),
        phase=said_phase,
        vp=str(view.get("victory_points")),
    )


def _army(army: View) -> Said:
    if army.get("active"):
        return say("%(num)s at %(place)s (awake)", num=army["units"], place=str(army["at"]))
    return say("%(num)s at %(place)s", num=army["units"], place=str(army["at"]))


def _ruler(view: View, ruler: View, roads: list[str], armies: tuple[Said, ...]) -> Said:
    """ "ruler 2 Stoneborn (you): 5 VP · 4 Grain, ... · 1 card · roads e17 and e18 · armies ..."."""
    seat = Seat(int(ruler["seat"]))
    people = str(ruler.get("people", ""))
    if str(view.get("you", view.get("seat"))) == str(ruler["seat"]):
        who = say("%(seat)s %(people)s (you)", seat=seat, people=people)
    else:
        who = say("%(seat)s %(people)s", seat=seat, people=people)
    stores = tuple(amount(int(num), kind) for kind, num in ruler.get("stores", {}).items())
    cards = say_n("%(num)s card", "%(num)s cards", int(ruler.get("hand_size") or 0))
    in_order: list[str] = sorted(roads, key=natural_key)
    placed: tuple[Value, ...] = tuple(in_order)
    values: dict[str, Value] = {
        "ruler": who,
        "vp": str(ruler.get("vp")),
        "stores": stores,
        "cards": cards,
        "roads": placed or say("none"),
    }
    if armies:
        return say(
            "%(ruler)s: %(vp)s VP · %(stores)s · %(cards)s · roads %(roads)s · armies %(armies)s",
            **values,
            armies=armies,
        )
    return say("%(ruler)s: %(vp)s VP · %(stores)s · %(cards)s · roads %(roads)s", **values)


def board_lines(view: View) -> list[Said | str]:
    """The heading, the map (places and pieces are the same in every language), its key, a line per
    ruler and the seat's hand: each a sentence of the game's catalog but the map's rows."""
    board = view.get("board", {})
    lines: list[Said | str] = [_heading(view)]
    lines += land_map(board)
    lines.append(
        _indented(
            say(
                "Tiles: Gr grain, Wd wood, St stone, Go gold, De desert, La lake · "
                "s settlement, C city (the digit: whose)"
            )
        )
    )
    roads: dict[str, list[str]] = {}
    for edge in board.get("edges", []):
        if edge.get("road"):
            roads.setdefault(str(edge["road"]), []).append(edge["id"])
    armies: dict[str, list[Said]] = {}
    for army in board.get("armies", []):
        armies.setdefault(str(army["owner"]), []).append(_army(army))
    for ruler in view.get("rulers", []):
        seat = str(ruler["seat"])
        lines.append(_indented(_ruler(view, ruler, roads.get(seat, []), tuple(armies.get(seat, [])))))
    hand = view.get("hand")
    if hand:
        # The view's hand holds each card's catalog entry (its id, name, deck...).
        lines.append(
            _indented(say("your hand: %(cards)s", cards=tuple(Card(str(card["id"])) for card in hand)))
        )
    return lines


# The headings a phone shows its choices under (console/games/steps.py) are marked for the game's
# catalog (N_): the page says them in its language; the terminal prints them as written.
GROUPS = {
    "city": N_("Place or raise a city"),
    "settle": N_("Build a settlement"),
    "road": N_("Build a road"),
    "recruit": N_("Recruit an army unit at your city"),
    "activate": N_("Wake an army stack"),
    "walls": N_("Raise City Walls"),
    "improve": N_("Build an improvement"),
    "draw": N_("Draw a card"),
    "exchange": N_("Exchange 2 Gold"),
    "move": N_("March a stack"),
    "strike": N_("Strike with a stack"),
    "offer": N_("Offer an alliance"),
    "break": N_("Break an alliance"),
    "play": N_("Play a card"),
    "reveal": N_("Reveal a victory card"),
    "return": N_("Give a card back (your hand is over its limit)"),
    "choose": N_("Take your free card from a deck"),
    "forfeit": N_("Give up a city"),
}
SINGLE = {
    "accept": N_("Accept the alliance"),
    "decline": N_("Decline the alliance"),
    "declare": N_("Declare victory"),
    "end": N_("End your turn"),
}


# Groups in the order a turn reads: what is built or played first, ending the turn last.
VERB_ORDER = (
    "city",
    "settle",
    "road",
    "recruit",
    "activate",
    "walls",
    "improve",
    "draw",
    "exchange",
    "move",
    "strike",
    "play",
    "reveal",
    "return",
    "choose",
    "forfeit",
    "offer",
    "accept",
    "decline",
    "break",
    "declare",
    "end",
)


# A choice's own words where they are fixed (N_): said from the game's catalog on every screen.
DRAWS = {
    ("warfare", "gold"): N_("Warfare, paying Gold"),
    ("warfare", "goods"): N_("Warfare, paying its goods"),
    ("growth", "gold"): N_("Growth, paying Gold"),
    ("growth", "goods"): N_("Growth, paying its goods"),
    ("politics", "gold"): N_("Politics, paying Gold"),
    ("politics", "goods"): N_("Politics, paying its goods"),
    ("harrows", "gold"): N_("Harrows, paying Gold"),
    ("harrows", "goods"): N_("Harrows, paying its goods"),
}
EXCHANGES = {
    "grain": N_("for 1 Grain"),
    "wood": N_("for 1 Wood"),
    "stone": N_("for 1 Stone"),
    "gold": N_("for 1 Gold"),
}
OFFERS = {"1": N_("to ruler 1"), "2": N_("to ruler 2"), "3": N_("to ruler 3"), "4": N_("to ruler 4")}
BREAKS = {"1": N_("with ruler 1"), "2": N_("with ruler 2"), "3": N_("with ruler 3"), "4": N_("with ruler 4")}


def label(action: Action, view: View, name: Name) -> ChoiceLabel:
    """The choice's group (a heading of ``GROUPS``) and its own words: a fixed message of the
    catalog where it has no place in it (a deck, a good, a ruler), else its places and cards as
    they are named, with the few English words that join them."""
    words = str(action).split(":", 1)[1].split()
    verb, args = words[0], words[1:]
    if verb in SINGLE:
        return ChoiceLabel("", SINGLE[verb])
    ends = {edge["id"]: edge["ends"] for edge in view.get("board", {}).get("edges", [])}
    if verb == "road" and args and args[0] in ends:
        return ChoiceLabel(GROUPS[verb], f"{args[0]} ({' to '.join(ends[args[0]])})")
    if verb == "activate":
        return ChoiceLabel(GROUPS[verb], f"at {args[0]}, paying 1 {args[1].title()}")
    if verb == "improve":
        return ChoiceLabel(GROUPS[verb], f"on tile {args[0]} for your city {args[1]}")
    if verb == "draw":
        paying = "gold" if args[1] == "gold" else "goods"
        fixed = DRAWS.get((args[0], paying))
        return ChoiceLabel(GROUPS[verb], fixed or f"{args[0].title()}, paying {paying}")
    if verb == "exchange":
        return ChoiceLabel(GROUPS[verb], EXCHANGES.get(args[0]) or f"for 1 {args[0].title()}")
    if verb in ("move", "strike"):
        return ChoiceLabel(GROUPS[verb], f"from {args[0]} {'to' if verb == 'move' else 'at'} {args[1]}")
    if verb in ("offer", "break"):
        fixed = (OFFERS if verb == "offer" else BREAKS).get(args[0])
        return ChoiceLabel(GROUPS[verb], fixed or f"{'to' if verb == 'offer' else 'with'} ruler {args[0]}")
    if verb in ("play", "reveal", "return"):
        return ChoiceLabel(GROUPS[verb], " ".join([name(args[0]), *args[1:]]))
    return ChoiceLabel(GROUPS.get(verb, verb.title()), " ".join(args))
