"""Game logs end to end: read + state + discard analysis, in one process and on 1 or 2 Dask workers.

    pytest bench/test_bench_logs.py --benchmark-only      # pytest-benchmark rows
    python bench/test_bench_logs.py                        # the same, as a table with the projections
    python bench/test_bench_logs.py tenhou                 # mjai, mjlog and tenhou.net/6: the ratios

The logs are the committed mjai hanchan (tests/data/mjai), copied to ``COPIES`` files
so that a cluster has tasks to share.  The stages: ``read`` (``events_of``: gunzip, every
line parsed), ``read+state`` (``discard_rows``: all ``analyze`` does before the judgement),
``read+state+analysis`` (``analyze_log``).  A decision point here is a discard (one row of
``logs.analyze``); ``extra_info["per_second"]`` is decision points per second, and the
table projects the time of the Tenhou phoenix corpus (17 million rounds) at that rate
on 1 and 64 cores, with the decision points per round of these logs.
"""
from __future__ import annotations

import gzip
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast import logs
from mahjong_fast._dispatch import NO_EXTENSIONS
from mahjong_fast.logs._analysis import analyze_log, discard_rows
from mahjong_fast.logs._reader import read_source, stream_events

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "mjai"
COPIES = 1 if NO_EXTENSIONS else 64
"""Copies of each committed log in the workload."""
CORPUS_ROUNDS = 17_000_000
"""Rounds (kyoku) in Tenhou's phoenix-room logs, 2009-2019."""
CLUSTER_CORES = 64
PURE_SKIP = "pure Python judges riichi hands at a few per second: only reading and state are timed"


def workload(folder: Path) -> list[str]:
    paths = []
    for copy in range(COPIES):
        for log in sorted(DATA.glob("*.json.gz")):
            target = folder / f"{copy:03d}_{log.name}"
            shutil.copyfile(log, target)
            paths.append(str(target))
    return paths


def events_of(source: Any) -> list[dict[str, Any]]:
    """Every event of a log, each line parsed (a Tenhou record converted) as the readers stream them."""
    name, lines, events, _ = read_source(source)
    return [event for _, _, event in stream_events(name, lines, events)]


def counts(paths: list[str]) -> tuple[int, int]:
    """(discards, rounds) of the workload."""
    rows = rounds = 0
    for path in paths:
        rows += len(discard_rows(path)[0]["seat"])
        rounds += sum(1 for e in events_of(path) if e["type"] == "start_kyoku")
    return rows, rounds


def stages(paths: list[str]) -> dict[str, Callable[[], Any]]:
    """What is timed: each stage includes the ones before it."""

    def read() -> None:
        for p in paths:
            events_of(p)

    def state() -> None:
        for p in paths:
            discard_rows(p)

    def analyze() -> None:
        for p in paths:
            analyze_log(p, "riichi")

    return {"read": read, "read+state": state, "read+state+analysis": analyze}


def on_cluster(paths: list[str], workers: int) -> tuple[Callable[[], Any], Callable[[], None], Any]:
    distributed = pytest.importorskip("distributed")
    import dask

    dask.config.set({"distributed.worker.profile.enabled": False})  # its sampling costs the workers CPU
    cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                       dashboard_address=":0")
    client = distributed.Client(cluster)
    logs.analyze(paths[:workers], client=client)  # warm the workers (imports, tables)

    def close() -> None:
        client.close()
        cluster.close()

    return (lambda: logs.analyze(paths, client=client)), close, client


def workers_cpu(client: Any) -> float:
    """CPU seconds the cluster's worker processes have used so far, together."""
    return float(sum(client.run(time.process_time).values()))


def _rate(benchmark: Any, rows: int) -> None:
    if benchmark.stats is not None:  # None under --benchmark-disable
        benchmark.extra_info["per_second"] = rows / benchmark.stats.stats.min


