"""The Watch's refusals in every language its catalog holds (issue 26): each refusal a person can
meet (an illegal deed, a wrong answer, notation that is no action, options a Watch cannot be set
up with) is a sentence of message ids found in the Watch's own catalog (game.pot), every nested
one too, said in German and Spanish with no English message left and no placeholder unfilled; its
English (``str``) reads as the Watch's refusals always have.

The refusals are provoked on hand-made tables (tests/games/watch/watch_table.py) and, for what
play itself runs into, by stale deeds offered again in random games; every refusal the rules can
make is met here but the few listed as unreachable (a check the one before it already makes)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from console import i18n
from console.games.core import CHANCE, Action, BadOptions, GameError, IllegalAction, NotationError, State
from console.games.editions import Edition
from console.games.watch import GAME
from console.games.watch.actions import MAX_MESSAGE, PLAYER_VERBS, Deal, Say, WatchAction, make
from console.games.watch.catalog import catalog
from console.games.watch.refusal import english
from console.games.watch.rules.alliances import Alliance, Archive
from console.games.watch.rules.board import HEX_INDEX, POINT_INDEX, TOPOLOGY
from console.games.watch.rules.chronicle import CARD_EFFECTS
from console.games.watch.rules.decks import Deck
from console.games.watch.rules.growth import TakeResource
from console.games.watch.rules.harrows import DrawHarrow
from console.games.watch.rules.horde import ChooseDeck, ForfeitCity
from console.games.watch.rules.politics import BlackPlotLoss, SpyTheft
from console.http.language import COOKIE as LANGUAGE_COOKIE
from console.http.language import PAGE_HEADER
from console.hub.service import Hub
from console.web import create_app
from console.web.refusals import said_of, words
from tests.games.watch.test_watch_refusals import CASES, refusal_table
from tests.games.watch.watch_table import Table, edge
from tests.helpers.sentences import message_ids
from tests.web.conftest import ORIGIN, hub_config, join

PACKAGE = GAME.catalog_package()
WATCH = Path(__file__).resolve().parents[3] / "console" / "games" / "watch"
LANGUAGES = ("de", "es")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def refusal(do: Callable[[], object]) -> GameError:
    try:
        do()
    except GameError as error:
        return error
    raise AssertionError("not refused")


def refused(table: Table, text: str | WatchAction) -> GameError:
    """``text`` (or an action made directly) refused at ``table``, changing nothing."""
    action = GAME.parse_action(text) if isinstance(text, str) else text
    before = [table.state.view(seat) for seat in (None, *range(1, table.state.players + 1))]
    error = refusal(lambda: table.state.apply(action))
    assert [table.state.view(seat) for seat in (None, *range(1, table.state.players + 1))] == before, text
    assert isinstance(error, IllegalAction), (text, error)
    return error


def notation(text: str) -> GameError:
    error = refusal(lambda: GAME.parse_action(text))
    assert isinstance(error, NotationError), (text, error)
    return error


def options(decks: dict[object, list[str]] | None = None, **given: object) -> GameError:
    error = refusal(lambda: GAME.new(2, 1, given, decks))
    assert isinstance(error, BadOptions), (given, error)
    return error


def edition(changed: Edition) -> GameError:
    error = refusal(lambda: GAME.edited(changed))
    assert isinstance(error, BadOptions), error
    return error


# --- the hand-made tables --------------------------------------------------------------------------


def founding() -> Iterator[tuple[GameError, str]]:
    t = Table(2, found=False)
    yield refused(t, f"1:road {edge('i14', 'i19')}"), "the founding asks for a city now"
    water = next(p for p in range(len(TOPOLOGY.point_ids)) if not t.state.point_land[p])
    yield refused(t, f"1:city {TOPOLOGY.point_ids[water]}"), "that intersection touches only water"
    t.do("1:city i14")
    yield refused(t, "1:city i18"), "the founding asks for a road now"
    yield (
        refused(t, f"1:road {edge('i18', 'i24')}"),
        "a founding road must run from the piece you just placed",
    )
    t.do(f"1:road {edge('i14', 'i19')}", "2:city i26", f"2:road {edge('i26', 'i21')}")
    yield refused(t, "2:city i35"), "the founding asks for a settlement now"
    yield refused(t, "2:settle i14"), "that intersection already holds a settlement or city"
    yield refused(t, "2:settle i10"), "that intersection is next to a settlement or city"


def building() -> Iterator[tuple[GameError, str]]:
    t = Table(2)
    sea = next(e for e in range(len(TOPOLOGY.edge_ids)) if not t.state.road_land[e])
    yield refused(t, f"1:road {TOPOLOGY.edge_ids[sea]}"), "roads are never laid across water"
    t.road(1, "i19", "i25")
    t.army(2, "i25", 1)
    yield refused(t, "1:settle i25"), "another ruler's army stands on that intersection"
    t.state.settlements[1] = 5
    yield refused(t, "1:settle i25"), "you hold 5 settlements, the most allowed"
    t.state.cities[1] = 4
    yield refused(t, "1:city i18"), "you hold 4 cities, the most allowed"
    t.army(1, "i14", 2, active=True)
    yield (
        refused(t, "1:recruit i14"),
        "units join only an inactive stack; this one is active until the round closes",
    )
    t.army(1, "i14", 5)
    yield refused(t, "1:recruit i14"), "a stack holds at most 5 units"
    t.empty(1)
    yield refused(t, "1:activate i14 grain"), "activation costs 1 Grain; you have none"
    yield refused(t, "1:activate i14 gold"), "activation costs 1 Gold; you have none"
    yield refused(t, "1:exchange wood"), "the exchange takes 2 Gold; you have 0"
    yield (
        refused(t, "1:walls i14"),
        "City Walls costs 2 Wood, 3 Stone; you have nothing; you need 2 more Wood and 3 more Stone",
    )
    yield (
        refused(t, "1:road e14"),
        "a road costs 1 Wood, 1 Stone; you have nothing; you need 1 more Wood and 1 more Stone",
    )
    yield (
        refused(t, "1:improve h6 i14"),
        "a Mill costs 2 Wood, 3 Stone; you have nothing; you need 2 more Wood and 3 more Stone",
    )
    t.give(1, gold=1)
    yield (
        refused(t, "1:draw politics gold"),
        "a Politics card (gold) costs 2 Gold; you have 1 Gold; you need 1 more Gold",
    )
    t.state.walls[POINT_INDEX["i14"]] = True
    yield refused(t, "1:walls i14"), "that city already has walls"
    t.state.improvements[HEX_INDEX["h6"]] = (2, POINT_INDEX["i26"], "mill")
    yield refused(t, "1:improve h6 i14"), "each tile may bear only one improvement"
    t.state.improvements = {HEX_INDEX["h5"]: (1, POINT_INDEX["i14"], "quarry")}
    yield refused(t, "1:improve h6 i14"), "that city already has its one improvement"


def war() -> Iterator[tuple[GameError, str]]:
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(1, "i25", "i20")
    t.road(1, "i20", "i26")
    stack = t.army(1, "i19", 3)
    yield refused(t, "1:move i19 i25"), "only an active stack may move; activate it first (1 Grain or 1 Gold)"
    yield (
        refused(t, "1:strike i19 i25"),
        "only an active stack may strike; activate it first (1 Grain or 1 Gold)",
    )
    stack.active = stack.held = True
    yield refused(t, "1:move i19 i25"), "that stack is held by Intrigue and cannot move this turn"
    yield refused(t, "1:strike i19 i25"), "that stack is held by Intrigue and cannot strike this turn"
    stack.held, stack.moved = False, True
    yield refused(t, "1:move i19 i25"), "that stack has already moved this turn"
    stack.moved, stack.struck = False, True
    yield (
        refused(t, "1:move i19 i25"),
        "that stack has struck this turn: a stack moves first, then strikes, then stops",
    )
    yield refused(t, "1:strike i19 i25"), "that stack has already struck this turn"
    stack.struck = False
    t.army(2, "i25", 1)
    yield refused(t, "1:move i19 i20"), "the way to i20 passes another ruler's settlement, city or army"
    yield (
        refused(t, "1:move i19 i25"),
        "ruler 2's army stands at i25: a stack stops only where no other ruler stands",
    )
    yield (
        refused(t, "1:move i19 i26"),
        "ruler 2's city stands at i26: a stack stops only where no other ruler stands",
    )
    t.state.alliances[(1, 2)] = Alliance((1, 2), 1)
    yield refused(t, "1:strike i19 i25"), "allies may not attack each other"
    settled = Table(2)
    settled.road(1, "i18", "i23")
    settled.road(1, "i23", "i29")
    settled.road(1, "i29", "i35")
    settled.army(1, "i18", 2, active=True)
    yield (
        refused(settled, "1:move i18 i35"),
        "ruler 2's settlement stands at i35: a stack stops only where no other ruler stands",
    )


def chronicle() -> Iterator[tuple[GameError, str]]:
    t = Table(2)
    t.hand(1, "w-intrigue", "w-war-spoils")
    yield (
        refused(t, "1:reveal w-intrigue"),
        "only a hidden victory card is revealed; other cards are played",
    )
    yield (
        refused(t, "1:play w-war-spoils"),
        "War Spoils is a hidden victory card: reveal it on your turn to score it",
    )
    yield (
        refused(t, "1:play w-intrigue i26"),
        "Intrigue needs an active army of a ruler you are not allied with",
    )
    t.state.decks["warfare"] = Deck({})
    yield refused(t, "1:draw warfare gold"), "the Warfare deck is empty: every card is in a hand or revealed"
    crowns = Table(2)
    crowns.hand(1, "g-crowns-due")
    crowns.give(2, grain=1, wood=0, stone=0, gold=0)
    yield (
        refused(crowns, "1:play g-crowns-due 2"),
        "Crown's Due takes the 1 resource ruler 2 holds (fewer than 4)",
    )
    three = Table(3)
    three.hand(1, "g-crowns-due")
    three.state.honours[2] = three.state.honours[3] = 2
    yield (
        refused(three, "1:play g-crowns-due 1 grain"),
        "Crown's Due takes from the opponent with the most VP: ruler 2 or ruler 3 (5 VP)",
    )


def alliances() -> Iterator[tuple[GameError, str]]:
    t = Table(3)
    t.do("1:offer 2")
    yield refused(t, "2:end"), "answer the offer of alliance first: accept or decline"
    t.do("2:accept")
    yield refused(t, "1:offer 2"), "you are already allied with that ruler"
    t.state.offered.add(3)
    yield refused(t, "1:offer 3"), "you have already offered that ruler an alliance this turn"
    t.state.offered.clear()
    t.state.pariahs.add(3)
    yield refused(t, "1:offer 3"), "that ruler is a Pariah and may never form alliances again"
    t.state.pariahs = {1}
    yield refused(t, "1:offer 3"), "you are a Pariah and may never form alliances again"
    four = Table(4)
    four.state.alliances = {pair: Alliance(pair, 1) for pair in ((1, 2), (1, 3))}
    yield refused(four, "1:offer 4"), "you already hold 2 alliances, the most allowed"
    four.state.alliances = {pair: Alliance(pair, 1) for pair in ((2, 3), (2, 4))}
    yield refused(four, "1:offer 2"), "that ruler already holds 2 alliances, the most allowed"
    yield refused(four, '1:say 1 "to myself"'), "a message goes from one ruler at this table to another"
    four.state.archives.append(Archive((1, 3), 1, 2, "broken by 1", ()))
    yield (
        refused(four, '1:say 3 "forgive me"'),
        "your alliance with that ruler has ended: its channel is sealed and takes no new words",
    )
    four.state.alliances[(1, 4)] = Alliance((1, 4), 1)
    # Made directly: the notation refuses such a message before the rules see it.
    yield refused(four, Say(1, 4, "   ")), "a message needs some words"
    yield (
        refused(four, Say(1, 4, "x" * (MAX_MESSAGE + 1))),
        f"a message may hold at most {MAX_MESSAGE} characters; yours has {MAX_MESSAGE + 1}",
    )


def queued() -> Iterator[tuple[GameError, str]]:
    """The decisions and chance's work the rules queue, each met with a wrong answer."""
    t = Table(2)
    t.hand(1, "g-road-building")
    t.do("1:play g-road-building")
    yield (
        refused(t, "1:end"),
        "place your free road (Road Building) first, on an edge your network reaches",
    )
    t = Table(2)
    t.state.pending.insert(0, ForfeitCity(1))
    t.state.piece_kind[POINT_INDEX["i18"]], t.state.cities[1] = 2, 2  # two cities: a choice waits
    yield refused(t, "1:end"), "the wall broke: forfeit one of your cities first"
    t = Table(2)
    t.state.pending.insert(0, ChooseDeck(1))
    yield refused(t, "1:end"), "choose the deck of your free card first"
    t.state.decks["politics"] = Deck({})
    yield refused(t, "1:choose politics"), "the Politics deck is empty: choose another"
    t = Table(2)
    yield refused(t, make(Deal, 1, "warfare", "w-intrigue")), "deal is not a deed of your turn"
    t.give(2, grain=1, wood=0, stone=0, gold=0)
    t.state.pending.insert(0, TakeResource(1, 2))
    yield (
        refused(t, "chance:take 2 wood"),
        "chance:take 2 wood is not a possible outcome now: "
        "the table's take must be one of the outcomes its rules allow now",
    )
    t = Table(2)
    t.hand(2, "w-intrigue")
    t.state.pending.insert(0, SpyTheft(1, 2))
    yield (
        refused(t, "chance:steal w-decimation"),
        "chance:steal w-decimation is not a possible outcome now: "
        "the table's steal must be one of the outcomes its rules allow now",
    )
    t.state.pending[0] = BlackPlotLoss(2, 1)
    yield (
        refused(t, "chance:lose 2 w-decimation"),
        "chance:lose 2 w-decimation is not a possible outcome now: "
        "the table's lose must be one of the outcomes its rules allow now",
    )
    t.state.pending[0] = DrawHarrow()
    t.state.decks["harrows"].take_unseen("x-ashen-wind")
    yield (
        refused(t, "chance:harrow x-ashen-wind"),
        "chance:harrow x-ashen-wind is not a possible outcome now: "
        "the table's harrow must be one of the outcomes its rules allow now",
    )


