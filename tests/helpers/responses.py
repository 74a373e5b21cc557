"""A Flask test client's JSON answer, which must be there (``response.json`` may be None)."""

from __future__ import annotations

from typing import Any

from werkzeug.test import TestResponse


def json_body(response: TestResponse) -> Any:
    """The response's JSON body (any JSON value); fails the test, showing the text, if it has none."""
    data = response.get_json()
    assert data is not None, response.get_data(as_text=True)
    return data
