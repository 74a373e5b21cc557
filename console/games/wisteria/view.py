"""What a seat may see: pile counts, the cards in play face up, face-down cards as a count, and
who has chosen in a War (never what) until every tied seat has chosen. Only the seat itself sees
its own pending choice. ``view(None)`` is the public table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import JSON, Seat
from console.games.wisteria.rules.deal import DECK_SIZE_PER_SEATS
from console.games.wisteria.rules.steps import CHOICE_NAMES, DECLARE
from console.i18n.said import say_n

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def secret_choice(seat: Seat, choice: str) -> str:
    """The words only ``seat`` may see while the others still choose (also its leak-check string)."""
    return f"seat {seat} chose {choice}"


def build_view(state: WisteriaState, seat: Seat | None) -> JSON:
    choosing = state.step is DECLARE
    members = set(state.members)
    seats: JSON = {}
    for other in range(1, state.players + 1):
        entry: JSON = {
            "draw": state.draw_count[other],
            "won": state.won_count[other],
            "cards": state.draw_count[other] + state.won_count[other],
            "eliminated": state.eliminated[other],
            "revealed": state.round_card[other] or None,
            "face_down": len(state.face_down[other]),
            "sacrifice": state.sacrifice[other] or None,
            "battle": list(state.battle[other]),
            "in_war": other in members,
        }
        if choosing and other in members:
            entry["chosen"] = bool(state.choice[other])
        elif state.declared and state.choice[other]:
            entry["choice"] = CHOICE_NAMES[state.choice[other]]
        seats[str(other)] = entry
    options = state.options
    view: JSON = {
        "game": "wisteria",
        "seat": seat,
        "players": state.players,
        "round": state.round,
        "phase": state.step.name,
        "to_act": list(state.to_act),
        "victory": options.victory,
        "time_limit_minutes": options.time_limit_minutes,
        "round_limit": options.round_limit,
        "time_up": state.time_up,
        "retreat_allowed": state.first_tie,
        "deck_size": sum(state.composition),
        "in_play": state.in_play(),
        "seats": seats,
        "last_round": dict(state.last) if state.last else None,
        "notes": notes(state),
    }
    if state.result is not None:
        view["outcome"] = state.result.to_json()
    if seat is not None and 1 <= seat <= state.players:
        view["draw"] = state.draw_count[seat]
        view["won"] = state.won_count[seat]
        view["cards"] = state.draw_count[seat] + state.won_count[seat]
        view["eliminated"] = state.eliminated[seat]
        if choosing and state.choice[seat]:
            name = CHOICE_NAMES[state.choice[seat]]
            view["my_choice"] = name
            view["my_choice_note"] = secret_choice(seat, name) + "; the others see only that you have chosen"
    return view


def notes(state: WisteriaState) -> list[JSON]:
    """P-18: more players than the decks suit is allowed, with a word of advice: each a sentence
    (``console.i18n.said``) the page says in its language."""
    decks = state.options.combined_decks
    if state.players > DECK_SIZE_PER_SEATS * decks:
        advice = say_n(
            "%(players)s players share %(num)s deck: the rule book recommends combining decks "
            "(one per %(per)s players)",
            "%(players)s players share %(num)s decks: the rule book recommends combining decks "
            "(one per %(per)s players)",
            decks,
            players=state.players,
            per=DECK_SIZE_PER_SEATS,
        )
        return [advice.to_json()]
    return []


def public_scores(view: JSON) -> dict[str, float]:
    """The running score a venue shows: the cards each seat holds (to draw and won)."""
    return {seat: float(entry.get("cards", 0)) for seat, entry in view.get("seats", {}).items()}
