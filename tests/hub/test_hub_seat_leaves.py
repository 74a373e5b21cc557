"""A seat that leaves: mid-game the host hands a phone's seat to a bot of a chosen level, and later
back to the phone, in every title; the bot sees only its seat's view, the handovers are journalled
(they survive a restart and `tabletop games`/`replay` say them), and at a physical table the bot's
cards are still laid on its seat's reader."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from console.bots import make_bot
from console.games.core import CHANCE, Action, Bot, Game, RandomBot
from console.hub.config import HubConfig, TableConfig
from console.hub.errors import Refused
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, Input, SetController, TableWorker
from console.play_names import journal_handovers
from tests.hub.test_hub_physical import scan

MakeHub = Callable[..., Hub]
TIMEOUT = 10
TITLES = ("wheels", "watch", "wisteria")


def payload(worker: TableWorker, seat: int | None) -> Any:
    return json.loads(worker.channel.snapshot.payloads[seat])


def play_phones(worker: TableWorker, seats: Sequence[int], moves: int) -> None:
    """The phones of ``seats`` make ``moves`` moves between them (their first choice each time)."""
    for _ in range(moves):
        acting = [seat for seat in seats if payload(worker, seat)["can_act"]]
        if not acting or payload(worker, None)["outcome"]:
            return
        worker.post(Act(acting[0], payload(worker, acting[0])["legal"][0], "phone")).result(TIMEOUT)


def seat_actions(worker: TableWorker, seat: int, since: int) -> list[str]:
    return [str(a) for a in worker.table.history[since:] if str(a).startswith(f"{seat}:")]


@pytest.mark.slow
@pytest.mark.parametrize("game", TITLES)
def test_a_seat_goes_to_a_bot_and_back_to_its_phone_mid_game(make_hub: MakeHub, game: str) -> None:
    hub = make_hub(game=game, seats=("phone", "phone"))
    worker = hub.tables()[0]
    play_phones(worker, (1, 2), 4)
    left_at = len(worker.table.history)
    assert worker.post(SetController(2, "bot", "easy")).result(TIMEOUT) == "bot"
    worker.post(Barrier()).result(TIMEOUT)
    assert (
        payload(worker, 2)["can_act"] is False
        and "A bot is playing your seat" in payload(worker, 2)["notice"]
    )
    assert payload(worker, None)["names"]["2"] == "Bot 2 (easy)"
    play_phones(worker, (1,), 12)
    assert seat_actions(worker, 2, left_at), "the bot played seat 2 once it had left"
    back_at = len(worker.table.history)
    worker.post(SetController(2, "phone")).result(TIMEOUT)
    play_phones(worker, (1,), 12)  # the bot plays no more: the table waits for seat 2's phone
    assert not seat_actions(worker, 2, back_at)
    assert payload(worker, None)["bots"] == [{"seat": 2, "level": "easy", "first": left_at, "until": back_at}]
    if not payload(worker, None)["outcome"]:
        assert 2 in worker.table.state.to_act and payload(worker, 2)["can_act"], "its phone plays it again"
    handovers, stints = journal_handovers(hub.journal, worker.table.id)
    assert [(h.before, h.controller, h.level, h.at_action) for h in handovers] == [
        ("phone", "bot", "easy", left_at),
        ("bot", "phone", "", back_at),
    ]
    assert [s.words() for s in stints] == [
        f"seat 2 by a bot (easy) from action {left_at} to action {back_at}"
    ]


def test_a_handover_and_its_level_survive_a_hub_restart(make_hub: MakeHub) -> None:
    hub = make_hub(game="watch", seats=("phone", "phone"))
    worker = hub.tables()[0]
    play_phones(worker, (1, 2), 2)
    worker.post(SetController(2, "bot", "hard")).result(TIMEOUT)
    before = payload(worker, None)["bots"]
    hub.stop()
    again = make_hub(game="watch", seats=("phone", "phone"))
    resumed = again.tables()[0]
    assert resumed.table.id == worker.table.id
    assert payload(resumed, None)["bots"] == before and before[0]["level"] == "hard"
    assert payload(resumed, None)["names"]["2"] == "Bot 2 (hard)"
    assert resumed.controllers[2] == "bot" and type(resumed._bots[2]).__name__ == "SearchBot"


def test_an_unknown_level_or_a_level_for_a_phone_is_refused_and_changes_nothing(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    with pytest.raises(Refused, match="there is no bot level 'grandmaster'; choose easy, normal, hard"):
        worker.post(SetController(2, "bot", "grandmaster")).result(TIMEOUT)
    with pytest.raises(Refused, match="only a bot has a level"):
        worker.post(SetController(2, "phone", "hard")).result(TIMEOUT)
    assert worker.controllers[2] == "phone" and journal_handovers(hub.journal, worker.table.id) == ([], [])


class ViewSpy(Bot):
    """A bot that plays at random and checks, as it decides (in the worker's thread, the state as
    it stands), that what it was given is its seat's view and not another's."""

    def __init__(self) -> None:
        self.worker: TableWorker | None = None
        self.seen: list[tuple[bool, bool]] = []  # (its seat's view, seat 1's view) per decision

    def choose(self, view: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert self.worker is not None
        state = self.worker.table.state
        self.seen.append((view == state.view(2), view == state.view(1)))
        assert list(legal) == state.legal_actions(2)
        return RandomBot().choose(view, legal, rng)


def test_the_bot_is_given_its_seats_view_and_no_more(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = ViewSpy()

    def spying(game: Game, kind: str, think_s: float | None = None) -> Bot:
        make_bot(game, kind, think_s)  # a real level, or it raises
        return spy

    monkeypatch.setattr("console.hub.worker.make_bot", spying)
    hub = make_hub(game="wheels", seats=("phone", "phone"))
    worker = spy.worker = hub.tables()[0]
    play_phones(worker, (1, 2), 2)
    worker.post(SetController(2, "bot", "easy")).result(TIMEOUT)
    play_phones(worker, (1,), 10)
    assert spy.seen, "the bot played"
    assert all(own for own, _ in spy.seen), "every decision from seat 2's view"
    assert not any(other for _, other in spy.seen), "never seat 1's view (its hand differs)"


def test_at_a_physical_table_the_bot_plays_with_the_cards_scanned_at_its_seat(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    worker = hub.tables()[0]
    worker.post(SetController(2, "bot", "normal")).result(TIMEOUT)
    asked: list[list[int]] = []
    for _ in range(6):  # the cards of the first war: each seat's card laid on its own reader
        if worker.table.state.to_act != (CHANCE,):
            break
        asked.append(payload(worker, None)["bot_scans"])
        draw = worker.table.state.legal_actions(CHANCE)[0]
        owner = draw.supplier()
        assert owner is not None, "in physical play a seat's reader supplies each card"
        worker.post(Input(scan(owner, str(draw.strength)))).result(TIMEOUT)  # type: ignore[attr-defined]
    worker.post(Barrier()).result(TIMEOUT)
    assert [2] in asked, "the table asked for the bot's card at seat 2's reader"
    assert seat_actions(worker, 2, 0), "the bot chose with the cards the journal says it holds"


def test_where_the_hub_deals_no_screen_asks_for_a_bots_card_at_a_reader(tmp_path: Any) -> None:
    """(Every table whose dealer dealt by itself said "lay the card for Bot 2 on its reader" while
    the dealer was about to deal for a bot's seat.)"""
    config = HubConfig(
        journal=tmp_path / "j.db",
        chance_delay_s=60.0,  # the dealer takes its time: the screens show it about to deal
        table=TableConfig(game="wisteria", players=2, seats=("phone", "bot"), seed=7, wait_for_phones=False),
    )
    hub = Hub(config).start(inputs=False)
    try:
        worker = hub.tables()[0]
        worker.post(Barrier()).result(TIMEOUT)
        assert worker.table.state.to_act == (CHANCE,)
        assert payload(worker, None)["bot_scans"] == []
    finally:
        hub.stop()


def test_a_seat_handed_to_a_bot_before_the_game_began_is_a_bot_from_action_0(tmp_path: Any) -> None:
    config = HubConfig(
        journal=tmp_path / "j.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        table=TableConfig(game="watch", players=2, seats=("phone", "phone"), seed=3),
    )
    hub = Hub(config).start(inputs=False)
    try:
        worker = hub.tables()[0]
        worker.post(SetController(2, "bot", "normal")).result(TIMEOUT)
        assert payload(worker, None)["bots"] == [{"seat": 2, "level": "normal", "first": 0, "until": None}]
    finally:
        hub.stop()


def test_games_and_replay_say_which_seats_a_bot_played_from_which_action(
    make_hub: MakeHub, capsys: pytest.CaptureFixture[str]
) -> None:
    from console.cli import main

    hub = make_hub(game="watch", seats=("phone", "phone"))
    worker = hub.tables()[0]
    play_phones(worker, (1, 2), 3)
    left_at = len(worker.table.history)
    worker.post(SetController(2, "bot", "easy")).result(TIMEOUT)
    play_phones(worker, (1,), 4)
    back_at = len(worker.table.history)
    worker.post(SetController(2, "phone")).result(TIMEOUT)
    journal = str(hub.config.journal)  # read beside the running hub: the readers take no lock
    assert main(["--journal", journal, "games"]) == 0
    said = f"seat 2 by a bot (easy) from action {left_at} to action {back_at}"
    assert said in capsys.readouterr().out
    assert main(["--journal", journal, "games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[0]["bots"] == [{"seat": 2, "level": "easy", "first": left_at, "until": back_at}]
    assert main(["--journal", journal, "replay", str(worker.table.id)]) == 0
    lines = capsys.readouterr().out.splitlines()
    handed = lines.index("       (seat 2 handed to a bot (easy))")
    assert lines[handed + 1].split()[0] == str(left_at), "said just before the bot's first action"
    assert "       (seat 2 handed to its phone)" in lines
    assert f"played: {said}" in lines
