"""The Rules of the Watch's events in words, for every log (the pages' and the terminal's): one
sentence each, as a message id of this game's catalog and its values (``console.i18n.said``), so
each screen says it in its own language. The rule book calls seats rulers: a seat is "Ruler N" at a
sentence's start and "ruler N" within one (``RULER_AT_START``, ``RULER_WITHIN``), and each page puts
in the player's name and people. A card is said by its printed name in the screen's language. An
edge is said with the intersections it joins, from the board's topology, which every layout shares:
nothing of the state is read.

Each variant of an event is a sentence of its own (a city that falls and a settlement destroyed, a
strike at a walled city and at an army in the field): a translator words each one whole, with its
own articles and genders, where a noun put into one sentence would force English grammar on German
and Spanish. Only what stands alone is put into a sentence: a deck's name, a tile, an amount of a
resource, a list of rulers or places. A value said within a phrase is never a seat at the phrase's
start (``Speaker`` would say it as a sentence's start)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from console.games.core import Event
from console.games.watch.rules.board import TOPOLOGY
from console.i18n import N_
from console.i18n.said import Card, Said, Seat, Value, phrase, say, say_n

# How the Watch's sentences say a seat (Game.seat_words): the rule book's word for one.
RULER_AT_START = N_("Ruler %(seat)s")
RULER_WITHIN = N_("ruler %(seat)s")
RULER = "ruler"  # the word in the engine's English reasons ("ruler 1 declared victory"): Game.phrase

DECKS = {
    "warfare": say("Warfare"),
    "growth": say("Growth"),
    "politics": say("Politics"),
    "harrows": say("Harrows"),
}
# Tiles by the engine's names, as the rule book prints them ("Grain"); the first four are resources.
TILES = {
    "grain": say("Grain"),
    "wood": say("Wood"),
    "stone": say("Stone"),
    "gold": say("Gold"),
    "desert": say("Desert"),
    "lake": say("Lake"),
    "sea": say("Sea"),
}
RESOURCES = ("grain", "wood", "stone", "gold")
# A Chronicle card's rarity (its facts beside its deck: Game.card_details).
RARITIES = {
    "common": say("common"),
    "rare": say("rare"),
    "legendary": say("legendary"),
    "hidden victory": say("hidden victory"),
}
EDGE_ENDS = {
    edge: (TOPOLOGY.point_ids[a], TOPOLOGY.point_ids[b])
    for edge, (a, b) in zip(TOPOLOGY.edge_ids, TOPOLOGY.edge_points, strict=True)
}
# An alliance one of its rulers broke: alliances.do_break writes "broken by 2".
BROKEN_BY = re.compile(r"broken by (\d+)")


def at(place: object) -> Value:
    """A place as it is named ("i14", "h5"), an edge with the intersections it joins ("e1 (i3–i7)"),
    several as a list: the same in every language."""
    if isinstance(place, list | tuple):
        return tuple(at(one) for one in place)
    ends = EDGE_ENDS.get(str(place))
    return f"{place} ({ends[0]}–{ends[1]})" if ends else str(place)


def tile(name: object) -> Value:
    return TILES.get(str(name)) or str(name)


def deck(name: object) -> Value:
    return DECKS.get(str(name)) or str(name)


def card_facts(deck_name: str, rarity: str) -> Said:
    """A Chronicle card's facts beside its printed text (Game.card_details): "Warfare · common"."""
    return say("%(deck)s · %(rarity)s", deck=deck(deck_name), rarity=RARITIES.get(rarity) or rarity)


def amount(num: int, resource: object) -> Said:
    """ "2 Wood" (es "2 de Madera")."""
    return say("%(num)s %(resource)s", num=num, resource=tile(resource))


def amounts(held: Mapping[str, Any]) -> tuple[Said, ...]:
    """The resources of ``held`` it has any of, in the rule book's order: "5 Grain and 2 Wood"."""
    return tuple(amount(held[kind], kind) for kind in RESOURCES if held.get(kind))