def written() -> Iterator[tuple[GameError, str]]:
    """Notation that is no action of the Watch, and options a Watch cannot be set up with."""
    verbs = ", ".join([*sorted(PLAYER_VERBS), "say"])
    yield notation("1:fly i1"), f"'1:fly i1': there is no verb 'fly' (verbs: {verbs})"
    yield notation("1:play nothing"), "'1:play nothing': play needs a card id, like 1:play w-intrigue"
    yield (
        notation("1:move i19"),
        "'1:move i19': move takes an intersection id like i12 and an intersection id like i12",
    )
    yield notation("1:end now"), "'1:end now': end takes nothing"
    yield notation("1:move i19 x"), "'1:move i19 x': 'x' is not an intersection id like i12"
    yield notation("1:offer 7"), "'1:offer': '7' is not a seat number (1 to 4)"
    yield notation("1:offer x"), "'1:offer': a seat must be a whole number, not 'x'"
    usage = 'say needs the ally\'s seat and a quoted message, like 1:say 2 "meet at dawn"'
    yield notation("1:say 2"), usage
    yield notation('1:say x "hi"'), usage
    yield notation("1:say 2 hi"), 'the message of say must be one quoted string, like "meet at dawn"'
    yield notation('1:say 2 ""'), "the message of say must be one non-empty quoted string"
    long = "x" * (MAX_MESSAGE + 1)
    yield notation(f'1:say 2 "{long}"'), f"a message may hold at most {MAX_MESSAGE} characters"
    yield (
        options(watch_name=" "),
        "the host must call the Watch named: watch_name may not be empty",
    )
    yield options(watch_name="x" * 61), "option 'watch_name' may hold at most 60 characters"
    yield (
        options(decks={"swords": ["w-intrigue"]}),
        "there is no deck 'swords' to stack (1 warfare, 2 growth, 3 politics, 4 harrows)",
    )
    yield (
        options(decks={3: ["p-spy"] * 9}),
        "the stacked Politics deck has more 'p-spy' than the deck holds",
    )
    yield options(peoples="Highkin"), "name one people per ruler: 2, not 1"
    yield options(colours="crimson"), "name one colour per ruler: 2, not 1"
    yield (
        options(peoples="Highkin, Elves"),
        "'Elves' is not a people of the Watch (Highkin, Stoneborn, Wandersfolk, Realms of Men, People 5, "
        "People 6, People 7)",
    )
    yield (
        options(colours="crimson, pink"),
        "'pink' is not a colour of the Watch (crimson, cobalt, ivory, amber, forest, violet, slate)",
    )
    yield (
        options(peoples="Highkin, highkin"),
        "no two rulers may bear the same people: the banners are sacred",
    )
    yield options(colours="amber, Amber"), "no two rulers may bear the same colour: the banners are sacred"
    yield (
        edition(Edition(numbers=(("w-intrigue", "units", 2),))),
        "Rules of the Watch declares no tunable numbers: its cards' effects are rules",
    )
    yield (
        edition(Edition(stand_ins=(("w-nothing", 0),))),
        "Rules of the Watch has no Chronicle card 'w-nothing' to take out",
    )
    yield (
        edition(Edition(stand_ins=(("w-intrigue", 2),))),
        "the Watch's decks are shared: a card is taken out for every seat (seat 0)",
    )


