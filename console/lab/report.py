"""``--report out.html``: the run's figures as one self-contained page a designer reads at a glance,
charts drawn with matplotlib and inlined as base64 PNG (no network, no files beside it).

It answers first "is the first seat favoured?" and "which card moves the odds?" (by intervention
with ``--effects``, and by correlation), every rate with its 95 % Wilson interval and a warning
with the games needed where the interval is too wide. Every word is said in the language given
(default: this machine's), from the console's catalog (console/lab/words.py).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from console import i18n
from console.games.core import JSON
from console.lab.html_parts import STYLE, diff, heading, pct, span, table, warn
from console.lab.report_effects import correlation_answer, effects_answers, effects_sections
from console.lab.words import Words

# A distribution's figures: the percentiles are notation; the maximum and the mean are words.
KEYS = ("p5", "p50", "p95", "max", "mean")
KEY_WORDS = {"max": i18n.N_("max"), "mean": i18n.N_("mean")}


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--report needs matplotlib: pip install 'tabletop-console[lab]'") from None
    return plt


def _image(figure: Any, alt: str) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    _pyplot().close(figure)
    encoded = base64.b64encode(buffer.getvalue()).decode()
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{encoded}">'


def _rates_chart(
    labels: Sequence[str], entries: Sequence[JSON], baseline: float, title: str, w: Words
) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(5.2, 2.8))
    values = [entry["rate"] for entry in entries]
    low = [entry["rate"] - entry["low"] for entry in entries]
    high = [entry["high"] - entry["rate"] for entry in entries]
    axes.bar(labels, values, yerr=[low, high], capsize=5, color="#6a7fb5")
    even = w._("even: %(rate)s", rate=f"{baseline:.2f}")
    axes.axhline(baseline, color="#b00020", linestyle="--", linewidth=1, label=even)
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend(loc="upper right", fontsize=8)
    return _image(figure, title)


def _spread_chart(rows: Sequence[tuple[str, JSON]], title: str, w: Words) -> str:
    """Each distribution as a bar from p5 to p95, a tick at the median and a dot at the max."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(5.2, 0.5 + 0.45 * len(rows)))
    for index, (_, spread) in enumerate(rows):
        if not spread.get("n"):
            continue
        axes.plot(
            [spread["p5"], spread["p95"]], [index, index], color="#6a7fb5", linewidth=8, solid_capstyle="butt"
        )
        axes.plot([spread["p50"]], [index], marker="|", color="#222", markersize=16)
        axes.plot([spread["max"]], [index], marker="o", color="#b00020")
    axes.set_yticks(range(len(rows)), [label for label, _ in rows])
    axes.set_title(w._("%(title)s (bar p5–p95, tick p50, dot max)", title=title), fontsize=10)
    return _image(figure, title)


def _forest(cards: JSON, key: str, title: str, limit: int = 24) -> str:
    """Each card's difference from the baseline with its interval, most extreme first."""
    plt = _pyplot()
    rows = sorted(
        ((name, entry[key]) for name, entry in cards.items() if entry[key]["n"]),
        key=lambda row: -abs(row[1]["diff"]),
    )[:limit]
    if not rows:
        return ""
    rows.reverse()
    figure, axes = plt.subplots(figsize=(6.2, 0.6 + 0.28 * len(rows)))
    for index, (_, entry) in enumerate(rows):
        colour = "#b00020" if entry["significant"] else "#6a7fb5"
        axes.plot([entry["diff_low"], entry["diff_high"]], [index, index], color=colour, linewidth=2)
        axes.plot([entry["diff"]], [index], marker="o", color=colour)
    axes.axvline(0, color="#222", linewidth=1)
    axes.set_yticks(range(len(rows)), [name for name, _ in rows], fontsize=8)
    axes.set_title(title, fontsize=10)
    return _image(figure, title)


def _first_seat_answer(found: JSON, w: Words) -> str:
    entry = found.get("first_seat_favoured")
    if not entry:
        return ""
    if entry["significant"]:
        verdict = span("sig", w._("Yes") if entry["diff"] > 0 else w._("No, disfavoured"))
    else:
        verdict = span("ok", w._("Not detectably"))
    answer = w.markup(
        w._(
            "Is the first seat favoured? %(verdict)s: it wins %(rate)s against an even %(even)s, a "
            "difference of %(diff)s points (%(low)s to %(high)s). %(warning)s"
        ),
        verdict=verdict,
        rate=pct(entry),
        even=f"{100 * found['baseline_win_rate']:.1f}%",
        diff=f"{100 * entry['diff']:+.1f}",
        low=f"{100 * entry['diff_low']:+.1f}",
        high=f"{100 * entry['diff_high']:+.1f}",
        warning=warn(entry, w),
    )
    return f"<p class=answer>{answer}</p>"


