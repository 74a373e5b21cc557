"""Print-and-play sheets: every card of a game with its QR code, poker size, nine to an A4 page.

The QR code holds the card's text (``card:GAME:CARD_ID``), so a table with only a QR scanner can
play. SVG writes one file per page (``sheet.svg``, or ``sheet-1.svg``, ``sheet-2.svg``...); PDF
writes one file of several pages, drawn directly (no PDF library needed).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
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


def _pages(game: Game, copies: int) -> list[list[PlacedCard]]:
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


def write_sheet(game: Game, path: str | Path, fmt: str | None = None, copies: int = 1) -> list[Path]:
    """Write the sheet; ``fmt`` is svg or pdf (default: from the file name). Returns the files."""
    path = Path(path)
    fmt = (fmt or path.suffix.lstrip(".") or "svg").lower()
    if fmt not in FORMATS:
        raise SheetError(f"a sheet is written as {' or '.join(FORMATS)}, not {fmt!r}")
    if copies < 1:
        raise SheetError("copies must be at least 1")
    pages = _pages(game, copies)
    if fmt == "pdf":
        path.write_bytes(_pdf(game, pages))
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

POINTS_PER_MM = 72 / 25.4


def _pdf_text(text: str) -> str:
    latin = text.encode("latin-1", "replace").decode("latin-1")
    return latin.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def _pdf_page(game: Game, cards: list[PlacedCard]) -> bytes:
    def pt(mm: float) -> str:
        return f"{mm * POINTS_PER_MM:.2f}"

    def text(x_mm: float, top_mm: float, size: float, words: str) -> str:
        # Helvetica is about 0.5 em wide per character: centre roughly on x_mm
        width_mm = len(words) * size * 0.5 / POINTS_PER_MM
        return (
            f"BT /F1 {size} Tf {pt(x_mm - width_mm / 2)} {pt(PAGE_H - top_mm)} Td ({_pdf_text(words)}) Tj ET"
        )

    ops = ["0.6 G 0.5 w [2 2] 0 d"]
    for card in cards:
        ops.append(f"{pt(card.x)} {pt(PAGE_H - card.y - CARD_H)} {pt(CARD_W)} {pt(CARD_H)} re S")
    ops.append("[] 0 d 0 g")
    for card in cards:
        module = QR_SIZE / len(card.modules)
        qr_x = card.x + (CARD_W - QR_SIZE) / 2
        qr_y = card.y + 18
        for row, column, length in _dark_runs(card.modules):
            bottom = PAGE_H - (qr_y + (row + 1) * module)
            ops.append(f"{pt(qr_x + column * module)} {pt(bottom)} {pt(length * module)} {pt(module)} re")
        ops.append("f")
        centre = card.x + CARD_W / 2
        ops.append(text(centre, card.y + 11, 14, card.name))
        ops.append(text(centre, card.y + CARD_H - 12, 8, game.title))
        ops.append(text(centre, card.y + CARD_H - 7, 7, card.text))
    return "\n".join(ops).encode("latin-1")


def _pdf(game: Game, pages: list[list[PlacedCard]]) -> bytes:
    objects: list[bytes] = []  # object n is objects[n - 1]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below, once the pages object number is known
    pages_ref = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    kids = []
    for page in pages:
        content = _pdf_page(game, page)
        stream = add(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        kids.append(
            add(
                f"<< /Type /Page /Parent {pages_ref} 0 R /MediaBox [0 0 {PAGE_W * POINTS_PER_MM:.2f} "
                f"{PAGE_H * POINTS_PER_MM:.2f}] /Resources << /Font << /F1 {font} 0 R >> >> "
                f"/Contents {stream} 0 R >>".encode()
            )
        )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_ref} 0 R >>".encode()
    objects[pages_ref - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{kid} 0 R' for kid in kids)}] /Count {len(kids)} >>".encode()
    )
    title = _pdf_text(f"{game.title}: print-and-play cards")
    info = add(f"<< /Title ({title}) /Producer (tabletop console) >>".encode("latin-1"))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        info,
        xref,
    )
    return bytes(out)