def needs() -> Iterator[tuple[GameError, str]]:
    """A play of each card with targets it cannot take now: its "needs", said as the card's."""
    t = Table(2)
    t.empty(2)
    # a target no card may take now: a corner far from every network, the desert, oneself, an edge
    word = {"point": "i1", "point*": "i1", "hex": "h10", "edge": "e1", "seat": "1", "resource": "gold"}
    word["resource*"] = "gold"
    for card in catalog().cards.values():
        if not card.needs:
            continue
        shape = CARD_EFFECTS[card.effect][0]
        t.hand(1, card.id)
        text = " ".join([f"1:play {card.id}", *(word[kind] for kind in shape)])
        try:
            t.state.copy().apply(GAME.parse_action(text))
        except IllegalAction as error:
            if str(error) == card.needs:  # else a reason more exact (Crown's Due's)
                yield error, card.needs
        t.state.hands[1].remove(card.id)


def elsewhere() -> Iterator[tuple[GameError, str]]:
    """What the cases of test_watch_refusals.py meet beyond its sample of every verb, and the rest
    of what a price, a march and a word of notation may be."""
    t = Table(2)
    t.give(1, gold=2)
    t.do("1:draw warfare gold")
    yield (
        refused(t, "chance:deal growth g-gold-rush"),
        "chance:deal growth g-gold-rush is not a possible outcome now: "
        "the table is dealing ruler 1 the next card of the Warfare deck",
    )
    yield (
        refused(t, "chance:deal warfare g-gold-rush"),
        "chance:deal warfare g-gold-rush is not a possible outcome now: "
        "g-gold-rush is not a card of the Warfare deck",
    )
    yield (
        refused(t, "chance:harrow x-ashen-wind"),
        "chance:harrow x-ashen-wind is not a possible outcome now: "
        "the table is waiting for chance:deal, not chance:harrow",
    )
    t.state.decks["warfare"].unseen.pop("w-intrigue")
    yield (
        refused(t, "chance:deal warfare w-intrigue"),
        "chance:deal warfare w-intrigue is not a possible outcome now: "
        "no copy of Intrigue is left in the Warfare deck to deal",
    )
    t = Table(2, decks={4: ["x-ashen-wind"]})
    t.end_turns(14)
    burn = f"chance:burn {edge('i19', 'i25')}"
    yield (
        refused(t, burn),
        f"{burn} is not a possible outcome now: "
        "the table's pick must be one of the outcomes its rules allow now",
    )
    t = Table(2, decks={1: ["w-intrigue", "w-decimation", "w-turncoat", "w-salt-the-earth"]})
    t.hand(1, "g-road-building")
    t.give(1, gold=8)
    t.do(*["1:draw warfare gold"] * 3)
    yield refused(t, "1:return g-gold-rush"), "you hold no such card to give back"
    yield (
        refused(t, "1:end"),
        "your hand is over its limit of 3: return a card to the bottom of its deck first",
    )
    t.do("1:return w-intrigue", "1:play g-road-building")
    yield (
        refused(t, f"1:road {edge('i40', 'i44')}"),
        "a road must extend from your own city, settlement or road (your free road of Road Building)",
    )
    t = Table(2)
    t.state.pending.insert(0, ForfeitCity(1))
    t.state.piece_kind[POINT_INDEX["i18"]], t.state.cities[1] = 2, 2
    yield refused(t, "1:forfeit i26"), "i26 is not one of your cities: forfeit one of your own"
    t = Table(2)
    t.hand(1, "g-crowns-due")
    t.give(2, grain=9, wood=0, stone=0, gold=0)
    yield (
        refused(t, "1:play g-crowns-due 2 grain grain"),
        "Crown's Due takes exactly 4 of ruler 2's resources",
    )
    yield (
        refused(t, "1:play g-crowns-due 2 wood wood wood wood"),
        "ruler 2 does not hold the resources named",
    )
    t = refusal_table()
    t.army(1, "i25", 3)
    yield refused(t, "1:move i19 i25"), "a stack holds at most 5 units: 3 marching and 3 at i25 make 6"
    yield refused(t, "1:improve h7 i26"), "an improvement belongs to one of your cities"
    t.empty(1)
    yield (
        refused(t, "1:recruit i14"),
        "an army unit costs 1 Grain, 1 Wood, 1 Stone; you have nothing; "
        "you need 1 more Grain, 1 more Wood and 1 more Stone",
    )
    yield (
        refused(t, "1:improve h5 i14"),
        "a Quarry costs 1 Wood, 4 Stone; you have nothing; you need 1 more Wood and 4 more Stone",
    )
    t.state.piece_kind[POINT_INDEX["i18"]] = 2  # a city beside grain
    yield (
        refused(t, "1:improve h4 i18"),
        "a Granary costs 2 Grain, 3 Wood; you have nothing; you need 2 more Grain and 3 more Wood",
    )
    for text, word, kind in (
        ("1:road x", "x", "an edge id like e40"),
        ("1:improve x i14", "x", "an island hex id like h7"),
        ("1:exchange gold", "gold", "grain, wood or stone"),
        ("1:play g-commercial-empire x", "x", "grain, wood, stone or gold"),
        ("1:draw x gold", "x", "warfare, growth or politics"),
        ("1:draw warfare x", "x", "gold or goods"),
        ("1:activate i14 x", "x", "grain or gold"),
    ):
        yield notation(text), f"'{text}': '{word}' is not {kind}"
    yield (
        notation("1:play g-crowns-due"),
        "'1:play g-crowns-due': play takes a card id like w-intrigue and a seat number",
    )


