"""Sealing and its exceptions: "While choosing a shelf for a wheel, press up or down to toggle its
seal. A seal hides the wheel's identity from your rival and reduces its printed hold to half, rounded
down. It blocks targeted friendly crafts as well as The Souring and Purging Rind. You can still Read
your own sealed wheel. Affineur's Nose can target a rival's sealed or unsealed wheel that has not
soured. It removes any seal and cuts hold by one more, without refunding the original seal cost.
Whole-cellar ageing, automatic reading and leader powers also reach sealed wheels. In particular,
the Fen Matriarch can restore a sealed soured wheel." """

from __future__ import annotations

import json
import re

import pytest

from console.games.core import IllegalAction, NotationError
from console.games.wheels import GAME
from console.games.wheels.actions import SetWheel
from console.games.wheels.catalog import WheelCard
from console.games.wheels.rules.cellar import ShelvedWheel
from tests.games.wheels.conftest import Kit


def test_the_seal_is_chosen_while_choosing_the_shelf(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.put(state, 1, 2, "market-round", age=1)
    assert [text for text in kit.legal(state, 1) if "set" in text] == [
        "1:set cart-wheel 1",
        "1:set cart-wheel 1 sealed",
        "1:set cart-wheel 3",
        "1:set cart-wheel 3 sealed",
    ]
    assert state.placement_choices(1, "cart-wheel") == ((1, 3), True)
    kit.act(state, "1:set cart-wheel 3 sealed")
    assert kit.wheel(state, 1, 3).sealed


def test_placement_choices_are_empty_for_a_wheel_that_cannot_be_set(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    assert state.placement_choices(1, "cave-elder") == ((), False)
    assert state.placement_choices(2, "cart-wheel") == ((), False)


def test_the_owner_cannot_seal_or_unseal_a_wheel_later(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.act(state, "1:set cart-wheel 1", "2:wait")
    assert [text for text in kit.legal(state, 1) if text.split()[-1] == "1"] == ["1:read 1"]
    with pytest.raises(NotationError, match="unknown verb 'seal'"):
        GAME.parse_action("1:seal 1")


@pytest.mark.parametrize("printed, sealed", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_a_seal_reduces_the_printed_hold_to_half_rounded_down(printed: int, sealed: int) -> None:
    wheel = ShelvedWheel(WheelCard("test-wheel", "Test Wheel", 8, 4, printed), sealed=True)
    assert wheel.hold == sealed


def test_a_sealed_cart_wheel_pays_full_at_ages_4_and_5_and_sours_at_6(kit: Kit) -> None:
    pays = []
    for age in range(1, 7):
        wheel = ShelvedWheel(GAME.cards.wheel("cart-wheel"), sealed=True)
        wheel.add_age(age)
        pays.append(wheel.payout())
    assert pays == [2, 4, 6, 8, 8, 0]


def test_a_seal_hides_the_wheels_identity_value_and_hold_from_the_rival(kit: Kit) -> None:
    state = kit.begin(["cave-elder"], [])
    kit.act(state, "1:set cave-elder 2 sealed")
    for viewer in (2, None):
        shelf = state.view(viewer)["players"]["1"]["shelves"][1]
        assert shelf == {"shelf": 2, "empty": False, "sealed": True, "age": 1, "soured": False}
        assert "cave-elder" not in json.dumps(state.view(viewer))


def test_the_owner_sees_everything_about_a_sealed_wheel(kit: Kit) -> None:
    state = kit.begin(["cave-elder"], [])
    kit.act(state, "1:set cave-elder 2 sealed")
    shelf = state.view(1)["players"]["1"]["shelves"][1]
    assert shelf["card"] == "cave-elder" and shelf["sealed"] and shelf["hold"] == 0
    assert shelf["payout"] == 2


def test_the_set_event_of_a_sealed_wheel_names_it_only_to_its_owner(kit: Kit) -> None:
    state = kit.begin(["cave-elder"], [])
    events = kit.act(state, "1:set cave-elder 2 sealed")
    for event in events:
        if event.visible_to(2) or event.visible_to(None):
            assert "cave-elder" not in json.dumps(event.to_json())
    assert any(event.kind == "set" and event.data.get("card") == "cave-elder" for event in events)


@pytest.mark.parametrize(
    "craft, shelf_text",
    [("bloom", "1"), ("brine-rub", "1"), ("wax-rind", "1"), ("fen-poultice", "1"), ("riftstone", "1")],
)
def test_a_seal_blocks_targeted_friendly_crafts(kit: Kit, craft: str, shelf_text: str) -> None:
    state = kit.begin([craft], [])
    kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    assert not any(text.startswith(f"1:play {craft}") for text in kit.legal(state, 1))
    refusal = f"that wheel is sealed: your own crafts cannot target it ({GAME.cards.name(craft)})"
    with pytest.raises(IllegalAction, match=re.escape(refusal)):
        state.apply(GAME.parse_action(f"1:play {craft} {shelf_text}"))


@pytest.mark.parametrize("craft", ["the-souring", "purging-rind", "cheese-mites"])
def test_a_seal_blocks_the_souring_and_purging_rind(kit: Kit, craft: str) -> None:
    state = kit.begin([craft], [])
    kit.put(state, 2, 1, "cart-wheel", age=1, sealed=True)
    assert not any(text.startswith(f"1:play {craft}") for text in kit.legal(state, 1))
    before = state.view(None), state.view(1), state.view(2)
    refusal = f"that wheel is sealed: {GAME.cards.name(craft)} cannot target it"
    with pytest.raises(IllegalAction, match=f"^{re.escape(refusal)}$"):
        state.apply(GAME.parse_action(f"1:play {craft} 1"))
    assert (state.view(None), state.view(1), state.view(2)) == before


def test_you_can_still_read_your_own_sealed_wheel(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=5, sealed=True)
    events = kit.act(state, "1:read 1")
    assert state.seats[0].banked == 8
    read = next(event for event in events if event.kind == "read")
    assert read.audience is None and read.data["card"] == "cart-wheel"  # a Read reveals the wheel
    assert state.view(2)["players"]["1"]["discard"] == ["cart-wheel"]


@pytest.mark.parametrize("sealed", [True, False])
def test_affineurs_nose_can_target_a_rivals_sealed_or_unsealed_wheel(kit: Kit, sealed: bool) -> None:
    state = kit.begin(["affineurs-nose"], [])
    kit.put(state, 2, 3, "cart-wheel", age=1, sealed=sealed)
    assert "1:play affineurs-nose 3" in kit.legal(state, 1)


def test_affineurs_nose_cannot_target_a_soured_wheel(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    kit.put(state, 2, 1, "cart-wheel", age=7, sealed=True)
    kit.put(state, 2, 2, "cart-wheel", age=7)
    assert not any("affineurs-nose" in text for text in kit.legal(state, 1))
    with pytest.raises(IllegalAction, match="cannot target a soured wheel"):
        state.apply(GAME.parse_action("1:play affineurs-nose 2"))


def test_affineurs_nose_targets_only_the_rivals_wheels(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    assert not any("affineurs-nose" in text for text in kit.legal(state, 1))
    with pytest.raises(IllegalAction, match="your rival's shelf 1 is empty"):
        state.apply(GAME.parse_action("1:play affineurs-nose 1"))


def test_affineurs_nose_removes_the_seal_and_cuts_hold_by_one_more_without_refund(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=3, sealed=True)
    events = kit.act(state, "1:play affineurs-nose 1")
    assert (wheel.sealed, wheel.hold) == (False, 0)  # printed 2, sealed 1, Nose 0: the halving stays
    assert state.to_act == (1,)  # Affineur's Nose is free
    assert state.view(1)["players"]["2"]["shelves"][0]["card"] == "cart-wheel"
    assert any(event.kind == "unseal" and event.audience is None for event in events)


def test_affineurs_nose_on_an_unsealed_wheel_cuts_its_hold_by_one(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=3)
    kit.act(state, "1:play affineurs-nose 1")
    assert wheel.hold == 1


def test_affineurs_nose_on_hold_zero_leaves_zero_and_still_unseals(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    wheel = kit.put(state, 2, 1, "fresh-curd", age=0, sealed=True)
    kit.act(state, "1:play affineurs-nose 1")
    assert (wheel.sealed, wheel.hold) == (False, 0)


def test_affineurs_nose_can_sour_a_wheel_at_once(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=6)
    kit.act(state, "1:play affineurs-nose 1")
    assert wheel.soured


def test_after_affineurs_nose_the_souring_may_target_the_wheel(kit: Kit) -> None:
    state = kit.begin(["affineurs-nose", "the-souring"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=2, sealed=True)
    assert "1:play the-souring 1" not in kit.legal(state, 1)
    kit.act(state, "1:play affineurs-nose 1", "1:play the-souring 1")
    assert wheel.soured


def test_whole_cellar_ageing_reaches_sealed_wheels(kit: Kit) -> None:
    state = kit.begin([], [])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    kit.act(state, "1:wait")
    assert wheel.age == 2


def test_automatic_reading_reaches_sealed_wheels(kit: Kit) -> None:
    state = kit.begin(["cellarhand"], [])
    kit.put(state, 1, 1, "millers-drum", age=5, sealed=True)
    kit.put(state, 1, 2, "cart-wheel", age=4)
    kit.act(state, "1:play cellarhand")
    assert state.seats[0].banked == 10
    assert state.seats[0].shelves[0] is None and state.seats[0].shelves[1] is not None


def test_leader_powers_reach_sealed_wheels(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("brine-archaffineur", "rindbreaker-archaffineur"))
    mine = kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    kit.act(state, "1:invoke brine-archaffineur", "1:wait")
    assert mine.value == 10
    assert "2:invoke rindbreaker-archaffineur 1" in kit.legal(state, 2)
    kit.act(state, "2:invoke rindbreaker-archaffineur 1")
    assert mine.soured and mine.sealed


def test_the_fen_matriarch_can_restore_a_sealed_soured_wheel(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("fen-matriarch", "none"))
    wheel = kit.put(state, 1, 1, "cart-wheel", age=6, sealed=True)
    assert wheel.soured
    kit.act(state, "1:invoke fen-matriarch")
    assert (wheel.age, wheel.soured, wheel.sealed, wheel.hold) == (4, False, True, 1)
    assert wheel.payout() == 8


def test_a_sealed_wheels_redacted_events_keep_its_identity_from_the_rival(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("brine-archaffineur", "none"))
    kit.put(state, 1, 1, "cave-elder", age=1, sealed=True)
    events = kit.act(state, "1:invoke brine-archaffineur")
    for event in events:
        if event.visible_to(2):
            assert "cave-elder" not in json.dumps(event.to_json())
            assert "value" not in event.data


def test_every_set_action_names_the_seal_explicitly_in_its_notation() -> None:
    assert str(SetWheel(1, "cart-wheel", 2, True)) == "1:set cart-wheel 2 sealed"
    assert str(SetWheel(1, "cart-wheel", 2)) == "1:set cart-wheel 2"
