"""Fixtures for the input tests: a fresh gpiozero MockFactory per test and a hand-moved clock."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def pin_factory() -> Iterator[MockFactory]:
    factory = MockFactory(revision="c03111")  # a Pi 4B
    yield factory
    factory.reset()
    factory.close()