OWN_CASES = [(text, reason) for text, reason in CASES if not text.startswith("2:")]
PROVOKERS = (founding, building, war, chronicle, alliances, queued, written, needs, elsewhere)


@cache
def provoked() -> list[tuple[GameError, str]]:
    """Every refusal provoked here, with its English; test_watch_refusals' samples too, but the
    contract's own ("it is not seat 2's turn to act", console/games/core.py's words)."""
    made = [found for provoke in PROVOKERS for found in provoke()]
    sampled = [(refused(refusal_table(), text), reason) for text, reason in OWN_CASES]
    return made + sampled


def key(message: object) -> str:
    """A catalog entry's id (a count's: its singular)."""
    return message if isinstance(message, str) else str(next(iter(message)))  # type: ignore[call-overload]


def translated(language: str, package: str | None, message: str) -> bool:
    found = i18n.catalog(language, package).get(message)
    if found is None:
        return False
    forms = found.string if isinstance(found.string, tuple | list) else (found.string,)
    return all(form and form.strip() for form in forms)


def test_each_refusal_reads_in_english_as_it_always_has() -> None:
    """Word for word, a ruler as "ruler N" and a card by its printed name; better only where a list
    or a count was wrong: what a verb takes is a list ("... and ..."), Crown's Due takes "the 1
    resource" a ruler holds, a stacked deck is named as the book prints it ("Politics")."""
    for error, reason in provoked():
        assert reason in str(error), (reason, str(error))
        assert str(error) == english(error.said), "str() is the sentence's English"
    whole = [(error, reason) for error, reason in provoked()[: -len(OWN_CASES)]]
    for error, reason in whole:
        assert str(error) == reason


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_refusal_is_said_from_the_watchs_catalog(language: str) -> None:
    """Its sentence and every one nested in it are the Watch's messages, translated; a phone
    says it (console/web/refusals.py) in its language, no English message and no placeholder left."""
    template = {key(message.id) for message in i18n.template(PACKAGE)}
    for error, _ in provoked():
        for message in message_ids(error.said, GAME.card_name):
            assert message in template, (str(error), message)
            assert translated(language, PACKAGE, message), (language, message)
        line = words(said_of(error), language, GAME)
        assert not PLACEHOLDER.search(line), line
        assert words(error.said, language, GAME) != words(error.said, "en", GAME), line


