"""Server-Sent Events: one stream per table and seat (or the public), each holding one server thread.

The first bytes go out at once (a comment and the reconnect delay), so proxies and browsers see
the stream open. Then the events the reader missed (after ``Last-Event-ID``, or ``?after=`` for a
page that already drew the state), then the current state, then every change as it happens, with
a keep-alive comment whenever the table is quiet. Each message's id is the table's event count,
so a browser that reconnects resumes exactly where it stopped. A stream ends after
``max_stream_s`` (the browser reconnects at once), when a newer stream of the same seat replaces
it, or the moment the client's connection closes, so no thread is held for ever. Public streams
are capped per device and in all (console.http.limits), below the seats' share. A stream the hub
ends because its seat went to another phone says so last (``event: moved``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

from flask import Response, current_app, request

from console.http.limits import PublicStreams
from console.http.security import event_id
from console.hub.channel import Audience, Channel, StreamClosed, Subscription
from console.hub.service import Hub
from console.hub.worker import TableWorker
from console.i18n.said import Speaker

ENGLISH = Speaker()

RETRY_MS = 1500


def last_event_id() -> int | None:
    """Where the reader stopped: the Last-Event-ID header of a reconnect, else ``?after=``."""
    text = request.headers.get("Last-Event-ID") or request.args.get("after")
    if text is None or text == "":
        return None
    return event_id(text, "Last-Event-ID")


def event_stream(hub: Hub, worker: TableWorker, audience: Audience, after: int | None) -> Response:
    public: PublicStreams = current_app.extensions["public_streams"]
    client = request.remote_addr or ""
    if audience is None:
        public.acquire(client)  # per device, and never the seats' share
    try:
        hub.slots.acquire()
    except Exception:
        if audience is None:
            public.release(client)
        raise
    subscription = worker.channel.subscribe(audience)
    settings = hub.config.server
    messages = _messages(worker.channel, subscription, after, settings.keepalive_s, settings.max_stream_s)
    response = Response(messages, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"

    def release() -> None:  # the server closes every response: the client left, or the stream ended
        worker.channel.unsubscribe(subscription)
        hub.slots.release()
        if audience is None:
            public.release(client)

    response.call_on_close(release)
    # Under the hub's server, the moment the client's connection closes the stream ends (its
    # slot is free at once, not at the next keep-alive).
    on_disconnect = request.environ.get("tabletop.on_disconnect")
    if on_disconnect is not None:
        on_disconnect(lambda: worker.channel.cancel(subscription))
    return response


def _messages(
    channel: Channel, subscription: Subscription, after: int | None, keepalive_s: float, max_stream_s: float
) -> Iterator[bytes]:
    audience = subscription.audience
    yield f": tabletop live updates\nretry: {RETRY_MS}\n\n".encode()
    snapshot = channel.snapshot
    cursor = snapshot.last_id if after is None else min(after, snapshot.last_id)
    deadline = time.monotonic() + max_stream_s
    while True:
        events = channel.events_after(cursor, audience, upto=snapshot.last_id)
        yield b"".join([*(event.message for event in events), snapshot.messages[audience]])
        cursor = snapshot.last_id
        seen = snapshot.version
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            try:
                update = channel.wait_for_update(subscription, seen, min(keepalive_s, remaining))
            except StreamClosed:
                if subscription.farewell is not None:  # said by the page in its language
                    farewell = subscription.farewell
                    data = json.dumps({"message": ENGLISH.render(farewell), "said": farewell.to_json()})
                    yield f"event: moved\ndata: {data}\n\n".encode()
                return
            if update is not None:
                snapshot = update
                break
            yield b": keep-alive\n\n"
