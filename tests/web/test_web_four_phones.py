"""A host and four phones play a whole game of each title that seats four, through the pages and
nothing else: the host fills in the start form on the table screen, each player follows their
seat's code, types a name and taps their moves (a card, then what to do with it; a ringed place
on the map; a choice with its numbers), until the game is over on every screen.

The documented evening (test_web_documented_evening.py) walks every step of the docs with two
phones and a bot; this is the full table the issue asked for, with the same taps."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from tests.helpers.browser import By, Select, size
from tests.web.conftest import Browser
from tests.web.test_web_documented_evening import Seen, play, shown, state, status, type_name, wait

NAMES = ("Ana", "Bo", "Cy", "Di")
# The games that seat four, each short enough for a test: the Watch to one round after founding,
# Wisteria's round limit lowered so the round limit, not a player's last card, may end it too.
FOUR = {"watch": {"max_rounds": "1"}, "wisteria": {"round_limit": "30"}}


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("game", list(FOUR))
def test_a_host_and_four_phones_play_a_whole_game(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser, game: str
) -> None:
    hub = hub_process(tmp_path / "journal.db")
    facts = find_game(game)
    screen = browser()
    size(screen, 1366, 768)
    screen.get(f"{hub.url}/")
    form = wait(screen).until(lambda d: d.find_element(By.ID, "start-form"))
    Select(form.find_element(By.NAME, "game")).select_by_visible_text(facts.title)
    players = form.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("4")
    seats = form.find_element(By.NAME, "seats")
    seats.click()  # leaving the players' field: the seats follow it
    seats.clear()
    seats.send_keys(", ".join(["phone"] * 4))
    form.find_element(By.CSS_SELECTOR, "#game-options summary").click()
    for name, value in {**{k: str(v) for k, v in facts.facts.short_options.items()}, **FOUR[game]}.items():
        box = form.find_element(By.NAME, f"option:{name}")
        box.clear()
        box.send_keys(value)
    form.find_element(By.NAME, "pin").send_keys(hub.pin)
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(screen).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#codes .code"))

    phones = []
    for seat, name in enumerate(NAMES, start=1):
        link = screen.find_element(By.CSS_SELECTOR, f"#codes .code[data-seat='{seat}'] a.code-link")
        phone = browser(phone=True)
        size(phone, *((360, 740) if seat % 2 else (390, 844)), mobile=True)
        phone.get(str(link.get_attribute("href")))  # a phone's camera opens the code's link
        wait(phone).until(lambda d: d.current_url.endswith(f"/seats/{seat}"))  # noqa: B023
        type_name(phone, name)
        phones.append(phone)
    wait(screen).until(lambda d: not shown(d, "#codes .code"))  # every seat taken: no code left
    assert not status(screen).startswith("Waiting for"), status(screen)

    seen = Seen()
    taps = play(phones, seen, lambda: bool(state(screen)["outcome"]), limit=600)
    assert taps > 0 and seen.labels
    board = screen.find_element(By.ID, "board").text
    assert all(name in board for name in NAMES), board  # the table screen names every player
    for phone in phones:
        wait(phone).until(lambda d: "Game over" in status(d))
