"""Hostile and corrupt logs: bounded memory whatever a log expands to, every malformed input a
``ValueError`` naming the file and line (or tag), safe XML, ``analyze(errors="skip")`` on one process
and on Dask, a worker killed mid-run, and a bounded fuzz of real logs."""
from __future__ import annotations

import gzip
import importlib.util
import io
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import warnings
import zlib
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast import logs
from mahjong_fast.logs import _json, _text

from support.cluster import local_cluster
from support.impls import NO_EXTENSIONS, REPO_ROOT

DATA = Path(__file__).resolve().parents[1] / "data"
MJAI = sorted((DATA / "mjai").glob("*.json.gz"))
MJLOGS = sorted((DATA / "tenhou" / "mjlog").glob("*.mjlog"))
JSONS = sorted((DATA / "tenhou" / "json").glob("*.json"))
HEAD = [json.dumps(e) for e in [
    {"type": "start_game", "names": ["A", "B", "C", "D"]},
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "1p",
     "scores": [25000] * 4, "tehais": [f"1m 2m 3m 4p 5p 6p 7s 8s 9s {h}".split()
                                       for h in ("E E C C", "S S F F", "W W P P", "N N N 1s")]}]]
"""A sound start: the bad line comes third."""
HAVE_PYARROW = importlib.util.find_spec("pyarrow") is not None


def _bad_line(lines: list[str], lineno: int, *why: str, name: str = "<lines>") -> None:
    reads = [lambda: list(logs.replay(lines)), lambda: list(logs.decisions(lines))]
    if HAVE_PYARROW:
        reads.append(lambda: logs.analyze([lines]))
    for read in reads:
        with pytest.raises(ValueError, match=rf"^{name}, line {lineno}: ") as caught:
            read()
        for fragment in why:
            assert fragment in str(caught.value)


# --- bounded memory -------------------------------------------------------------------------------


