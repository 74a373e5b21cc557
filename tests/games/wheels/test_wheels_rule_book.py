# ruff: noqa: E501  (the keys are the book's sentences, quoted whole)
"""The rule book, sentence by sentence: each sentence of seeds/000_0ad1358b43236f82.txt names the
tests (or golden scenarios) that pin it, and this file checks that none is left out."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
BOOK = HERE.parents[2] / "seeds" / "000_0ad1358b43236f82.txt"
SCENARIOS = HERE.parents[1] / "scenarios" / "wheels"
FLAVOUR: list[str] = []

PINNED: dict[str, list[str]] = {
    "Wheels of War is the tavern card game.": FLAVOUR,
    "Each player has three cellar shelves and twelve turns.": [
        "test_each_player_has_three_cellar_shelves",
        "test_each_player_has_twelve_turns",
    ],
    "Set wheel cards on empty shelves, let them age, then Read them to bank Renown.": [
        "test_a_wheel_is_set_only_on_an_empty_shelf",
        "test_reading_banks_the_payout_in_play",
        "scenario:cart_wheel_pays_8_at_age_4",
    ],
    "The match ends after both players spend their twelve turns.": [
        "test_the_match_ends_after_both_players_spend_their_twelve_turns",
    ],
    "The highest banked Renown wins, and equal scores draw.": [
        "test_the_highest_banked_renown_wins",
        "test_equal_scores_draw",
        "scenario:equal_renown_is_a_draw",
    ],
    "Wheels left on shelves add nothing to the final score.": [
        "test_wheels_left_on_shelves_add_nothing_to_the_final_score",
    ],
    "Each player starts with six cards.": ["test_each_player_starts_with_six_cards"],
    "You may swap up to two opening cards, one at a time, or choose Keep hand sooner.": [
        "test_up_to_two_opening_cards_may_be_swapped_one_at_a_time",
        "test_a_third_swap_is_refused_because_two_swaps_finish_the_choice",
        "test_keep_hand_may_be_chosen_sooner_and_changes_nothing",
        "test_keep_after_one_swap",
        "test_opening_swaps_are_made_one_at_a_time",
    ],
    "A swapped card goes to the bottom of your deck after its replacement is drawn.": [
        "test_a_swapped_card_goes_to_the_bottom_after_its_replacement_is_drawn",
        "test_the_swapped_card_is_still_in_hand_while_its_replacement_is_drawn",
        "scenario:opening_swaps_go_under_the_deck_in_order",
    ],
    "Play begins after both players finish choosing.": [
        "test_play_begins_only_after_both_players_finish_choosing",
    ],
    "The hand limit during play is seven cards.": [
        "test_the_hand_limit_during_play_is_seven_cards",
        "test_no_hand_ever_holds_more_than_seven_cards_in_random_matches",
    ],
    "Setting a wheel, reading one, playing a craft without the Free mark, or choosing Wait spends one turn.": [
        "test_set_read_a_regular_craft_and_wait_each_spend_one_turn",
        "test_a_free_craft_spends_no_turn",
    ],
    "When that action ends, only your cellar ages.": ["test_when_the_action_ends_only_your_cellar_ages"],
    "Your remaining turn count falls by one and you draw one card if your deck has cards and your hand has room.": [
        "test_your_remaining_turn_count_falls_by_one",
        "test_you_draw_one_card_if_your_deck_has_cards_and_your_hand_has_room",
        "test_you_draw_nothing_when_your_deck_is_empty",
        "test_the_hand_limit_during_play_is_seven_cards",
    ],
    "A newly set wheel starts at age zero and joins this same ageing step, so it normally reaches age one immediately.": [
        "test_a_newly_set_wheel_starts_at_age_zero_and_reaches_age_one_in_the_same_step",
        "test_a_newly_set_wheel_under_chill_stays_at_age_zero_and_under_damp_reaches_two",
    ],
    "Your rival's action does not age your wheels.": ["test_your_rivals_action_does_not_age_your_wheels"],
    "A wheel's value is its Renown at full ripeness.": [
        "test_a_wheel_pays_full_value_from_peak_through_peak_plus_hold_including_both_ends",
    ],
    "Peak is the age needed to reach that value.": ["test_cart_wheel_pays_8_at_ages_4_5_and_6"],
    "Hold is the extra age it can gain after reaching peak before it sours.": [
        "test_a_wheel_pays_full_value_from_peak_through_peak_plus_hold_including_both_ends",
        "test_hold_zero_pays_full_value_only_at_peak",
    ],
    "A wheel pays full value from its peak age through peak plus hold, including both ends.": [
        "test_a_wheel_pays_full_value_from_peak_through_peak_plus_hold_including_both_ends",
    ],
    "Before peak, Read pays value multiplied by age and divided by peak, rounded up.": [
        "test_before_peak_read_pays_value_times_age_over_peak_rounded_up",
        "test_age_zero_pays_nothing",
    ],
    "Cart Wheel has value 8, peak 4 and hold 2.": ["test_cart_wheel_has_value_8_peak_4_and_hold_2"],
    "At age 1 it pays 2 Renown.": ["test_cart_wheel_pays_2_renown_at_age_1"],
    "It pays 8 at ages 4, 5 and 6, then sours at age 7.": [
        "test_cart_wheel_pays_8_at_ages_4_5_and_6",
        "test_cart_wheel_sours_at_age_7",
        "scenario:cart_wheel_sours_at_age_7",
    ],
    "Value and hold changes from crafts affect these calculations.": [
        "test_value_changes_from_crafts_affect_the_calculation",
        "test_hold_changes_from_crafts_affect_the_calculation",
    ],
    "A craft marked Free resolves and lets you continue the same turn.": [
        "test_a_free_craft_resolves_and_lets_you_continue_the_same_turn",
        "scenario:bloom_then_read_the_same_turn",
    ],
    "It still spends that card, but does not trigger the normal ageing step, card draw or turn countdown.": [
        "test_a_free_craft_still_spends_its_card",
        "test_a_free_craft_triggers_no_ageing_no_draw_and_no_turn_countdown",
    ],
    "Your Archaffineur is also a free action and can be used once per match.": [
        "test_your_archaffineur_is_a_free_action",
        "test_your_archaffineur_can_be_used_once_per_match",
    ],
    "Turn the Wheels is a regular craft.": ["test_turn_the_wheels_is_a_regular_craft"],
    "It adds one age directly, then your ending-turn ageing also happens.": [
        "test_turn_the_wheels_adds_one_age_directly_then_the_ending_ageing",
    ],
    "With no cellar condition, each of your wheels gains two age in total from that play.": [
        "test_turn_the_wheels_adds_one_age_directly_then_the_ending_ageing",
        "scenario:turn_the_wheels_ages_two_in_total",
    ],
    "While choosing a shelf for a wheel, press up or down to toggle its seal.": [
        "test_the_seal_is_chosen_while_choosing_the_shelf",
        "test_a_wheels_placements_are_walked_shelf_by_shelf_with_the_seal_toggled_in_between",
    ],
    "A seal hides the wheel's identity from your rival and reduces its printed hold to half, rounded down.": [
        "test_a_seal_hides_the_wheels_identity_value_and_hold_from_the_rival",
        "test_a_seal_reduces_the_printed_hold_to_half_rounded_down",
        "test_no_view_ever_holds_a_rivals_sealed_wheel_or_hand_card",
        "scenario:sealed_cart_wheel_hides_and_sours_at_age_6",
    ],
    "It blocks targeted friendly crafts as well as The Souring and Purging Rind.": [
        "test_a_seal_blocks_targeted_friendly_crafts",
        "test_a_seal_blocks_the_souring_and_purging_rind",
        "scenario:the_seal_blocks_the_souring",
    ],
    "You can still Read your own sealed wheel.": ["test_you_can_still_read_your_own_sealed_wheel"],
    "Affineur's Nose can target a rival's sealed or unsealed wheel that has not soured.": [
        "test_affineurs_nose_can_target_a_rivals_sealed_or_unsealed_wheel",
        "test_affineurs_nose_cannot_target_a_soured_wheel",
    ],
    "It removes any seal and cuts hold by one more, without refunding the original seal cost.": [
        "test_affineurs_nose_removes_the_seal_and_cuts_hold_by_one_more_without_refund",
        "test_affineurs_nose_on_an_unsealed_wheel_cuts_its_hold_by_one",
        "scenario:affineurs_nose_opens_a_sealed_wheel_to_the_souring",
    ],
    "Whole-cellar ageing, automatic reading and leader powers also reach sealed wheels.": [
        "test_whole_cellar_ageing_reaches_sealed_wheels",
        "test_automatic_reading_reaches_sealed_wheels",
        "test_leader_powers_reach_sealed_wheels",
        "scenario:cellarhand_reads_the_sealed_drum_first",
    ],
    "In particular, the Fen Matriarch can restore a sealed soured wheel.": [
        "test_the_fen_matriarch_can_restore_a_sealed_soured_wheel",
        "scenario:fen_matriarch_restores_a_sealed_soured_wheel",
    ],
    "Friendly crafts that choose one wheel need an unsealed target.": [
        "test_friendly_crafts_that_choose_one_wheel_need_an_unsealed_target",
    ],
    "Bloom additionally needs an unripe wheel.": [
        "test_bloom_additionally_needs_an_unripe_wheel",
        "scenario:bloom_needs_an_unripe_wheel",
    ],
    "Value and hold crafts cannot target soured wheels.": [
        "test_value_and_hold_crafts_cannot_target_soured_wheels",
    ],
    "Fen Poultice and Riftstone can target an unsealed soured wheel.": [
        "test_fen_poultice_and_riftstone_can_target_an_unsealed_soured_wheel",
    ],
    "Rival removal and souring crafts cannot target a wheel that has already soured.": [
        "test_rival_removal_and_souring_crafts_cannot_target_a_wheel_that_has_already_soured",
    ],
    "Cellarhand, Ward Rounds and the Verdenne Archaffineur choose by current positive Renown, so they can read an unripe wheel.": [
        "test_ward_rounds_reads_the_two_wheels_worth_most_now",
        "test_the_verdenne_archaffineur_reads_two_wheels_by_current_renown",
        "test_automatic_reading_can_read_an_unripe_wheel",
    ],
    "They read fewer wheels if fewer can score, and tied values use the earlier shelf first.": [
        "test_automatic_reading_reads_fewer_wheels_if_fewer_can_score",
        "test_cellarhand_breaks_a_tie_toward_the_earlier_shelf",
        "test_ward_rounds_takes_the_two_highest_before_a_lower_earlier_shelf",
    ],
    "Damp makes the affected player's cellar gain two age at the end of each of their turns.": [
        "test_damp_makes_the_affected_cellar_gain_two_age_at_each_of_its_endings",
        "scenario:damp_rush_sours_a_cart_wheel_on_the_fifth_turn",
    ],
    "Chill makes it gain none.": [
        "test_chill_makes_the_affected_cellar_gain_no_age",
        "scenario:chill_holds_a_ripe_cart_wheel",
    ],
    "These durations count the affected player's ending turns.": [
        "test_durations_count_only_the_affected_players_ending_turns",
    ],
    "Free actions consume neither duration.": ["test_free_actions_consume_neither_duration"],
    "If both apply, chill wins, but both durations still count down.": [
        "test_if_both_apply_chill_wins_but_both_durations_count_down",
    ],
    "Reapplying the same condition keeps the longer of its remaining duration and the new duration.": [
        "test_reapplying_keeps_the_longer_of_the_remaining_and_the_new_duration",
    ],
    "Durations do not add together.": ["test_durations_do_not_add_together"],
    "A soured wheel stays on its shelf and pays no Renown.": [
        "test_a_soured_wheel_stays_on_its_shelf_and_pays_no_renown",
        "test_a_soured_wheel_still_blocks_its_shelf",
    ],
    "Extending its hold later does not restore it.": ["test_extending_its_hold_later_does_not_restore_it"],
    "You may Read it for zero Renown to clear the shelf, spending a turn.": [
        "test_reading_a_soured_wheel_pays_zero_clears_the_shelf_and_spends_a_turn",
    ],
    "Fen Poultice restores one unsealed wheel to its peak, while the Fen Matriarch restores every wheel, including sealed ones.": [
        "test_fen_poultice_restores_one_unsealed_wheel_to_its_peak",
        "test_the_fen_matriarch_restores_every_wheel_including_sealed_ones",
    ],
    "Both retain existing value and hold changes.": [
        "test_fen_poultice_retains_existing_value_and_hold_changes",
        "test_the_fen_matriarch_retains_existing_value_and_hold_changes",
    ],
    "Riftstone returns one unsealed wheel to your hand, including a soured one.": [
        "test_riftstone_returns_one_unsealed_wheel_to_your_hand_even_a_soured_one",
    ],
    "When you set that card again, its age, souring and previous value and hold changes are cleared.": [
        "test_setting_a_returned_wheel_again_clears_its_age_souring_and_changes",
        "scenario:riftstone_returns_a_soured_wheel_fresh",
    ],
}


def book_sentences() -> list[str]:
    sentences = []
    for line in BOOK.read_text("utf-8").splitlines():
        if line.strip().endswith("."):  # headings have no full stop
            sentences += re.split(r"(?<=\.)\s+", line.strip())
    return sentences


def defined_test_names() -> set[str]:
    source = "\n".join(path.read_text("utf-8") for path in HERE.glob("test_*.py"))
    return set(re.findall(r"^def (test_\w+)", source, re.MULTILINE))


def test_every_sentence_of_the_rule_book_is_pinned() -> None:
    sentences = book_sentences()
    assert len(sentences) == 60
    unpinned = [sentence for sentence in sentences if sentence not in PINNED]
    assert not unpinned, f"sentences without tests: {unpinned}"
    flavour = [sentence for sentence, tests in PINNED.items() if not tests]
    assert flavour == ["Wheels of War is the tavern card game."]


def test_every_pinning_test_and_scenario_exists() -> None:
    defined = defined_test_names()
    for sentence, names in PINNED.items():
        for name in names:
            if name.startswith("scenario:"):
                assert (SCENARIOS / f"{name[9:]}.toml").exists(), f"{sentence!r}: no scenario {name}"
            else:
                assert name in defined, f"{sentence!r}: no test {name}"
