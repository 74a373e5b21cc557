"""``--cluster``: the same seed gives the same records on a real local Dask cluster of worker
processes as on local processes. Skips (fails under TABLETOP_REQUIRE_ALL=1) without Dask."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from console.lab.execute import run_cluster, run_local
from console.lab.runs import RunSpec


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore")  # Dask's own deprecation and port notices
def test_cluster_gives_the_local_records(require_module: Callable[[str], None]) -> None:
    require_module("distributed")
    from distributed import LocalCluster

    spec = RunSpec("wheels", 8, seed=7, bots=("normal", "easy"))
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
    ) as cluster:
        seen: list[int] = []
        records = run_cluster(spec, cluster.scheduler_address, lambda done, total: seen.append(done))
    assert records == run_local(spec, 1)
    assert seen[-1] == len(spec.units())