def _options_words(options: JSON) -> str:
    return ", ".join(
        f"{name} {value!r}" if value == "" else f"{name} {value}" for name, value in options.items()
    )


def _run_words(report: JSON, w: Words) -> str:
    """The run in one line: seeds, players, bots and options."""
    values = {
        "seeds": w.ngettext(
            "%(num)s seed from %(seed)s", "%(num)s seeds from %(seed)s", report["seeds"], seed=report["seed"]
        ),
        "players": w.ngettext("%(num)s player", "%(num)s players", report["players"]),
        "bots": ", ".join(w.bot(name) for name in report["bots"]),
        "options": _options_words(report["options"]),
    }
    if report["rotated"]:
        return w._(
            "%(seeds)s, %(players)s, bots %(bots)s rotated through every seat on common seeds; "
            "options: %(options)s",
            **values,
        )
    return w._("%(seeds)s, %(players)s, bots %(bots)s; options: %(options)s", **values)


def build_html(report: JSON, language: str | None = None) -> str:
    """The report as one page in ``language`` (default: this machine's)."""
    w = Words(language, report["game"])
    found = report["figures"]
    players = report["players"]
    first = w.ngettext(
        "%(game)s: %(num)s game", "%(game)s: %(num)s games", report["games"], game=report["game"]
    )
    parts = [
        f"<h1>{w.html(first)}</h1>",
        f"<p class=muted>{w.html(_run_words(report, w))}</p>",
        _first_seat_answer(found, w),
    ]
    effects = report.get("effects")
    if effects:
        parts += effects_answers(effects, w)
    if "cards" in found or found.get("leaders"):
        parts.append(correlation_answer(found, bool(effects), w))
    if effects:
        parts += effects_sections(effects, found.get("cards", {}), players, w)
    labels = [w.seat(seat) for seat in range(1, players + 1)]
    baseline = found["baseline_win_rate"]
    charts = [_rates_chart(labels, found["win_rate_by_seat"], baseline, w._("Win rate by seat"), w)]
    by_bot = found["win_rate_by_bot"]
    if report["rotated"]:
        charts.append(
            _rates_chart(
                [w.bot(name) for name in by_bot],
                [e["all_seats"] for e in by_bot.values()],
                baseline,
                w._("Win rate by bot (every seat)"),
                w,
            )
        )
    parts += [heading(w._("Seats and bots")), f"<div class=grid>{''.join(charts)}</div>"]
    rows = [
        [w.html(w.seat(seat)), pct(entry), warn(entry, w)]
        for seat, entry in enumerate(found["win_rate_by_seat"], start=1)
    ]
    rows += [
        [w.html(w._("bot %(bot)s at seat %(seat)s", bot=w.bot(name), seat=seat)), pct(entry), warn(entry, w)]
        for name, entry_all in by_bot.items()
        for seat, entry in entry_all["by_seat"].items()
        if report["rotated"]
    ]
    rows += [
        [w.html(w._("draws")), pct(found["draws"]), ""],
        [w.html(w._("unfinished")), pct(found["unfinished"]), ""],
    ]
    parts.append(table([w._("who"), w._("win rate (95 % Wilson)"), ""], rows, w))
    spreads = [
        (w._("score seat %(seat)s", seat=seat), spread)
        for seat, spread in enumerate(found["scores_by_seat"], start=1)
    ]
    lengths = [(w._("actions"), found["length_actions"]), (w._("seat actions"), found["length_plies"])]
    parts += [
        heading(w._("Scores, length and how games end")) + "<div class=grid>",
        _spread_chart(spreads, w._("Scores"), w) if any(s.get("n") for _, s in spreads) else "",
        _spread_chart(lengths, w._("Game length"), w),
        "</div>",
    ]
    keys = [w._(KEY_WORDS[key]) if key in KEY_WORDS else key for key in KEYS]
    shown = [*spreads, (w._("length (actions)"), found["length_actions"])]
    parts.append(
        table(
            [w._("distribution"), *keys],
            [[w.html(name), *(str(spread.get(k, "–")) for k in KEYS)] for name, spread in shown],
            w,
        )
    )
    parts.append(
        table(
            [w._("ending"), w._("games")],
            [[w.html(w.ending(name)), str(count)] for name, count in found["endings"].items()],
            w,
        )
    )
    if "tension" in found:
        tension = found["tension"]
        parts += [
            heading(w._("Tension")),
            table(
                [w._("figure"), *keys],
                [
                    [
                        w.html(w._("lead changes per game")),
                        *(str(tension["lead_changes"].get(k, "–")) for k in KEYS),
                    ],
                    [
                        w.html(w._("winner never trailed after (fraction of the game)")),
                        *(str(tension["decided_at_fraction"].get(k, "–")) for k in KEYS),
                    ],
                ],
                w,
            ),
        ]
    if "cards" in found:
        parts += _card_sections(report, found, w)
    parts += _compare_sections(report, w)
    body = "\n".join(part for part in parts if part)
    title = w.html(w._("%(game)s lab report", game=report["game"]))
    return (
        f"<!doctype html><html lang={i18n.html_lang(w.language)}><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>{STYLE}</style></head><body>{body}</body></html>"
    )


