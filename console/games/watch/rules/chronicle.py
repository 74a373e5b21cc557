"""The Great Chronicle: drawing, revealing hidden victory cards and playing a card. Each card's
effect (warfare.py, growth.py, politics.py) is a pair: the targets it may take now (so a play is
legal only with a real target) and what it does. Random parts are chance actions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.actions import Draw, Play, Reveal, WatchAction, make
from console.games.watch.refusal import refused
from console.games.watch.rules import growth, politics, warfare
from console.games.watch.rules.hand import DealCard
from console.games.watch.rules.ledger import DRAW_PRICES, PRICE_BITS, affordable, pay, short_of
from console.games.watch.rules.targets import Args, CardEffect, Targets
from console.games.watch.words import deck as deck_words
from console.i18n.said import Card, Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def legal_draws(state: WatchState, seat: int, can: int) -> list[WatchAction]:
    """The draws ``seat`` may make now; ``can``: the prices its stores pay (``payable``)."""
    decks = state.decks
    if decks["warfare"].size and decks["growth"].size and decks["politics"].size:  # the usual case
        return list(_affordable_draws(seat, can))
    return [action for deck, bit, action in draw_actions(seat) if can & bit and decks[deck].size]


@cache
def _affordable_draws(seat: int, can: int) -> tuple[WatchAction, ...]:
    """The draws ``seat`` may make while every deck holds cards: the treasury (``payable``'s bits)
    alone decides, so the list is kept by it."""
    return tuple(action for _, bit, action in draw_actions(seat) if can & bit)


@cache
def draw_actions(seat: int) -> list[tuple[str, int, WatchAction]]:
    """Every draw ``seat`` might make: (deck, its price's bit of ``payable``, action)."""
    return [
        (deck, PRICE_BITS[cost], make(Draw, seat, deck, payment))
        for deck, prices in DRAW_PRICES.items()
        for payment, cost in prices.items()
    ]


NOT_HELD = say("you hold no such card")
# A card drawn, as its price is said ("a Warfare card (gold) costs 2 Gold; ..."), by payment.
DRAWN: dict[str, Callable[[str], Said]] = {
    "gold": lambda deck: say("a %(deck)s card (gold)", deck=deck_words(deck)),
    "goods": lambda deck: say("a %(deck)s card (goods)", deck=deck_words(deck)),
}


def do_draw(state: WatchState, action: Draw) -> list[Event]:
    seat, deck, payment = action.seat, action.deck, action.payment
    if len(state.decks[deck]) == 0:
        raise refused(
            say("the %(deck)s deck is empty: every card is in a hand or revealed", deck=deck_words(deck))
        )
    cost = DRAW_PRICES[deck][payment]
    if not affordable(state.stores[seat], cost):
        raise refused(short_of(state.stores[seat], cost, DRAWN[payment](deck)))
    pay(state.stores[seat], cost)
    state.pending.insert(0, DealCard(deck, seat))
    return [Event("drew", {"seat": seat, "deck": deck, "paid": payment})]


def do_reveal(state: WatchState, action: Reveal) -> list[Event]:
    seat, card = action.seat, action.card
    if card not in state.hands[seat]:
        raise refused(NOT_HELD)
    if not state.catalog.cards[card].hidden_victory:
        raise refused(say("only a hidden victory card is revealed; other cards are played"))
    state.hands[seat].remove(card)
    state.revealed[seat].append(card)
    return [Event("revealed", {"seat": seat, "card": card})]


# --- playing ------------------------------------------------------------------------------------


def legal_cards(state: WatchState, seat: int) -> list[WatchAction]:
    """Every play and reveal of ``seat``'s hand, in one pass over it (a turn lists both)."""
    hand = state.hands[seat]
    actions: list[WatchAction] = []
    for card in dict.fromkeys(hand) if len(hand) > 1 else hand:  # each card once (the turn sorts the list)
        reveal, targets, plays = _OFFERS.get((seat, card)) or _offers(state, seat, card)
        if reveal is not None:
            actions.append(reveal)
        if targets is not None:
            actions += [plays.get(args) or _play(plays, seat, card, args) for args in targets(state, seat)]
    return actions


# By (seat, card), one for the process as the catalog is: what a listing offers of the card, made
# once: its reveal (hidden victory), the targets it may take now, the plays made so far by words.
Offers = tuple[WatchAction | None, Targets | None, dict[Args, WatchAction]]
_OFFERS: dict[tuple[int, str], Offers] = {}


def _offers(state: WatchState, seat: int, card: str) -> Offers:
    entry = state.catalog.cards[card]
    reveal = make(Reveal, seat, card) if entry.hidden_victory else None
    targets = CARD_EFFECTS[entry.effect][1] if entry.effect != "hidden_victory" else None
    offers = _OFFERS[(seat, card)] = (reveal, targets, {})
    return offers


def _play(plays: dict[Args, WatchAction], seat: int, card: str, args: Args) -> WatchAction:
    play = plays[args] = make(Play, seat, card, args)
    return play


def do_play(state: WatchState, action: Play) -> list[Event]:
    seat, card, args = action.seat, action.card, action.targets
    if card not in state.hands[seat]:
        raise refused(NOT_HELD)
    entry = state.catalog.cards[card]
    if entry.hidden_victory:
        raise refused(
            say("%(card)s is a hidden victory card: reveal it on your turn to score it", card=Card(card))
        )
    _, targets, effect = CARD_EFFECTS[entry.effect]
    if args not in targets(state, seat):
        exact = REASONS.get(entry.effect)
        reason = exact(state, seat, args) if exact else None
        # a card's "needs" is a message of the catalog (cards.toml, extracted by babel.cfg)
        needs = Said(entry.needs) if entry.needs else say("%(card)s cannot be played so", card=Card(card))
        raise refused(reason or needs)
    state.hands[seat].remove(card)
    state.decks[entry.deck].put_under(card)
    state.last["played"] = {"seat": seat, "card": card, "name": entry.name, "args": list(args)}
    return [Event("played", {"seat": seat, "card": card, "args": list(args)}), *effect(state, seat, args)]


def _none(state: WatchState, seat: int) -> list[Args]:
    return []


def _nothing(state: WatchState, seat: int, args: Args) -> list[Event]:
    return []


# effect -> (argument shape for the notation, targets now, what it does)
CARD_EFFECTS: dict[str, CardEffect] = {
    **warfare.EFFECTS,
    **growth.EFFECTS,
    **politics.EFFECTS,
    "hidden_victory": ((), _none, _nothing),
}

# Reasons more exact than a card's "needs" for a play with the wrong arguments.
REASONS: dict[str, Callable[[WatchState, int, Args], Said | None]] = dict(growth.REASONS)
