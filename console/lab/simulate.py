"""``tabletop simulate``: run a spec locally or on a cluster and build its JSON report, with a
progress bar on a terminal (none when piped).

The report is the same for any number of workers and on a cluster; only ``games_per_s`` (the
one timing) differs between runs of the same seed. The summary and the bar are said in the
language given (default: this machine's; console/lab/words.py).
"""

from __future__ import annotations

import sys
import time
from typing import IO

from console.games import find_game
from console.games.core import JSON
from console.lab.execute import Progress, default_workers, run_cluster, run_local
from console.lab.figures import figures
from console.lab.runs import RunSpec
from console.lab.words import Words

TIMINGS = ("games_per_s",)


def progress_bar(stream: IO[str], language: str | None = None) -> Progress | None:
    """A one-line bar redrawn on ``stream`` if it is a terminal; None when piped."""
    if not stream.isatty():
        return None
    started = time.perf_counter()
    w = Words(language)

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        elapsed = time.perf_counter() - started
        count = w.ngettext(
            "%(done)s/%(num)s game %(seconds)s s",
            "%(done)s/%(num)s games %(seconds)s s",
            total,
            done=done,
            seconds=f"{elapsed:5.1f}",
        )
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {count}")
        if done >= total:
            stream.write("\n")
        stream.flush()

    return show


def run_spec(
    spec: RunSpec, workers: int | None = None, cluster: str | None = None, progress: Progress | None = None
) -> list[JSON]:
    game = find_game(spec.game)
    game.check_players(spec.seat_players())
    game.merge_options(spec.options)  # refuse bad options before any worker starts
    spec.seat_bots()
    if cluster:
        return run_cluster(spec, cluster, progress)
    return run_local(spec, workers or default_workers(), progress)


def simulate(
    spec: RunSpec, workers: int | None = None, cluster: str | None = None, progress: Progress | None = None
) -> JSON:
    """The report of one run: the shared fields of ``tabletop simulate`` plus the lab's figures."""
    started = time.perf_counter()
    records = run_spec(spec, workers, cluster, progress)
    return report_of(spec, records, time.perf_counter() - started)


def report_of(spec: RunSpec, records: list[JSON], elapsed: float) -> JSON:
    """The report of ``spec``'s ``records``, played in ``elapsed`` seconds."""
    game = find_game(spec.game)
    players = spec.seat_players()
    found = figures(records, players)
    wins = [entry["count"] for entry in found["win_rate_by_seat"]]
    return {
        "game": spec.game,
        "games": len(records),
        "seeds": spec.seeds(),
        "players": players,
        "seed": spec.seed,
        "bots": list(spec.seat_bots()),
        "rotated": spec.rotations() > 1,
        "options": game.merge_options(spec.options),
        "wins_by_seat": wins,
        "draws": found["draws"]["count"],
        "unfinished": found["unfinished"]["count"],
        "mean_length": sum(r["actions"] for r in records) / len(records) if records else 0.0,
        "figures": found,
        "games_per_s": len(records) / elapsed if elapsed > 0 else 0.0,
    }


def without_timings(report: JSON) -> JSON:
    return {key: value for key, value in report.items() if key not in TIMINGS}


def format_report(report: JSON, language: str | None = None) -> str:
    """The terminal summary: seat and bot win rates with intervals, lengths and endings, in
    ``language`` (default: this machine's)."""
    w = Words(language, report["game"])
    found = report["figures"]
    values = {
        "game": report["game"],
        "players": w.ngettext("%(num)s player", "%(num)s players", report["players"]),
        "seed": report["seed"],
        "bots": ", ".join(w.bot(name) for name in report["bots"]),
    }
    if report["rotated"]:
        head = w.ngettext(
            "%(game)s: %(num)s game, %(players)s, seed %(seed)s, bots %(bots)s (rotated through every seat)",
            "%(game)s: %(num)s games, %(players)s, seed %(seed)s, bots %(bots)s (rotated through every seat)",
            report["games"],
            **values,
        )
    else:
        head = w.ngettext(
            "%(game)s: %(num)s game, %(players)s, seed %(seed)s, bots %(bots)s",
            "%(game)s: %(num)s games, %(players)s, seed %(seed)s, bots %(bots)s",
            report["games"],
            **values,
        )
    lines = [head]
    for seat, entry in enumerate(found["win_rate_by_seat"], start=1):
        lines.append(
            "  "
            + w._(
                "seat %(seat)s won %(count)s (%(rate)s)",
                seat=seat,
                count=f"{entry['count']:>6}",
                rate=_interval(entry, w),
            )
        )
    if report["rotated"]:
        for name, entry in found["win_rate_by_bot"].items():
            every = entry["all_seats"]
            said = w._(
                "bot %(bot)s won %(count)s (%(rate)s)",
                bot=f"{w.bot(name):<8}",
                count=f"{every['count']:>6}",
                rate=_interval(every, w),
            )
            lines.append("  " + said)
    lines.append(
        "  "
        + w._(
            "draws %(draws)s, unfinished %(unfinished)s",
            draws=report["draws"],
            unfinished=report["unfinished"],
        )
    )
    length = found["length_actions"]
    if length["n"]:
        lines.append(
            "  "
            + w._(
                "length in actions: p5 %(p5)s, p50 %(p50)s, p95 %(p95)s, max %(max)s",
                p5=length["p5"],
                p50=length["p50"],
                p95=length["p95"],
                max=length["max"],
            )
        )
    for ending, count in list(found["endings"].items())[:5]:
        lines.append("  " + w._("ended %(count)sx: %(ending)s", count=f"{count:>6}", ending=w.ending(ending)))
    if "tension" in found:
        tension = found["tension"]
        lines.append(
            "  "
            + w._(
                "lead changes per game: mean %(mean)s; the winner never trailed after %(fraction)s of the "
                "game (median)",
                mean=tension["lead_changes"].get("mean", 0),
                fraction=tension["decided_at_fraction"].get("p50", "-"),
            )
        )
    lines.append("  " + w._("%(rate)s games/s", rate=f"{report['games_per_s']:.1f}"))
    return "\n".join(lines)


def _interval(entry: JSON, w: Words) -> str:
    text = w._(
        "%(rate)s%%, 95%% %(low)s-%(high)s%%",
        rate=f"{100 * entry['rate']:5.1f}",
        low=f"{100 * entry['low']:.1f}",
        high=f"{100 * entry['high']:.1f}",
    )
    return text + ("; " + w.warning(entry) if "warning" in entry else "")


def stderr_progress(language: str | None = None) -> Progress | None:
    return progress_bar(sys.stderr, language)
