"""Print-and-play sheets: the QR code drawn on each card is the card's own code."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import segno

from console.games import find_game
from console.physical.sheet import SheetError, write_sheet

SVG = "{http://www.w3.org/2000/svg}"


def drawn_matrix(path_data: str) -> set[tuple[int, int]]:
    """Dark module positions (row, column) from a sheet's QR path, relative to its top-left."""
    runs = [tuple(map(float, run)) for run in re.findall(r"M([\d.]+) ([\d.]+)h([\d.]+)v([\d.]+)", path_data)]
    left = min(x for x, _, _, _ in runs)
    top = min(y for _, y, _, _ in runs)
    module = runs[0][3]
    dark: set[tuple[int, int]] = set()
    for x, y, width, _ in runs:
        row, column = round((y - top) / module), round((x - left) / module)
        dark.update((row, column + step) for step in range(round(width / module)))
    return dark


def expected_matrix(text: str) -> set[tuple[int, int]]:
    matrix = segno.make(text, error="m", micro=False).matrix
    return {(row, column) for row, line in enumerate(matrix) for column, module in enumerate(line) if module}


def test_each_card_on_the_sheet_carries_the_qr_code_of_its_card_text(tmp_path: Path) -> None:
    [page] = write_sheet(find_game("wisteria"), tmp_path / "deck.svg")
    root = ElementTree.parse(page).getroot()
    texts = [t.text for t in root.iter(f"{SVG}text")]
    paths = [p.get("d") for p in root.iter(f"{SVG}path")]
    assert len(paths) == 6
    for number, path_data in enumerate(paths, start=1):
        assert f"card:wisteria:{number}" in texts
        assert path_data is not None
        assert drawn_matrix(path_data) == expected_matrix(f"card:wisteria:{number}")


def test_each_card_shows_its_name(tmp_path: Path) -> None:
    game = find_game("wisteria")
    [page] = write_sheet(game, tmp_path / "deck.svg")
    texts = [t.text for t in ElementTree.parse(page).getroot().iter(f"{SVG}text")]
    assert all(name in texts for name in game.catalog().values())


def test_nine_cards_fit_a_page_and_more_make_more_pages(tmp_path: Path) -> None:
    game = find_game("wheels")
    pages = write_sheet(game, tmp_path / "deck.svg")
    assert [p.name for p in pages] == [f"deck-{n}.svg" for n in range(1, len(pages) + 1)]
    assert len(pages) == -(-len(game.catalog()) // 9)


def test_copies_repeat_each_card(tmp_path: Path) -> None:
    pages = write_sheet(find_game("wisteria"), tmp_path / "deck.svg", copies=3)
    assert len(pages) == 2


def test_a_pdf_sheet_has_one_page_per_nine_cards_and_a_sound_cross_reference(tmp_path: Path) -> None:
    [path] = write_sheet(find_game("wheels"), tmp_path / "deck.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    count = re.search(rb"/Count (\d+)", data)
    assert count is not None and count.group(1) == b"4"
    startxref = re.search(rb"startxref\n(\d+)", data)
    assert startxref is not None
    xref_at = int(startxref.group(1))
    offsets = [int(line[:10]) for line in data[xref_at:].split(b"\n")[3:] if line.endswith(b" n ")]
    for number, offset in enumerate(offsets, start=1):
        assert data[offset:].startswith(b"%d 0 obj" % number)


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="not 'png'"):
        write_sheet(find_game("wisteria"), tmp_path / "deck.png")
