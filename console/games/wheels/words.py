"""Wheels of War's events in words, for every log (the pages' and the terminal's): one sentence
each, as a message id of this game's catalog and its values (``console.i18n.said``), so each screen
says it in its own language with the players' names and the cards' printed names put in.

Only the event's own fields go into a sentence: a sealed wheel's event for the table lacks its card
and figures, so its sentence says "a sealed wheel" and no number the rival may not know. Each
sentence is a whole message (never one pieced together from fragments), so a translator can order
its words as the language needs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from console.games.core import Event
from console.i18n.said import Card, Said, Seat, phrase, say, say_n


def _wheel(e: Mapping[str, Any]) -> Card | Said:
    """The wheel an event is about, by its name; a sealed one's twin for the table has no card."""
    return Card(str(e["card"])) if e.get("card") else say("A sealed wheel")


def words(event: Event) -> Said | None:
    """``event`` as a sentence, or None for a kind it does not know."""
    e = event.data
    s = Seat(int(e.get("seat") or 0))
    match event.kind:
        case "first":
            return say("%(seat)s plays first", seat=s)
        case "chose":  # the chooser's own names the card; the table's says only that it chose
            if e.get("archaffineur"):
                return say("You choose %(card)s as your Archaffineur", card=Card(e["archaffineur"]))
            return say("%(seat)s has chosen an Archaffineur", seat=s)
        case "archaffineurs":
            return say(
                "Archaffineurs: %(seat1)s %(card1)s, %(seat2)s %(card2)s",
                seat1=Seat(1),
                card1=_leader(e.get("1")),
                seat2=Seat(2),
                card2=_leader(e.get("2")),
            )
        case "draw":
            if e.get("card"):
                return say("You draw %(card)s", card=Card(e["card"]))
            return say("%(seat)s draws a card", seat=s)
        case "swap":
            if e.get("card"):
                return say("You put %(card)s under your deck", card=Card(e["card"]))
            return say("%(seat)s swaps a card", seat=s)
        case "keep":
            return say("%(seat)s keeps the hand", seat=s)
        case "opening-done":
            return say("%(seat)s has finished the opening", seat=s)
        case "set":
            return _set(e, s)
        case "read":
            return _read(e, s)
        case "wait":
            return say("%(seat)s waits", seat=s)
        case "play":
            return _play(e, s)
        case "invoke":
            if e.get("shelf"):  # an Archaffineur that chooses a wheel chooses the rival's (catalog.py)
                return say(
                    "%(seat)s invokes %(card)s on %(rival)s's shelf %(shelf)s",
                    seat=s,
                    card=Card(e["archaffineur"]),
                    rival=Seat(3 - s.number),
                    shelf=e["shelf"],
                )
            return say("%(seat)s invokes %(card)s", seat=s, card=Card(e["archaffineur"]))
        case "ending":
            return _ending(e, s)
        case "damp":
            return say_n(
                "%(seat)s's cellar is damp for %(num)s ending turn",
                "%(seat)s's cellar is damp for %(num)s ending turns",
                e["turns"],
                seat=s,
            )
        case "chill":
            return say_n(
                "%(seat)s's cellar is chilled for %(num)s ending turn",
                "%(seat)s's cellar is chilled for %(num)s ending turns",
                e["turns"],
                seat=s,
            )
        case "removed":
            return say(
                "%(card)s is removed from %(seat)s's shelf %(shelf)s",
                card=Card(e["card"]),
                seat=s,
                shelf=e["shelf"],
            )
        case "returned":
            return say(
                "%(card)s goes back to %(seat)s's hand from shelf %(shelf)s",
                card=Card(e["card"]),
                seat=s,
                shelf=e["shelf"],
            )
        case "over":
            return say("Game over: %(reason)s", reason=phrase(e["reason"]))
    if e.get("shelf"):
        return _on_wheel(event.kind, e, s)
    return None


def _leader(card: object) -> Card | Said:
    return Card(str(card)) if card else say("no Archaffineur")


def _set(e: Mapping[str, Any], s: Seat) -> Said:
    if not e.get("card"):  # a sealed wheel's twin for the table: which wheel is the seat's secret
        return say("%(seat)s sets a sealed wheel on shelf %(shelf)s", seat=s, shelf=e["shelf"])
    if e.get("sealed"):
        return say(
            "%(seat)s sets %(card)s on shelf %(shelf)s, sealed",
            seat=s,
            card=Card(e["card"]),
            shelf=e["shelf"],
        )
    return say("%(seat)s sets %(card)s on shelf %(shelf)s", seat=s, card=Card(e["card"]), shelf=e["shelf"])


