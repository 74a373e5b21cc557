"""Pairings for an event, as pure functions of the players and the results so far: Swiss for the
games a game's facts say are paired, tables of four (the remainder at tables of three) for the
games seated at tables (``GameFacts.event_seating``).

Swiss ranks by match points (a win 1, a draw ½, a bye 1), then opponents' win percentage (each
opponent's floored at 0.33), then opponents' opponents' percentage; it never pairs a rematch
while a pairing without one exists. Tables rank by wins, then victory points, then share of the
victory points at the player's tables, and seat players of a rank together.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

WIN_FLOOR = 0.33
BYE = None


@dataclass(frozen=True)
class Game:
    """One finished game of the event: who sat there, who won, and their points by seat order."""

    players: tuple[str, ...]
    winners: tuple[str, ...] = ()
    points: tuple[float, ...] = ()


@dataclass
class Record:
    player: str
    match_points: float = 0.0
    games: int = 0
    wins: float = 0.0
    points: float = 0.0
    share: float = 0.0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    owp: float = 0.0
    oowp: float = 0.0

    @property
    def win_rate(self) -> float:
        """The part of their games won, floored, as tiebreaks count it (a bye is no game)."""
        return max(WIN_FLOOR, self.wins / self.games) if self.games else WIN_FLOOR


def records(players: Sequence[str], games: Sequence[Game], byes: Sequence[str] = ()) -> dict[str, Record]:
    table = {name: Record(name) for name in players}
    for game in games:
        total = sum(game.points)
        for index, name in enumerate(game.players):
            record = table.setdefault(name, Record(name))
            record.games += 1
            if name in game.winners:
                share = 1.0 if len(game.winners) == 1 else 0.5
                record.wins += share
                record.match_points += share
            if index < len(game.points):
                record.points += game.points[index]
                record.share += game.points[index] / total if total else 0.0
            record.opponents.extend(other for other in game.players if other != name)
    for name in byes:
        table[name].byes += 1
        table[name].match_points += 1.0
    for record in table.values():
        opponents = [table[o] for o in record.opponents if o in table]
        record.owp = sum(o.win_rate for o in opponents) / len(opponents) if opponents else 0.0
    for record in table.values():
        opponents = [table[o] for o in record.opponents if o in table]
        record.oowp = sum(o.owp for o in opponents) / len(opponents) if opponents else 0.0
    return table


def swiss_ranking(table: dict[str, Record]) -> list[Record]:
    return sorted(table.values(), key=lambda r: (-r.match_points, -r.owp, -r.oowp, r.player))


def swiss_round(
    players: Sequence[str], games: Sequence[Game], byes: Sequence[str] = ()
) -> list[tuple[str, str | None]]:
    """The next round's pairs, best first; an odd player out gets the bye (None), the lowest
    ranked who has not had one. No rematch unless every pairing of the field has one."""
    table = records(players, games, byes)
    ranked = [r.player for r in swiss_ranking(table) if r.player in set(players)]
    met = {name: set(table[name].opponents) for name in ranked}
    bye: str | None = None
    if len(ranked) % 2:
        candidates = [name for name in reversed(ranked) if table[name].byes == 0] or list(reversed(ranked))
        for candidate in candidates:  # the lowest whose removal still leaves a rematch-free round
            rest = [name for name in ranked if name != candidate]
            if _pair(rest, met, set()) is not None:
                bye = candidate
                break
        bye = bye or candidates[0]
        ranked.remove(bye)
    pairs = _pair(ranked, met, set())
    if pairs is None:  # every pairing of the field repeats a game: pair top down, repeats allowed
        pairs = _pair(ranked, {name: set() for name in ranked}, set())
        assert pairs is not None
    result: list[tuple[str, str | None]] = list(pairs)
    if bye is not None:
        result.append((bye, BYE))
    return result


def _pair(
    ranked: list[str], met: dict[str, set[str]], dead_ends: set[frozenset[str]]
) -> list[tuple[str, str]] | None:
    """Pair the top player with the nearest in rank not yet met, and so on; back up on a dead
    end. Remembering the sets of players that cannot be paired keeps 64 players quick."""
    if not ranked:
        return []
    key = frozenset(ranked)
    if key in dead_ends:
        return None
    top, rest = ranked[0], ranked[1:]
    for index, partner in enumerate(rest):
        if partner in met[top]:
            continue
        paired = _pair(rest[:index] + rest[index + 1 :], met, dead_ends)
        if paired is not None:
            return [(top, partner), *paired]
    dead_ends.add(key)
    return None


def table_sizes(count: int) -> list[int]:
    """Tables of four with the remainder at tables of three: 10 players sit 4, 3, 3."""
    threes = (4 - count % 4) % 4
    if count < 3 or count - 3 * threes < 0:
        raise ValueError(f"{count} players cannot sit at tables of four and three")
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def table_ranking(players: Sequence[str], games: Sequence[Game]) -> list[Record]:
    """Wins, then victory points, then share of the victory points."""
    table = records(players, games)
    return sorted((table[name] for name in players), key=lambda r: (-r.wins, -r.points, -r.share, r.player))


def table_round(players: Sequence[str], games: Sequence[Game]) -> list[tuple[str, ...]]:
    """The next round's tables, best first (table 1 holds the best ranked): seated so that nobody
    meets a player met before, whenever such a seating is found; else each table takes the best
    ranked player left, then the next best who has met the fewest at it."""
    ranking = table_ranking(players, games)
    met = {record.player: set(record.opponents) for record in ranking}
    order = [record.player for record in ranking]
    sizes = table_sizes(len(order))
    return _without_repeats(order, sizes, met) or _fewest_repeats(order, sizes, met)


SEARCH_BUDGET = 200_000  # seats tried before settling for the fewest repeats (64 players: far below)


class _OutOfBudget(Exception):
    pass


def _without_repeats(
    order: list[str], sizes: list[int], met: dict[str, set[str]]
) -> list[tuple[str, ...]] | None:
    """Each player in rank order at the first table with room where they have met nobody,
    backing up on a dead end; None if no such seating is found."""
    tables: list[list[str]] = [[] for _ in sizes]
    tried = [0]

    def place(index: int) -> bool:
        if index == len(order):
            return True
        tried[0] += 1
        if tried[0] > SEARCH_BUDGET:
            raise _OutOfBudget
        name = order[index]
        empty_sizes: set[int] = set()
        for table, size in zip(tables, sizes, strict=True):
            if len(table) >= size or any(other in met[name] for other in table):
                continue
            if not table:  # empty tables of one size are alike: try one of them
                if size in empty_sizes:
                    continue
                empty_sizes.add(size)
            table.append(name)
            if place(index + 1):
                return True
            table.pop()
        return False

    try:
        return [tuple(table) for table in tables] if place(0) else None
    except _OutOfBudget:
        return None


def _fewest_repeats(order: list[str], sizes: list[int], met: dict[str, set[str]]) -> list[tuple[str, ...]]:
    left = list(order)
    tables: list[tuple[str, ...]] = []
    for size in sizes:
        seated = [left.pop(0)]
        while len(seated) < size:
            best = min(range(len(left)), key=lambda i: (sum(left[i] in met[s] for s in seated), i))
            seated.append(left.pop(best))
        tables.append(tuple(seated))
    return tables