def refusal_messages() -> set[str]:
    """The message ids of the Watch's refusals, as its catalog places them: those written in the
    rules, the notation, the options and refusal.py (not the N_-marked reasons of an ending)."""
    sources = [WATCH / "refusal.py", WATCH / "actions.py", WATCH / "game.py", WATCH / "state.py"]
    sources += sorted((WATCH / "rules").glob("*.py"))
    marked = {found for path in sources for found in re.findall(r'N_\(\s*"([^"]+)"', path.read_text())}
    places = {str(path.relative_to(WATCH)) for path in sources}
    return {
        key(message.id)
        for message in i18n.template(PACKAGE)
        if message.id and any(place in places for place, _ in message.locations)
    } - marked


# Refusals a check made before them always answers first: a choice already checked against the
# choices its decision lists (a forfeit, a deck, a card given back, a free road on an edge the
# network reaches), a decision or chance's work every kind of which words its own.
UNREACHABLE = {
    "you must forfeit one of your own cities",
    "the %(deck)s deck is empty",
    "place your free road first",
    "answer the decision that waits for you first",
    "the table's choice must be one of the outcomes its rules allow now",
    "the table's deal must be one of the outcomes its rules allow now",
    "%(card)s cannot be played so",  # every card that takes a target says what it needs
}


