"""The one rule for tests that need an outside program: skip with a reason where it is absent,
fail instead under TABLETOP_REQUIRE_ALL=1 (as .ci/run sets), and hand back its path otherwise."""

from __future__ import annotations

import shutil
from collections.abc import Callable

import pytest

ABSENT = "tabletop-no-such-program"


def test_a_present_program_gives_its_path(require_program: Callable[..., str]) -> None:
    assert require_program(ABSENT, "sh") == shutil.which("sh")


def test_an_absent_program_skips_with_a_reason(
    require_program: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TABLETOP_REQUIRE_ALL", raising=False)
    with pytest.raises(pytest.skip.Exception, match=f"{ABSENT} is not installed"):
        require_program(ABSENT)


def test_an_absent_program_fails_when_everything_is_required(
    require_program: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_REQUIRE_ALL", "1")
    with pytest.raises(pytest.fail.Exception, match=f"{ABSENT} is not installed.*makes this a failure"):
        require_program(ABSENT)