def _card_sections(report: JSON, found: JSON, w: Words) -> list[str]:
    """Cards (and leaders) against winning: the forests and their tables."""
    cards = found["cards"]
    parts: list[str] = []
    if report["rotated"]:
        warning = w._(
            "The seats hold different bots: a card's figures mix in how each bot plays it. Give every "
            "seat the same bot to measure the cards themselves."
        )
        parts.append(f"<p class=warn>{w.html(warning)}</p>")
    parts += [
        heading(w._("Cards")) + "<div class=grid>",
        _forest(cards, "when_drawn", w._("Win rate when drawn − baseline (red: significant)")),
        _forest(cards, "when_played", w._("Win rate when played − baseline")),
        "</div>",
    ]
    ordered = sorted(cards.items(), key=lambda kv: -abs(kv[1]["when_drawn"]["diff"]))
    head = [w._("card"), w._("when drawn"), w._("when played"), w._("drawn, never played")]
    head += [w._("use rate"), w._("mean turn")]
    parts.append(
        table(
            head,
            [
                [
                    html.escape(name),
                    diff(e["when_drawn"], w),
                    diff(e["when_played"], w),
                    diff(e["when_never_played"], w),
                    pct(e["use_rate"]),
                    str(e["mean_turn_played"] or "–"),
                ]
                for name, e in ordered
            ],
            w,
        )
    )
    leaders = found.get("leaders", {})
    if leaders:
        parts += [
            heading(w._("Leaders (Archaffineurs, peoples)")),
            table(
                [w._("leader"), w._("win rate − baseline"), w._("use rate")],
                [
                    [html.escape(w.printed(name)), diff(e["win"], w), pct(e["use_rate"])]
                    for name, e in leaders.items()
                ],
                w,
            ),
        ]
    return parts


def _compare_sections(report: JSON, w: Words) -> list[str]:
    parts: list[str] = []
    if "compare" in report:
        compared = report["compare"]
        parts += [
            heading(w._("Compare: B against A on the same seeds")),
            f"<p class=muted>A: {html.escape(str(compared['a']))}<br>"
            f"B: {html.escape(str(compared['b']))}</p>",
            table(
                [w._("measure"), w._("B − A (95 %)"), ""],
                [
                    [
                        html.escape(w.measure(name)),
                        f"{e['diff']:+.4f} <span class=muted>"
                        + w.html(
                            w._(
                                "(%(low)s to %(high)s; n %(n)s)",
                                low=f"{e['low']:+.4f}",
                                high=f"{e['high']:+.4f}",
                                n=e["n"],
                            )
                        )
                        + "</span>",
                        span("sig", w._("significant")) if e.get("significant") else "",
                    ]
                    for name, e in compared["differences"].items()
                    if e.get("n")
                ],
                w,
            ),
        ]
    if "ladder" in report:
        parts += [
            heading(w._("Skill ladder")),
            table(
                [w._("stronger"), w._("weaker"), w._("stronger wins (95 %)"), ""],
                [
                    [
                        html.escape(w.bot(rung["upper"])),
                        html.escape(w.bot(rung["lower"])),
                        pct(rung["upper_wins"]),
                        warn(rung["upper_wins"], w),
                    ]
                    for rung in report["ladder"]["rungs"]
                ],
                w,
            ),
        ]
    return parts


def write_report(report: JSON, path: Path, language: str | None = None) -> None:
    """The report written to ``path`` in ``language`` (default: this machine's)."""
    try:
        path.write_text(build_html(report, language), encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write the report {path}: {error.strerror}") from None
