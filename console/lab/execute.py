"""Where a run's games are played: in this process, over local worker processes, or on a Dask
distributed cluster. Every way returns the same records in the same order for the same spec.

The run is cut into chunks of consecutive units; chunks finish in any order and are put back in
order, so the figures never depend on the number of workers. Dask is used (not Ray) because its
scheduler and workers are two plain commands on any machine with pip, it needs no cluster
manager, and a worker is a Python process that imports this package like a local one.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

from console.games.core import JSON
from console.lab.runs import RunSpec, run_chunk

Progress = Callable[[int, int], None]  # (units done, units in all)


def chunks(units: Sequence[tuple[int, int]], parts: int) -> list[list[tuple[int, int]]]:
    """Consecutive slices, small enough to balance the load across ``parts`` workers."""
    size = max(1, min(200, len(units) // max(1, parts * 8)))
    return [list(units[start : start + size]) for start in range(0, len(units), size)]


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _chunk_job(job: tuple[int, RunSpec, list[tuple[int, int]]]) -> tuple[int, list[JSON]]:
    number, spec, units = job
    return number, run_chunk(spec, units)


def run_local(spec: RunSpec, workers: int, progress: Progress | None = None) -> list[JSON]:
    """Play the run on ``workers`` processes (1: in this process)."""
    units = spec.units()
    parts = chunks(units, workers)
    done: dict[int, list[JSON]] = {}
    finished = 0
    if workers <= 1:
        for number, part in enumerate(parts):
            done[number] = run_chunk(spec, part)
            finished += len(part)
            if progress:
                progress(finished, len(units))
    else:
        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        with context.Pool(workers) as pool:
            jobs = [(number, spec, part) for number, part in enumerate(parts)]
            for number, records in pool.imap_unordered(_chunk_job, jobs):
                done[number] = records
                finished += len(records)
                if progress:
                    progress(finished, len(units))
    return [record for number in range(len(parts)) for record in done[number]]


def run_cluster(spec: RunSpec, address: str, progress: Progress | None = None) -> list[JSON]:
    """Play the run on the Dask distributed scheduler at ``address`` (``tcp://host:8786``)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError("--cluster needs Dask distributed: pip install 'tabletop-console[lab]'") from None
    units = spec.units()
    client: Any = Client(address, timeout="20s")
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        parts = chunks(units, workers)
        futures = [
            client.submit(_chunk_job, (number, spec, part), pure=False) for number, part in enumerate(parts)
        ]
        done: dict[int, list[JSON]] = {}
        finished = 0
        for future in as_completed(futures):
            number, records = future.result()
            done[number] = records
            finished += len(records)
            if progress:
                progress(finished, len(units))
        return [record for number in range(len(parts)) for record in done[number]]
    finally:
        client.close()
