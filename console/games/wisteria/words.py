"""The Wizard of Wisteria's events in words, for every log (the pages' and the terminal's): one
sentence each, as a message id of this game's catalog and its values (``console.i18n.said``), so
each screen says it in its own language with the players' names put in. A card is its strength:
Wisteria's cards are numbers."""

from __future__ import annotations

from collections.abc import Iterable

from console.games.core import Event
from console.i18n.said import Said, Seat, phrase, say, say_n


def _seats(seats: Iterable[int] | None) -> tuple[Seat, ...]:
    return tuple(Seat(int(seat)) for seat in seats or ())


def _who(seats: Iterable[int] | None) -> Said | tuple[Seat, ...]:
    """Seats as a list, or "nobody"."""
    return _seats(seats) or say("nobody")


def words(event: Event) -> Said | None:
    """``event`` as a sentence, or None for a kind it does not know."""
    e = event.data
    s = Seat(int(e.get("seat") or 0))
    match event.kind:
        case "draw":
            return say("%(seat)s turns a %(card)s", seat=s, card=e["card"])
        case "face_down":
            return say("%(seat)s lays a war card face down", seat=s)
        case "sacrifice":
            return say("%(seat)s sacrifices a %(card)s", seat=s, card=e["card"])
        case "battle_card":
            return say("%(seat)s battles with a %(card)s", seat=s, card=e["card"])
        case "round_won":
            return say_n(
                "%(seat)s wins the round: %(num)s card",
                "%(seat)s wins the round: %(num)s cards",
                e["cards"],
                seat=s,
            )
        case "war":
            return say(
                "War! %(seats)s tie on %(strength)s", seats=_seats(e.get("seats")), strength=e["strength"]
            )
        case "war_again":
            return say(
                "The battle ties again: %(seats)s on %(strength)s",
                seats=_seats(e.get("seats")),
                strength=e["strength"],
            )
        case "chosen":
            return say("%(seat)s has chosen", seat=s)
        case "choice":  # the chooser's own, private: the table sees only "has chosen"
            return say("You chose Battle") if e.get("choice") == "battle" else say("You chose Retreat")
        case "choices":
            return say(
                "Battle: %(battle)s · Retreat: %(retreat)s",
                battle=_who(e.get("battle")),
                retreat=_who(e.get("retreat")),
            )
        case "war_won":
            return say_n(
                "%(seat)s wins the War: %(num)s card",
                "%(seat)s wins the War: %(num)s cards",
                e["cards"],
                seat=s,
            )
        case "kept":
            return say_n("%(seat)s keeps %(num)s card", "%(seat)s keeps %(num)s cards", e["cards"], seat=s)
        case "no_winner":
            return say("Everyone retreated: the War has no winner")
        case "eliminated":
            return say("%(seat)s is out: %(why)s", seat=s, why=phrase(e["why"]))
        case "reshuffle":
            return say_n(
                "%(seat)s shuffles %(num)s won card into a new draw pile",
                "%(seat)s shuffles %(num)s won cards into a new draw pile",
                e["cards"],
                seat=s,
            )
        case "time_up":
            return say("Time is up: this round finishes the game")
        case "reevaluated":
            return say(
                "The War is decided again among %(seats)s on %(strength)s",
                seats=_seats(e.get("seats")),
                strength=e["strength"],
            )
        case "tally":
            return say("Counting the unseen cards of %(seats)s", seats=_seats(e.get("seats")))
        case "tallied":
            return say("%(seat)s counts a %(card)s", seat=s, card=e["card"])
        case "game_over":
            return say("Game over: %(reason)s", reason=phrase(e["reason"]))
    return None