@pytest.fixture(scope="module")
def paths(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return workload(tmp_path_factory.mktemp("logs"))


@pytest.mark.parametrize("stage", ["read", "read+state", "read+state+analysis"])
def test_single_process(benchmark: Any, paths: list[str], stage: str) -> None:
    if NO_EXTENSIONS and stage.endswith("analysis"):
        pytest.skip(PURE_SKIP)
    rows, _ = counts(paths)
    benchmark.group = "logs end to end"
    benchmark.extra_info.update(decisions=rows, stage=stage, workers=0)
    benchmark.pedantic(stages(paths)[stage], rounds=3, iterations=1)
    _rate(benchmark, rows)


@pytest.mark.parametrize("workers", [1, 2])
def test_dask_workers(benchmark: Any, paths: list[str], workers: int) -> None:
    if NO_EXTENSIONS:
        pytest.skip(PURE_SKIP)
    rows, _ = counts(paths)
    run, close, _ = on_cluster(paths, workers)
    try:
        benchmark.group = "logs end to end"
        benchmark.extra_info.update(decisions=rows, stage="analyze on dask", workers=workers)
        table = benchmark.pedantic(run, rounds=3, iterations=1)
        assert table.num_rows == rows
        _rate(benchmark, rows)
    finally:
        close()


TENHOU = Path(__file__).resolve().parent.parent / "tests" / "data" / "tenhou"
TENHOU_GAMES = [p.stem for p in sorted((TENHOU / "json").glob("2*.json"))]
"""The phoenix hanchan held as mjlog, as tenhou.net/6 JSON and (converted here) as mjai."""


@pytest.fixture(scope="module")
def tenhou_forms(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    folder = tmp_path_factory.mktemp("tenhou")
    forms: dict[str, list[str]] = {"mjlog": [], "tenhou.net/6": [], "mjai": []}
    for game in TENHOU_GAMES:
        mjlog = TENHOU / "mjlog" / f"{game}.mjlog"
        mjai = folder / f"{game}.json.gz"
        with gzip.open(mjai, "wt", encoding="utf-8") as f:
            f.writelines(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n" for e in logs.to_mjai(mjlog))
        forms["mjlog"].append(str(mjlog))
        forms["tenhou.net/6"].append(str(TENHOU / "json" / f"{game}.json"))
        forms["mjai"].append(str(mjai))
    return forms


@pytest.mark.parametrize("form", ["mjlog", "tenhou.net/6", "mjai"])
def test_read_tenhou_record(benchmark: Any, tenhou_forms: dict[str, list[str]], form: str) -> None:
    """Reading the same phoenix games into mjai events (``events_of``), from each form."""
    paths = tenhou_forms[form]
    events = sum(len(events_of(p)) for p in paths)
    benchmark.group = "tenhou records: read into events"
    benchmark.extra_info.update(events=events, games=len(paths), form=form)
    benchmark.pedantic(lambda: [events_of(p) for p in paths], rounds=5, iterations=1)
    if benchmark.stats is not None:
        benchmark.extra_info["per_second"] = events / benchmark.stats.stats.min


@pytest.mark.skipif(NO_EXTENSIONS, reason=PURE_SKIP)
@pytest.mark.parametrize("form", ["mjlog", "tenhou.net/6", "mjai"])
def test_analyze_tenhou_record(benchmark: Any, tenhou_forms: dict[str, list[str]], form: str) -> None:
    """``analyze`` on one core over the same phoenix games in each form: decisions (discards) per second;
    the forms' ratios are the cost of reading a Tenhou record in the whole analysis."""
    paths = tenhou_forms[form]
    rows = sum(len(analyze_log(p)["seat"]) for p in paths)
    benchmark.group = "tenhou records: analyze"
    benchmark.extra_info.update(decisions=rows, games=len(paths), form=form)
    benchmark.pedantic(lambda: [analyze_log(p) for p in paths], rounds=3, iterations=1)
    _rate(benchmark, rows)


TENHOU_COPIES = 4
"""Copies of the phoenix games on the cluster, so that its two workers have tasks to share."""


@pytest.fixture(scope="module")
def tenhou_cluster(tenhou_forms: dict[str, list[str]]) -> Any:
    _, close, client = on_cluster([p for paths in tenhou_forms.values() for p in paths], 2)
    yield client
    close()


@pytest.mark.skipif(NO_EXTENSIONS, reason=PURE_SKIP)
@pytest.mark.parametrize("form", ["mjlog", "tenhou.net/6", "mjai"])
def test_analyze_tenhou_record_on_dask(benchmark: Any, tenhou_forms: dict[str, list[str]], tenhou_cluster: Any,
                                       form: str) -> None:
    """``analyze`` on a local Dask cluster (2 workers, 1 thread each) over the same phoenix games
    (``TENHOU_COPIES`` times) in each form: decisions per second, wall time."""
    paths = tenhou_forms[form] * TENHOU_COPIES
    rows = logs.analyze(paths, client=tenhou_cluster).num_rows
    benchmark.group = "tenhou records: analyze on dask"
    benchmark.extra_info.update(decisions=rows, games=len(paths), form=form, workers=2)
    benchmark.pedantic(lambda: logs.analyze(paths, client=tenhou_cluster), rounds=3, iterations=1)
    _rate(benchmark, rows)


def tenhou_ratios(rounds: int = 9) -> None:
    """The forms of the phoenix games side by side in one run, interleaved (each round times every form
    in turn): CPU time on one core of ``events_of``, ``to_mjai`` and ``analyze``, and wall time of
    ``analyze`` on a local Dask cluster (2 workers); best and median of ``rounds``, each against mjai."""
    import statistics

    with tempfile.TemporaryDirectory() as tmp:
        forms: dict[str, list[str]] = {"mjai": [], "mjlog": [], "tenhou.net/6": []}
        for game in TENHOU_GAMES:
            mjlog = TENHOU / "mjlog" / f"{game}.mjlog"
            mjai = Path(tmp) / f"{game}.json.gz"
            with gzip.open(mjai, "wt", encoding="utf-8") as f:
                f.writelines(json.dumps(e, separators=(",", ":"), ensure_ascii=False) + "\n"
                             for e in logs.to_mjai(mjlog))
            forms["mjai"].append(str(mjai))
            forms["mjlog"].append(str(mjlog))
            forms["tenhou.net/6"].append(str(TENHOU / "json" / f"{game}.json"))
        rows = {form: sum(len(analyze_log(p)["seat"]) for p in paths) for form, paths in forms.items()}
        print(f"{len(TENHOU_GAMES)} phoenix games, {rows['mjai']} decisions (discards); "
              f"implementation: {'pure-python' if NO_EXTENSIONS else 'compiled'}")
        one_core: dict[str, Callable[[str], Any]] = {"read": events_of, "to_mjai": lambda p: list(
            logs.to_mjai(p))}
        if not NO_EXTENSIONS:
            one_core["analyze"] = analyze_log
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(rounds):
            for stage, fn in one_core.items():
                for form, paths in forms.items():
                    start = time.process_time()
                    for p in paths:
                        fn(p)
                    times.setdefault((stage, form), []).append(time.process_time() - start)
        if not NO_EXTENSIONS:
            _, close, client = on_cluster([p for paths in forms.values() for p in paths], 2)
            try:
                for _ in range(rounds):
                    for form, paths in forms.items():
                        start = time.perf_counter()
                        logs.analyze(paths * TENHOU_COPIES, client=client)
                        times.setdefault(("analyze on dask (wall)", form), []).append(time.perf_counter() - start)
            finally:
                close()
        print(f"{'stage':<24} {'form':<13} {'best ms':>8} {'median ms':>9} {'x mjai (best)':>13} "
              f"{'x mjai (median)':>15} {'decisions/s (best)':>18}")
        for (stage, form), seconds in times.items():
            best, median = min(seconds), statistics.median(seconds)
            base = times[(stage, "mjai")]
            copies = TENHOU_COPIES if "dask" in stage else 1
            print(f"{stage:<24} {form:<13} {best * 1000:8.1f} {median * 1000:9.1f} {best / min(base):13.2f} "
                  f"{median / statistics.median(base):15.2f} {rows[form] * copies / best:18,.0f}")


@pytest.fixture(scope="module")
def gzip_bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 1 MB of gzip (a compressed MiB of spaces as 1024 members) expanding to 1 GiB."""
    path = tmp_path_factory.mktemp("bomb") / "bomb.json.gz"
    path.write_bytes(gzip.compress(b" " * (1 << 20), compresslevel=9) * 1024)
    return path


BOMB_SECONDS = 2.0
"""What #26 allows for reading the gzip bomb to its ValueError."""


def test_gzip_bomb(benchmark: Any, gzip_bomb: Path) -> None:
    """``replay`` of a 1 GiB gzip bomb up to its ``ValueError`` (the line cap): the time it takes
    (tests/logs/test_logs_hostile.py holds the bytes read and the peak memory)."""

    def read() -> str:
        try:
            list(logs.replay(gzip_bomb))
        except ValueError as exc:
            return str(exc)
        return ""

    benchmark.group = "hostile logs"
    message = benchmark.pedantic(read, rounds=3, iterations=1)
    assert "MAX_LINE" in message
    if benchmark.stats is not None:
        assert benchmark.stats.stats.max < BOMB_SECONDS


def best_of(fn: Callable[[], Any], rounds: int = 3, clock: Callable[[], float] = time.perf_counter) -> float:
    """The least time of ``rounds`` runs on ``clock``: wall time, or this process's CPU time (a core's
    work whatever else the machine runs) for the stages that run in this process."""
    times = []
    for _ in range(rounds):
        start = clock()
        fn()
        times.append(clock() - start)
    return min(times)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        paths = workload(Path(tmp))
        rows, rounds = counts(paths)
        per_round = rows / rounds
        print(f"{len(paths)} logs, {rounds} rounds, {rows} discards ({per_round:.1f} per round); "
              f"implementation: {'pure-python' if NO_EXTENSIONS else 'compiled'}")
        results = [(stage, 0, best_of(fn, clock=time.process_time)) for stage, fn in stages(paths).items()]
        cpu = {}
        for workers in (1, 2):
            run, close, client = on_cluster(paths, workers)
            try:
                before = workers_cpu(client)
                results.append(("analysis on dask", workers, best_of(run)))
                cpu[workers] = (workers_cpu(client) - before) / 3
            finally:
                close()
        print("one process: CPU seconds; on Dask: wall seconds, and the workers' CPU seconds per run")
        print(f"{'stage':<22} {'workers':>7} {'seconds':>8} {'discards/s':>11} {'worker CPU s':>12} "
              f"{'discards/CPU s':>14}")
        for stage, workers, seconds in results:
            extra = f" {cpu[workers]:12.3f} {rows / cpu[workers]:14,.0f}" if workers else ""
            print(f"{stage:<22} {workers or '-':>7} {seconds:8.3f} {rows / seconds:11,.0f}{extra}")
        rate = rows / results[2][2]
        corpus = CORPUS_ROUNDS * per_round / rate
        scaling = results[3][2] / results[4][2]
        print(f"one core, end to end: {rate:,.0f} discards/s; the {CORPUS_ROUNDS:,} rounds of the corpus "
              f"({per_round:.1f} discards a round) take {corpus / 3600:.1f} h on one core, "
              f"{corpus / CLUSTER_CORES / 60:.1f} min on {CLUSTER_CORES} (if it scales linearly; "
              f"1 -> 2 Dask workers here: x{scaling:.2f})")


if __name__ == "__main__":
    sys.exit(tenhou_ratios() if sys.argv[1:] == ["tenhou"] else main())