def _read(e: Mapping[str, Any], s: Seat) -> Said:
    if e.get("soured"):
        return say(
            "%(seat)s reads %(card)s on shelf %(shelf)s at age %(age)s: soured, 0 Renown (banked %(banked)s)",
            seat=s,
            card=Card(e["card"]),
            shelf=e["shelf"],
            age=e["age"],
            banked=e["banked"],
        )
    return say(
        "%(seat)s reads %(card)s on shelf %(shelf)s at age %(age)s: %(renown)s Renown (banked %(banked)s)",
        seat=s,
        card=Card(e["card"]),
        shelf=e["shelf"],
        age=e["age"],
        renown=e["renown"],
        banked=e["banked"],
    )


def _play(e: Mapping[str, Any], s: Seat) -> Said:
    """A craft played, and where: on the rival's shelf or the seat's own, and whether it was free."""
    card = Card(e["card"])
    if not e.get("shelf"):
        if e.get("free"):
            return say("%(seat)s plays %(card)s (free)", seat=s, card=card)
        return say("%(seat)s plays %(card)s", seat=s, card=card)
    shelf = e["shelf"]
    if e.get("on") == "rival":
        rival = Seat(3 - s.number)
        if e.get("free"):
            return say(
                "%(seat)s plays %(card)s on %(rival)s's shelf %(shelf)s (free)",
                seat=s,
                card=card,
                rival=rival,
                shelf=shelf,
            )
        return say(
            "%(seat)s plays %(card)s on %(rival)s's shelf %(shelf)s",
            seat=s,
            card=card,
            rival=rival,
            shelf=shelf,
        )
    if e.get("free"):
        return say("%(seat)s plays %(card)s on their shelf %(shelf)s (free)", seat=s, card=card, shelf=shelf)
    return say("%(seat)s plays %(card)s on their shelf %(shelf)s", seat=s, card=card, shelf=shelf)


def _ending(e: Mapping[str, Any], s: Seat) -> Said:
    """The ending step: the cellar ages (the shelves whose wheels soured named), the turns left,
    and any condition still counting down, each after a " · "."""
    soured = tuple(int(shelf) for shelf in e.get("soured") or ())
    if soured:
        said = say_n(
            "%(seat)s ends the turn: wheels age, shelf %(shelves)s soured; %(num)s turn left",
            "%(seat)s ends the turn: wheels age, shelf %(shelves)s soured; %(num)s turns left",
            e["turns_left"],
            seat=s,
            shelves=soured,
        )
    else:
        said = say_n(
            "%(seat)s ends the turn: wheels age; %(num)s turn left",
            "%(seat)s ends the turn: wheels age; %(num)s turns left",
            e["turns_left"],
            seat=s,
        )
    if e.get("damp"):
        said = say("%(ending)s · damp %(turns)s", ending=said, turns=e["damp"])
    if e.get("chill"):
        said = say("%(ending)s · chill %(turns)s", ending=said, turns=e["chill"])
    return said


def _on_wheel(kind: str, e: Mapping[str, Any], s: Seat) -> Said:
    """A change to one wheel on a shelf; a sealed wheel's twin for the table keeps its figures
    hidden ("changes its hold")."""
    wheel, shelf = _wheel(e), e["shelf"]
    match kind:
        case "age":
            if e.get("soured"):
                return say(
                    "%(wheel)s on %(seat)s's shelf %(shelf)s is now age %(age)s and soured",
                    wheel=wheel,
                    seat=s,
                    shelf=shelf,
                    age=e["age"],
                )
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s is now age %(age)s",
                wheel=wheel,
                seat=s,
                shelf=shelf,
                age=e["age"],
            )
        case "ripen":
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s ripens to age %(age)s",
                wheel=wheel,
                seat=s,
                shelf=shelf,
                age=e["age"],
            )
        case "restore":
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s is restored to age %(age)s",
                wheel=wheel,
                seat=s,
                shelf=shelf,
                age=e["age"],
            )
        case "hold":
            if "hold" in e:
                return say(
                    "%(wheel)s on %(seat)s's shelf %(shelf)s now has hold %(hold)s",
                    wheel=wheel,
                    seat=s,
                    shelf=shelf,
                    hold=e["hold"],
                )
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s changes its hold", wheel=wheel, seat=s, shelf=shelf
            )
        case "value":
            if "value" in e:
                return say(
                    "%(wheel)s on %(seat)s's shelf %(shelf)s is now worth %(value)s",
                    wheel=wheel,
                    seat=s,
                    shelf=shelf,
                    value=e["value"],
                )
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s changes its worth", wheel=wheel, seat=s, shelf=shelf
            )
        case "unseal":
            return say(
                "%(wheel)s on %(seat)s's shelf %(shelf)s is unsealed", wheel=wheel, seat=s, shelf=shelf
            )
        case "sour":
            return say("%(wheel)s on %(seat)s's shelf %(shelf)s sours", wheel=wheel, seat=s, shelf=shelf)
    # a wheel's change these words do not know yet: which wheel and where, and the change's name
    return say(
        "%(wheel)s on %(seat)s's shelf %(shelf)s: %(what)s",
        wheel=wheel,
        seat=s,
        shelf=shelf,
        what=kind.replace("_", " "),
    )
