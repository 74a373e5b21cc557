"""Print-and-play sheets: the QR code drawn on each card is the card's own code, and a printed
PDF page carries each card's name, numbers and text."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path

import pytest
import segno
from PIL import Image

from console.games import find_game
from console.physical.sheet import SheetError, card_pages, placed_for, plain, qr_box, write_sheet

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


def test_a_pdf_sheet_has_one_page_per_nine_cards(tmp_path: Path) -> None:
    [path] = write_sheet(find_game("wheels"), tmp_path / "deck.pdf")
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    count = re.search(rb"/Count (\d+)", data)
    assert count is not None and count.group(1) == b"4"


@pytest.mark.parametrize(("paper", "pixels"), [("a4", (2481, 3508)), ("letter", (2550, 3300))])
def test_a_printed_page_at_300_dpi_has_each_cards_code_name_numbers_and_text(
    tmp_path: Path, require_program: Callable[..., str], paper: str, pixels: tuple[int, int]
) -> None:
    """Rendered by poppler as a printer would: every QR module where segno puts it, and the
    card's whole printed text on the page."""
    pdftoppm, pdftotext = require_program("pdftoppm"), require_program("pdftotext")
    game = find_game("wheels")
    [path] = write_sheet(game, tmp_path / "deck.pdf", paper=paper)
    subprocess.run(
        [pdftoppm, "-r", "300", "-f", "1", "-l", "1", "-png", str(path), str(tmp_path / "page")], check=True
    )
    with Image.open(next(tmp_path.glob("page*.png"))) as image:
        page = image.convert("L")
    assert page.size == pixels
    cards = placed_for(paper, card_pages(game, 1))[0]
    for card in cards:
        left, top, side = qr_box(card)
        module = side / len(card.modules)
        dots = 300 / 25.4
        for row, line in enumerate(card.modules):
            for column, dark in enumerate(line):
                x, y = (left + (column + 0.5) * module) * dots, (top + (row + 0.5) * module) * dots
                grey = page.getpixel((round(x), round(y)))
                assert isinstance(grey, int) and (grey < 128) == dark, (card.card_id, row, column)
    words = subprocess.run(
        [pdftotext, "-f", "1", "-l", "1", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    flat = " ".join(words.split())
    details = game.card_details()
    for card in cards:
        assert card.name in flat, card.name
        for part in ("facts", "text"):
            printed = " ".join(plain(game.card_words(details[card.card_id].get(part))).split())
            assert printed in flat, (card.card_id, printed)


def test_an_unknown_paper_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="not 'a3'"):
        write_sheet(find_game("wisteria"), tmp_path / "deck.pdf", paper="a3")


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SheetError, match="not 'png'"):
        write_sheet(find_game("wisteria"), tmp_path / "deck.png")
