"""Wheels of War in the terminal: each seat's Renown, turns, hand and shelves, and the choices in
words (card names, whose shelf a craft goes on, what a choice costs), in the order a turn reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.games.wheels.catalog import Catalog
from console.i18n import N_

View = Mapping[str, Any]
Name = Callable[[str], str]

# Groups in the order a turn reads: what is built or played first, ending the turn last.
VERB_ORDER = ("choose", "swap", "keep", "set", "read", "play", "invoke", "wait")


def _you(view: View, seat: Any) -> str:
    return " (you)" if str(view.get("you", view.get("seat"))) == str(seat) else ""


def board_lines(view: View, name: Name) -> list[str]:
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


def label(action: Action, name: Name, cards: Catalog) -> ChoiceLabel:
    words = str(action).split(":", 1)[1].split()
    verb, args = words[0], words[1:]
    if verb == "choose":
        # each heading marked for the game's catalog (N_): a phone shows it in its language
        return ChoiceLabel(N_("Choose your Archaffineur"), name(args[0]))
    if verb == "swap":
        return ChoiceLabel(N_("Swap a card of your opening hand (it goes under your deck)"), name(args[0]))
    if verb == "keep":
        return ChoiceLabel("", N_("Keep this hand"))
    if verb == "set":
        sealed = ", sealed (hold halved, hidden)" if "sealed" in args[2:] else ""
        where = f"{name(args[0])} on shelf {args[1]}{sealed}"
        return ChoiceLabel(N_("Set a wheel on an empty shelf (spends the turn)"), where)
    if verb == "read":
        return ChoiceLabel(
            N_("Read a wheel: bank what it pays and clear the shelf (spends the turn)"), f"shelf {args[0]}"
        )
    if verb in ("play", "invoke"):
        group = N_("Play a craft") if verb == "play" else N_("Invoke your Archaffineur (free, once a match)")
        if len(args) < 2:
            return ChoiceLabel(group, name(args[0]))
        whose = "the rival's" if _on_rival(cards, args[0]) else "your"
        return ChoiceLabel(group, f"{name(args[0])} on {whose} shelf {args[1]}")
    if verb == "wait":
        return ChoiceLabel("", N_("Wait: do nothing (spends the turn)"))
    return ChoiceLabel(verb.title(), " ".join(args))


def _on_rival(cards: Catalog, card_id: str) -> bool:
    target = getattr(cards.cards.get(card_id), "target", None)
    return bool(getattr(target, "on_rival", False))
