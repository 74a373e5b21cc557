"""Standings from results: per game, each player's games, wins, victory points and share of the
victory points at their tables, ranked by wins, then points, then share (docs/venue.md).

A player is the name the pairing gave the seat, else "<hub> seat <n>" for a game nobody paired
(kept in English as the player's key; the board says it in its language from ``hub`` and ``seat``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Standing:
    player: str
    games: int = 0
    wins: float = 0.0  # a shared win (a draw) counts half
    points: float = 0.0
    share: float = 0.0  # the sum over games of this player's part of the table's points
    opponents: list[str] = field(default_factory=list)
    unnamed: tuple[str, int] | None = None  # (hub, seat) of a player nobody named

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {
            "player": self.player,
            "games": self.games,
            "wins": self.wins,
            "points": round(self.points, 3),
            "share": round(self.share, 3),
        }
        if self.unnamed is not None:
            found["hub"], found["seat"] = self.unnamed
        return found


def seat_players(result: Mapping[str, Any]) -> list[str]:
    names = result.get("names") or {}
    return [
        str(names.get(str(seat)) or unnamed_player(str(result["hub"]), seat))
        for seat in range(1, int(result["players"]) + 1)
    ]


def unnamed_player(hub: str, seat: int) -> str:
    return f"{hub} seat {seat}"


def standings(results: Iterable[Mapping[str, Any]]) -> dict[str, list[Standing]]:
    """Every game's standings, best first."""
    by_game: dict[str, dict[str, Standing]] = {}
    for result in results:
        table = by_game.setdefault(str(result["game"]), {})
        players = seat_players(result)
        scores = [float(s) for s in result.get("scores") or []]
        total = sum(scores)
        winners = list(result.get("winners") or [])
        for seat, player in enumerate(players, start=1):
            unnamed = (
                (str(result["hub"]), seat) if player == unnamed_player(str(result["hub"]), seat) else None
            )
            entry = table.setdefault(player, Standing(player, unnamed=unnamed))
            entry.games += 1
            if seat in winners:
                entry.wins += 1.0 if len(winners) == 1 else 0.5
            if seat <= len(scores):
                entry.points += scores[seat - 1]
                entry.share += scores[seat - 1] / total if total else 0.0
            entry.opponents.extend(p for p in players if p != player)
    return {game: sorted(table.values(), key=rank_key) for game, table in sorted(by_game.items())}


def rank_key(entry: Standing) -> tuple[float, float, float, str]:
    return (-entry.wins, -entry.points, -entry.share, entry.player)
