"""``--report out.html``: the run's figures as one self-contained page a designer reads at a glance,
charts drawn with matplotlib and inlined as base64 PNG (no network, no files beside it).

It answers first "is the first seat favoured?" and "which card moves the odds?" (by intervention
with ``--effects``, and by correlation), every rate with its 95 % Wilson interval and a warning
with the games needed where the interval is too wide.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from console.games.core import JSON
from console.lab.html_parts import STYLE, diff, pct, table, warn
from console.lab.report_effects import correlation_answer, effects_answers, effects_sections


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ValueError("--report needs matplotlib: pip install 'tabletop-console[lab]'") from None
    return plt


def _image(figure: Any) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    _pyplot().close(figure)
    return f'<img alt="chart" src="data:image/png;base64,{base64.b64encode(buffer.getvalue()).decode()}">'


def _rates_chart(labels: Sequence[str], entries: Sequence[JSON], baseline: float, title: str) -> str:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(5.2, 2.8))
    values = [entry["rate"] for entry in entries]
    low = [entry["rate"] - entry["low"] for entry in entries]
    high = [entry["high"] - entry["rate"] for entry in entries]
    axes.bar(labels, values, yerr=[low, high], capsize=5, color="#6a7fb5")
    axes.axhline(baseline, color="#b00020", linestyle="--", linewidth=1, label=f"even: {baseline:.2f}")
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend(loc="upper right", fontsize=8)
    return _image(figure)


def _spread_chart(rows: Sequence[tuple[str, JSON]], title: str) -> str:
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
    axes.set_title(title + " (bar p5–p95, tick p50, dot max)", fontsize=10)
    return _image(figure)


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
    return _image(figure)


def _first_seat_answer(found: JSON) -> str:
    entry = found.get("first_seat_favoured")
    if not entry:
        return ""
    if entry["significant"]:
        verdict = "<span class=sig>" + ("Yes" if entry["diff"] > 0 else "No, disfavoured") + "</span>"
    else:
        verdict = "<span class=ok>Not detectably</span>"
    return (
        f"<p class=answer>Is the first seat favoured? {verdict}: it wins {pct(entry)} against an even "
        f"{100 * found['baseline_win_rate']:.1f}%, a difference of {100 * entry['diff']:+.1f} points "
        f"({100 * entry['diff_low']:+.1f} to {100 * entry['diff_high']:+.1f}). {warn(entry)}</p>"
    )


def _options_words(options: JSON) -> str:
    return ", ".join(
        f"{name} {value!r}" if value == "" else f"{name} {value}" for name, value in options.items()
    )


def build_html(report: JSON) -> str:
    found = report["figures"]
    players = report["players"]
    parts = [
        f"<h1>{html.escape(report['game'])}: {report['games']} games</h1>",
        f"<p class=muted>{report['seeds']} seeds from {report['seed']}, {players} players, bots "
        f"{html.escape(', '.join(report['bots']))}"
        f"{' rotated through every seat on common seeds' if report['rotated'] else ''}; options: "
        f"{html.escape(_options_words(report['options']))}</p>",
        _first_seat_answer(found),
    ]
    effects = report.get("effects")
    if effects:
        parts += effects_answers(effects)
    if "cards" in found or found.get("leaders"):
        parts.append(correlation_answer(found, bool(effects)))
    if effects:
        parts += effects_sections(effects, found.get("cards", {}), players)
    labels = [f"seat {seat}" for seat in range(1, players + 1)]
    charts = [_rates_chart(labels, found["win_rate_by_seat"], found["baseline_win_rate"], "Win rate by seat")]
    by_bot = found["win_rate_by_bot"]
    if report["rotated"]:
        charts.append(
            _rates_chart(
                list(by_bot),
                [e["all_seats"] for e in by_bot.values()],
                found["baseline_win_rate"],
                "Win rate by bot (every seat)",
            )
        )
    parts += ["<h2>Seats and bots</h2>", f"<div class=grid>{''.join(charts)}</div>"]
    rows = [
        [f"seat {seat}", pct(entry), warn(entry)]
        for seat, entry in enumerate(found["win_rate_by_seat"], start=1)
    ]
    rows += [
        [f"bot {html.escape(name)} at seat {seat}", pct(entry), warn(entry)]
        for name, entry_all in by_bot.items()
        for seat, entry in entry_all["by_seat"].items()
        if report["rotated"]
    ]
    rows += [["draws", pct(found["draws"]), ""], ["unfinished", pct(found["unfinished"]), ""]]
    parts.append(table(["who", "win rate (95 % Wilson)", ""], rows))
    spreads = [(f"score seat {seat}", spread) for seat, spread in enumerate(found["scores_by_seat"], start=1)]
    parts += [
        "<h2>Scores, length and how games end</h2><div class=grid>",
        _spread_chart(spreads, "Scores") if any(s.get("n") for _, s in spreads) else "",
        _spread_chart(
            [("actions", found["length_actions"]), ("seat actions", found["length_plies"])], "Game length"
        ),
        "</div>",
    ]
    keys = ("p5", "p50", "p95", "max", "mean")
    shown = [*spreads, ("length (actions)", found["length_actions"])]
    parts.append(
        table(
            ["distribution", *keys],
            [[name, *(str(spread.get(k, "–")) for k in keys)] for name, spread in shown],
        )
    )
    parts.append(
        table(
            ["ending", "games"], [[html.escape(name), str(count)] for name, count in found["endings"].items()]
        )
    )
    if "tension" in found:
        tension = found["tension"]
        parts += [
            "<h2>Tension</h2>",
            table(
                ["figure", *keys],
                [
                    ["lead changes per game", *(str(tension["lead_changes"].get(k, "–")) for k in keys)],
                    [
                        "winner never trailed after (fraction of the game)",
                        *(str(tension["decided_at_fraction"].get(k, "–")) for k in keys),
                    ],
                ],
            ),
        ]
    if "cards" in found:
        cards = found["cards"]
        if report["rotated"]:
            parts.append(
                "<p class=warn>The seats hold different bots: a card's figures mix in how each bot "
                "plays it. Give every seat the same bot to measure the cards themselves.</p>"
            )
        parts += [
            "<h2>Cards</h2><div class=grid>",
            _forest(cards, "when_drawn", "Win rate when drawn − baseline (red: significant)"),
            _forest(cards, "when_played", "Win rate when played − baseline"),
            "</div>",
        ]
        ordered = sorted(cards.items(), key=lambda kv: -abs(kv[1]["when_drawn"]["diff"]))
        head = ["card", "when drawn", "when played", "drawn, never played", "use rate", "mean turn"]
        parts.append(
            table(
                head,
                [
                    [
                        html.escape(name),
                        diff(e["when_drawn"]),
                        diff(e["when_played"]),
                        diff(e["when_never_played"]),
                        pct(e["use_rate"]),
                        str(e["mean_turn_played"] or "–"),
                    ]
                    for name, e in ordered
                ],
            )
        )
        leaders = found.get("leaders", {})
        if leaders:
            parts += [
                "<h2>Leaders (Archaffineurs, peoples)</h2>",
                table(
                    ["leader", "win rate − baseline", "use rate"],
                    [[html.escape(name), diff(e["win"]), pct(e["use_rate"])] for name, e in leaders.items()],
                ),
            ]
    parts += _compare_sections(report)
    body = "\n".join(part for part in parts if part)
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        '<meta name=viewport content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(report['game'])} "
        f"lab report</title><style>{STYLE}</style></head><body>{body}</body></html>"
    )


def _compare_sections(report: JSON) -> list[str]:
    parts: list[str] = []
    if "compare" in report:
        compared = report["compare"]
        parts += [
            "<h2>Compare: B against A on the same seeds</h2>",
            f"<p class=muted>A: {html.escape(str(compared['a']))}<br>"
            f"B: {html.escape(str(compared['b']))}</p>",
            table(
                ["measure", "B − A (95 %)", ""],
                [
                    [
                        html.escape(name),
                        f"{e['diff']:+.4f} <span class=muted>({e['low']:+.4f} to "
                        f"{e['high']:+.4f}; n {e['n']})</span>",
                        "<span class=sig>significant</span>" if e.get("significant") else "",
                    ]
                    for name, e in compared["differences"].items()
                    if e.get("n")
                ],
            ),
        ]
    if "ladder" in report:
        parts += [
            "<h2>Skill ladder</h2>",
            table(
                ["stronger", "weaker", "stronger wins (95 %)", ""],
                [
                    [rung["upper"], rung["lower"], pct(rung["upper_wins"]), warn(rung["upper_wins"])]
                    for rung in report["ladder"]["rungs"]
                ],
            ),
        ]
    return parts


def write_report(report: JSON, path: Path) -> None:
    try:
        path.write_text(build_html(report), encoding="utf-8")
    except OSError as error:
        raise ValueError(f"cannot write the report {path}: {error.strerror}") from None