def test_every_refusal_the_watch_writes_is_met_here() -> None:
    met = {message for error, _ in provoked() for message in message_ids(error.said, GAME.card_name)}
    unmet = refusal_messages() - met - UNREACHABLE
    assert not unmet, sorted(unmet)
    assert refusal_messages() >= UNREACHABLE, "a listed message is gone"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cards_needs_is_translated_and_met(language: str) -> None:
    """A card's "needs" (cards.toml) is a message of the catalog, said when a play takes a target
    it cannot take now: met here for every card but Crown's Due (whose own reasons are more exact)
    and Road Building (which needs a network with no edge left to reach)."""
    needs = {card.needs for card in catalog().cards.values() if card.needs}
    for message in needs:
        assert translated(language, PACKAGE, message), message
    met = {reason for _, reason in provoked() if reason in needs}
    assert {need.split(" n", 1)[0] for need in needs - met} == {"Crown's Due", "Road Building"}


WAR = ("recruit", "activate", "move", "strike", "play")


def tried(state: State, action: Action) -> GameError:
    return refusal(lambda: state.apply(action))


def test_the_refusals_play_runs_into_are_said_from_the_catalogs() -> None:
    """In random games, a ruler's deeds offered again after the table moved on (a site taken
    since, a road laid, an alliance sworn, a price no longer met) are refused in words the Watch's
    catalog holds, in German and Spanish, and read in English as the Watch's refusals do."""
    met: dict[str, GameError] = {}
    for players, seed in ((2, 1), (4, 2), (3, 3), (4, 4), (2, 5)):
        state = GAME.new(players, seed, {"max_rounds": 10})
        rng = random.Random(seed)
        offered: dict[int, list[Action]] = {seat: [] for seat in range(1, players + 1)}
        while not state.is_over:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions(seat)
            for stale in rng.sample(offered[seat], min(3, len(offered[seat]))):
                if stale not in legal:
                    error = tried(state.copy(), stale)
                    met.setdefault(error.said.id, error)
            offered[seat] = [*offered[seat], *rng.sample(legal, min(2, len(legal)))][-60:]
            war = [
                action for action in legal if action.verb in ("recruit", "activate", "move", "strike", "play")
            ]
            state.apply(rng.choice(war if war and rng.random() < 0.5 else legal))
    assert len(met) >= 25, sorted(met)
    for error in met.values():
        assert str(error) == english(error.said)
        for language in LANGUAGES:
            assert all(
                translated(language, PACKAGE, message) for message in message_ids(error.said, GAME.card_name)
            ), error
            assert not PLACEHOLDER.search(words(said_of(error), language, GAME)), error