def _seats(seats: Iterable[object]) -> tuple[Seat, ...]:
    return tuple(Seat(int(str(seat))) for seat in seats)


def _card_arg(arg: object) -> Value:
    """A card's argument in words: a seat as its ruler, a resource by its name, a place as it is."""
    text = str(arg)
    if re.fullmatch(r"\d", text):
        return Seat(int(text))
    return TILES[text] if text in RESOURCES else at(text)


def words(event: Event) -> Said | None:
    """``event`` as a sentence, or None for a kind it does not know (``Game.words`` says those)."""
    e = event.data
    s = Seat(int(e.get("seat") or 0))  # the acting ruler
    match event.kind:
        case "founded":
            return _founded(s, e["work"], at(e["at"]))
        case "built":
            return _built(s, e["work"], at(e["at"]))
        case "watch_begins":
            return say("The Watch begins: round %(round)s", round=e["round"])
        case "round_begins":
            return say("Round %(round)s begins", round=e["round"])
        case "offered":
            return say("%(seat)s offers an alliance to %(to)s", seat=s, to=Seat(e["to"]))
        case "allied":
            return say("%(rulers)s are allies", rulers=_seats(e["pair"]))
        case "declined":
            return say(
                "%(seat)s declines the alliance offered by %(offerer)s", seat=s, offerer=Seat(e["offer_of"])
            )
        case "alliance_ended":
            return _alliance_ended(_seats(e["pair"]), str(e["reason"]), bool(e.get("trophy_lost")))
        case "alliance_trophy":
            return say("%(rulers)s earn an alliance trophy", rulers=_seats(e["pair"]))
        case "turn_ended":
            return say("%(seat)s ends the turn", seat=s)
        case "drew":
            if e.get("paid") == "gold":
                return say("%(seat)s draws a %(deck)s card, paying Gold", seat=s, deck=deck(e["deck"]))
            return say("%(seat)s draws a %(deck)s card, paying its goods", seat=s, deck=deck(e["deck"]))
        case "card":  # to its seat alone (a Spy's, to its victim too): the table's twin is card_gained
            return _card(e.get("how"), e["card"])
        case "card_gained":
            return say("%(seat)s gains a card", seat=s)
        case "free_card":
            return say("%(seat)s takes a free %(deck)s card", seat=s, deck=deck(e["deck"]))
        case "played":
            targets = tuple(_card_arg(arg) for arg in e.get("args") or ())
            if targets:
                return say(
                    "%(seat)s plays %(card)s (%(targets)s)", seat=s, card=Card(e["card"]), targets=targets
                )
            return say("%(seat)s plays %(card)s", seat=s, card=Card(e["card"]))
        case "revealed":
            return say("%(seat)s reveals %(card)s", seat=s, card=Card(e["card"]))
        case "returned":
            return say("%(seat)s hands back a %(deck)s card", seat=s, deck=deck(e["deck"]))
        case "card_lost":
            return say("%(seat)s loses a %(deck)s card", seat=s, deck=deck(e["deck"]))
        case "taken":
            return _taken(s, e)
        case "stolen":
            return say("%(seat)s steals a card from %(victim)s", seat=s, victim=Seat(e["from"]))
        case "exchanged":
            return say(
                "%(seat)s exchanges %(paid)s for %(got)s",
                seat=s,
                paid=amount(e["gold"], "gold"),
                got=amount(1, e["for"]),
            )
        case "produced":
            produced = amounts(e)
            if not produced:
                return say("%(seat)s produces nothing", seat=s)
            return say("%(seat)s produces %(amounts)s", seat=s, amounts=produced)
        case "gained":
            gained = amounts(e)
            if not gained:
                return say("%(seat)s gains nothing", seat=s)
            return say("%(seat)s gains %(amounts)s", seat=s, amounts=gained)
        case "recruited":  # "units": the stack's strength with the new unit
            if e.get("free"):
                return say_n(
                    "%(seat)s recruits a free army unit at %(place)s (%(num)s unit there)",
                    "%(seat)s recruits a free army unit at %(place)s (%(num)s units there)",
                    e["units"],
                    seat=s,
                    place=at(e["at"]),
                )
            return say_n(
                "%(seat)s recruits an army unit at %(place)s (%(num)s unit there)",
                "%(seat)s recruits an army unit at %(place)s (%(num)s units there)",
                e["units"],
                seat=s,
                place=at(e["at"]),
            )
        case "activated":
            if e.get("paid") == "card":  # a card wakes one army or several: "at" is a list
                places = at(e["at"])
                woken = len(places) if isinstance(places, tuple) else 1
                return say_n(
                    "%(seat)s wakes the army at %(places)s with a card",
                    "%(seat)s wakes the armies at %(places)s with a card",
                    woken,
                    seat=s,
                    places=places,
                )
            return say(
                "%(seat)s wakes the army at %(place)s, paying %(resource)s",
                seat=s,
                place=at(e["at"]),
                resource=tile(e["paid"]),
            )
        case "deactivated":
            return say("%(seat)s's armies rest", seat=s)
        case "moved":
            return say("%(seat)s marches from %(start)s to %(end)s", seat=s, start=e["from"], end=e["to"])
        case "retreated":
            return _retreated(s, e)
        case "combat":
            return _combat(s, e)
        case "stack_destroyed":
            return say(
                "%(owner)s's army of %(num)s at %(place)s is destroyed",
                owner=Seat(e["owner"]),
                num=e["units"],
                place=at(e["at"]),
            )
        case "decimated":
            return say(
                "%(owner)s's army at %(place)s is decimated: %(num)s left",
                owner=Seat(e["owner"]),
                place=at(e["at"]),
                num=e["left"],
            )
        case "turncoat":
            return say(
                "A unit of %(owner)s's army at %(start)s turns coat and joins the army at %(end)s",
                owner=Seat(e["owner"]),
                start=e["from"],
                end=e["to"],
            )
        case "piece_destroyed":
            return _piece_destroyed(Seat(e["owner"]), e["piece"], at(e["at"]))
        case "road_destroyed":
            return say(
                "%(owner)s's road on %(place)s is destroyed", owner=Seat(e["owner"]), place=at(e["at"])
            )
        case "improvement_destroyed":  # its own "kind" says which: a granary, a mill, a quarry
            return _improvement_destroyed(Seat(e["owner"]), e.get("kind"), at(e["at"]))
        case "city_fell":  # the Horde's says why (forfeit); a Harrow's does not
            return _city_fell(Seat(e["owner"]), at(e["at"]), e.get("why") == "forfeit", e.get("fate"))
        case "unrest":
            return say("Unrest breaks out at %(place)s", place=at(e["at"]))
        case "held":  # Intrigue
            return say(
                "The army at %(place)s is held: it may not move or strike on its next turn", place=at(e["at"])
            )
        case "desert":
            return say("%(place)s (%(tile)s) turns to desert", place=at(e["at"]), tile=tile(e["was"]))
        case "pariah":
            return say("%(seat)s is a pariah", seat=s)
        case "collapse":  # The Great Collapse, played by the seat
            return say("%(seat)s halves every opponent's stores", seat=s)
        case "harrow":
            return say("A Harrow lands: %(card)s", card=Card(e["card"]))
        case "landfall":
            if e.get("result") == "broke":
                return say(
                    "Landfall: the Horde's strength %(strength)s against %(defence)s; the wall breaks",
                    strength=e["strength"],
                    defence=e["defence"],
                )
            return say(
                "Landfall: the Horde's strength %(strength)s against %(defence)s; the wall holds",
                strength=e["strength"],
                defence=e["defence"],
            )
        case "message":  # a player's own words, quoted as typed: never translated
            return say(
                "%(sender)s to %(receiver)s: “%(text)s”",
                sender=Seat(e["from"]),
                receiver=Seat(e["to"]),
                text=e["text"],
            )
        case "watch_ends":
            if e.get("reason") == "time":
                return say("The Watch ends (its rounds are over)")
            return say("The Watch ends (%(reason)s)", reason=phrase(str(e["reason"]), RULER))
        case "victory":
            return say("%(seat)s wins with %(vp)s VP", seat=s, vp=e["vp"])
    return None


