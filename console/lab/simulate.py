"""``tabletop simulate``: run a spec locally or on a cluster and build its JSON report, with a
progress bar on a terminal (none when piped).

The report is the same for any number of workers and on a cluster; only ``games_per_s`` (the
one timing) differs between runs of the same seed.
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

TIMINGS = ("games_per_s",)


def progress_bar(stream: IO[str]) -> Progress | None:
    """A one-line bar redrawn on ``stream`` if it is a terminal; None when piped."""
    if not stream.isatty():
        return None
    started = time.perf_counter()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        elapsed = time.perf_counter() - started
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games {elapsed:5.1f} s")
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


def format_report(report: JSON) -> str:
    """The terminal summary: seat and bot win rates with intervals, lengths and endings."""
    found = report["figures"]
    lines = [
        f"{report['game']}: {report['games']} games, {report['players']} players, seed {report['seed']}"
        f", bots {', '.join(report['bots'])}" + (" (rotated through every seat)" if report["rotated"] else "")
    ]
    for seat, entry in enumerate(found["win_rate_by_seat"], start=1):
        lines.append(f"  seat {seat} won {entry['count']:>6} ({_interval(entry)})")
    if report["rotated"]:
        for name, entry in found["win_rate_by_bot"].items():
            every = entry["all_seats"]
            lines.append(f"  bot {name:<8} won {every['count']:>6} ({_interval(every)})")
    lines.append(f"  draws {report['draws']}, unfinished {report['unfinished']}")
    length = found["length_actions"]
    if length["n"]:
        lines.append(
            f"  length in actions: p5 {length['p5']}, p50 {length['p50']}, p95 {length['p95']}, "
            f"max {length['max']}"
        )
    for ending, count in list(found["endings"].items())[:5]:
        lines.append(f"  ended {count:>6}x: {ending}")
    if "tension" in found:
        tension = found["tension"]
        lines.append(
            f"  lead changes per game: mean {tension['lead_changes'].get('mean', 0)}; "
            f"the winner never "
            f"trailed after {tension['decided_at_fraction'].get('p50', '-')} of the game (median)"
        )
    lines.append(f"  {report['games_per_s']:.1f} games/s")
    return "\n".join(lines)


def _interval(entry: JSON) -> str:
    text = f"{100 * entry['rate']:5.1f}%, 95% {100 * entry['low']:.1f}-{100 * entry['high']:.1f}%"
    return text + (f"; {entry['warning']}" if "warning" in entry else "")


def stderr_progress() -> Progress | None:
    return progress_bar(sys.stderr)
