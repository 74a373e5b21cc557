"""Reading a Server-Sent Events stream: split the text into messages, the way a browser does.

Used by the hub's benchmark clients and its tests; a browser needs none of it.
"""

from __future__ import annotations

import json
from typing import Any

Message = dict[str, Any]


def parse_messages(text: str) -> tuple[list[Message], str]:
    """The complete messages in ``text`` and the unfinished rest. A message's ``data`` is decoded
    from JSON; a comment line becomes ``{"comment": text}``."""
    *blocks, rest = text.split("\n\n")
    messages = []
    for block in blocks:
        fields: Message = {}
        for line in block.splitlines():
            if line.startswith(":"):
                fields["comment"] = line[1:].strip()
                continue
            name, _, value = line.partition(":")
            fields[name] = value[1:] if value.startswith(" ") else value
        if "data" in fields:
            fields["data"] = json.loads(fields["data"])
        if fields:
            messages.append(fields)
    return messages, rest
