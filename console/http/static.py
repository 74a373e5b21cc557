"""The site's static files served from memory: a queued response never holds a file open.

Flask serves a static file through ``send_file``, which hands the server an open file; waitress
keeps it open until the response is written. A client that pipelines requests for static files
and reads slowly kept one descriptor per queued response: 320 of them took a hub with a Pi
service's open-files limit to 1,891 descriptors and "Too many open files". The folder is small
(under 100 kB), so each file is read once (again when it changes) and answered from bytes.
"""

from __future__ import annotations

import hashlib
import mimetypes
import os
import stat
import threading
from pathlib import Path

from flask import Flask, Response, request
from werkzeug.exceptions import NotFound
from werkzeug.security import safe_join


class StaticFiles:
    """The files of one folder, each kept in memory with its change time and ETag."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = str(folder)
        self._files: dict[str, tuple[int, bytes, str]] = {}  # name: (mtime_ns, bytes, etag)
        self._lock = threading.Lock()

    def read(self, filename: str) -> tuple[bytes, str]:
        """The file's bytes and ETag; NotFound for anything but a regular file in the folder."""
        path = safe_join(self.folder, filename)
        if path is None:
            raise NotFound()
        try:
            found = os.stat(path)
        except OSError:
            raise NotFound() from None
        if not stat.S_ISREG(found.st_mode):
            raise NotFound()
        with self._lock:
            cached = self._files.get(filename)
            if cached is None or cached[0] != found.st_mtime_ns:
                with open(path, "rb") as handle:  # closed before any answer is queued
                    data = handle.read()
                cached = (found.st_mtime_ns, data, hashlib.sha256(data).hexdigest()[:32])
                self._files[filename] = cached
        return cached[1], cached[2]

    def view(self, filename: str) -> Response:
        data, etag = self.read(filename)
        kind = mimetypes.guess_type(filename)[0] or "application/octet-stream"
        response = Response(data, mimetype=kind)
        response.set_etag(etag)
        response.make_conditional(request)  # a 304 for a phone that has it already
        return response


def serve_static_from_memory(app: Flask) -> None:
    """Answer ``app``'s static route (``url_for('static', ...)``) from memory."""
    if app.static_folder is None:
        return
    files = StaticFiles(app.static_folder)
    app.view_functions["static"] = files.view
