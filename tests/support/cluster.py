"""One home for the local Dask clusters of the tests.

Two suites run side by side in CI (compiled and pure Python), and a developer's machine may run
its own Dask: a cluster that asked for the default dashboard port (8787) would then get a warning,
an error under the suite's ``filterwarnings = error``.  Every test cluster asks for free ports, and
while it runs the default dashboard port is held busy here, so a setting that relies on that port
fails on every run, not only on a crowded machine.
"""
from __future__ import annotations

import contextlib
import socket
from collections.abc import Iterator
from typing import Any

DEFAULT_DASHBOARD_PORT = 8787


@contextlib.contextmanager
def _port_held(port: int) -> Iterator[None]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        try:
            holder.bind(("", port))
            holder.listen(1)
        except OSError:  # already taken by someone else: busy all the same
            pass
        yield


@contextlib.contextmanager
def local_cluster(workers: int = 2, **options: Any) -> Iterator[Any]:
    """A LocalCluster of ``workers`` one-thread processes on free ports, the default dashboard port held busy."""
    import distributed

    with _port_held(DEFAULT_DASHBOARD_PORT), distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
            **options) as cluster:
        yield cluster