def _write_bomb(path: Path, size: int, byte: bytes = b" ", members: bool = False) -> None:
    """A gzip file of ``size`` times ``byte``, made a MiB at a time (never held whole): one stream, or
    (``members``) the same compressed MiB over and over as gzip members, which is quick to make."""
    block = byte * ((1 << 20) // len(byte))  # a MiB: len(byte) divides it
    with open(path, "wb") as f:
        if members:
            member = gzip.compress(block, compresslevel=9)
            for _ in range(size >> 20):
                f.write(member)
            return
        pack = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
        for _ in range(size >> 20):
            f.write(pack.compress(block))
        f.write(pack.flush())


MEASURE = textwrap.dedent("""
    import json, resource, sys
    from mahjong_fast import logs
    from mahjong_fast.logs import _json, _text
    read = [0]
    add = _text._Cap.add
    def counted(self, piece):
        read[0] += len(piece)
        return add(self, piece)
    _text._Cap.add = counted
    how = sys.argv[2]
    try:
        if how == "replay":
            list(logs.replay(sys.argv[1]))
        else:
            logs.analyze([sys.argv[1]])
        message = None
    except ValueError as exc:
        message = str(exc)
    try:  # this process's own peak: ru_maxrss keeps the parent's from before the exec on Linux
        with open("/proc/self/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"message": message, "read": read[0], "peak_kb": peak}))
""")


def _measure(path: Path, how: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", MEASURE, str(path), how], capture_output=True, text=True,
                         check=True, timeout=300)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


@pytest.fixture(scope="module")
def bomb(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 1 MB of gzip expanding to 1 GiB of spaces."""
    path = tmp_path_factory.mktemp("bomb") / "bomb.json.gz"
    _write_bomb(path, 1 << 30, members=True)
    assert path.stat().st_size < 2 << 20
    return path


@pytest.mark.parametrize("how", ["replay", "analyze"])
def test_a_gzip_bomb_stops_at_the_line_cap_in_bounded_memory(bomb: Path, how: str) -> None:
    pytest.importorskip("pyarrow")
    result = _measure(bomb, how)
    assert result["message"] == f"{bomb}, line 1: a line longer than MAX_LINE ({logs.MAX_LINE} bytes)"
    assert result["read"] <= logs.MAX_LINE + _text.CHUNK  # the work done: no more than the cap decompressed
    assert result["peak_kb"] < 200 * 1024


def test_a_gzip_bomb_of_short_lines_stops_at_the_log_cap(tmp_path: Path) -> None:
    path = tmp_path / "lines.json.gz"
    _write_bomb(path, 4 * logs.MAX_LOG, b'{"type":"none"}\n')
    result = _measure(path, "replay")
    assert result["message"].startswith(f"{path}, line ")
    assert result["message"].endswith(f": the log is longer than MAX_LOG ({logs.MAX_LOG} bytes)")
    assert result["read"] <= logs.MAX_LOG + _text.CHUNK
    assert result["peak_kb"] < 200 * 1024  # stopped while reading: the lines are never split


def test_caps_on_every_kind_of_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_text, "MAX_LINE", 100)
    monkeypatch.setattr(_text, "MAX_LOG", 1000)
    long_line = HEAD[0] + " " * 100
    for source in ([HEAD[0], long_line], [HEAD[0].encode(), long_line.encode()],
                   io.StringIO(HEAD[0] + "\n" + long_line), io.BytesIO((HEAD[0] + "\n" + long_line).encode()),
                   io.BytesIO(gzip.compress((HEAD[0] + "\n" + long_line).encode()))):
        with pytest.raises(ValueError, match=r", line 2: a line longer than MAX_LINE \(100 bytes\)"):
            list(logs.replay(source))  # type: ignore[arg-type]
    many = [HEAD[0]] * 30  # about 1,400 bytes in lines of 46
    for source in (many, io.StringIO("\n".join(many)), io.BytesIO(gzip.compress("\n".join(many).encode()))):
        with pytest.raises(ValueError, match=r"the log is longer than MAX_LOG \(1000 bytes\)"):
            list(logs.replay(source))  # type: ignore[arg-type]
    path = tmp_path / "record.mjlog"
    path.write_bytes(gzip.decompress(MJLOGS[0].read_bytes()))
    with pytest.raises(ValueError, match=rf"^{path}, line 1: a line longer than MAX_LINE"):
        logs.record_rules(path)  # a Tenhou record is capped before it is parsed


# --- every malformed input a ValueError naming the file and line ---------------------------------


@pytest.mark.parametrize(("line", "why"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deep"),
    ('{"type": "tsumo", "actor": [' + "[" * 100_000 + "]" * 100_000 + '], "pai": "1m"}', "nested too deep"),
    ('{"type": "tsumo", "actor": NaN, "pai": "1m"}', "NaN"),
    ('{"type": "tsumo", "actor": Infinity, "pai": "1m"}', "Infinity"),
    ('{"type": "tsumo", "actor": -Infinity, "pai": "1m"}', "-Infinity"),
    ('{"type": "tsumo", "actor": 1e999, "pai": "1m"}', "out of range"),
    ('{"type": "tsumo", "actor": 1' + "0" * 5000 + ', "pai": "1m"}', "digits"),
    ('{"type": "tsumo", "actor": 0, "actor": 1, "pai": "1m"}', "'actor' is given twice"),
    ('{"type": "tsumo", "pai": "1m", "pai": "2m", "actor": 0}', "'pai' is given twice"),
    ('{"type": "dahai", "actor": 100000000000000000000000000000, "pai": "E", "tsumogiri": false}', "dahai"),
    ('{"type": "dahai", "actor": -1, "pai": "E", "tsumogiri": false}', "dahai"),
    ('{"type": "dahai", "actor": "0", "pai": "E", "tsumogiri": false}', "dahai"),
    ('{"type": "dahai", "actor": 0, "pai": 5, "tsumogiri": false}', "dahai"),
    ('{"type": "dahai", "actor": 0, "pai": ["E"], "tsumogiri": false}', "dahai"),
    ('{"type": "tsumo", "actor": 0.5, "pai": "1m"}', "tsumo"),
    ('{"type": "tsumo", "actor": true, "pai": "1m"}', "tsumo"),
    ('{"type": "pon", "actor": 1, "target": 0, "pai": "E", "consumed": "EE"}', "pon"),
    ('{"type": "pon", "actor": 1, "target": null, "pai": "E", "consumed": ["E", "E"]}', "pon"),
    ('{"type": "chi", "actor": 1, "target": 0, "pai": "E", "consumed": [["E"], 3]}', "chi"),
    ('{"type": "reach", "actor": {}}', "reach"),
    ('{"type": "dora", "dora_marker": 7}', "dora"),
    ('{"type": "hora", "actor": 0, "target": [], "deltas": "x"}', "hora"),
    ('{"type": "ryukyoku", "deltas": [null, 1e308, "x", []]}', ""),
    ('{"type": "end_kyoku", "x": ' + '{"a": ' * 20_000 + "1" + "}" * 20_000 + "}", "nested too deep"),
    ('{"type": ["tsumo"]}', "unknown event type"),
    ('{"type": null}', "unknown event type"),
    ("[]", "not a JSON object"),
    ('"tsumo"', "not a JSON object"),
])
def test_malformed_lines_are_value_errors_naming_the_line(line: str, why: str) -> None:
    _bad_line(HEAD + [line], 3, why)


def _naive_too_deep(text: str, pos: int) -> bool:
    """``too_deep`` read one character at a time: a string's quote, a backslash in it, a bracket."""
    if text[pos:pos + 1] not in ("[", "{"):
        return False
    depth, in_string, escaped = 0, False, False
    for char in text[pos:]:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > _json.MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
            if depth == 0:
                return False
    return False


def test_the_depth_is_read_as_a_character_walk_reads_it() -> None:
    """``too_deep`` (brackets found by a regex, strings skipped by ``str.find``) against the character
    walk, on random texts of brackets, quotes and backslashes near the limit, and on real JSON."""
    rng = random.Random(7)
    deep = 0
    for _ in range(3000):
        depth = rng.choice([_json.MAX_DEPTH - 1, _json.MAX_DEPTH, _json.MAX_DEPTH + 1, rng.randrange(1, 130)])
        parts = ["[" * depth]
        for _ in range(rng.randrange(0, 6)):
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(['"', '\\', '\\"', '"[[{', "]", "}", "{", "a,"]))
        text = rng.choice(["", "[", '{"k": ']) + "".join(parts) + "]" * rng.randrange(0, depth + 2)
        for pos in (0, 1):
            assert _json.too_deep(text, pos) == _naive_too_deep(text, pos), (text[:200], pos)
        deep += _naive_too_deep(text, 0)
    assert 500 < deep < 2500  # both answers were drawn often
    for depth in (_json.MAX_DEPTH, _json.MAX_DEPTH + 1):
        value: Any = "x]\\\"["
        for k in range(depth):
            value = [value, {"k[": k}] if k % 2 else {"a{": value}
        text = json.dumps(value)
        assert _json.too_deep(text, 0) is (depth > _json.MAX_DEPTH)
        assert (_json.loads(text) == value) if depth <= _json.MAX_DEPTH else True


@pytest.mark.parametrize("limit", [1000, 1_000_000])
def test_deep_nesting_is_refused_whatever_the_recursion_limit(limit: int) -> None:
    """The json module's C parser recurses once a level, checked only against the recursion limit: in
    a process whose limit is raised (by its own code), a line nested 300,000 deep would overflow the
    C stack.  The readers refuse it before, on a small thread stack too.  (In a child process: a
    failure here is a crash.)"""
    script = textwrap.dedent(f"""
        import sys, threading
        from mahjong_fast import logs
        from mahjong_fast.logs import _json
        sys.setrecursionlimit({limit})
        deep = "[" * 300_000 + "]" * 300_000
        answers = []
        def read():
            for call in (lambda: _json.loads(deep), lambda: _json.raw_decode(deep, 0),
                         lambda: list(logs.replay([{HEAD[0]!r}, {HEAD[1]!r}, deep]))):
                try:
                    call()
                except ValueError as error:
                    answers.append(str(error))
        threading.stack_size(1 << 19)
        worker = threading.Thread(target=read)
        worker.start()
        worker.join()
        print(answers)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    answers = eval(done.stdout)
    assert len(answers) == 3 and all("nested too deep" in a for a in answers), answers


START = json.loads(HEAD[1])


@pytest.mark.parametrize("change", [
    {"bakaze": 1}, {"bakaze": "X"}, {"kyoku": 10**30}, {"kyoku": -1}, {"kyoku": "1"}, {"honba": -5},
    {"honba": 10**30}, {"kyotaku": "x"}, {"oya": 7}, {"oya": None}, {"dora_marker": 7}, {"dora_marker": "x"},
    {"scores": "many"}, {"scores": [25000] * 3}, {"scores": [None] * 4}, {"scores": [10**40] * 4},
    {"tehais": "none"}, {"tehais": [[None] * 13] * 4}, {"tehais": START["tehais"][:3]},
    {"tehais": [t[:12] for t in START["tehais"]]}, {"tehais": [["1m"] * 13] * 4},
])
def test_wrong_types_in_a_round_start(change: dict[str, Any]) -> None:
    _bad_line(HEAD[:1] + [json.dumps({**START, **change})], 2)


@pytest.mark.parametrize("event", [
    {"type": "start_kyoku"},
    {"type": "start_game", "names": 4},
    {"type": "start_game", "names": [None, 1, [], {}]},
    {"type": "start_game", "names": ["A", "B"]},
])
def test_wrong_types_in_a_game_start(event: dict[str, Any]) -> None:
    _bad_line([HEAD[0], json.dumps(event)], 2)


def test_invalid_utf8_names_the_line(tmp_path: Path) -> None:
    data = ("\n".join(HEAD) + "\n").encode() + b'{"type": "tsumo", "actor": 0, "pai": "\xff"}\n'
    for name, source in (("<lines>", [*(h.encode() for h in HEAD), data.splitlines()[2]]),
                         ("<lines>", io.BytesIO(data)), ("<lines>", io.BytesIO(gzip.compress(data)))):
        with pytest.raises(ValueError, match=rf"^{name}, line 3: not UTF-8"):
            list(logs.replay(source))  # type: ignore[arg-type]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(data)
    with open(path, encoding="utf-8") as f, pytest.raises(ValueError, match=rf"^{path}, line 1 or after: not UTF-8"):
        list(logs.replay(f))
    path = tmp_path / "bad.json.gz"
    path.write_bytes(gzip.compress(data))
    with pytest.raises(ValueError, match=rf"^{path}, line 3: not UTF-8"):
        logs.analyze([path])


def test_corrupt_and_hostile_gzip(tmp_path: Path) -> None:
    data = MJAI[0].read_bytes()
    text = gzip.decompress(data)
    for damaged, why in ((data[: len(data) // 2], "truncated or corrupt gzip"),
                         (data[:-4] + b"\0\0\0\0", "truncated or corrupt gzip"),
                         (data + b"junk", "truncated or corrupt gzip"),
                         (data[:10] + b"\xff" * 20 + data[30:], "truncated or corrupt gzip")):
        path = tmp_path / "damaged.json.gz"
        path.write_bytes(damaged)
        with pytest.raises(ValueError, match=rf"^{path}, line \d+: {why}"):
            list(logs.replay(path))
    path.write_bytes(gzip.compress(text[:5000]) + gzip.compress(text[5000:]) + b"\0" * 16)  # members, padding
    assert [e for e, _ in logs.replay(path)] == [e for e, _ in logs.replay(MJAI[0])]


def test_tenhou6_json_is_read_as_strictly() -> None:
    text = JSONS[0].read_text(encoding="utf-8").splitlines()[0]  # one round's object
    for bad, why in ((text.replace('"log":', '"log": NaN, "log":', 1), "NaN"),
                     (text.replace('"log":', '"x": ' + "[" * 100_000 + "]" * 100_000 + ', "log":', 1), "nested"),
                     (text.replace('"log":', '"log": [], "log":', 1), "given twice")):
        with pytest.raises(ValueError, match=r"^<lines>, .*" + why):
            list(logs.to_mjai([bad]))


# --- safe XML -----------------------------------------------------------------------------------------

LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE mjloggm [\n<!ENTITY lol "lol">\n'
          + "".join(f'<!ENTITY lol{i} "{("&lol" + str(i - 1 or "") + ";") * 10}">\n' for i in range(1, 10))
          + ']>\n<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="&lol9;" n1="B" n2="C" n3="D"/></mjloggm>')


def test_billion_laughs_and_external_entities_are_refused_unread(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("SECRET", encoding="utf-8")
    external = (f'<!DOCTYPE mjloggm [<!ENTITY x SYSTEM "file://{secret}"><!ENTITY y SYSTEM "http://127.0.0.1:9/">]>'
                '<mjloggm ver="2.3"><GO type="169"/><UN n0="&x;&y;" n1="B" n2="C" n3="D"/></mjloggm>')
    entity_only = '<mjloggm ver="2.3"><GO type="169"/><UN n0="&x;" n1="B" n2="C" n3="D"/></mjloggm>'
    opened: list[object] = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or real_open(*a, **k))
    monkeypatch.setattr("socket.socket.connect", lambda *a: opened.append(a))
    for record in (LAUGHS, external):
        for source in ([record], io.BytesIO(record.encode()), io.BytesIO(gzip.compress(record.encode()))):
            with pytest.raises(ValueError, match=r"^<lines>, .*(DTD|declaration)") as caught:
                list(logs.to_mjai(source))  # type: ignore[arg-type]
            assert "lollol" not in str(caught.value) and "SECRET" not in str(caught.value)
    with pytest.raises(ValueError, match="UN"):  # an entity (no DTD) is not looked up: the tag is refused
        list(logs.to_mjai([entity_only]))
    assert opened == []


# --- analyze(errors="skip") -----------------------------------------------------------------------------


PURE_DISCARDS = 12
"""Discards of each good log judged under pure Python."""


def _corpus(folder: Path) -> tuple[list[Path], list[Path]]:
    """``(all, good)``: 20 good logs (the 4 mjai logs, 8 mjlog and 8 tenhou.net/6 four-player records) and 3
    bad ones among them.  Under pure Python (slow at judging) each good log is its first
    ``PURE_DISCARDS`` discards as mjai."""
    four = [p for p in MJLOGS if logs.record_rules(p).players == 4][:8]
    four += [p for p in JSONS if logs.record_rules(p).players == 4][:8]
    good = list(MJAI) + four
    if NO_EXTENSIONS:
        cut = []
        for i, path in enumerate(good):
            lines = [json.dumps(e) for e in logs.to_mjai(path)]
            end = [k for k, line in enumerate(lines) if '"dahai"' in line][PURE_DISCARDS]
            cut.append(folder / f"good_{i:02d}.jsonl")
            cut[-1].write_text("\n".join(lines[:end]) + "\n", encoding="utf-8")
        good = cut
    truncated = folder / "truncated.json.gz"
    truncated.write_bytes(MJAI[0].read_bytes()[:1500])
    laughs = folder / "laughs.mjlog"
    laughs.write_text(LAUGHS, encoding="utf-8")
    nested = folder / "nested.jsonl"
    nested.write_text("\n".join(HEAD + ["[" * 100_000 + "]" * 100_000]) + "\n", encoding="utf-8")
    everything = good[:3] + [truncated] + good[3:11] + [laughs] + good[11:] + [nested]
    return everything, good


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], list[Path], Any]:
    pytest.importorskip("pyarrow")
    everything, good = _corpus(tmp_path_factory.mktemp("corpus"))
    return everything, good, logs.analyze(good)


def _skipped(run: Any) -> tuple[Any, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = run()
    assert all(w.category is logs.BadLogWarning for w in caught)
    return table, [str(w.message) for w in caught]


def _assert_reported(messages: list[str], everything: list[Path], good: list[Path]) -> None:
    bad = [p for p in everything if p not in good]
    assert len(messages) == 3
    for message, path, why in zip(messages, bad, ("truncated or corrupt gzip", "DTD", "nested too deep")):
        assert message.startswith(f"{path}, ") and why in message


def test_skip_leaves_out_the_bad_logs(corpus: tuple[list[Path], list[Path], Any]) -> None:
    everything, good, expected = corpus
    with pytest.raises(ValueError, match="truncated"):
        logs.analyze(everything)
    with pytest.raises(ValueError, match="errors must be 'raise' or 'skip'"):
        logs.analyze(good, errors="ignore")
    table, messages = _skipped(lambda: logs.analyze(everything, errors="skip"))
    assert table.equals(expected)
    assert set(table.column("log").to_pylist()) == {str(p) for p in good}
    _assert_reported(messages, everything, good)
    assert issubclass(logs.BadLogWarning, Warning)


def test_skip_bad_on_the_command_line(corpus: tuple[list[Path], list[Path], Any]) -> None:
    from mahjong_fast.logs import _cli

    everything, good, expected = corpus
    out, err = io.StringIO(), io.StringIO()
    assert _cli.run(["--skip-bad", *map(str, everything)], stdout=out, stderr=err) == 0
    assert out.getvalue().startswith(f"{expected.num_rows} discards in {len(good)} logs")
    lines = err.getvalue().splitlines()
    assert f"skipped 3 bad logs of {len(everything)}:" in lines
    _assert_reported([line.strip() for line in lines if line.startswith("  ")], everything, good)


def test_skip_on_a_local_dask_cluster(corpus: tuple[list[Path], list[Path], Any]) -> None:
    distributed = pytest.importorskip("distributed")
    everything, good, expected = corpus
    with local_cluster() as cluster, distributed.Client(cluster) as client:
        table, messages = _skipped(lambda: logs.analyze(everything, client=client, errors="skip"))
        one_each, again = _skipped(lambda: logs.analyze(everything, client=client, errors="skip", files_per_task=1))
        with pytest.raises(ValueError, match="truncated"):
            logs.analyze(everything, client=client)
    assert table.equals(expected) and one_each.equals(expected)
    _assert_reported(messages, everything, good)
    assert again == messages


def test_a_worker_killed_mid_run_gives_the_same_rows(corpus: tuple[list[Path], list[Path], Any]) -> None:
    distributed = pytest.importorskip("distributed")
    _, good, expected = corpus
    with local_cluster() as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        assert len(pids) == 2
        victim = sorted(pids.values())[0]
        killed: list[int] = []

        def progress(done: int, total: int) -> None:  # the first log finished: half the run is still to do
            if not killed:
                os.kill(victim, signal.SIGKILL)
                killed.append(done)

        table = logs.analyze(good, client=client, files_per_task=1, progress=progress)
    assert killed and killed[0] < len(good)
    assert table.equals(expected)


# --- a bounded fuzz of real logs ------------------------------------------------------------------------


def _fuzz_module() -> Any:
    spec = importlib.util.spec_from_file_location("fuzz_script", REPO_ROOT / "scripts" / "fuzz.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FUZZ_CALLS = 60 if NO_EXTENSIONS else 200
"""Damaged logs read (each by replay and by to_mjai)."""


def test_fuzzed_logs_raise_only_value_or_type_errors() -> None:
    pytest.importorskip("numpy")
    fuzz = _fuzz_module()
    corpus = fuzz.log_corpus(DATA)
    assert {kind for kind, _ in corpus} == {"mjai", "mjlog", "tenhou6"}
    rng = random.Random(26)
    largest = max(len(data) for _, data in corpus)
    outcomes: dict[str, int] = {}
    for _ in range(FUZZ_CALLS):
        for name, call, size in fuzz.log_calls(rng, corpus):
            assert size <= 4 * largest + 300_000  # bounded inputs: no hang, bounded memory
            try:
                call()
                outcome = "ok"
            except (ValueError, TypeError):
                outcome = "error"
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            assert name.startswith("logs.")
    assert outcomes.get("error", 0) > FUZZ_CALLS // 2
