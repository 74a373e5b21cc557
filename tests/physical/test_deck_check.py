"""The deck check: a deck scanned in any order names its missing and doubled copies against the
catalog and the enrolled tags, keeps what it found in the journal's file, and `tabletop cards
check` does it through a simulated pod on a real pty."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from console.games import find_game
from console.inputs.events import CardScanned
from console.inputs.simulated import SimulatedPod
from console.journal import Journal
from console.physical.cardmap import card_text
from console.physical.copies import CopyStore, DeckSession
from console.physical.deckcheck import DeckCheck
from console.physical.tagstore import TagStore
from tests.physical.test_cards import parse

WISTERIA = find_game("wisteria")
TAGS = {f"0400000{n}": str(n) for n in range(1, 7)}  # one enrolled tag a card: Strength 1 to 6


def test_a_missing_and_a_doubled_copy_are_named_and_a_copy_laid_twice_is_not_doubled() -> None:
    check = DeckCheck(WISTERIA.catalog(), TAGS)
    assert check.expected == 6
    for uid in ["04000003", "04000001", "04000002", "04000004", "04000005"]:  # any order, no 6
        check.scan(uid, TAGS[uid])
    assert check.scan("04000001", "1") == "Strength 1: this copy was already counted"
    assert check.scan("04FFFF02", "2") == "[6/6] Strength 2: one copy more than the deck holds"
    report = check.report()
    assert report.missing == {"6": ["04000006"]} and report.doubled == {"2": ["04FFFF02"]}
    assert report.found == 6 and not report.complete
    assert report.lines(WISTERIA.catalog())[1:] == [
        "Missing: Strength 6 x1 (tag 04000006)",
        "Doubled: Strength 2 x1 too many (tag 04FFFF02)",
    ]


def test_cards_without_enrolled_tags_are_counted_by_the_copies_the_deck_holds() -> None:
    check = DeckCheck(WISTERIA.catalog(), {}, copies=2)
    assert check.expected == 12
    for n in range(1, 7):
        check.scan(f"04AA000{n}", str(n))
    check.scan("04BB0001", "1")
    report = check.report()
    assert report.missing == {str(n): [""] for n in range(2, 7)} and report.doubled == {}


def test_a_check_under_way_survives_a_restart_and_its_finding_stays_in_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    with Journal(path) as journal:
        tags = TagStore(journal.connection, journal.lock)
        for uid, card in TAGS.items():
            tags.enrol(uid, "wisteria", card)
        session = DeckSession(WISTERIA, tags, CopyStore(journal.connection, journal.lock))
        for n in (1, 2, 3):
            session.scan(CardScanned(1, f"0400000{n}"))
    with Journal(path) as journal:  # the hub or the command stopped and started again
        stores = TagStore(journal.connection, journal.lock), CopyStore(journal.connection, journal.lock)
        session = DeckSession(WISTERIA, *stores)
        assert sorted(session.check.seen) == ["04000001", "04000002", "04000003"]
        session.scan(CardScanned(2, "04000004"))
        session.scan(CardScanned(3, "04000005"))
        assert session.scan(CardScanned(1, "04000005")) == "Strength 5: this copy was already counted"
        session.scan(CardScanned(1, "04CC0003", card_text("wisteria", "3")))
        session.finish()
    with Journal(path) as journal:
        copies = CopyStore(journal.connection, journal.lock)
        report = copies.last_report("wisteria")
        assert (
            report is not None
            and report.missing == {"6": ["04000006"]}
            and report.doubled == {"3": ["04CC0003"]}
        )
        places = copies.places("wisteria")
        assert places["04000006"] == ("6", "missing") and places["04CC0003"] == ("3", "deck")
        assert copies.open_check("wisteria") is None


def test_a_card_of_another_game_is_said_so_and_not_counted() -> None:
    connection = sqlite3.connect(":memory:")
    session = DeckSession(WISTERIA, TagStore(connection), CopyStore(connection))
    words = session.scan(CardScanned(1, "04DDDD01", card_text("wheels", "cart-wheel")))
    assert "belongs to" in words and session.check.seen == {}


def test_cards_check_finds_a_missing_and_a_doubled_copy_through_a_simulated_pod(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "tags.db"
    connection = sqlite3.connect(database)
    for uid, card in TAGS.items():
        TagStore(connection).enrol(uid, "wisteria", card)
    connection.close()
    with SimulatedPod(seat=0, readers=2) as pod:  # a central pod: any reader will do
        args = parse(
            ["cards", "check", "wisteria", "--pod", pod.path, "--tags-db", str(database), "--stable-ms", "0"]
        )

        def person() -> None:
            pod.wait_sent("$HELLO,", after=1)  # the command has opened the port and asked HELLO?
            for number, uid in enumerate(["04000005", "04000002", "04000005", "04000001", "04000003"]):
                pod.scan(uid, reader=1 + number % 2)
            pod.scan("04EE0004", card_text("wisteria", "4"))  # a second Strength 4...
            pod.scan("04000004", reader=2)  # ...and the deck's own: 6 copies, but no Strength 6

        hands = threading.Thread(target=person)
        hands.start()
        status = args.handler(args)
        hands.join()
    out = capsys.readouterr().out
    assert status == 1
    assert "Strength 5: this copy was already counted" in out
    assert "Missing: Strength 6 x1 (tag 04000006)" in out
    assert "Doubled: Strength 4 x1 too many (tag 04EE0004)" in out
    connection = sqlite3.connect(database)
    assert CopyStore(connection).places("wisteria")["04000006"] == ("6", "missing")
    connection.close()
