"""Wheels of War in the terminal: each seat's Renown, turns, hand and shelves, and the choices in
words (card names, whose shelf a craft goes on, what a choice costs), in the order a turn reads."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from console.games.core import Action, ChoiceLabel, natural_key
from console.games.wheels.catalog import Catalog
from console.i18n import N_
from console.i18n.said import Card, Said, Seat, Value, say, say_n

View = Mapping[str, Any]
Name = Callable[[str], str]

# Groups in the order a turn reads: what is built or played first, ending the turn last.
VERB_ORDER = ("choose", "swap", "keep", "set", "read", "play", "invoke", "wait")


# A phase's name as the board says it (the view's ``phase``).
PHASES = {
    "toss": N_("toss"),
    "archaffineurs": N_("archaffineurs"),
    "deal": N_("deal"),
    "opening": N_("opening"),
    "play": N_("play"),
    "over": N_("over"),
}
# A wheel on a shelf, by whether it is sealed and whether it has soured.
WHEELS = {
    (False, False): N_("%(shelf)s: %(card)s age %(age)s (full %(from)s-%(until)s), pays %(payout)s"),
    (True, False): N_("%(shelf)s: %(card)s age %(age)s (full %(from)s-%(until)s), pays %(payout)s, sealed"),
    (False, True): N_("%(shelf)s: %(card)s age %(age)s (full %(from)s-%(until)s), pays %(payout)s, SOURED"),
    (True, True): N_(
        "%(shelf)s: %(card)s age %(age)s (full %(from)s-%(until)s), pays %(payout)s, sealed, SOURED"
    ),
}


def _who(view: View, seat: Any) -> Value:
    """A seat, "(you)" after it when it is the viewer's own."""
    who = Seat(int(seat))
    return say("%(seat)s (you)", seat=who) if str(view.get("you", view.get("seat"))) == str(seat) else who


def _number(value: Any) -> Value:
    return value if isinstance(value, int | float) else str(value)


def board_lines(view: View) -> list[Said | str]:
    """The board as sentences of this game's catalog: the phase, then each seat's Renown, turns,
    cards, conditions, shelves and (its own) hand."""
    phase = view.get("phase")
    named = say(PHASES[str(phase)]) if str(phase) in PHASES else str(phase)
    lines: list[Said | str] = [
        say("Phase: %(phase)s · %(seat)s to play", phase=named, seat=Seat(int(view["turn_of"])))
        if view.get("turn_of")
        else say("Phase: %(phase)s", phase=named)
    ]
    for seat, info in sorted(view.get("players", {}).items(), key=lambda item: natural_key(item[0])):
        values: dict[str, Value] = {
            "seat": _who(view, seat),
            "banked": _number(info.get("banked")),
            "turns": say_n("%(num)s turn left", "%(num)s turns left", int(info.get("turns_left") or 0)),
            "hand": _number(info.get("hand_count")),
            "deck": _number(info.get("deck_count")),
        }
        conditions = _conditions(info)
        if conditions is None:
            lines.append(
                say("  %(seat)s: banked %(banked)s, %(turns)s, %(hand)s in hand, %(deck)s in deck", **values)
            )
        else:
            lines.append(
                say(
                    "  %(seat)s: banked %(banked)s, %(turns)s, %(hand)s in hand, %(deck)s in deck"
                    " · %(conditions)s",
                    conditions=conditions,
                    **values,
                )
            )
        shelves = [_shelf(shelf) for shelf in info.get("shelves", [])]
        lines.append(say("    shelves  %(shelves)s", shelves=_bars(shelves)))
        if "hand" in info:
            hand = tuple(Card(str(card)) for card in info["hand"])
            lines.append(say("    hand     %(cards)s", cards=hand or say("empty")))
    return lines


def _conditions(info: Mapping[str, Any]) -> Said | None:
    """A seat's damp and chill, where it has any."""
    damp, chill = info.get("damp"), info.get("chill")
    if damp and chill:
        return say("damp %(damp)s, chill %(chill)s", damp=_number(damp), chill=_number(chill))
    if damp:
        return say("damp %(turns)s", turns=_number(damp))
    if chill:
        return say("chill %(turns)s", turns=_number(chill))
    return None


def _shelf(shelf: Mapping[str, Any]) -> Said:
    number = _number(shelf.get("shelf"))
    if shelf.get("empty"):
        return say("%(shelf)s: empty", shelf=number)
    if "card" not in shelf:
        return say("%(shelf)s: a sealed wheel", shelf=number)
    return say(
        WHEELS[bool(shelf.get("sealed")), bool(shelf.get("soured"))],
        shelf=number,
        card=Card(str(shelf["card"])),
        age=_number(shelf.get("age")),
        **{"from": _number(shelf.get("full_from")), "until": _number(shelf.get("full_until"))},
        payout=_number(shelf.get("payout")),
    )


def _bars(items: list[Said]) -> Value:
    """Phrases side by side, " | " between each two."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return say("%(first)s | %(rest)s", first=items[0], rest=_bars(items[1:]))


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
