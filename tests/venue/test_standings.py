"""The board's standings per game from raw results: wins (a shared win counts half), then points,
then share of the points at the player's tables; named players, else the hub's seat."""

from __future__ import annotations

from console.venue.standings import standings


def result(
    game: str, winners: list[int], scores: list[float], names: dict[str, str] | None = None, hub: str = "hub1"
) -> dict[str, object]:
    return {
        "game": game,
        "hub": hub,
        "players": len(scores),
        "winners": winners,
        "scores": scores,
        "names": names or {},
    }


def test_standings_rank_by_wins_then_points_then_share() -> None:
    results = [
        result("wheels", [1], [30, 20], {"1": "Ada", "2": "Bea"}),
        result("wheels", [2], [10, 12], {"1": "Cal", "2": "Dov"}),
        result("wheels", [1, 2], [5, 5], {"1": "Bea", "2": "Cal"}),  # a draw: half a win each
        result("wisteria", [2], [0, 36]),
    ]
    table = standings(results)
    assert list(table) == ["wheels", "wisteria"]
    wheels = [(s.player, s.games, s.wins, s.points) for s in table["wheels"]]
    # Ada and Dov won once: Ada has more points. Bea and Cal drew once: Bea has more points.
    assert wheels == [
        ("Ada", 1, 1.0, 30.0),
        ("Dov", 1, 1.0, 12.0),
        ("Bea", 2, 0.5, 25.0),
        ("Cal", 2, 0.5, 15.0),
    ]
    assert table["wisteria"][0].player == "hub1 seat 2"
    assert abs(table["wheels"][0].share - 0.6) < 1e-9


def test_equal_wins_and_points_fall_to_the_share_of_points() -> None:
    results = [
        result("watch", [1], [10, 9, 8, 7], {"1": "a", "2": "b", "3": "c", "4": "d"}),
        result("watch", [1], [10, 2, 2], {"1": "e", "2": "f", "3": "g"}),
    ]
    assert [s.player for s in standings(results)["watch"]][:2] == ["e", "a"]
