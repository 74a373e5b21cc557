"""The figures of a run, from its game records: every rate with its 95 % Wilson interval and a
warning when the interval is too wide to conclude, seat and bot win rates, distributions,
endings, per-card and per-leader effects, and tension. Pure arithmetic on records, so the
same records always give the same figures.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from console.games.core import JSON

Z = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
# An interval wider than this on either side of its rate is too wide to conclude from.
WIDE = 0.05


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + Z * Z / trials
    centre = (p + Z * Z / (2 * trials)) / denominator
    half = Z * math.sqrt(p * (1 - p) / trials + Z * Z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def games_needed(rate: float, half_width: float = WIDE) -> int:
    """About how many trials give an interval of ``half_width`` either side of ``rate``."""
    p = min(max(rate, 0.05), 0.95)
    return math.ceil(Z * Z * p * (1 - p) / (half_width * half_width))


def rate(successes: float, trials: int) -> JSON:
    """A rate with its interval, and a warning (with the trials needed) when it is too wide."""
    low, high = wilson(successes, trials)
    value = successes / trials if trials else 0.0
    shown: JSON = {
        "rate": round(value, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "n": trials,
        "count": successes,
    }
    if (high - low) / 2 > WIDE:
        needed = games_needed(value)
        shown["warning"] = f"too wide to conclude (±{(high - low) / 2:.3f}): about {needed} needed"
        shown["needed"] = needed
    return shown


def difference(successes: float, trials: int, baseline: float) -> JSON:
    """A rate as a difference from ``baseline``, with the interval moved alike; significant
    when the interval leaves out zero."""
    shown = rate(successes, trials)
    shown.update(
        diff=round(shown["rate"] - baseline, 4),
        diff_low=round(shown["low"] - baseline, 4),
        diff_high=round(shown["high"] - baseline, 4),
    )
    shown["significant"] = trials > 0 and (shown["diff_low"] > 0 or shown["diff_high"] < 0)
    return shown


def spread(values: Sequence[float]) -> JSON:
    """p5, p50, p95 and max (nearest rank) and the mean."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    return {
        "n": len(ordered),
        "mean": round(sum(ordered) / len(ordered), 3),
        "p5": round(rank(0.05), 3),
        "p50": round(rank(0.5), 3),
        "p95": round(rank(0.95), 3),
        "max": round(ordered[-1], 3),
    }


def sole_winner(record: JSON) -> int | None:
    winners = record["winners"]
    return winners[0] if len(winners) == 1 else None


def figures(records: Sequence[JSON], players: int) -> JSON:
    """Every figure of the report, ready for JSON."""
    plays = len(records)
    wins_by_seat = [0] * players
    for record in records:
        winner = sole_winner(record)
        if winner:
            wins_by_seat[winner - 1] += 1
    seat_games = plays * players
    baseline = sum(wins_by_seat) / seat_games if seat_games else 0.0
    draws = sum(1 for r in records if r["finished"] and len(r["winners"]) > 1)
    unfinished = sum(1 for r in records if not r["finished"] or not r["winners"])
    result: JSON = {
        "plays": plays,
        "baseline_win_rate": round(baseline, 4),
        "win_rate_by_seat": [rate(wins, plays) for wins in wins_by_seat],
        "first_seat_favoured": difference(wins_by_seat[0], plays, baseline) if plays else None,
        "draws": rate(draws, plays),
        "unfinished": rate(unfinished, plays),
        "win_rate_by_bot": _by_bot(records),
        "length_actions": spread([r["actions"] for r in records]),
        "length_plies": spread([r["plies"] for r in records]),
        "scores_by_seat": [
            spread([r["scores"][seat] for r in records if r["scores"]]) for seat in range(players)
        ],
        "endings": dict(
            sorted(Counter(r["ending"] for r in records).items(), key=lambda kv: (-kv[1], kv[0]))
        ),
    }
    if any("lead_changes" in r for r in records):
        decided = [r["decided_at"] for r in records if r.get("decided_at") is not None]
        result["tension"] = {
            "lead_changes": spread([r["lead_changes"] for r in records]),
            "decided_at_fraction": spread(decided),
        }
    if any("cards" in r for r in records):
        result["cards"], result["leaders"] = _cards(records, baseline)
    return result


def _by_bot(records: Sequence[JSON]) -> JSON:
    """Each bot's win rate over the seats it sat in, and per seat (bots rotated on common seeds)."""
    wins: Counter[str] = Counter()
    sat: Counter[str] = Counter()
    seat_wins: Counter[tuple[str, int]] = Counter()
    seat_sat: Counter[tuple[str, int]] = Counter()
    for record in records:
        winner = sole_winner(record)
        for seat, name in enumerate(record["bots"], start=1):
            sat[name] += 1
            seat_sat[name, seat] += 1
            if winner == seat:
                wins[name] += 1
                seat_wins[name, seat] += 1
    return {
        name: {
            "all_seats": rate(wins[name], sat[name]),
            "by_seat": {
                str(seat): rate(seat_wins[name, seat], seat_sat[name, seat])
                for (bot, seat) in sorted(seat_sat)
                if bot == name
            },
        }
        for name in sorted(sat)
    }


def _cards(records: Sequence[JSON], baseline: float) -> tuple[JSON, JSON]:
    """Per card: win rate when drawn, played and drawn-but-never-played, each against the baseline,
    its use rate (played when drawn) and mean turn played; per leader: win rate when led."""
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    turns: dict[str, list[int]] = defaultdict(list)
    leaders: dict[str, Counter[str]] = defaultdict(Counter)
    for record in records:
        winner = sole_winner(record)
        for seat_text, use in record.get("cards", {}).items():
            won = int(winner == int(seat_text))
            played: dict[str, int] = use["played"]
            for card in set(use["drawn"]) | set(played):
                counts = tally[card]
                counts["drawn"] += 1
                counts["drawn_won"] += won
                if card in played:
                    counts["played"] += 1
                    counts["played_won"] += won
                    turns[card].append(played[card])
                else:
                    counts["unplayed_won"] += won
            if use.get("leader"):
                counts = leaders[use["leader"]]
                counts["games"] += 1
                counts["won"] += won
                counts["used"] += int(bool(use.get("leader_used")))
    cards: dict[str, Any] = {}
    for card, counts in sorted(tally.items()):
        unplayed = counts["drawn"] - counts["played"]
        cards[card] = {
            "when_drawn": difference(counts["drawn_won"], counts["drawn"], baseline),
            "when_played": difference(counts["played_won"], counts["played"], baseline),
            "when_never_played": difference(counts["unplayed_won"], unplayed, baseline),
            "use_rate": rate(counts["played"], counts["drawn"]),
            "mean_turn_played": round(sum(turns[card]) / len(turns[card]), 2) if turns[card] else None,
        }
    led = {
        name: {
            "win": difference(counts["won"], counts["games"], baseline),
            "use_rate": rate(counts["used"], counts["games"]),
        }
        for name, counts in sorted(leaders.items())
    }
    return cards, led
