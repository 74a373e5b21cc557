"""Print-and-play sheets: every card of a game with its QR code, poker size, nine to an A4 page.

The QR code holds the card's text (``card:GAME:CARD_ID``), so a table with only a QR scanner can
play. SVG writes one file per page (``sheet.svg``, or ``sheet-1.svg``, ``sheet-2.svg``...), each card
with its name and code; PDF (fpdf2) writes one file of several pages on A4 or US Letter, each card
with its name, its printed numbers and text, its code and a cut line: the sheet to print.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import segno

from console.games.core import Game
from console.physical.cardmap import card_text

PAGE_W, PAGE_H = 210.0, 297.0  # A4, mm
CARD_W, CARD_H = 63.0, 88.0  # poker size, mm
COLUMNS, ROWS = 3, 3
QR_SIZE = 44.0  # mm, quiet zone included
FORMATS = ("svg", "pdf")


class SheetError(ValueError):
    pass


@dataclass(frozen=True)
class PlacedCard:
    x: float  # mm from the page's left edge
    y: float  # mm from the page's top edge
    card_id: str
    name: str
    text: str
    modules: tuple[tuple[bool, ...], ...]  # the QR matrix with its quiet zone, dark = True


def _qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    qr = segno.make(text, error="m", micro=False)
    border = 4
    size = len(qr.matrix) + 2 * border
    blank = (False,) * size
    rows = [blank] * border
    rows += [(False,) * border + tuple(bool(m) for m in row) + (False,) * border for row in qr.matrix]
    rows += [blank] * border
    return tuple(rows)


def card_pages(game: Game, copies: int) -> list[list[PlacedCard]]:
    cards = [(card_id, name) for card_id, name in game.catalog().items() for _ in range(copies)]
    if not cards:
        raise SheetError(f"{game.title} has no cards in its catalog")
    left = (PAGE_W - COLUMNS * CARD_W) / 2
    top = (PAGE_H - ROWS * CARD_H) / 2
    per_page = COLUMNS * ROWS
    pages: list[list[PlacedCard]] = []
    for index, (card_id, name) in enumerate(cards):
        if index % per_page == 0:
            pages.append([])
        slot = index % per_page
        text = card_text(game.name, card_id)
        pages[-1].append(
            PlacedCard(
                left + (slot % COLUMNS) * CARD_W,
                top + (slot // COLUMNS) * CARD_H,
                card_id,
                name,
                text,
                _qr_modules(text),
            )
        )
    return pages


def _dark_runs(modules: tuple[tuple[bool, ...], ...]) -> Iterator[tuple[int, int, int]]:
    """(row, first column, length) of each horizontal run of dark modules."""
    for row, line in enumerate(modules):
        column = 0
        while column < len(line):
            if line[column]:
                start = column
                while column < len(line) and line[column]:
                    column += 1
                yield row, start, column - start
            else:
                column += 1


def write_sheet(
    game: Game, path: str | Path, fmt: str | None = None, copies: int = 1, paper: str = "a4"
) -> list[Path]:
    """Write the sheet; ``fmt`` is svg or pdf (default: from the file name), ``paper`` a4 or letter
    (the PDF's). Returns the files."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "svg").lower()
    if fmt not in FORMATS:
        raise SheetError(f"a sheet is written as {' or '.join(FORMATS)}, not {fmt!r}")
    if copies < 1:
        raise SheetError("copies must be at least 1")
    if paper not in PAPERS:
        raise SheetError(f"paper is {' or '.join(PAPERS)}, not {paper!r}")
    pages = card_pages(game, copies)
    if fmt == "pdf":
        path.write_bytes(_pdf(game, pages, paper))
        return [path]
    if len(pages) == 1:
        path.write_text(_svg(game, pages[0], 1, 1))
        return [path]
    written = []
    for number, page in enumerate(pages, start=1):
        page_path = path.with_name(f"{path.stem}-{number}{path.suffix or '.svg'}")
        page_path.write_text(_svg(game, page, number, len(pages)))
        written.append(page_path)
    return written


# -- SVG ------------------------------------------------------------------------------------------


def _svg(game: Game, cards: list[PlacedCard], number: int, total: int) -> str:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_W}mm" height="{PAGE_H}mm" '
        f'viewBox="0 0 {PAGE_W} {PAGE_H}" font-family="Helvetica, Arial, sans-serif">',
        f"<title>{escape(game.title)}: print-and-play cards, page {number} of {total}</title>",
    ]
    for card in cards:
        module = QR_SIZE / len(card.modules)
        qr_x = card.x + (CARD_W - QR_SIZE) / 2
        qr_y = card.y + 18
        runs = "".join(
            f"M{qr_x + column * module:.3f} {qr_y + row * module:.3f}h{length * module:.3f}v{module:.3f}"
            f"h{-length * module:.3f}z"
            for row, column, length in _dark_runs(card.modules)
        )
        centre = card.x + CARD_W / 2
        parts += [
            f'<rect x="{card.x}" y="{card.y}" width="{CARD_W}" height="{CARD_H}" rx="3" fill="none" '
            'stroke="#999" stroke-width="0.2" stroke-dasharray="1 1"/>',
            f'<text x="{centre}" y="{card.y + 11}" font-size="5" text-anchor="middle">'
            f"{escape(card.name)}</text>",
            f'<path d="{runs}" fill="#000"/>',
            f'<text x="{centre}" y="{card.y + CARD_H - 12}" font-size="3" text-anchor="middle">'
            f"{escape(game.title)}</text>",
            f'<text x="{centre}" y="{card.y + CARD_H - 7}" font-size="2.5" text-anchor="middle" '
            f'fill="#555">{escape(card.text)}</text>',
        ]
    parts.append("</svg>\n")
    return "\n".join(parts)


