"""Wisteria in the terminal: a few lines of board (each seat's piles and cards in play, the last
round) and its one choice, Battle or Retreat, in words. Each board line is a sentence
(``console.i18n.said``) of this game's catalog, said in the terminal's language with the seats'
names; a choice's fixed words are marked (N_) so the terminal says them from the catalog too."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.i18n import N_
from console.i18n.said import Said, Seat, Value, say, say_n

View = Mapping[str, Any]

# A step's name as the board says it (the view's ``phase``).
PHASES = {
    "reveal": N_("reveal"),
    "face_down": N_("face down"),
    "declare": N_("declare"),
    "war": N_("war"),
    "tally": N_("tally"),
    "over": N_("over"),
}
# The victory chosen before play, by the names the pages give it (page.js).
VICTORIES = {
    "total_control": N_("Total Control"),
    "time_limit": N_("Time Limit"),
    "power_score": N_("Power Score"),
}


def _named(words: Mapping[str, str], key: Any, fallback: str) -> Value:
    """A fixed word of the view (a phase, a victory) as a phrase of the catalog, else as it is."""
    message = words.get(str(key))
    return say(message) if message else fallback


def _who(view: View, seat: Any) -> Value:
    """A seat, "(you)" after it when it is the viewer's own."""
    who = Seat(int(seat))
    return say("%(seat)s (you)", seat=who) if str(view.get("you", view.get("seat"))) == str(seat) else who


def board_lines(view: View) -> list[Said | str]:
    phase = view.get("phase", "")
    victory = view.get("victory", "")
    lines: list[Said | str] = [
        say(
            "Round %(round)s · %(phase)s · Victory: %(victory)s",
            round=str(view.get("round")),
            phase=_named(PHASES, phase, str(phase).replace("_", " ")),
            victory=_named(VICTORIES, victory, str(victory).replace("_", " ").title()),
        )
    ]
    for seat, info in sorted(view.get("seats", {}).items(), key=lambda item: natural_key(item[0])):
        revealed = info.get("revealed")
        face_up = say("nothing face up") if revealed is None else say("%(card)s face up", card=revealed)
        values: dict[str, Value] = {
            "seat": _who(view, seat),
            "cards": say_n("%(num)s card", "%(num)s cards", int(info.get("cards") or 0)),
            "draw": int(info.get("draw") or 0),
            "won": int(info.get("won") or 0),
            "face_up": face_up,
            "face_down": int(info.get("face_down") or 0),
        }
        if info.get("eliminated") or info.get("in_war"):
            state = say("out of the game") if info.get("eliminated") else say("in the War")
            lines.append(
                say(
                    "  %(seat)s: %(cards)s (%(draw)s to draw, %(won)s won) · %(face_up)s, "
                    "%(face_down)s face down · %(state)s",
                    state=state,
                    **values,
                )
            )
        else:
            lines.append(
                say(
                    "  %(seat)s: %(cards)s (%(draw)s to draw, %(won)s won) · %(face_up)s, "
                    "%(face_down)s face down",
                    **values,
                )
            )
    last = view.get("last_round") or {}
    if last:
        lines.append(_last_round(last))
    return lines


def _last_round(last: Mapping[str, Any]) -> Said:
    """The last round's end: who won how many cards, after a War or not."""
    cards = int(last.get("cards") or 0)
    if last.get("winner") is None:
        return say("  Last round: the War had no winner.")
    winner = Seat(int(last["winner"]))
    if last.get("war"):
        return say_n(
            "  Last round: %(seat)s won %(num)s card after a War.",
            "  Last round: %(seat)s won %(num)s cards after a War.",
            cards,
            seat=winner,
        )
    return say_n(
        "  Last round: %(seat)s won %(num)s card.",
        "  Last round: %(seat)s won %(num)s cards.",
        cards,
        seat=winner,
    )


# Battle and Retreat are one decision: one heading over both, on the phone, the pod and here.
# The heading a phone shows the choice under, marked for the game's catalog (N_): said in its language.
WAR_CHOICE = N_("Battle or Retreat")


def label(action: Action) -> ChoiceLabel:
    words = str(action).split(":", 1)[1].split()
    verb = words[0]
    if verb == "battle":
        return ChoiceLabel(WAR_CHOICE, N_("Battle: fight on with a battle card"))
    if verb == "retreat":
        return ChoiceLabel(
            WAR_CHOICE, N_("Retreat: give up one face-up card, keep your tied and face-down cards")
        )
    return ChoiceLabel("", " ".join(words).capitalize())
