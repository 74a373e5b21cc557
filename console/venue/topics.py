"""The venue's topic tree, version 1: every topic the hubs and boards use, built in one place.

``tt/v1/<venue>/<hub>/status`` (retained presence), ``.../tables/<id>`` (retained public state),
``.../results/<result id>`` (a finished game, re-sent until acknowledged) and ``.../ack`` (the
board's acknowledgements, read by that hub only). docs/venue.md documents each payload.
"""

from __future__ import annotations

ROOT = "tt/v1"


def hub_prefix(venue: str, hub: str) -> str:
    return f"{ROOT}/{venue}/{hub}"


def status(venue: str, hub: str) -> str:
    return f"{hub_prefix(venue, hub)}/status"


def table(venue: str, hub: str, table_id: int) -> str:
    return f"{hub_prefix(venue, hub)}/tables/{table_id}"


def result(venue: str, hub: str, result_id: str) -> str:
    return f"{hub_prefix(venue, hub)}/results/{result_id}"


def ack(venue: str, hub: str) -> str:
    return f"{hub_prefix(venue, hub)}/ack"


def seating(venue: str, hub: str) -> str:
    """Where the board sends a round's seats for one hub's table (pairings)."""
    return f"{hub_prefix(venue, hub)}/seating"


def call(venue: str, hub: str, call_id: str) -> str:
    """A judge call raised at one of the hub's seats (retained, with how it stands)."""
    return f"{hub_prefix(venue, hub)}/calls/{call_id}"


def judge(venue: str, hub: str) -> str:
    """Where the board sends a judge's answer to one of the hub's calls."""
    return f"{hub_prefix(venue, hub)}/judge"


def clock(venue: str) -> str:
    """The event's round clock and the board's time, from the board to every hub (not a hub's
    topic: ``parse`` reads no hub in it)."""
    return f"{ROOT}/{venue}/clock"


def everything(venue: str) -> str:
    return f"{ROOT}/{venue}/#"


def parse(topic: str) -> tuple[str, str, list[str]] | None:
    """(venue, hub, the rest) of a venue topic, or None for any other topic."""
    parts = topic.split("/")
    if len(parts) < 5 or "/".join(parts[:2]) != ROOT:
        return None
    return parts[2], parts[3], parts[4:]
