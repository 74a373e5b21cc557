"""Soured wheels and returning to hand: "A soured wheel stays on its shelf and pays no Renown.
Extending its hold later does not restore it. You may Read it for zero Renown to clear the shelf,
spending a turn. Fen Poultice restores one unsealed wheel to its peak, while the Fen Matriarch
restores every wheel, including sealed ones. Both retain existing value and hold changes. Riftstone
returns one unsealed wheel to your hand, including a soured one. When you set that card again, its
age, souring and previous value and hold changes are cleared." """

from __future__ import annotations

import pytest

from console.games.core import IllegalAction
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit


def test_a_soured_wheel_stays_on_its_shelf_and_pays_no_renown(kit: Kit) -> None:
    state = kit.begin([], [])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=6)
    kit.act(state, "1:wait")
    assert state.seats[0].shelves[0] is wheel
    assert wheel.soured and wheel.payout() == 0
    assert state.view(1)["players"]["1"]["shelves"][0]["payout"] == 0


def test_a_soured_wheel_still_blocks_its_shelf(kit: Kit) -> None:
    state = kit.begin(["market-round"], [])
    kit.put(state, 1, 1, "cart-wheel", age=7)
    with pytest.raises(IllegalAction, match="holds a soured wheel: read it for 0"):
        state.apply(GAME.parse_action("1:set market-round 1"))


def test_extending_its_hold_later_does_not_restore_it() -> None:
    from console.games.wheels.rules.cellar import ShelvedWheel

    wheel = ShelvedWheel(GAME.cards.wheel("cart-wheel"), sealed=False)
    wheel.add_age(7)
    wheel.change_hold(+3)
    assert wheel.soured and wheel.payout() == 0


def test_whole_cellar_hold_raises_pass_soured_wheels_by(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("hoarfrost-archaffineur", "none"))
    soured = kit.put(state, 1, 1, "cart-wheel", age=7)
    fresh = kit.put(state, 1, 2, "cart-wheel", age=6)
    kit.act(state, "1:invoke hoarfrost-archaffineur")
    assert (soured.hold, soured.soured) == (2, True)
    assert fresh.hold == 4
    kit.act(state, "1:wait")
    assert (fresh.age, state.seats[0].chill) == (6, 0)  # chilled for that one ending


def test_a_whole_cellar_ripening_touches_only_unripe_wheels_that_have_not_soured(kit: Kit) -> None:
    """cards.toml lets `ripen` act on each of your wheels when a card chooses none. No packaged card
    does so yet, hence a test card: an aged wheel is not taken back to its peak, a soured one stays
    soured at its age, and an unripe one (sealed too: whole-cellar effects reach it) reaches its peak."""
    from console.games.wheels.catalog import CraftCard, Effect, Target
    from console.games.wheels.rules.effects import resolve

    state = kit.begin([], [])
    unripe = kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    aged = kit.put(state, 1, 2, "cart-wheel", age=6)
    soured = kit.put(state, 1, 3, "cart-wheel", age=7)
    ripening = CraftCard("test-ripening", "Test Ripening", True, Target.NONE, (Effect("ripen"),), "")
    resolve(ripening, 1, state.seats, 0, [])
    assert (unripe.age, aged.age, soured.age, soured.soured) == (4, 6, 7, True)


def test_reading_a_soured_wheel_pays_zero_clears_the_shelf_and_spends_a_turn(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=7)
    kit.act(state, "1:read 1")
    assert state.seats[0].banked == 0
    assert state.seats[0].shelves[0] is None
    assert state.seats[0].turns_left == 11
    assert state.seats[0].discard == ["cart-wheel"]


def test_fen_poultice_restores_one_unsealed_wheel_to_its_peak(kit: Kit) -> None:
    state = kit.begin(["fen-poultice"], [])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=7)
    kit.act(state, "1:play fen-poultice 1")
    assert (wheel.soured, wheel.age) == (False, 5)  # restored to 4, then the ending ages it
    kit.act(state, "2:wait", "1:read 1")
    assert state.seats[0].banked == 8


def test_fen_poultice_retains_existing_value_and_hold_changes(kit: Kit) -> None:
    state = kit.begin(["brine-rub", "fen-poultice"], ["the-souring"])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.act(state, "1:play brine-rub 1", "1:wait", "2:play the-souring 1", "1:play fen-poultice 1")
    assert (wheel.value, wheel.soured, wheel.age) == (10, False, 5)
    kit.act(state, "2:wait", "1:read 1")
    assert state.seats[0].banked == 10


