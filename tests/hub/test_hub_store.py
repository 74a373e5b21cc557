"""Seat tokens and the host PIN live in the journal's file, in the hub's own tables."""

from __future__ import annotations

import base64
from pathlib import Path

from console.hub.store import HubStore
from console.journal import Journal


def new_table(journal: Journal) -> int:
    return journal.create_table("wheels", 2, 7, {}, None, 0.0)


def test_every_seat_gets_an_unguessable_token_of_at_least_128_bits(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    store = HubStore(journal)
    table_id = new_table(journal)
    store.add_table(table_id, "virtual", "heuristic", {1: "phone", 2: "bot"})
    tokens = [record.token for record in store.seats(table_id).values()]
    assert len(set(tokens)) == 2
    for token in tokens:
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128


def test_a_token_opens_only_its_own_seat_of_its_own_table(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    store = HubStore(journal)
    first, second = new_table(journal), new_table(journal)
    store.add_table(first, "virtual", "heuristic", {1: "phone", 2: "phone"})
    store.add_table(second, "virtual", "heuristic", {1: "phone", 2: "phone"})
    token = store.seats(first)[2].token
    assert store.seat_for_token(first, token) == 2
    assert store.seat_for_token(second, token) is None
    assert store.seat_for_token(first, token[:-1] + ("A" if token[-1] != "A" else "B")) is None


def test_tokens_controllers_and_the_host_pin_survive_reopening_the_file(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with Journal(path) as journal:
        store = HubStore(journal)
        table_id = new_table(journal)
        store.add_table(table_id, "physical", "random", {1: "phone", 2: "bot"})
        store.set_controller(table_id, 2, "pod")
        seats, pin = store.seats(table_id), store.host_pin()
    with Journal(path) as journal:
        store = HubStore(journal)
        assert store.seats(table_id) == seats
        assert store.seats(table_id)[2].controller == "pod"
        assert store.host_pin() == pin and len(pin) == 6 and pin.isdigit()
        settings = store.settings(table_id)
        assert settings is not None and (settings.chance, settings.bot) == ("physical", "random")


def test_a_configured_host_pin_wins_over_the_stored_one(tmp_path: Path) -> None:
    store = HubStore(Journal(tmp_path / "j.db"))
    assert store.host_pin("8642") == "8642"