def _founded(s: Seat, work: str, place: Value) -> Said | None:
    match work:
        case "city":
            return say("%(seat)s founds a city at %(place)s", seat=s, place=place)
        case "settlement":
            return say("%(seat)s founds a settlement at %(place)s", seat=s, place=place)
        case "road":
            return say("%(seat)s founds a road at %(place)s", seat=s, place=place)
    return None


def _built(s: Seat, work: str, place: Value) -> Said | None:
    match work:
        case "settlement":
            return say("%(seat)s builds a settlement at %(place)s", seat=s, place=place)
        case "city":
            return say("%(seat)s builds a city at %(place)s", seat=s, place=place)
        case "road":
            return say("%(seat)s builds a road at %(place)s", seat=s, place=place)
        case "walls":
            return say("%(seat)s builds walls at %(place)s", seat=s, place=place)
        case "granary":
            return say("%(seat)s builds a Granary at %(place)s", seat=s, place=place)
        case "mill":
            return say("%(seat)s builds a Mill at %(place)s", seat=s, place=place)
        case "quarry":
            return say("%(seat)s builds a Quarry at %(place)s", seat=s, place=place)
    return None


def _alliance_ended(pair: tuple[Seat, ...], reason: str, trophy_lost: bool) -> Said:
    broken = BROKEN_BY.fullmatch(reason)
    if broken:  # its breaker by name, in a sentence of its own (a phrase can't start with a seat)
        ended = say(
            "The alliance of %(rulers)s ends (broken by %(breaker)s)",
            rulers=pair,
            breaker=Seat(int(broken.group(1))),
        )
    else:  # a card's: "treason", "pariah" (N_ where the rules write them)
        ended = say("The alliance of %(rulers)s ends (%(reason)s)", rulers=pair, reason=phrase(reason))
    return say("%(ended)s; its trophy is lost", ended=ended) if trophy_lost else ended


