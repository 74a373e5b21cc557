"""Card identity, the enrolment table, enrolling a deck, and the `tabletop cards` command."""

from __future__ import annotations

import argparse
import sqlite3
import threading
from pathlib import Path

import pytest

from console.cli.cards import register_cli
from console.games import find_game
from console.inputs.events import CardScanned
from console.inputs.simulated import SimulatedPod
from console.physical.cardmap import CardMap, UnknownCard, WrongGame, card_text, parse_card_text
from console.physical.enrol import enrol_deck
from console.physical.tagstore import TagStore

WISTERIA = find_game("wisteria")


@pytest.fixture
def tags() -> TagStore:
    return TagStore(sqlite3.connect(":memory:"))


# -- card text and identity ---------------------------------------------------------------------


def test_card_text_names_the_game_and_the_card_and_parses_back() -> None:
    assert card_text("wheels", "cart-wheel") == "card:wheels:cart-wheel"
    assert parse_card_text("card:wheels:cart-wheel") == ("wheels", "cart-wheel")
    assert parse_card_text(" CARD:Wisteria:4 ") == ("wisteria", "4")


@pytest.mark.parametrize("text", ["", "hello", "card:", "card:wisteria", "card::4", "http://x"])
def test_text_that_is_not_a_card_code_parses_to_nothing(text: str) -> None:
    assert parse_card_text(text) is None


def test_a_tags_ndef_text_names_its_card() -> None:
    identity = CardMap(WISTERIA).identify(CardScanned(1, uid="04A1B2C3D4E5F6", text="card:wisteria:4"))
    assert (identity.game, identity.card_id, identity.name) == ("wisteria", "4", WISTERIA.catalog()["4"])


def test_a_qr_codes_text_names_its_card() -> None:
    assert CardMap(WISTERIA).identify(CardScanned(2, text="card:wisteria:6")).card_id == "6"


def test_a_bare_tag_is_known_by_its_enrolled_uid(tags: TagStore) -> None:
    tags.enrol("04A1B2C3D4E5F6", "wisteria", "2")
    assert CardMap(WISTERIA, tags).identify(CardScanned(1, uid="04A1B2C3D4E5F6")).card_id == "2"


def test_a_card_of_another_game_is_refused_naming_both_games() -> None:
    with pytest.raises(WrongGame, match="that card belongs to Wheels of War, not Wizard of Wisteria"):
        CardMap(WISTERIA).identify(CardScanned(1, text="card:wheels:cart-wheel"))


def test_an_enrolled_tag_of_another_game_is_refused(tags: TagStore) -> None:
    tags.enrol("DEADBEEF", "wheels", "bloom")
    with pytest.raises(WrongGame):
        CardMap(WISTERIA, tags).identify(CardScanned(1, uid="DEADBEEF"))


def test_a_card_id_the_catalog_lacks_is_refused() -> None:
    with pytest.raises(UnknownCard, match="has no card '7'"):
        CardMap(WISTERIA).identify(CardScanned(1, text="card:wisteria:7"))


def test_an_unenrolled_tag_is_refused_with_how_to_enrol() -> None:
    with pytest.raises(UnknownCard, match="tabletop cards enrol wisteria"):
        CardMap(WISTERIA).identify(CardScanned(1, uid="DEADBEEF"))


def test_a_foreign_qr_code_is_refused() -> None:
    with pytest.raises(UnknownCard, match="not a Wizard of Wisteria: Mix-Up card"):
        CardMap(WISTERIA).identify(CardScanned(1, text="https://example.org"))


# -- the enrolment table ---------------------------------------------------------------------------


def test_a_uid_is_found_whatever_its_case(tags: TagStore) -> None:
    tags.enrol("04a1b2c3", "wisteria", "3")
    assert tags.lookup("04A1B2C3") == ("wisteria", "3")


def test_enrolling_a_tag_again_replaces_what_it_stood_for(tags: TagStore) -> None:
    tags.enrol("DEADBEEF", "wisteria", "3")
    tags.enrol("DEADBEEF", "wisteria", "5")
    assert tags.tags("wisteria") == {"DEADBEEF": "5"}


def test_a_forgotten_tag_is_unknown(tags: TagStore) -> None:
    tags.enrol("DEADBEEF", "wisteria", "3")
    assert tags.forget("DEADBEEF") and not tags.forget("DEADBEEF")
    assert tags.lookup("DEADBEEF") is None


def test_the_tag_table_shares_the_journals_file(tmp_path: Path) -> None:
    from console.journal import Journal

    with Journal(tmp_path / "journal.db") as journal:
        TagStore(journal.connection, journal.lock).enrol("DEADBEEF", "wisteria", "1")
    with Journal(tmp_path / "journal.db") as journal:
        assert TagStore(journal.connection, journal.lock).lookup("DEADBEEF") == ("wisteria", "1")


# -- enrolling a deck ---------------------------------------------------------------------------------


class Hand:
    """Scans handed to enrol_deck one by one; None once they run out (the person walked away)."""

    def __init__(self, *scans: CardScanned) -> None:
        self.scans = list(scans)
        self.prompts: list[str] = []

    def next(self, timeout: float) -> CardScanned | None:
        return self.scans.pop(0) if self.scans else None


