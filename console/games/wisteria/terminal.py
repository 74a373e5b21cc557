"""Wisteria in the terminal: a few lines of board (each seat's piles and cards in play, the last
round) and its one choice, Battle or Retreat, in words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.i18n import N_

View = Mapping[str, Any]


def _you(view: View, seat: Any) -> str:
    return " (you)" if str(view.get("you", view.get("seat"))) == str(seat) else ""


def board_lines(view: View) -> list[str]:
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


# Battle and Retreat are one decision: one heading over both, on the phone, the pod and here.
# The heading a phone shows the choice under, marked for the game's catalog (N_): said in its language.
WAR_CHOICE = N_("Battle or Retreat")


def label(action: Action) -> ChoiceLabel:
    words = str(action).split(":", 1)[1].split()
    verb = words[0]
    if verb == "battle":
        return ChoiceLabel(WAR_CHOICE, "Battle: fight on with a battle card")
    if verb == "retreat":
        return ChoiceLabel(
            WAR_CHOICE, "Retreat: give up one face-up card, keep your tied and face-down cards"
        )
    return ChoiceLabel("", " ".join(words).capitalize())