def test_a_refusal_names_a_ruler_and_a_card_in_the_phones_words() -> None:
    """What a phone is told (console/web/refusals.py's words, with the Watch's catalog): a ruler
    in the rule book's word for one, a card by its printed name, in the phone's language."""
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(1, "i25", "i20")
    t.road(1, "i20", "i26")
    t.army(1, "i19", 3, active=True)
    march = refused(t, "1:move i19 i26")
    assert words(said_of(march), "de", GAME) == (
        "Nicht angenommen: die Stadt von Herrscher 2 steht auf i26: ein Heeresstapel hält nur, wo kein "
        "anderer Herrscher steht"
    )
    assert words(said_of(march), "es", GAME) == (
        "No aceptado: la ciudad de soberano 2 está en i26: una pila solo se detiene donde no hay otro "
        "soberano"
    )
    assert words(said_of(march), "en", GAME) == (
        "Not taken: ruler 2's city stands at i26: a stack stops only where no other ruler stands"
    )
    t.hand(1, "w-war-spoils")
    card = refused(t, "1:play w-war-spoils")
    assert words(said_of(card), "de", GAME) == (
        "Nicht angenommen: Kriegsbeute ist eine Karte mit verborgenem Sieg: decke sie in deinem Zug auf, "
        "um zu punkten"
    )
    assert words(said_of(card), "es", GAME) == (
        "No aceptado: Botín de guerra es una carta de victoria oculta: revélala en tu turno para puntuarla"
    )
    t.empty(1)
    price = refused(t, "1:draw politics gold")
    assert words(price.said, "de", GAME) == (
        "eine Karte aus Politik (mit Gold bezahlt) kostet 2 Gold; du hast nichts; du brauchst noch 2 Gold"
    )


