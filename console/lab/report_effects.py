"""The report's answers on cards and rules, each read from the figures the report tabulates:

- with ``--effects``, what each card and rule option *does* (console/lab/effects.py: the same
  seeds with the card stood in for, or the option changed), "win rate when drawn" beside it,
  labelled as the correlation it is;
- without, what goes with winning (when drawn, and each leader), said as correlation.

Every word in the report's language (``Words``, console/lab/words.py).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from console.games.core import JSON
from console.lab.effects import clear_effects, measured
from console.lab.html_parts import diff, heading, span, table
from console.lab.words import Words


def _points(entry: JSON, w: Words) -> str:
    return w._(
        "%(diff)s points (%(low)s to %(high)s)",
        diff=f"{100 * entry['diff']:+.1f}",
        low=f"{100 * entry['low']:+.1f}",
        high=f"{100 * entry['high']:+.1f}",
    )


def _on_whom(who: str, w: Words) -> str:
    """``measured``'s "its holder" or "seat N" (console/lab/effects.py), in words."""
    if who == "its holder":
        return w._("its holder")
    return w.seat(int(who.removeprefix("seat "))) if who.startswith("seat ") else who


def _listed(rows: Sequence[tuple[str, str, JSON]], w: Words) -> str:
    items = "".join(
        f"<li><b>{html.escape(thing)}</b>: {w.html(_on_whom(who, w))} {w.html(_points(entry, w))}</li>"
        for thing, who, entry in rows
    )
    return f"<ul class=sig>{items}</ul>"


def effects_answers(effects: JSON, w: Words) -> list[str]:
    """The headline on cards and rules: the effects clear of zero, or that none is."""
    games = effects["games"]
    needed = effects.get("games_for_5_points")
    answers: list[str] = []
    for group in ("cards", "options"):
        measured_here = [entry for entry in effects[group].values() if not entry.get("unchanged")]
        if not measured_here:
            continue
        count = len(measured_here)
        clear = clear_effects(effects, group)
        if group == "cards":
            question = w._("Which card moves its holder's odds?")
            found = w.ngettext(
                "%(clear)s of %(num)s card, clear of zero, the largest first:",
                "%(clear)s of %(num)s cards, clear of zero, the largest first:",
                count,
                clear=len(clear),
            )
            none = w.ngettext("among %(num)s card.", "among %(num)s cards.", count)
            how = w.ngettext(
                "Measured by playing the same game again with each card changed: cause, not correlation.",
                "Measured by playing the same %(num)s games again with each card changed: cause, not "
                "correlation.",
                games,
            )
        else:
            question = w._("Which rule option moves the odds?")
            found = w.ngettext(
                "%(clear)s of %(num)s option value, clear of zero, the largest first:",
                "%(clear)s of %(num)s option values, clear of zero, the largest first:",
                count,
                clear=len(clear),
            )
            none = w.ngettext("among %(num)s option value.", "among %(num)s option values.", count)
            how = w.ngettext(
                "Measured by playing the same game again with each option value changed: cause, "
                "not correlation.",
                "Measured by playing the same %(num)s games again with each option value changed: cause, "
                "not correlation.",
                games,
            )
        verdict = w.html(found) if clear else span("ok", w._("None clear of zero")) + " " + w.html(none)
        tried = sum(len(measured(entry)) for entry in effects[group].values())
        chance = w.ngettext(
            "Of the one effect measured, about %(chance)s would look clear of zero by chance alone.",
            "Of the %(num)s effects measured, about %(chance)s would look clear of zero by chance alone.",
            tried,
            chance=f"{tried / 20:.0f}",
        )
        sizing = (
            w.ngettext(
                "About %(num)s game a side would make each ±5 points.",
                "About %(num)s games a side would make each ±5 points.",
                needed,
            )
            if needed
            else ""
        )
        note = " ".join(part for part in (how, chance, sizing) if part)
        answers.append(
            f"<div class=answer><p>{w.html(question)} {verdict}</p>{_listed(clear, w) if clear else ''}"
            f"<p class=muted>{w.html(note)}</p></div>"
        )
    return answers


