"""What crafts and Archaffineurs do once their target is known to be legal, and what a Read does.

Effects follow the card's list in cards.toml, in order. Whole-cellar effects reach sealed wheels
("whole-cellar ageing, automatic reading and leader powers also reach sealed wheels"), and a hold
or value change on the whole cellar skips soured wheels (rulings.md, R-20).
"""

from __future__ import annotations

from console.games.core import Event, Seat
from console.games.wheels.catalog import BLANK, Archaffineur, CraftCard, Effect
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.events import public, wheel_event
from console.games.wheels.rules.player import Player
from console.games.wheels.rules.targets import best_to_read


def read_wheel(player: Player, seat: Seat, shelf: int, events: list[Event], how: str = "read") -> None:
    """Bank what the wheel on ``shelf`` pays, clear the shelf and put the card face up on the
    discard: a Read reveals even a sealed wheel."""
    wheel = player.shelves[shelf - 1]
    assert wheel is not None
    renown = wheel.payout()
    player.banked += renown
    player.shelves[shelf - 1] = None
    player.discard.append(wheel.card.id)
    events.append(
        public(
            "read",
            seat=seat,
            shelf=shelf,
            card=wheel.card.id,
            age=wheel.age,
            soured=wheel.soured,
            renown=renown,
            banked=player.banked,
            by=how,
        )
    )


def resolve(
    card: CraftCard | Archaffineur,
    seat: Seat,
    players: tuple[Player, Player],
    shelf: int,
    events: list[Event],
) -> None:
    """Apply ``card``'s effects for ``seat``; ``shelf`` (from 1) is its checked target or 0."""
    me, rival = players[seat - 1], players[2 - seat]
    owner_seat = 3 - seat if card.target.on_rival else seat
    owner = rival if card.target.on_rival else me
    for effect in card.effects:
        op = effect.op
        if op == BLANK:  # the lab's stand-in for a craft
            continue
        if op in ("damp", "chill"):
            _condition(effect, seat, me if effect.who == "you" else rival, events)
        elif op == "read-best":
            for best in best_to_read(me.shelves, effect.count):
                read_wheel(me, seat, best, events, how=card.id)
        elif shelf:
            wheel = owner.shelves[shelf - 1]
            if wheel is not None:  # an earlier effect of the card may have taken it away
                _on_wheel(effect, owner, owner_seat, shelf, wheel, events)
        else:
            for index, wheel in enumerate(me.shelves):
                if wheel is not None and _reaches(op, wheel):
                    _on_wheel(effect, me, seat, index + 1, wheel, events)


def _reaches(op: str, wheel: ShelvedWheel) -> bool:
    """Whether a whole-cellar effect touches this wheel: value and hold changes pass soured wheels
    by, and ripening only touches unripe wheels that have not soured."""
    if op in ("value", "hold"):
        return not wheel.soured
    if op == "ripen":
        return wheel.unripe and not wheel.soured
    return True


def _on_wheel(
    effect: Effect, owner: Player, seat: Seat, shelf: int, wheel: ShelvedWheel, events: list[Event]
) -> None:
    op = effect.op
    if op == "age":
        wheel.add_age(effect.amount)
    elif op == "value":
        wheel.change_value(effect.amount)
    elif op == "hold":
        wheel.change_hold(effect.amount)
    elif op == "restore":
        wheel.restore()
    elif op == "ripen":
        wheel.ripen()
    elif op == "sour":
        wheel.soured = True
    elif op == "unseal":
        wheel.sealed = False  # the hold halved at setting stays halved: no refund
    elif op in ("remove", "return"):
        owner.shelves[shelf - 1] = None
        if op == "remove":
            owner.discard.append(wheel.card.id)
        else:
            owner.take_into_hand(wheel.card.id)  # set again, it is a new wheel: no age, no changes
        events.append(
            public("removed" if op == "remove" else "returned", seat=seat, shelf=shelf, card=wheel.card.id)
        )
        return
    events.extend(wheel_event(op, seat, shelf, wheel))


def _condition(effect: Effect, by: Seat, player: Player, events: list[Event]) -> None:
    """Reapplying keeps the longer of the remaining and the new duration; they never add up."""
    if effect.op == "damp":
        player.damp = max(player.damp, effect.turns)
        left = player.damp
    else:
        player.chill = max(player.chill, effect.turns)
        left = player.chill
    affected = by if effect.who == "you" else 3 - by
    events.append(public(effect.op, seat=affected, turns=left))
