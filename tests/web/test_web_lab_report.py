"""The lab's report is a page too: read on a phone as on a desk, with axe-core finding no WCAG
violation at the four sizes, nothing wider than the screen but the tables that scroll on their own."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main
from tests.lab.conftest import need_module
from tests.web.conftest import Browser
from tests.web.test_web_axe import SCREENS, SIZES, axe, violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["axe"]  # the module fixture, used here by name


def test_the_report_with_effects_reads_at_every_size_with_no_axe_violation(
    tmp_path: Path,
    browser: Browser,
    axe: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    need_module("matplotlib")
    out = tmp_path / "report.html"
    argv = ["simulate", "wheels", "--games", "30", "--effects", "--workers", "2", "--report", str(out)]
    assert main(argv) == 0
    capsys.readouterr()
    driver = browser()
    driver.get(out.as_uri())
    found: list[str] = []
    for name, viewport in {**SIZES, **SCREENS}.items():
        found += violations(driver, axe, viewport, f"lab-report-{name}")
        # the page itself never scrolls sideways: only a table's own box may
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"the report is {overflow} px wider than a {name} screen"
        answers = driver.execute_script(
            "return [...document.querySelectorAll('.answer')].map((a) => a.getBoundingClientRect().width)"
        )
        assert answers and max(answers) <= viewport[0], name
    assert found == [], "\n".join(found)
