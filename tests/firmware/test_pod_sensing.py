"""Card presence and button debounce in the pod firmware."""

from __future__ import annotations

from console.inputs.firmware import load_firmware_module

sensing = load_firmware_module("pod_sensing")


def test_a_card_is_reported_once_while_it_stays_on_the_reader() -> None:
    presence = sensing.Presence(miss_limit=3)
    assert presence.poll("04A1B2C3") == [("CARD", "04A1B2C3")]
    assert all(presence.poll("04A1B2C3") == [] for _ in range(50))


def test_a_card_is_removed_only_after_several_missed_polls() -> None:
    presence = sensing.Presence(miss_limit=3)
    presence.poll("04A1B2C3")
    assert presence.poll(None) == []
    assert presence.poll(None) == []
    assert presence.poll(None) == [("GONE", None)]


def test_a_missed_poll_between_reads_does_not_repeat_the_card() -> None:
    presence = sensing.Presence(miss_limit=3)
    reads = ["04A1B2C3", None, "04A1B2C3", None, None, "04A1B2C3"]
    assert [presence.poll(uid) for uid in reads] == [[("CARD", "04A1B2C3")], [], [], [], [], []]


def test_a_card_swapped_for_another_is_gone_then_seen() -> None:
    presence = sensing.Presence(miss_limit=3)
    presence.poll("04A1B2C3")
    assert presence.poll("DEADBEEF") == [("GONE", None), ("CARD", "DEADBEEF")]


def test_a_card_put_back_after_removal_fires_again() -> None:
    presence = sensing.Presence(miss_limit=1)
    presence.poll("04A1B2C3")
    presence.poll(None)
    assert presence.poll("04A1B2C3") == [("CARD", "04A1B2C3")]


def test_a_button_changes_only_after_its_level_holds_for_the_debounce_time() -> None:
    button = sensing.Debouncer(stable_ms=20)
    assert button.update(True, 0) is None
    assert button.update(True, 10) is None
    assert button.update(True, 20) is True
    assert button.update(True, 500) is None
    assert button.update(False, 510) is None
    assert button.update(False, 530) is False


def test_a_bouncing_contact_never_reports_until_it_settles() -> None:
    button = sensing.Debouncer(stable_ms=20)
    levels = [True, False, True, False, True]
    times = range(0, 50, 10)
    assert [button.update(level, ms) for ms, level in zip(times, levels, strict=True)] == [None] * 5
    assert button.update(True, 70) is True
