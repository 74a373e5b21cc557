"""Reading the NDEF Text record out of an NTAG's user memory."""

from __future__ import annotations

from console.inputs.firmware import load_firmware_module

ndef = load_firmware_module("pod_ndef")

# TextRecord("card:knight-07", "en"), as ndeflib encodes it
RECORD = bytes.fromhex("d1011154 02656e 63617264 3a6b6e69 6768742d 3037".replace(" ", ""))


def test_the_text_of_a_text_record_is_read_without_its_language_code() -> None:
    memory = bytes([0x03, len(RECORD)]) + RECORD + b"\xfe" + bytes(10)
    assert ndef.text_record(memory) == "card:knight-07"


def test_lock_control_and_null_tlvs_before_the_message_are_skipped() -> None:
    memory = bytes([0x01, 0x03, 0xA0, 0x10, 0x44, 0x00, 0x03, len(RECORD)]) + RECORD + b"\xfe"
    assert ndef.text_record(memory) == "card:knight-07"


def test_the_three_byte_length_form_is_understood() -> None:
    memory = bytes([0x03, 0xFF, 0x00, len(RECORD)]) + RECORD + b"\xfe"
    assert ndef.text_record(memory) == "card:knight-07"


def test_a_uri_record_is_not_text() -> None:
    uri = bytes([0xD1, 0x01, 0x04, 0x55, 0x04]) + b"a.b"
    assert ndef.text_record(bytes([0x03, len(uri)]) + uri + b"\xfe") is None


def test_an_empty_tag_has_no_text() -> None:
    assert ndef.text_record(bytes([0x03, 0x00, 0xFE])) is None
    assert ndef.text_record(bytes(16)) is None


def test_memory_cut_short_asks_for_enough_bytes_to_hold_the_message() -> None:
    memory = bytes([0x03, len(RECORD)]) + RECORD + b"\xfe"
    assert ndef.text_record(memory[:16]) is None
    assert ndef.bytes_needed(memory[:16]) == 2 + len(RECORD)
    assert ndef.bytes_needed(bytes([0x00, 0x00])) == 18