def _card(how: object, card: str) -> Said:
    match how:
        case "draw":
            return say("You draw %(card)s", card=Card(card))
        case "spy":  # the thief's and the victim's alike
            return say("The stolen card is %(card)s", card=Card(card))
        case "black plot":
            return say("You lose %(card)s", card=Card(card))
    return say("You gain %(card)s", card=Card(card))


def _taken(s: Seat, e: Mapping[str, Any]) -> Said:
    if "resources" in e:  # named by the card (Crown's Due): none when the rival held none of them
        counted = Counter(str(kind) for kind in e["resources"])
        taken = amounts(counted)
        if not taken:
            return say("%(seat)s takes nothing from %(victim)s", seat=s, victim=Seat(e["from"]))
    else:
        taken = (amount(e["amount"], e["resource"]),)
    if e["from"] == "every opponent":  # Commercial Empire
        return say("%(seat)s takes %(amounts)s from every opponent", seat=s, amounts=taken)
    return say("%(seat)s takes %(amounts)s from %(victim)s", seat=s, amounts=taken, victim=Seat(e["from"]))


def _retreated(s: Seat, e: Mapping[str, Any]) -> Said:
    start, lost = e["from"], int(e.get("lost") or 0)
    if not e.get("to"):
        return say_n(
            "%(seat)s retreats from %(start)s with nowhere to go, losing %(num)s unit",
            "%(seat)s retreats from %(start)s with nowhere to go, losing %(num)s units",
            lost,
            seat=s,
            start=start,
        )
    if lost:
        return say_n(
            "%(seat)s retreats from %(start)s to %(end)s, losing %(num)s unit",
            "%(seat)s retreats from %(start)s to %(end)s, losing %(num)s units",
            lost,
            seat=s,
            start=start,
            end=e["to"],
        )
    return say("%(seat)s retreats from %(start)s to %(end)s", seat=s, start=start, end=e["to"])


