"""The venue board's site: one page for a big screen or a phone showing every hub and table live
and the standings per game, refreshed from ``/board.part`` every second (no inline script).

The same guards as the hub's site (console/web/security.py): security headers, same-origin posts,
errors as one clear message.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template

from console.venue.board import Board


def create_board_app(board: Board, config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(config or {})
    app.config["DEBUG"] = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.config.setdefault("MAX_CONTENT_LENGTH", 64 * 1024)
    app.extensions["venue_board"] = board

    from console.web import security

    security.install(app)

    @app.get("/")
    def page() -> str:
        return render_template("board.html", **board_context(board))

    @app.get("/board.part")
    def part() -> str:
        return render_template("_board.html", **board_context(board))

    @app.get("/api/board")
    def api() -> Response:
        return jsonify(board.snapshot())

    return app


def board_context(board: Board) -> dict[str, Any]:
    snapshot = board.snapshot()
    for hub in snapshot["hubs"]:
        for table in hub["tables"]:
            table["seat_rows"] = seat_rows(table)
    return snapshot


def seat_rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat: who sits there, their score, whether they are to act."""
    names = table.get("names") or {}
    controllers = table.get("controllers") or {}
    scores = table.get("scores") or {}
    to_act = set(table.get("to_act") or [])
    winners = set((table.get("outcome") or {}).get("winners") or [])
    return [{
        "seat": seat,
        "who": names.get(str(seat)) or f"seat {seat} ({controllers.get(str(seat), '?')})",
        "score": scores.get(str(seat)),
        "acting": seat in to_act and table.get("status") == "playing",
        "winner": seat in winners,
    } for seat in range(1, int(table.get("players", 0)) + 1)]
