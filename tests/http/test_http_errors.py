"""The one map from an exception to an HTTP status (console/http/errors.py)."""

from __future__ import annotations

from console.games.core import BadOptions, IllegalAction, NotationError, UnknownGame
from console.http.errors import HttpError, retry_after, status_of
from console.hub import errors


def test_each_hub_error_has_its_status_here_not_on_itself() -> None:
    expected = {
        errors.HubError: 400,
        errors.NotFound: 404,
        errors.Forbidden: 403,
        errors.Refused: 409,
        errors.SeatTaken: 409,  # a Refused
        errors.Busy: 503,
    }
    for kind, status in expected.items():
        assert status_of(kind("no")) == status, kind
        assert not hasattr(kind("no"), "status"), f"{kind.__name__} carries an HTTP status"


def test_the_engines_errors_and_the_web_layers_own() -> None:
    assert status_of(IllegalAction("not now")) == 409
    for kind in (NotationError, BadOptions, UnknownGame):
        assert status_of(kind("bad")) == 400
    assert status_of(HttpError(415, "send JSON")) == 415
    assert retry_after(HttpError(429, "wait", 3.0)) == 3.0 and retry_after(errors.Busy("full")) is None


def test_an_unexpected_error_has_no_status_and_an_app_adds_its_own() -> None:
    class EventError(ValueError):
        pass

    assert status_of(RuntimeError("boom")) is None
    assert status_of(EventError("no"), {EventError: 409}) == 409
