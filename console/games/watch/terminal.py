"""The Watch in the terminal: its map in text (every tile and place named, pieces marked), a line
per ruler, and the choices in words, grouped by what they do, in the order a turn reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.i18n import N_

View = Mapping[str, Any]
Name = Callable[[str], str]
TILE_CODES = {"grain": "Gr", "wood": "Wd", "stone": "St", "gold": "Go", "desert": "De", "lake": "La"}
PIECE_CODES = {"settlement": "s", "city": "C"}
# Columns per unit of the view's x: intersections two units apart get 8 columns, room for
# "i14:C1" (a place and the piece on it).
COLUMNS_PER_X = 4


def _you(view: View, seat: Any) -> str:
    return " (you)" if str(view.get("you", view.get("seat"))) == str(seat) else ""


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


def board_lines(view: View, name: Callable[[str], str]) -> list[str]:
    board = view.get("board", {})
    current = f" · ruler {view['current']} to play" if view.get("current") else ""
    goal = f"{view.get('victory_points')} VP to win"
    lines = [f"Round {view.get('round')} · {view.get('phase')}{current} · {goal}"]
    lines += land_map(board)
    lines.append(
        "  Tiles: Gr grain, Wd wood, St stone, Go gold, De desert, La lake · "
        "s settlement, C city (the digit: whose)"
    )
    roads: dict[str, list[str]] = {}
    for edge in board.get("edges", []):
        if edge.get("road"):
            roads.setdefault(str(edge["road"]), []).append(edge["id"])
    armies: dict[str, list[str]] = {}
    for army in board.get("armies", []):
        armies.setdefault(str(army["owner"]), []).append(
            f"{army['units']} at {army['at']}" + (" (awake)" if army.get("active") else "")
        )
    for ruler in view.get("rulers", []):
        seat = str(ruler["seat"])
        stores = ", ".join(f"{amount} {kind.title()}" for kind, amount in ruler.get("stores", {}).items())
        lines.append(
            f"  ruler {seat} {ruler.get('people', '')}{_you(view, seat)}: {ruler.get('vp')} VP · "
            f"{stores} · {ruler.get('hand_size')} cards · roads "
            f"{', '.join(sorted(roads.get(seat, []), key=natural_key)) or 'none'}"
            + (f" · armies {', '.join(armies[seat])}" if seat in armies else "")
        )
    hand = view.get("hand")
    if hand:
        # The view's hand holds each card's catalog entry (its id, name, deck...).
        lines.append("  your hand: " + ", ".join(name(str(card["id"])) for card in hand))
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


def label(action: Action, view: View, name: Name) -> ChoiceLabel:
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
        paying = "Gold" if args[1] == "gold" else "its goods"
        return ChoiceLabel(GROUPS[verb], f"{args[0].title()}, paying {paying}")
    if verb == "exchange":
        return ChoiceLabel(GROUPS[verb], f"for 1 {args[0].title()}")
    if verb in ("move", "strike"):
        return ChoiceLabel(GROUPS[verb], f"from {args[0]} {'to' if verb == 'move' else 'at'} {args[1]}")
    if verb in ("offer", "break"):
        return ChoiceLabel(GROUPS[verb], f"{'to' if verb == 'offer' else 'with'} ruler {args[0]}")
    if verb in ("play", "reveal", "return"):
        return ChoiceLabel(GROUPS[verb], " ".join([name(args[0]), *args[1:]]))
    return ChoiceLabel(GROUPS.get(verb, verb.title()), " ".join(args))
