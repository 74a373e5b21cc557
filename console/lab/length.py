"""How long a game takes, before it is played: its decisions, measured by the lab, times a pace.

A game's length is counted in actions, not minutes: the normal bot at every seat plays the book's
options on fixed seeds (``measure``), and the mean number of seat actions (decisions) and chance
actions per game, for each player count, is written to ``length.toml`` in the game's own folder
(``tabletop lengths GAME > console/games/GAME/length.toml``), with the seeds and games that gave
it, so a Pi never simulates while it serves a page. Minutes come from a ``Pace``: how long a
person takes over an action (learned at the hub, console/hub/pace.py), a bot (the hub's bot
delay) and the dealer (its chance delay).
"""

from __future__ import annotations

import statistics
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

from console.games import find_game

FILE = "length.toml"
BOT = "normal"
# The seats' seconds are rounded like a person says them: "about 7 minutes", "about 25 minutes".
FIVE_MINUTES_FROM = 12


@dataclass(frozen=True)
class Length:
    """One player count's measured game: mean seat actions (``decisions``), their 10th and 90th
    percentiles, and mean chance actions, over ``games`` games (``unfinished`` hit the action cap)."""

    players: int
    decisions: float
    decisions_p10: float
    decisions_p90: float
    chance: float
    unfinished: int = 0


@dataclass(frozen=True)
class LengthTable:
    """A game's lengths by player count, and how they were measured (so anyone can measure again)."""

    game: str
    seed: int
    games: int
    bot: str
    lengths: dict[int, Length]


@dataclass(frozen=True)
class Pace:
    """Seconds an action takes: a person's (``learned_from`` finished games at this hub, 0 for the
    default), a bot's (the hub's bot delay) and the hub's dealer's (its chance delay)."""

    person_s: float
    bot_s: float
    dealer_s: float
    learned_from: int = 0


def measure(game_name: str, games: int = 200, seed: int = 0, players: Iterable[int] = ()) -> LengthTable:
    """Play ``games`` seeded games with the normal bot at every seat, for each player count
    (default: every count the game allows), with the book's options."""
    from console.lab.runs import RunSpec, play_game  # the bots: only when measuring, never at a hub

    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    game = find_game(game_name)
    counts = list(players) or list(range(game.min_players, game.max_players + 1))
    lengths = {}
    for count in counts:
        game.check_players(count)
        spec = RunSpec(game=game.name, games=games, seed=seed, players=count, bots=(BOT,))
        records = [play_game(spec, index, 0) for index in range(games)]
        plies = [float(record["plies"]) for record in records]
        deciles = statistics.quantiles(plies, n=10, method="inclusive") if len(plies) > 1 else plies * 9
        lengths[count] = Length(
            players=count,
            decisions=statistics.fmean(plies),
            decisions_p10=deciles[0],
            decisions_p90=deciles[-1],
            chance=statistics.fmean(record["actions"] - record["plies"] for record in records),
            unfinished=sum(not record["finished"] for record in records),
        )
    return LengthTable(game=game.name, seed=seed, games=games, bot=BOT, lengths=lengths)


def to_toml(table: LengthTable) -> str:
    """The table as its data file: a header saying how to make it again, then one entry a count."""
    lines = [
        f"# How many actions a game of {find_game(table.game).title} takes, by player count: the {table.bot}",
        "# bot at every seat, the book's options. Made by the lab; measure again rather than edit:",
        f"#   tabletop lengths {table.game} --games {table.games} --seed {table.seed}",
        f'game = "{table.game}"',
        f'bot = "{table.bot}"',
        f"seed = {table.seed}",
        f"games = {table.games}",
    ]
    for count, length in sorted(table.lengths.items()):
        lines += [
            "",
            f"[players.{count}]",
            f"decisions = {length.decisions:.1f}  # seat actions a game, mean",
            f"decisions_p10 = {length.decisions_p10:.1f}",
            f"decisions_p90 = {length.decisions_p90:.1f}",
            f"chance = {length.chance:.1f}  # chance actions a game (dealt, or scanned), mean",
            f"unfinished = {length.unfinished}",
        ]
    return "\n".join(lines) + "\n"


def parse(text: str, where: str) -> LengthTable:
    """A data file read back; anything else is a ValueError of one line naming ``where``."""
    try:
        data = tomllib.loads(text)
        lengths = {
            int(count): Length(
                players=int(count),
                decisions=float(entry["decisions"]),
                decisions_p10=float(entry["decisions_p10"]),
                decisions_p90=float(entry["decisions_p90"]),
                chance=float(entry["chance"]),
                unfinished=int(entry.get("unfinished", 0)),
            )
            for count, entry in data["players"].items()
        }
        table = LengthTable(
            game=str(data["game"]),
            seed=int(data["seed"]),
            games=int(data["games"]),
            bot=str(data["bot"]),
            lengths=lengths,
        )
    except (tomllib.TOMLDecodeError, KeyError, TypeError, ValueError, AttributeError) as error:
        raise ValueError(f"{where} is not a length table: {str(error).splitlines()[0]}") from None
    if any(length.decisions < 0 or length.chance < 0 for length in lengths.values()):
        raise ValueError(f"{where} is not a length table: a count of actions below zero")
    return table


@cache
def lengths_of(game_name: str) -> LengthTable | None:
    """The game's shipped lengths (``length.toml`` beside its game module), read once; None for a
    game that ships none (a plugin that was never measured)."""
    game = find_game(game_name)
    package = type(game).__module__.rpartition(".")[0]
    found = resources.files(package) / FILE
    if not found.is_file():
        return None
    return parse(found.read_text(encoding="utf-8"), f"{game_name}'s {FILE}")


def seconds(length: Length, people: int, physical_chance: bool, pace: Pace) -> float:
    """A game's seconds with ``people`` of its seats played by people and the rest by bots: each
    seat makes its share of the decisions, at a person's or a bot's pace; chance is the dealer's
    pause, or a person's scan when the cards are physical."""
    if not 0 <= people <= length.players:
        raise ValueError(f"{people} people cannot sit at {length.players} seats")
    per_seat = length.decisions / length.players
    seats_s = per_seat * (people * pace.person_s + (length.players - people) * pace.bot_s)
    return seats_s + length.chance * (pace.person_s if physical_chance else pace.dealer_s)


def about_minutes(seconds_: float) -> int:
    """Minutes as a person would say them: to the minute below FIVE_MINUTES_FROM, else to five;
    never 0 (a game takes about a minute at least)."""
    minutes = seconds_ / 60
    if minutes < FIVE_MINUTES_FROM:
        return max(1, round(minutes))
    return 5 * round(minutes / 5)


def minutes_by_people(length: Length, physical_chance: bool, pace: Pace) -> list[int]:
    """``about_minutes`` for 0, 1, ... every seat played by people: what the start form looks up."""
    return [
        about_minutes(seconds(length, people, physical_chance, pace)) for people in range(length.players + 1)
    ]
