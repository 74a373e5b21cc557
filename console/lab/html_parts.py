"""The pieces every section of the lab's report is made of: a rate, a difference from a
baseline, a table, and the page's style (readable on a phone: tables scroll sideways on their own,
charts shrink to the screen). Their words are said by ``Words`` (console/lab/words.py)."""

from __future__ import annotations

import html
from collections.abc import Sequence

from console.games.core import JSON
from console.lab.words import Words

STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1200px;color:#222;padding:0 16px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:8px 0}
td,th{padding:3px 10px;border-bottom:1px solid #eee;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.warn{color:#a15c00}.sig,.clear{color:#b00020;font-weight:600}.ok{color:#1b6e20;font-weight:600}
.grid{display:flex;flex-wrap:wrap;gap:16px}img{max-width:100%}.muted{color:#595959}
.answer{font-size:17px;background:#f7f7fb;padding:10px 14px;border-left:4px solid #446;margin:12px 0}
.answer p{margin:4px 0}.answer ul{margin:4px 0;padding-left:22px}.answer .muted{font-size:14px}
.scroll{overflow-x:auto;max-width:100%}
@media (max-width:600px){body{margin:8px auto;padding:0 8px;font-size:14px}td,th{padding:3px 6px}
.answer{font-size:15px}}
"""


def heading(text: str) -> str:
    """A section's heading (words, escaped here)."""
    return f"<h2>{html.escape(text, quote=False)}</h2>"


def span(kind: str, text: str) -> str:
    """Words marked as ``kind`` (sig, ok, warn, muted), escaped here."""
    return f"<span class={kind}>{html.escape(text, quote=False)}</span>"


def pct(entry: JSON) -> str:
    interval = f"{100 * entry['low']:.1f}–{100 * entry['high']:.1f}"
    return f"{100 * entry['rate']:.1f}% <span class=muted>({interval})</span>"


def warn(entry: JSON, words: Words) -> str:
    return f"<span class=warn>{html.escape(words.warning(entry))}</span>" if "warning" in entry else ""


def table(head: Sequence[str], rows: Sequence[Sequence[str]], words: Words) -> str:
    """``rows`` (HTML) under ``head`` (words, escaped here)."""
    cells = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    heading = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    # focusable, so a keyboard can scroll a table wider than a phone (the page itself never is)
    label = html.escape(words._("table of %(what)s", what=head[0]) if head else words._("table"))
    return (
        f'<div class=scroll tabindex=0 role=region aria-label="{label}">'
        f"<table><tr>{heading}</tr>{cells}</table></div>"
    )


def diff(entry: JSON, words: Words) -> str:
    if not entry["n"]:
        return "–"
    mark = " class=sig" if entry["significant"] else ""
    wide_word = words._("wide")  # (a call in an f-string is not found by `pybabel extract`)
    wide = (
        f' <span class=warn title="{html.escape(words.warning(entry))}">{html.escape(wide_word)}</span>'
        if "warning" in entry
        else ""
    )
    interval = words._(
        "(%(low)s to %(high)s; n %(n)s)",
        low=f"{100 * entry['diff_low']:+.1f}",
        high=f"{100 * entry['diff_high']:+.1f}",
        n=entry["n"],
    )
    return (
        f"<span{mark}>{100 * entry['diff']:+.1f}</span> <span class=muted>{words.html(interval)}</span>{wide}"
    )
