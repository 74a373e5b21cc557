"""Wheels of War's events in words, for every log (the pages' and the terminal's): one sentence
each, cards by their printed names, seats written "Seat N" and "seat N" so each screen puts the
players' names in. A sealed wheel's event for the table lacks its card: "a sealed wheel"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Event

CardName = Callable[[str], str]


def _turns(count: int, what: str) -> str:
    return f"{count} {what}{'' if count == 1 else 's'}"


def describe(event: Event, card: CardName) -> str | None:
    """``event`` as a sentence (``card`` names a card id), or None for a kind it does not know."""
    e = event.data
    s = f"Seat {e.get('seat')}"
    whose = f"seat {e.get('seat')}'s"  # the seat the event is about, mid-sentence
    wheel = card(e["card"]) if e.get("card") else "a sealed wheel"
    match event.kind:
        case "first":
            return f"{s} plays first"
        case "chose":  # the chooser's own names the card; the table's says only that it chose
            if e.get("archaffineur"):
                return f"You choose {card(e['archaffineur'])} as your Archaffineur"
            return f"{s} has chosen an Archaffineur"
        case "archaffineurs":
            return f"Archaffineurs: seat 1 {card(e['1'])}, seat 2 {card(e['2'])}"
        case "draw":
            return f"You draw {card(e['card'])}" if e.get("card") else f"{s} draws a card"
        case "swap":
            return f"You put {card(e['card'])} under your deck" if e.get("card") else f"{s} swaps a card"
        case "keep":
            return f"{s} keeps the hand"
        case "opening-done":
            return f"{s} has finished the opening"
        case "set":
            return f"{s} sets {wheel} on shelf {e['shelf']}{', sealed' if e.get('sealed') else ''}"
        case "read":
            paid = "soured, 0" if e.get("soured") else e["renown"]
            where = f"on shelf {e['shelf']} at age {e['age']}"
            return f"{s} reads {card(e['card'])} {where}: {paid} Renown (banked {e['banked']})"
        case "wait":
            return f"{s} waits"
        case "play":
            return f"{s} plays {card(e['card'])}{_played_on(e)}{' (free)' if e.get('free') else ''}"
        case "invoke":
            on = f" on shelf {e['shelf']}" if e.get("shelf") else ""
            return f"{s} invokes {card(e['archaffineur'])}{on}"
        case "ending":
            return _ending(s, e)
        case "age":
            soured = " and soured" if e.get("soured") else ""
            return f"{wheel} on {whose} shelf {e['shelf']} is now age {e['age']}{soured}"
        case "ripen":
            return f"{wheel} on {whose} shelf {e['shelf']} ripens to age {e['age']}"
        case "restore":
            return f"{wheel} on {whose} shelf {e['shelf']} is restored to age {e['age']}"
        case "hold":  # a sealed wheel's twin for the table keeps its hold hidden
            held = f"now holds {e['hold']} more" if "hold" in e else "changes its hold"
            return f"{wheel} on {whose} shelf {e['shelf']} {held}"
        case "unseal":
            return f"{wheel} on {whose} shelf {e['shelf']} is unsealed"
        case "sour":
            return f"{wheel} on {whose} shelf {e['shelf']} sours"
        case "removed":
            return f"{card(e['card'])} is removed from {whose} shelf {e['shelf']}"
        case "returned":
            return f"{card(e['card'])} goes back to {whose} hand from shelf {e['shelf']}"
        case "value":  # and its worth
            worth = f"is now worth {e['value']}" if "value" in e else "changes its worth"
            return f"{wheel} on {whose} shelf {e['shelf']} {worth}"
        case "damp":
            return f"{s}'s cellar is damp for {_turns(e['turns'], 'ending turn')}"
        case "chill":
            return f"{s}'s cellar is chilled for {_turns(e['turns'], 'ending turn')}"
        case "over":
            return f"Game over: {e['reason']}"
    if e.get("shelf"):  # a wheel's change the words above do not know yet: which wheel, and where
        return f"{wheel} on {whose} shelf {e['shelf']}: {event.kind.replace('_', ' ')}"
    return None


def _played_on(e: Mapping[str, Any]) -> str:
    """ " on seat 2's shelf 1" for a craft aimed at the rival, " on their shelf 1" at its own."""
    if not e.get("shelf"):
        return ""
    rival = 1 if int(e["seat"]) == 2 else 2
    whose = f"seat {rival}'s" if e.get("on") == "rival" else "their"
    return f" on {whose} shelf {e['shelf']}"


def _ending(s: str, e: Mapping[str, Any]) -> str:
    soured = e.get("soured") or []
    spoiled = f", shelf {' and '.join(map(str, soured))} soured" if soured else ""
    said = f"{s} ends the turn: wheels age{spoiled}; {_turns(e['turns_left'], 'turn')} left"
    damp = f" · damp {e['damp']}" if e.get("damp") else ""
    return said + damp + (f" · chill {e['chill']}" if e.get("chill") else "")
