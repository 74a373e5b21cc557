"""The report's answers on cards and rules, each read from the figures the report tabulates:

- with ``--effects``, what each card and rule option *does* (console/lab/effects.py: the same
  seeds with the card stood in for, or the option changed), "win rate when drawn" beside it,
  labelled as the correlation it is;
- without, what goes with winning (when drawn, and each leader), said as correlation.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from console.games.core import JSON
from console.lab.effects import clear_effects, measured
from console.lab.html_parts import diff, table


def _points(entry: JSON) -> str:
    return f"{100 * entry['diff']:+.1f} points ({100 * entry['low']:+.1f} to {100 * entry['high']:+.1f})"


def _listed(rows: Sequence[tuple[str, str, JSON]]) -> str:
    items = "".join(
        f"<li><b>{html.escape(thing)}</b>: {who} {_points(entry)}</li>" for thing, who, entry in rows
    )
    return f"<ul class=sig>{items}</ul>"


def effects_answers(effects: JSON) -> list[str]:
    """The headline on cards and rules: the effects clear of zero, or that none is."""
    games = effects["games"]
    needed = effects.get("games_for_5_points")
    sizing = f" About {needed} games a side would make each ±5 points." if needed else ""
    answers: list[str] = []
    for group, question, what in (
        ("cards", "Which card moves its holder's odds?", "card"),
        ("options", "Which rule option moves the odds?", "option value"),
    ):
        measured_here = [entry for entry in effects[group].values() if not entry.get("unchanged")]
        if not measured_here:
            continue
        clear = clear_effects(effects, group)
        verdict = (
            f"{len(clear)} of {len(measured_here)} {what}s, clear of zero, the largest first:"
            if clear
            else f"<span class=ok>None clear of zero</span> among {len(measured_here)} {what}s."
        )
        tried = sum(len(measured(entry)) for entry in effects[group].values())
        answers.append(
            f"<div class=answer><p>{question} {verdict}</p>{_listed(clear) if clear else ''}"
            f"<p class=muted>Measured by playing the same {games} games again with each {what} changed: "
            f"cause, not correlation. Of the {tried} effects measured, about {tried / 20:.0f} would look "
            f"clear of zero by chance alone.{sizing}</p></div>"
        )
    return answers


def correlation_answer(found: JSON, beside_effects: bool) -> str:
    """Without --effects: which cards and leaders go with winning, from the same flags the Cards
    and Leaders tables show, said as the correlation it is."""
    flagged = [
        (name, "when drawn", entry["when_drawn"])
        for name, entry in found.get("cards", {}).items()
        if entry["when_drawn"]["significant"]
    ]
    flagged += [
        (name, "as leader", entry["win"])
        for name, entry in found.get("leaders", {}).items()
        if entry["win"]["significant"]
    ]
    flagged.sort(key=lambda row: -abs(row[2]["diff"]))
    rows = "; ".join(
        f"<b>{html.escape(name)}</b> {how} {100 * entry['diff']:+.1f} points"
        f" ({100 * entry['diff_low']:+.1f} to {100 * entry['diff_high']:+.1f})"
        for name, how, entry in flagged
    )
    verdict = f"<span class=sig>{rows}</span>" if flagged else "<span class=ok>None detectably</span>"
    how = "beside the effects above" if beside_effects else "run with --effects to measure what a card does"
    return (
        f"<p class=answer>Which card or leader goes with winning? {verdict}. This is correlation "
        f"(a seat that drew more cards was often winning already): {how}.</p>"
    )


def effects_sections(effects: JSON, cards: JSON, players: int) -> list[str]:
    """The tables behind the answers: every card's and option's effect, seat by seat."""
    seats = [f"seat {seat}" for seat in range(1, players + 1)]
    parts: list[str] = []
    played = {name: entry for name, entry in effects["cards"].items() if not entry.get("unchanged")}
    unchanged = sorted(set(effects["cards"]) - set(played))
    if played:
        rows = []
        for name, entry in sorted(played.items(), key=lambda kv: -abs(_largest(kv[1]))):
            holder = entry.get("holder")
            drawn = cards.get(name, {}).get("when_drawn")
            rows.append(
                [
                    html.escape(name),
                    _effect(holder) if holder else "–",
                    *(_effect(entry["by_seat"][str(seat)]) for seat in range(1, players + 1)),
                    diff(drawn) if drawn else "–",
                ]
            )
        parts += [
            "<h2>What each card does (causal)</h2>",
            "<p class=muted>Each card is replaced by the neutral stand-in its catalog declares (where a "
            "seat has its own deck, in one seat's deck at a time: the effect on its holder), and the "
            "same seeds played again. Points are the change in wins, with the card minus without, "
            "95 % interval; in red: clear of zero. <i>When drawn</i> is the old correlation, beside it "
            "for comparison.</p>",
            table(["card", "on its holder", *seats, "when drawn (correlation)"], rows),
        ]
        if unchanged:
            names = html.escape(", ".join(unchanged))
            parts.append(f"<p class=muted>Changed no game (in no deck played, or never drawn): {names}.</p>")
    if effects["options"]:
        parts += [
            "<h2>What each rule option does (causal)</h2>",
            table(
                ["option", *seats, "unfinished"],
                [
                    [
                        html.escape(name),
                        *(_effect(entry["by_seat"][str(seat)]) for seat in range(1, players + 1)),
                        str(entry["unfinished"]),
                    ]
                    for name, entry in effects["options"].items()
                ],
            ),
        ]
    return parts


def _largest(entry: JSON) -> float:
    return max((abs(found.get("diff", 0.0)) for _, found in measured(entry)), default=0.0)


def _effect(entry: JSON) -> str:
    if not entry.get("n"):
        return "–"
    mark = " class=clear" if entry["significant"] else ""
    return (
        f"<span{mark}>{100 * entry['diff']:+.1f}</span> <span class=muted>({100 * entry['low']:+.1f}"
        f" to {100 * entry['high']:+.1f})</span>"
    )