def correlation_answer(found: JSON, beside_effects: bool, w: Words) -> str:
    """Without --effects: which cards and leaders go with winning, from the same flags the Cards
    and Leaders tables show, said as the correlation it is."""
    flagged = [
        (name, w._("when drawn"), entry["when_drawn"])
        for name, entry in found.get("cards", {}).items()
        if entry["when_drawn"]["significant"]
    ]
    flagged += [
        (w.printed(name), w._("as leader"), entry["win"])
        for name, entry in found.get("leaders", {}).items()
        if entry["win"]["significant"]
    ]
    flagged.sort(key=lambda row: -abs(row[2]["diff"]))
    rows = "; ".join(
        w.markup(
            w._("%(name)s %(how)s %(diff)s points (%(low)s to %(high)s)"),
            name=f"<b>{html.escape(name)}</b>",
            how=w.html(how),
            diff=f"{100 * entry['diff']:+.1f}",
            low=f"{100 * entry['diff_low']:+.1f}",
            high=f"{100 * entry['diff_high']:+.1f}",
        )
        for name, how, entry in flagged
    )
    verdict = f"<span class=sig>{rows}</span>" if flagged else span("ok", w._("None detectably"))
    if beside_effects:
        how = w._("beside the effects above")
    else:
        how = w._("run with --effects to measure what a card does")
    answer = w.markup(
        w._(
            "Which card or leader goes with winning? %(verdict)s. This is correlation (a seat that drew more "
            "cards was often winning already): %(how)s."
        ),
        verdict=verdict,
        how=w.html(how),
    )
    return f"<p class=answer>{answer}</p>"


def effects_sections(effects: JSON, cards: JSON, players: int, w: Words) -> list[str]:
    """The tables behind the answers: every card's and option's effect, seat by seat."""
    seats = [w.seat(seat) for seat in range(1, players + 1)]
    parts: list[str] = []
    played = {name: entry for name, entry in effects["cards"].items() if not entry.get("unchanged")}
    unchanged = sorted(set(effects["cards"]) - set(played))
    if played:
        when_drawn = w._("When drawn")
        rows = []
        for name, entry in sorted(played.items(), key=lambda kv: -abs(_largest(kv[1]))):
            holder = entry.get("holder")
            drawn = cards.get(name, {}).get("when_drawn")
            rows.append(
                [
                    html.escape(name),
                    _effect(holder, w) if holder else "–",
                    *(_effect(entry["by_seat"][str(seat)], w) for seat in range(1, players + 1)),
                    diff(drawn, w) if drawn else "–",
                ]
            )
        how = w.markup(
            w._(
                "Each card is replaced by the neutral stand-in its catalog declares (where a seat has its "
                "own deck, in one seat's deck at a time: the effect on its holder), and the same seeds "
                "played again. Points are the change in wins, with the card minus without, and its "
                "interval (95 %%); in red: clear of zero. %(when_drawn)s is the old correlation, beside it "
                "for comparison."
            ),
            when_drawn=f"<i>{w.html(when_drawn)}</i>",
        )
        parts += [
            heading(w._("What each card does (causal)")),
            f"<p class=muted>{how}</p>",
            table([w._("card"), w._("on its holder"), *seats, w._("when drawn (correlation)")], rows, w),
        ]
        if unchanged:
            names = ", ".join(unchanged)
            said = w._("Changed no game (in no deck played, or never drawn): %(cards)s.", cards=names)
            parts.append(f"<p class=muted>{w.html(said)}</p>")
    if effects["options"]:
        parts += [
            heading(w._("What each rule option does (causal)")),
            table(
                [w._("option"), *seats, w._("unfinished")],
                [
                    [
                        html.escape(name),
                        *(_effect(entry["by_seat"][str(seat)], w) for seat in range(1, players + 1)),
                        str(entry["unfinished"]),
                    ]
                    for name, entry in effects["options"].items()
                ],
                w,
            ),
        ]
    return parts


def _largest(entry: JSON) -> float:
    return max((abs(found.get("diff", 0.0)) for _, found in measured(entry)), default=0.0)


def _effect(entry: JSON, w: Words) -> str:
    if not entry.get("n"):
        return "–"
    mark = " class=clear" if entry["significant"] else ""
    interval = w._(
        "(%(low)s to %(high)s)", low=f"{100 * entry['low']:+.1f}", high=f"{100 * entry['high']:+.1f}"
    )
    return f"<span{mark}>{100 * entry['diff']:+.1f}</span> <span class=muted>{w.html(interval)}</span>"