def tag(uid: str, text: str = "") -> CardScanned:
    return CardScanned(1, uid=uid, text=text)


def test_enrolment_asks_for_every_card_in_turn_and_records_its_tag(tags: TagStore) -> None:
    hand = Hand(*(tag(f"0400000{n}") for n in range(1, 7)))
    report = enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append)
    assert report.complete
    assert tags.tags("wisteria") == {f"0400000{n}": str(n) for n in range(1, 7)}
    assert hand.prompts[0] == f"[1/6] Lay {WISTERIA.catalog()['1']} on the reader."


def test_enrolment_of_copies_asks_for_each_copy(tags: TagStore) -> None:
    hand = Hand(*(tag(f"04{n:06X}") for n in range(12)))
    report = enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append, copies=2)
    assert report.complete and len(tags.tags("wisteria")) == 12
    assert "(copy 2 of 2)" in hand.prompts[2]


def test_the_same_tag_twice_is_explained_and_the_card_asked_for_again(tags: TagStore) -> None:
    hand = Hand(tag("AAAAAAAA"), tag("AAAAAAAA"), tag("BBBBBBBB"))
    report = enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append)
    assert report.enrolled == [("AAAAAAAA", "1"), ("BBBBBBBB", "2")]
    assert any("was just enrolled as" in prompt for prompt in hand.prompts)


def test_a_qr_code_needs_no_enrolment(tags: TagStore) -> None:
    hand = Hand(CardScanned(1, text="card:wisteria:1"))
    report = enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append)
    assert report.problems == 1 and report.enrolled == []
    assert any("QR cards need no enrolment" in prompt for prompt in hand.prompts)


def test_a_tag_enrolled_for_another_card_is_kept_unless_replacing(tags: TagStore) -> None:
    tags.enrol("AAAAAAAA", "wheels", "bloom")
    hand = Hand(tag("AAAAAAAA"))
    enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append)
    assert tags.lookup("AAAAAAAA") == ("wheels", "bloom")
    assert any("already enrolled as a wheels card" in prompt for prompt in hand.prompts)
    replaced = Hand(tag("AAAAAAAA"))
    enrol_deck(WISTERIA, replaced.next, tags, replaced.prompts.append, replace=True)
    assert tags.lookup("AAAAAAAA") == ("wisteria", "1")


def test_a_tag_whose_own_text_names_another_card_is_refused(tags: TagStore) -> None:
    hand = Hand(tag("AAAAAAAA", "card:wisteria:5"))
    enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append)
    assert tags.lookup("AAAAAAAA") is None


def test_no_scan_before_the_timeout_stops_and_keeps_what_was_enrolled(tags: TagStore) -> None:
    hand = Hand(tag("AAAAAAAA"))
    report = enrol_deck(WISTERIA, hand.next, tags, hand.prompts.append, timeout_s=1)
    assert not report.complete and report.enrolled == [("AAAAAAAA", "1")]
    assert "stopping with 1 of 6 tags enrolled" in hand.prompts[-1]


# -- the command ----------------------------------------------------------------------------------


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tabletop")
    register_cli(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def test_cards_enrol_tags_a_deck_laid_on_a_real_pod_port(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "tags.db"
    with SimulatedPod() as pod:
        args = parse(
            ["cards", "enrol", "wisteria", "--pod", pod.path, "--tags-db", str(database), "--timeout", "5"]
        )

        def person() -> None:
            pod.wait_sent("$HELLO,", after=1)  # the hub has opened the port and asked HELLO?
            for strength in range(1, 7):
                pod.scan(f"0400000{strength}")

        hands = threading.Thread(target=person)
        hands.start()
        status = args.handler(args)
        hands.join()
    assert status == 0
    connection = sqlite3.connect(database)
    enrolled = TagStore(connection).tags("wisteria")
    connection.close()
    assert enrolled == {f"0400000{n}": str(n) for n in range(1, 7)}
    assert "Done: 6 tags enrolled" in capsys.readouterr().out


def test_cards_sheet_writes_the_file_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["cards", "sheet", "wisteria", "--out", str(tmp_path / "deck.pdf")])
    assert args.handler(args) == 0
    assert (tmp_path / "deck.pdf").read_bytes().startswith(b"%PDF-")
    assert f"wrote {tmp_path / 'deck.pdf'}" in capsys.readouterr().out


def test_cards_sheet_in_an_unknown_format_fails_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = parse(["cards", "sheet", "wisteria", "--out", str(tmp_path / "deck.png")])
    assert args.handler(args) == 2
    assert capsys.readouterr().err == "tabletop: a sheet is written as svg or pdf, not 'png'\n"


def test_cards_enrol_with_no_pod_answering_fails_with_advice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import console.cli.cards as cli_cards

    monkeypatch.setattr(cli_cards, "HELLO_WAIT_S", 0.05)
    args = parse(
        ["cards", "enrol", "wisteria", "--pod", str(tmp_path / "nope"), "--tags-db", str(tmp_path / "t.db")]
    )
    assert args.handler(args) == 2
    assert "no pod answered at" in capsys.readouterr().err
