"""`tabletop doctor` and starting the sources: what is found, and the advice for what is not."""

from __future__ import annotations

import argparse
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from console.cli.doctor import register_cli
from console.inputs.doctor import diagnose
from console.inputs.event_queue import EventQueue
from console.inputs.events import CardScanned, Key, PodConnected
from console.inputs.pins import load_pin_map
from console.inputs.simulated import SimulatedPod
from console.inputs.sources import start_sources


def test_the_doctor_names_the_pin_factory_and_each_pods_firmware(pin_factory: MockFactory) -> None:
    with SimulatedPod(seat=3) as pod:
        findings = diagnose(pods=[pod.path], pin_factory=pin_factory)
    text = "\n".join(map(str, findings))
    assert "ok GPIO pin factory: MockFactory" in text
    assert f"ok pod {pod.path}: firmware pod-1.0.0, protocol 1, id {pod.unique_id}, seat 3" in text
    assert all(finding.ok for finding in findings)


def test_a_pod_that_never_says_hello_gets_advice(pin_factory: MockFactory, tmp_path: Path) -> None:
    [finding] = [
        f
        for f in diagnose(pods=[str(tmp_path / "nothing")], pin_factory=pin_factory, hello_timeout_s=0.05)
        if "nothing" in f.what
    ]
    assert not finding.ok and "firmware/pod/README.md" in finding.advice


def test_a_button_that_reads_pressed_at_rest_is_reported_with_its_pin(pin_factory: MockFactory) -> None:
    from gpiozero.pins.mock import MockPin

    class ShortedToGround(MockPin):
        """A switch shorted to GND: the pull-up cannot lift it."""

        def _set_pull(self, value: str) -> None:
            super()._set_pull(value)
            self.drive_low()

    pins = load_pin_map()
    pin_factory.pin(pins.seats[2].keys[Key.BACK], pin_class=ShortedToGround)
    findings = diagnose(pods=["/dev/null-pod"], pin_factory=pin_factory, hello_timeout_s=0.01)
    stuck = [f for f in findings if "reads pressed at rest" in f.what]
    pin = pins.seats[2].keys[Key.BACK]
    assert [f.advice for f in stuck] == [f"check the switch on GPIO{pin}: shorted to GND?"]


def test_the_doctor_waits_for_ok_on_each_seat_when_asked(pin_factory: MockFactory) -> None:
    pins = load_pin_map()
    asked: list[str] = []

    def person_presses_ok(message: str) -> None:
        asked.append(message)
        seat = int(message.split()[4])
        pin = pin_factory.pin(pins.seats[seat].keys[Key.OK])
        pin.drive_low()
        pin.drive_high()

    findings = diagnose(
        pods=["/dev/null-pod"],
        pin_factory=pin_factory,
        hello_timeout_s=0.01,
        press_timeout_s=5,
        prompt=person_presses_ok,
    )
    assert asked[0] == "Press OK on seat 1 (within 5 s)..."
    answered = [f.what for f in findings if "answer" in f.what]
    assert answered == [f"seat {seat} buttons answer" for seat in range(1, 5)]


def test_the_doctor_command_exits_non_zero_when_something_is_missing(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser()
    register_cli(parser.add_subparsers())
    args = parser.parse_args(["doctor", "--pod", str(tmp_path / "nothing"), "--hello-timeout", "0.05"])
    assert args.handler(args) == 1


def next_connected(events: EventQueue) -> PodConnected:
    event = events.wait_for(lambda e: isinstance(e, PodConnected), 5)
    assert isinstance(event, PodConnected), event
    return event


def test_sim_mode_starts_a_simulated_pod_per_seat_that_the_hub_reads() -> None:
    events = EventQueue()
    with start_sources(events.post, mode="sim", seats=2) as sources:
        assert "SIMULATED" in sources.notes[0]
        connected = {next_connected(events).seat for _ in range(2)}
        assert connected == {1, 2}
        sources.simulated_pods[1].scan("DEADBEEF", "card:wisteria:3")
        scanned = events.wait_for(lambda e: isinstance(e, CardScanned), 5)
        assert scanned == CardScanned(2, "DEADBEEF", "card:wisteria:3", "simpod2", 1)


def test_none_mode_starts_nothing_and_says_so() -> None:
    with start_sources(EventQueue().post, mode="none") as sources:
        assert sources.notes == ["inputs: none (configured)"] and sources.pods == []