def test_a_refusal_reaches_a_german_phone_in_german(tmp_path: Path) -> None:
    """Through the hub's API, as a phone plays: the Watch's refusal in the asker's language (the
    page's X-Tabletop-Language, else the phone's chosen cookie), inside the hub's frame; in English
    to an asker who names no language, as the Watch has always said it."""
    hub = Hub(hub_config(tmp_path, game="watch")).start(inputs=False)
    try:
        phone = create_app({"TESTING": True, "HUB": hub}).test_client()
        table = hub.tables()[0].table.id
        assert join(phone, f"/join/{table}/1/{hub.tokens(table)[1]}").status_code == 303
        url = f"/api/tables/{table}/seats/1/actions"

        def told(action: str, **headers: str) -> tuple[int, str]:
            answer = phone.post(url, json={"action": action}, headers={**ORIGIN, **headers})
            return answer.status_code, str(answer.get_json()["error"])

        german = {PAGE_HEADER: "de"}
        road = "1:road e20"  # the founding asks for a city first
        assert told(road, **german) == (
            409,
            "Nicht angenommen: die Gründung verlangt jetzt eine Stadt",
        )
        assert told(road) == (409, "Not taken: the founding asks for a city now")
        assert told("1:move i19 x", **german) == (
            400,
            "Nicht angenommen: '1:move i19 x': 'x' ist ungültig, erwartet wird die ID einer Kreuzung wie i12",
        )
        phone.set_cookie(LANGUAGE_COOKIE, "es")
        assert told('1:say 2 "hola"') == (
            409,
            "No aceptado: los mensajes solo van a un soberano con el que estés aliado",
        )
        assert told("1:move i19", **german) == (
            400,
            "Nicht angenommen: '1:move i19': move erwartet die ID einer Kreuzung wie i12 und die ID einer "
            "Kreuzung wie i12",
        ), "the page's language over the cookie's"
    finally:
        hub.stop()
