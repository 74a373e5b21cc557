"""Peak, hold and early reading: "A wheel pays full value from its peak age through peak plus hold,
including both ends. Before peak, Read pays value multiplied by age and divided by peak, rounded up.
Cart Wheel has value 8, peak 4 and hold 2. At age 1 it pays 2 Renown. It pays 8 at ages 4, 5 and 6,
then sours at age 7. Value and hold changes from crafts affect these calculations." """

from __future__ import annotations

import pytest

from console.games.wheels import GAME
from console.games.wheels.catalog import WheelCard
from console.games.wheels.rules.cellar import ShelvedWheel
from tests.games.wheels.conftest import Kit


def wheel_at(value: int, peak: int, hold: int, age: int, sealed: bool = False) -> ShelvedWheel:
    wheel = ShelvedWheel(WheelCard("test-wheel", "Test Wheel", value, peak, hold), sealed)
    wheel.add_age(age)
    return wheel


def cart_at(age: int) -> ShelvedWheel:
    wheel = ShelvedWheel(GAME.cards.wheel("cart-wheel"), sealed=False)
    wheel.add_age(age)
    return wheel


def test_cart_wheel_pays_2_renown_at_age_1() -> None:
    assert cart_at(1).payout() == 2


@pytest.mark.parametrize("age", [4, 5, 6])
def test_cart_wheel_pays_8_at_ages_4_5_and_6(age: int) -> None:
    assert cart_at(age).payout() == 8


def test_cart_wheel_sours_at_age_7() -> None:
    assert not cart_at(6).soured
    wheel = cart_at(7)
    assert wheel.soured and wheel.payout() == 0


def test_cart_wheel_payout_at_every_age() -> None:
    assert [cart_at(age).payout() for age in range(9)] == [0, 2, 4, 6, 8, 8, 8, 0, 0]


@pytest.mark.parametrize(
    "value, peak, pays",
    [
        (5, 4, [2, 3, 4]),
        (10, 3, [4, 7]),
        (7, 4, [2, 4, 6]),
        (14, 7, [2, 4, 6, 8, 10, 12]),
        (12, 6, [2, 4, 6, 8, 10]),
        (6, 3, [2, 4]),
    ],
)
def test_before_peak_read_pays_value_times_age_over_peak_rounded_up(
    value: int, peak: int, pays: list[int]
) -> None:
    assert [wheel_at(value, peak, 2, age).payout() for age in range(1, peak)] == pays


def test_a_wheel_pays_full_value_from_peak_through_peak_plus_hold_including_both_ends() -> None:
    assert wheel_at(10, 5, 3, 5).payout() == 10
    assert wheel_at(10, 5, 3, 8).payout() == 10
    assert wheel_at(10, 5, 3, 9).soured


def test_age_zero_pays_nothing() -> None:
    assert cart_at(0).payout() == 0


def test_hold_zero_pays_full_value_only_at_peak() -> None:
    assert wheel_at(3, 1, 0, 1).payout() == 3
    assert wheel_at(3, 1, 0, 2).soured


def test_value_changes_from_crafts_affect_the_calculation() -> None:
    wheel = cart_at(0)
    wheel.change_value(2)
    pays = []
    for _ in range(6):
        wheel.add_age(1)
        pays.append(wheel.payout())
    assert pays == [3, 5, 8, 10, 10, 10]


def test_hold_changes_from_crafts_affect_the_calculation() -> None:
    longer = cart_at(0)
    longer.change_hold(1)
    longer.add_age(7)
    assert (longer.soured, longer.payout()) == (False, 8)
    longer.add_age(1)
    assert longer.soured
    shorter = cart_at(5)
    shorter.change_hold(-1)
    assert not shorter.soured
    shorter.add_age(1)
    assert shorter.soured


def test_value_and_hold_never_fall_below_zero() -> None:
    wheel = cart_at(4)
    wheel.change_value(-20)
    wheel.change_hold(-5)
    assert (wheel.value, wheel.hold, wheel.payout(), wheel.soured) == (0, 0, 0, False)
    wheel.change_hold(2)  # a later raise counts from the clamped zero
    assert wheel.hold == 2


def test_peak_never_changes() -> None:
    wheel = cart_at(2)
    for change in (wheel.change_value, wheel.change_hold):
        change(3)
    wheel.restore()
    assert wheel.peak == 4 == wheel.age


def test_reading_banks_the_payout_in_play(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.act(state, "1:set cart-wheel 1")  # age 1
    for _ in range(3):
        kit.act(state, "2:wait", "1:wait")  # ages 2, 3, 4
    assert kit.wheel(state, 1, 1).age == 4
    events = kit.act(state, "2:wait", "1:read 1")
    read = next(event for event in events if event.kind == "read")
    assert read.data["renown"] == 8
    assert state.seats[0].banked == 8
    assert state.seats[0].discard == ["cart-wheel"]


def test_a_wheel_prints_its_current_figures_and_says_sealed_or_soured_only_when_it_is() -> None:
    # What a failing assertion or a debugger shows of a wheel on a shelf.
    fresh, spoiled = wheel_at(8, 4, 2, age=1), wheel_at(8, 4, 2, age=3, sealed=True)
    spoiled.add_age(4)
    assert repr(fresh) == "<test-wheel age 1 value 8 hold 2>"
    assert repr(spoiled) == "<test-wheel age 7 value 8 hold 1 sealed soured>"