def _combat(s: Seat, e: Mapping[str, Any]) -> Said | None:
    """A strike and who won it: a sentence for each thing struck (its article and gender are the
    language's), each as the attacker wins or the defender holds."""
    values: dict[str, Value] = {
        "seat": s,
        "defender": Seat(e["defender"]),
        "place": at(e["at"]),
        "start": e["from"],
        "attack": e["attack"],
        "defence": e["defence"],
        "winner": s,  # a key of its own: only a sentence's first placeholder starts it ("Ruler 3")
    }
    won = e.get("winner") == e.get("seat")
    match e["terrain"], won:
        case "settlement", True:
            return say(
                "%(seat)s strikes %(defender)s's settlement at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(winner)s wins",
                **values,
            )
        case "settlement", False:
            return say(
                "%(seat)s strikes %(defender)s's settlement at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(defender)s holds",
                **values,
            )
        case "city", True:
            return say(
                "%(seat)s strikes %(defender)s's city at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(winner)s wins",
                **values,
            )
        case "city", False:
            return say(
                "%(seat)s strikes %(defender)s's city at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(defender)s holds",
                **values,
            )
        case "walled city", True:
            return say(
                "%(seat)s strikes %(defender)s's walled city at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(winner)s wins",
                **values,
            )
        case "walled city", False:
            return say(
                "%(seat)s strikes %(defender)s's walled city at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(defender)s holds",
                **values,
            )
        case "field", True:
            return say(
                "%(seat)s strikes %(defender)s's army in the field at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(winner)s wins",
                **values,
            )
        case "field", False:
            return say(
                "%(seat)s strikes %(defender)s's army in the field at %(place)s from %(start)s: "
                "%(attack)s against %(defence)s, %(defender)s holds",
                **values,
            )
    return None


def _piece_destroyed(owner: Seat, piece: str, place: Value) -> Said | None:
    match piece:
        case "settlement":
            return say("%(owner)s's settlement at %(place)s is destroyed", owner=owner, place=place)
        case "city":
            return say("%(owner)s's city at %(place)s is destroyed", owner=owner, place=place)
    return None


def _improvement_destroyed(owner: Seat, kind: object, place: Value) -> Said:
    match kind:
        case "granary":
            return say("%(owner)s's Granary on %(place)s is destroyed", owner=owner, place=place)
        case "mill":
            return say("%(owner)s's Mill on %(place)s is destroyed", owner=owner, place=place)
        case "quarry":
            return say("%(owner)s's Quarry on %(place)s is destroyed", owner=owner, place=place)
    return say("%(owner)s's improvement on %(place)s is destroyed", owner=owner, place=place)


def _city_fell(owner: Seat, place: Value, forfeit: bool, fate: object) -> Said:
    """A city the Horde was given, or a Harrow struck: it becomes a settlement, or is lost outright
    when its ruler holds five settlements already (ruling P-47)."""
    if forfeit:
        if fate == "destroyed":
            return say(
                "%(owner)s's city at %(place)s falls (given up to the Horde): destroyed",
                owner=owner,
                place=place,
            )
        return say(
            "%(owner)s's city at %(place)s falls (given up to the Horde): demoted to a settlement",
            owner=owner,
            place=place,
        )
    if fate == "destroyed":
        return say("%(owner)s's city at %(place)s falls: destroyed", owner=owner, place=place)
    return say("%(owner)s's city at %(place)s falls: demoted to a settlement", owner=owner, place=place)
