"""Kits bound to tables: a pod or GPIO seat serves one table's seat; a new table never takes a bound
kit; an unbound kit's scan is ignored with a note for the host; the host binds kits by the API."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from console.games.core import CHANCE
from console.hub.config import ConfigError, HubConfig, InputsConfig, TableConfig, config_from_mapping
from console.hub.service import Hub
from console.hub.worker import Barrier, TableWorker
from console.inputs.events import CardScanned, PodRefused
from console.physical.cardmap import card_text
from console.physical.kits import KitError
from console.physical.router import InputRouter

if TYPE_CHECKING:
    from console.physical.feedback import Light

MakeHub = Callable[..., Hub]
TIMEOUT = 10


def scan(seat: int, card: str, source: str) -> CardScanned:
    return CardScanned(seat, uid=f"04{seat:02X}{card:0>10}", text=card_text("wisteria", card), source=source)


def card_to_draw(worker: TableWorker, seat: int) -> str:
    draws = [a for a in worker.table.state.legal_actions(CHANCE) if a.supplier() == seat]
    return str(draws[0].strength)  # type: ignore[attr-defined]


def actions(hub: Hub, worker: TableWorker) -> list[str]:
    worker.post(Barrier()).result(TIMEOUT)
    return hub.journal.actions(worker.table.id)


def second_table(hub: Hub) -> TableWorker:
    return hub.start_table(
        TableConfig(game="wisteria", players=2, seats=("pod", "pod"), chance="physical", seed=3)
    )


def test_a_new_table_never_takes_a_bound_pod_and_an_unbound_pods_scan_is_ignored_with_a_note(
    make_hub: MakeHub,
) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical", start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(kits={"pod1": "1:1"}))
    hub.start(inputs=False)
    first = hub.tables()[0]
    router = hub.router = InputRouter(hub)
    second = second_table(hub)  # the newest table: unbound kits join it
    router.post(scan(1, card_to_draw(first, 1), "pod1"))  # bound by the configuration to table 1
    assert len(actions(hub, first)) == 1 and actions(hub, second) == []
    router.post(scan(1, card_to_draw(second, 1), "pod9"))  # a new pod joins the newest table
    assert len(actions(hub, second)) == 1
    router.post(scan(2, card_to_draw(second, 2), "pod7"))  # seat 2 there: it joins too
    assert len(actions(hub, second)) == 2
    router.post(scan(1, "1", "pod8"))  # seat 1 of table 2 has its pod: pod8 is ignored
    assert len(actions(hub, second)) == 2 and len(actions(hub, first)) == 1
    notes = router.listing()["notes"]
    assert any("pod8" in note and "bound to no table" in note for note in notes)
    assert str(router.kits.binding("pod9")) == f"{second.table.id}:1"


def test_the_host_binds_a_kit_to_another_tables_seat(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    first = hub.tables()[0]
    router = hub.router = InputRouter(hub)
    second = second_table(hub)
    router.lights["pod1"] = router.lights.get("pod1") or _dummy_light("pod1")
    binding = router.bind("pod1", second.table.id, 2)
    assert str(binding) == f"{second.table.id}:2"
    router.post(scan(1, card_to_draw(second, 2), "pod1"))  # the pod says seat 1; it serves seat 2
    assert [a.split()[:2] for a in actions(hub, second)] == [["chance:draw", "2"]]
    assert actions(hub, first) == []
    with pytest.raises(KitError, match="no kit"):
        router.bind("pod5", second.table.id, 1)
    with pytest.raises(KitError, match="seats 1 to 2"):
        router.bind("pod1", second.table.id, 3)
    router.unbind("pod1")
    with pytest.raises(KitError, match="bound to no table"):
        router.unbind("pod1")


def _dummy_light(name: str) -> Light:
    from console.physical.feedback import Light

    sent: list[str] = []
    return Light(name, sent.append)


def test_the_configuration_binds_kits_and_refuses_a_bad_binding(make_hub: MakeHub) -> None:
    config = config_from_mapping({"inputs": {"kits": {"pod1": "1:2", "gpio:3": "2:1"}}})
    assert config.inputs.kits == {"pod1": "1:2", "gpio:3": "2:1"}
    with pytest.raises(ConfigError, match="TABLE:SEAT"):
        config_from_mapping({"inputs": {"kits": {"pod1": "seat two"}}})
    assert isinstance(config, HubConfig)


def test_each_reader_of_a_pod_shared_by_seats_is_a_kit_of_its_own(make_hub: MakeHub) -> None:
    from console.inputs.events import PodConnected

    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    worker = hub.tables()[0]
    router = hub.router = InputRouter(hub)
    router.post(PodConnected("pod1", "pod-1.0.0", 1, "SHARED", 0))  # seat 0: reader N serves seat N
    router.post(scan(1, card_to_draw(worker, 1), "pod1"))
    router.post(scan(2, card_to_draw(worker, 2), "pod1"))
    assert [a.split()[1] for a in actions(hub, worker)] == ["1", "2"]  # each reader its own seat
    assert str(router.kits.binding("pod1/1")) == "1:1" and str(router.kits.binding("pod1/2")) == "1:2"


def test_a_kit_whose_table_ended_is_free_for_the_next_table(make_hub: MakeHub) -> None:
    from console.hub.worker import HostCommand

    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    first = hub.tables()[0]
    router = hub.router = InputRouter(hub)
    router.post(scan(1, card_to_draw(first, 1), "pod1"))
    assert str(router.kits.binding("pod1")) == f"{first.table.id}:1"
    first.post(HostCommand("end")).result(TIMEOUT)
    second = second_table(hub)
    router.post(scan(1, card_to_draw(second, 1), "pod1"))
    assert len(actions(hub, second)) == 1
    assert str(router.kits.binding("pod1")) == f"{second.table.id}:1"


def test_a_pod_of_another_protocol_is_named_on_the_hosts_kits_list(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical", start=False)
    hub.start(inputs=False)
    router = hub.router = InputRouter(hub)
    router.post(PodRefused("pod3", "speaks protocol 2, the hub 1: update its firmware"))
    notes = router.listing()["notes"]
    assert notes == ["pod3 is refused: it speaks protocol 2, the hub 1: update its firmware"]