def test_fen_poultice_restores_an_unripe_wheel_to_its_peak_too(kit: Kit) -> None:
    state = kit.begin(["fen-poultice"], [])
    wheel = kit.put(state, 1, 1, "cave-elder", age=1)
    kit.act(state, "1:play fen-poultice 1")
    assert wheel.age == 8 and wheel.payout() == 14


def test_the_fen_matriarch_restores_every_wheel_including_sealed_ones(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("fen-matriarch", "none"))
    sealed = kit.put(state, 1, 1, "cart-wheel", age=6, sealed=True)
    soured = kit.put(state, 1, 2, "market-round", age=9)
    unripe = kit.put(state, 1, 3, "cave-elder", age=2)
    rivals = kit.put(state, 2, 1, "cart-wheel", age=7)
    kit.act(state, "1:invoke fen-matriarch")
    assert [(w.age, w.soured) for w in (sealed, soured, unripe)] == [(4, False), (2, False), (7, False)]
    assert sealed.sealed
    assert rivals.soured  # only your own cellar
    assert state.to_act == (1,)  # free: no ageing yet


def test_the_fen_matriarch_retains_existing_value_and_hold_changes(kit: Kit) -> None:
    state = kit.begin(["brine-rub", "wax-rind"], [], leaders=("fen-matriarch", "none"))
    wheel = kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.act(state, "1:play brine-rub 1", "1:play wax-rind 1")
    wheel.add_age(7)
    assert wheel.soured
    kit.act(state, "1:invoke fen-matriarch")
    assert (wheel.value, wheel.hold, wheel.age, wheel.soured) == (10, 4, 4, False)


def test_riftstone_returns_one_unsealed_wheel_to_your_hand_even_a_soured_one(kit: Kit) -> None:
    state = kit.begin(["riftstone"], [])
    kit.put(state, 1, 2, "cart-wheel", age=8)
    events = kit.act(state, "1:play riftstone 2")
    assert state.seats[0].shelves[1] is None
    assert state.seats[0].hand == {"cart-wheel": 1}
    assert state.to_act == (1,)  # Riftstone is free
    assert any(event.kind == "returned" for event in events)


def test_setting_a_returned_wheel_again_clears_its_age_souring_and_changes(kit: Kit) -> None:
    state = kit.begin(["brine-rub", "riftstone"], ["affineurs-nose"], first=2)
    kit.put(state, 1, 1, "cart-wheel", age=3)
    kit.act(state, "2:play affineurs-nose 1", "2:wait", "1:play brine-rub 1")
    old = kit.wheel(state, 1, 1)
    old.add_age(5)
    assert (old.value, old.hold, old.soured) == (10, 1, True)
    kit.act(state, "1:play riftstone 1", "1:set cart-wheel 1")
    new = kit.wheel(state, 1, 1)
    assert (new.value, new.hold, new.age, new.soured, new.sealed) == (8, 2, 1, False, False)


def test_a_returned_wheel_may_be_sealed_anew_with_its_printed_hold_halved(kit: Kit) -> None:
    state = kit.begin(["riftstone"], [])
    kit.put(state, 1, 1, "waxed-keeper", age=9)
    kit.act(state, "1:play riftstone 1", "1:set waxed-keeper 1 sealed")
    assert kit.wheel(state, 1, 1).hold == 2


def test_riftstone_never_pushes_the_hand_over_seven(kit: Kit) -> None:
    state = kit.begin(
        ["riftstone", "bloom", "fen-mist", "wax-rind", "brine-rub", "cellarhand"], [], rest1=["fresh-curd"]
    )
    kit.act(state, "1:wait", "2:wait")
    assert state.seats[0].hand_size == 7
    kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.act(state, "1:play riftstone 1")
    assert state.seats[0].hand_size == 7


def test_the_souring_may_sour_an_unripe_wheel_and_a_restore_then_brings_it_to_peak(kit: Kit) -> None:
    state = kit.begin(["fen-poultice"], ["the-souring"], first=2)
    wheel = kit.put(state, 1, 1, "cave-elder", age=1)
    kit.act(state, "2:play the-souring 1")
    assert wheel.soured and wheel.age == 1
    kit.act(state, "1:play fen-poultice 1")
    assert (wheel.soured, wheel.age) == (False, 8)
