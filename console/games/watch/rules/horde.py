"""The Horde of Ulgareth: the moon track, landfall, the honours and forfeits (the Harrows: harrows.py).

Landfall rides the close of every seventh round, after production and before activations
expire (rulings P-10, P-26). A Harrow is drawn and resolves first; then every ruler's active
armies commit, their units against the Horde's strength, the number of cities on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import Event
from console.games.watch.actions import Choose, Forfeit, WatchAction, make
from console.games.watch.refusal import refused
from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.hand import DealCard
from console.games.watch.rules.ledger import CITY, demote_city
from console.games.watch.rules.work import Decision, Step
from console.games.watch.words import deck as deck_words
from console.i18n import N_
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

MOONS = 7
BREAKS_TO_RUIN = 3
FREE_CARD_DECKS = ("growth", "politics", "warfare")  # in notation order
POINT_IDS = TOPOLOGY.point_ids


# --- the defence --------------------------------------------------------------------------------


def committed(state: WatchState) -> list[int]:
    """Units in each ruler's active stacks (index 0 unused): the automatic commitment."""
    units = [0] * (state.players + 1)
    for stack in state.stacks.values():
        if stack.active:
            units[stack.owner] += stack.units
    return units


def resolve_landfall(state: WatchState) -> list[Event]:
    strength = sum(state.cities[1:])
    units = committed(state)
    defence = sum(units)
    seats = range(1, state.players + 1)
    report: dict[str, object] = {"strength": strength, "defence": defence, "committed": units[1:]}
    if defence >= strength:
        report["result"] = "held"
        most = max(units[1:])
        leaders = [seat for seat in seats if units[seat] == most]
        if most == 0:
            report["honoured"] = []  # ruling P-29: nobody is honoured for standing nowhere
        elif len(leaders) == 1:
            state.honours[leaders[0]] += 1
            report["honoured"] = leaders
        else:
            report["free_card"] = leaders
            for offset, seat in enumerate(leaders):
                state.pending.insert(offset, ChooseDeck(seat))
    else:
        state.breaks += 1
        report["result"] = "broke"
        fewest = min(units[1:])
        losers = [seat for seat in seats if units[seat] == fewest]
        report["forfeit"] = losers
        position = 0
        for seat in losers:
            if state.cities[seat]:
                state.pending.insert(position, ForfeitCity(seat))
                position += 1
    state.last["landfall"] = report
    return [Event("landfall", report)]


def forfeit_choices(state: WatchState, seat: int) -> list[int]:
    return [p for p in state.points_of(seat) if state.piece_kind[p] == CITY]


@dataclass(frozen=True, slots=True)
class ForfeitCity(Decision):
    """The wall broke and ruler ``seat`` stood thinnest on it: one of their cities falls."""

    name: ClassVar[str] = "forfeit"
    first: ClassVar[Said] = say("the wall broke: forfeit one of your cities first")

    def choices(self, state: WatchState) -> list[WatchAction]:
        return [make(Forfeit, self.seat, POINT_IDS[p]) for p in forfeit_choices(state, self.seat)]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> Said | None:
        if not isinstance(action, Forfeit):
            return None
        return say("%(at)s is not one of your cities: forfeit one of your own", at=action.at)

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        assert isinstance(action, Forfeit)
        point = action.point
        if point not in forfeit_choices(state, action.seat):
            raise refused(say("you must forfeit one of your own cities"))
        state.pending.pop(0)
        fate = demote_city(state, point)
        report = {"at": POINT_IDS[point], "owner": action.seat, "fate": fate, "why": "forfeit"}
        return [Event("city_fell", report)]


@dataclass(frozen=True, slots=True)
class ChooseDeck(Decision):
    """The wall held and ruler ``seat`` tied for the most committed: the deck of their free card."""

    name: ClassVar[str] = "choose"
    first: ClassVar[Said] = say("choose the deck of your free card first")

    def choices(self, state: WatchState) -> list[WatchAction]:
        decks = state.decks
        return [make(Choose, self.seat, deck) for deck in FREE_CARD_DECKS if len(decks[deck])]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> Said | None:
        if not isinstance(action, Choose):
            return None
        return say("the %(deck)s deck is empty: choose another", deck=deck_words(action.deck))

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        assert isinstance(action, Choose)
        deck = action.deck
        if not len(state.decks[deck]):
            raise refused(say("the %(deck)s deck is empty", deck=deck_words(deck)))
        state.pending[0] = DealCard(deck, action.seat)
        return [Event("free_card", {"seat": action.seat, "deck": deck})]


@dataclass(frozen=True, slots=True)
class Landfall(Step):
    """The Horde lands: the active armies commit against its strength."""

    def run(self, state: WatchState) -> list[Event]:
        return resolve_landfall(state)


@dataclass(frozen=True, slots=True)
class LandfallEnd(Step):
    """After the landfall and whatever it asked of the rulers: the armies stand down."""

    def run(self, state: WatchState) -> list[Event]:
        return end_landfall(state)


def end_landfall(state: WatchState) -> list[Event]:
    """Every committed army deactivates; the track resets; the third break ruins the Watch."""
    for stack in state.stacks.values():
        stack.active = False
    state.moons = MOONS
    state.landfalls += 1
    if state.breaks >= BREAKS_TO_RUIN:
        # two messages (console.i18n.said.phrase takes the reason apart at ": " to say it in each
        # language); joined, not in an f-string, where pybabel would not find them
        ruin = ": ".join((N_("Ulgareth broke the wall three times"), N_("the Watch ends in pyrrhic ruin")))
        state.finish("pyrrhic", ruin)
    return []
