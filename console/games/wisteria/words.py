"""The Wizard of Wisteria's events in words, for every log (the pages' and the terminal's): one
sentence each, seats written "Seat N" and "seat N" so each screen puts the players' names in."""

from __future__ import annotations

from collections.abc import Iterable

from console.games.core import Event


def _seats(seats: Iterable[int] | None) -> str:
    return ", ".join(f"seat {seat}" for seat in seats or ())


def describe(event: Event) -> str | None:
    """``event`` as a sentence, or None for a kind it does not know. A card is its strength:
    Wisteria's cards are numbers."""
    e = event.data
    s = f"Seat {e.get('seat')}"
    match event.kind:
        case "draw":
            return f"{s} turns a {e['card']}"
        case "face_down":
            return f"{s} lays a war card face down"
        case "sacrifice":
            return f"{s} sacrifices a {e['card']}"
        case "battle_card":
            return f"{s} battles with a {e['card']}"
        case "round_won":
            return f"{s} wins the round: {e['cards']} cards"
        case "war":
            return f"War! {_seats(e.get('seats'))} tie on {e['strength']}"
        case "war_again":
            return f"The battle ties again: {_seats(e.get('seats'))} on {e['strength']}"
        case "chosen":
            return f"{s} has chosen"
        case "choice":  # the chooser's own, private: the table sees only "has chosen"
            return f"You chose {'Battle' if e.get('choice') == 'battle' else 'Retreat'}"
        case "choices":
            battle = _seats(e.get("battle")) or "nobody"
            return f"Battle: {battle} · Retreat: {_seats(e.get('retreat')) or 'nobody'}"
        case "war_won":
            return f"{s} wins the War: {e['cards']} cards"
        case "kept":
            return f"{s} keeps {e['cards']} cards"
        case "no_winner":
            return "Everyone retreated: the War has no winner"
        case "eliminated":
            return f"{s} is out: {e['why']}"
        case "reshuffle":
            return f"{s} shuffles {e['cards']} won cards into a new draw pile"
        case "time_up":
            return "Time is up: this round finishes the game"
        case "reevaluated":
            return f"The War is decided again among {_seats(e.get('seats'))} on {e['strength']}"
        case "tally":
            return f"Counting the unseen cards of {_seats(e.get('seats'))}"
        case "tallied":
            return f"{s} counts a {e['card']}"
        case "game_over":
            return f"Game over: {e['reason']}"
    return None