# -- PDF ------------------------------------------------------------------------------------------
# Drawn with fpdf2: each card with its name, its printed numbers and text, its QR code as vector
# squares (sharp at any printer's resolution) and a dashed cut line, on A4 or US Letter.

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm
PDF_QR = 30.0  # mm, quiet zone included: room for the card's text below it
MARGIN = 3.5  # mm inside the cut line
# The core PDF fonts speak Latin-1: the book's typography is set in its nearest plain letters.
PLAIN = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2026": "...",
        "\u2212": "-",
        "\u00a0": " ",
    }
)


def plain(text: str) -> str:
    return text.translate(PLAIN).encode("latin-1", "replace").decode("latin-1")


def qr_box(card: PlacedCard) -> tuple[float, float, float]:
    """Where a card's QR code is printed in the PDF: (left, top, side) in mm from the page's corner."""
    return card.x + (CARD_W - PDF_QR) / 2, card.y + 17.0, PDF_QR


def placed_for(paper: str, pages: list[list[PlacedCard]]) -> list[list[PlacedCard]]:
    """The same cards, centred on ``paper`` instead of A4."""
    width, height = PAPERS[paper]
    dx, dy = (width - PAGE_W) / 2, (height - PAGE_H) / 2
    return [[replace(card, x=card.x + dx, y=card.y + dy) for card in page] for page in pages]


def _pdf(game: Game, pages: list[list[PlacedCard]], paper: str = "a4") -> bytes:
    from fpdf import FPDF  # only a PDF sheet needs it

    width, height = PAPERS[paper]
    details = game.card_details()
    pdf = FPDF(unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.set_title(plain(f"{game.title}: print-and-play cards"))
    pdf.set_creator("tabletop console")
    for page in placed_for(paper, pages):
        pdf.add_page()
        for card in page:
            _pdf_card(pdf, game, card, details.get(card.card_id, {}))
    return bytes(pdf.output())


def _pdf_card(pdf: Any, game: Game, card: PlacedCard, detail: dict[str, Any]) -> None:
    inner = CARD_W - 2 * MARGIN
    pdf.set_draw_color(150)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=1, gap=1)
    pdf.rect(card.x, card.y, CARD_W, CARD_H)  # the cut line
    pdf.set_dash_pattern()
    pdf.set_text_color(0)
    pdf.set_font("Helvetica", "B", 10)
    pdf.set_xy(card.x + MARGIN, card.y + MARGIN)
    pdf.multi_cell(inner, 4.2, plain(card.name), align="C")
    facts = game.card_words(detail.get("facts"))
    if facts:
        pdf.set_font("Helvetica", "B", 7)
        pdf.set_xy(card.x + MARGIN, card.y + 12.0)
        pdf.multi_cell(inner, 3.0, plain(facts), align="C")
    left, top, side = qr_box(card)
    module = side / len(card.modules)
    pdf.set_fill_color(0)
    for row, column, length in _dark_runs(card.modules):
        pdf.rect(left + column * module, top + row * module, length * module, module, style="F")
    text = game.card_words(detail.get("text"))
    if text:
        _fit_text(pdf, plain(text), card.x + MARGIN, top + side + 1.0, inner, card.y + CARD_H - 7.0)
    pdf.set_font("Helvetica", "", 6)
    pdf.set_text_color(90)
    pdf.set_xy(card.x + MARGIN, card.y + CARD_H - 6.0)
    pdf.cell(inner, 3.0, plain(f"{game.title} · {card.text}"), align="C")


def _fit_text(pdf: Any, text: str, x: float, top: float, width: float, bottom: float) -> None:
    """The card's printed text, in the largest size from 7.5 pt down that fits above ``bottom``."""
    size = 7.5
    while True:
        pdf.set_font("Helvetica", "", size)
        lines = pdf.multi_cell(width, size * 0.42, text, align="C", dry_run=True, output="LINES")
        if len(lines) * size * 0.42 <= bottom - top or size <= 5.0:
            break
        size -= 0.5
    pdf.set_xy(x, top)
    pdf.multi_cell(width, size * 0.42, text, align="C")
