"""A compact board per game for the terminal, drawn from a seat's view: a few lines for Wisteria
and Wheels, and for the Watch its map in text (every tile and place named, pieces marked), then a
line per ruler. Only what the view holds is drawn, so nothing hidden can show.

``board_lines(game_name, view)`` returns the lines; an unknown game gets none (the caller falls
back to the view's fields).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.play_text import natural_key

View = Mapping[str, Any]
TILE_CODES = {"grain": "Gr", "wood": "Wd", "stone": "St", "gold": "Go", "desert": "De", "lake": "La"}
PIECE_CODES = {"settlement": "s", "city": "C"}
# Columns per unit of the view's x: intersections two units apart get 8 columns, room for
# "i14:C1" (a place and the piece on it).
COLUMNS_PER_X = 4


def _you(view: View, seat: Any) -> str:
    return " (you)" if str(view.get("you", view.get("seat"))) == str(seat) else ""


def wisteria_lines(view: View) -> list[str]:
    phase = str(view.get("phase", "")).replace("_", " ")
    victory = str(view.get("victory", "")).replace("_", " ").title()
    lines = [f"Round {view.get('round')} · {phase} · Victory: {victory}"]
    for seat, info in sorted(view.get("seats", {}).items(), key=lambda item: natural_key(item[0])):
        state = "out of the game" if info.get("eliminated") else "in the War" if info.get("in_war") else ""
        lines.append(
            f"  seat {seat}{_you(view, seat)}: {info.get('cards')} cards ({info.get('draw')} to draw, "
            f"{info.get('won')} won) · {info.get('revealed')} face up, {info.get('face_down')} face down"
            + (f" · {state}" if state else "")
        )
    last = view.get("last_round") or {}
    if last:
        war = " after a War" if last.get("war") else ""
        lines.append(f"  Last round: seat {last.get('winner')} won {last.get('cards')} cards{war}.")
    return lines


def wheels_lines(view: View, name: Callable[[str], str]) -> list[str]:
    turn = f" · seat {view['turn_of']} to play" if view.get("turn_of") else ""
    lines = [f"Phase: {view.get('phase')}{turn}"]
    for seat, info in sorted(view.get("players", {}).items(), key=lambda item: natural_key(item[0])):
        conditions = ", ".join(f"{kind} {info[kind]}" for kind in ("damp", "chill") if info.get(kind))
        lines.append(
            f"  seat {seat}{_you(view, seat)}: banked {info.get('banked')}, "
            f"{info.get('turns_left')} turns left, {info.get('hand_count')} in hand, "
            f"{info.get('deck_count')} in deck" + (f" · {conditions}" if conditions else "")
        )
        shelves = []
        for shelf in info.get("shelves", []):
            if shelf.get("empty"):
                shelves.append(f"{shelf['shelf']}: empty")
            elif "card" not in shelf:
                shelves.append(f"{shelf['shelf']}: a sealed wheel")
            else:
                sour = ", SOURED" if shelf.get("soured") else ""
                seal = ", sealed" if shelf.get("sealed") else ""
                shelves.append(
                    f"{shelf['shelf']}: {name(shelf['card'])} age {shelf.get('age')} "
                    f"(full {shelf.get('full_from')}-{shelf.get('full_until')}), "
                    f"pays {shelf.get('payout')}{seal}{sour}"
                )
        lines.append("    shelves  " + " | ".join(shelves))
        if "hand" in info:
            lines.append("    hand     " + (", ".join(name(card) for card in info["hand"]) or "empty"))
    return lines


def watch_map(board: View) -> list[str]:
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


def watch_lines(view: View, name: Callable[[str], str]) -> list[str]:
    board = view.get("board", {})
    current = f" · ruler {view['current']} to play" if view.get("current") else ""
    goal = f"{view.get('victory_points')} VP to win"
    lines = [f"Round {view.get('round')} · {view.get('phase')}{current} · {goal}"]
    lines += watch_map(board)
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
        lines.append("  your hand: " + ", ".join(name(card) for card in hand))
    return lines


def board_lines(game: str, view: View, name: Callable[[str], str]) -> list[str]:
    """The compact board of ``game`` from ``view``; ``name`` gives a card id's printed name."""
    if game == "wisteria":
        return wisteria_lines(view)
    if game == "wheels":
        return wheels_lines(view, name)
    if game == "watch":
        return watch_lines(view, name)
    return []
