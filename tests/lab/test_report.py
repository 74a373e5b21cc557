"""The report is one self-contained page: charts inlined as base64 PNG, nothing fetched, and the
designer's two questions answered with intervals."""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from console.cli import main

pytestmark = pytest.mark.slow


def test_report_is_one_page_with_inlined_charts(
    tmp_path: Path, require_module: Callable[[str], None]
) -> None:
    require_module("matplotlib")
    out = tmp_path / "out.html"
    assert (
        main(
            [
                "simulate",
                "wheels",
                "--games",
                "8",
                "--bots",
                "normal,easy",
                "--workers",
                "1",
                "--versus",
                "first_seat=1",
                "--report",
                str(out),
            ]
        )
        == 0
    )
    page = out.read_text(encoding="utf-8")
    assert "Is the first seat favoured?" in page and "Which card" in page
    assert "too wide to conclude" in page and "Compare: B against A" in page
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) >= 4
    assert all(base64.b64decode(image).startswith(b"\x89PNG") for image in images)
    assert not re.search(r'(src|href)="(https?:)?//', page), "the page must fetch nothing"
