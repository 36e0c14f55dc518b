"""Fuzz every public entry point: only ValueError/TypeError, never a slow call.

    python scripts/fuzz.py --calls 1000000 [--seed 1]

Random text in every notation (and junk), tile codes in every encoding and counts (the hands of
``mahjong_fast._bench.hands``, then broken), melds, and random keyword values go to every public
function.  Any exception
other than ``ValueError``/``TypeError`` is a failure, and so is a call slower
than ``--budget-us`` microseconds per input character (plus a fixed allowance),
which would betray a super-linear path.  Long inputs (10**5 and 10**6
characters) check linearity directly.  ``--logs RATE`` of the rounds also read
a real game log (tests/data: mjai, mjlog, tenhou.net/6) damaged at random:
truncated, bytes flipped, lines swapped, doubled or lost, a hostile value put
in, gzipped and then cut, flipped or followed by more members or junk.
Exits 1 on any failure.
"""
from __future__ import annotations

import argparse
import gzip
import io
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

import mahjong_fast as mf
from mahjong_fast._bench.hands import mixed_hand, tiles_of

ALPHABET = "0123456789mpsz[]{} ,WBTFJwbtfj" + "🀇🀙🀐🀀🀆🀄" + "一二三五九万筒条东南西北白发中红风" + "\x00é-+."
ENCODINGS = list(mf.ENCODINGS) + ["bogus", None, 5]
WILDS = [None, "7z", "5z", ["7z", "1m"], "9z", object(), 33, -1, "", [[]], {"7z": 1}]
FORMS = [None, "standard", "seven_pairs", "thirteen_orphans", "x", [], 3]
STRATEGIES = [None, *mf.STRATEGIES, "x", []]


def random_text(rng: random.Random) -> str:
    n = rng.choice((0, 1, 2, 5, 14, 14, 20, 40, 200))
    if rng.random() < 0.5:  # near-valid mpsz
        groups = [
            "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 5))) + rng.choice("mpsz")
            for _ in range(rng.randint(1, 5))
        ]
        text = "".join(groups)
        if rng.random() < 0.3:
            text += rng.choice(["[123p]", "{1111z}", "[555s]", "[12", "]", "[]"])
        return text
    return "".join(rng.choice(ALPHABET) for _ in range(n))


def random_ints(rng: random.Random) -> list[Any]:
    n = rng.choice((0, 1, 2, 13, 14, 14, 15, 34))
    pool: list[Any] = tiles_of(mixed_hand(rng, n))  # wall-random, four-heavy, orphan-heavy or near a win
    rng.shuffle(pool)
    if n and rng.random() < 0.2:
        pool[rng.randrange(n)] = rng.choice([-1, 34, 136, 2**70, True, 1.5, "1m", None, np.int64(3)])
    return pool


def random_counts(rng: random.Random) -> Any:
    counts = mixed_hand(rng, rng.choice((13, 14, 14, 20)))
    form = rng.random()
    if form < 0.3:
        return bytes(min(c, 255) for c in counts)
    if form < 0.5:
        return np.array(counts, dtype=rng.choice(["u1", "i8", "i2"]))
    if form < 0.6:
        return counts[: rng.randrange(40)]
    return counts


def random_hand(rng: random.Random) -> tuple[Any, dict[str, Any]]:
    kind = rng.random()
    kwargs: dict[str, Any] = {}
    if kind < 0.45:
        hand: Any = random_text(rng)
    elif kind < 0.75:
        hand = random_ints(rng)
        if rng.random() < 0.3:
            kwargs["encoding"] = rng.choice(ENCODINGS)
    elif kind < 0.9:
        hand = random_counts(rng)
        kwargs["encoding"] = "counts"
    else:
        hand = rng.choice([None, 5, {"1m": 2}, Counter("1m"), iter([0, 1]), b"\x01" * 34, 3.5, [[0]]])
    if rng.random() < 0.2:
        kwargs["melds"] = rng.choice([["123p"], ["[555s]"], [mf.Meld.pung(0)], 5, ["x"], ["1111z"], [None]])
    return hand, kwargs


SCORE_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
               "chiihou")
WINS = ("123m456p789s234s55z", "11223344556677z", "19m19p19s12345677z", "234m456p678s23455s", "111222333m44455p")


def score_call(rng: random.Random, hand: Any, kw: dict[str, Any]) -> Callable[[], object]:
    """``mf.score`` with random arguments under every rule set: a real win now and then, else the fuzzed hand."""
    if rng.random() < 0.5:
        hand, kw = rng.choice(WINS), {}
    win = rng.choice([*"1m 5z 5s 9p".split(), 0, 33, 34, None, "x", hand[:2] if isinstance(hand, str) else 5])
    args: dict[str, Any] = dict(kw, rules=rng.choice([*mf.RULES, None, "bogus"]))
    for flag in rng.sample(SCORE_FLAGS, rng.randrange(3)):
        args[flag] = rng.choice([True, True, False, 1, "yes"])
    if rng.random() < 0.4:
        args["dora"] = rng.choice(["1m", "5z3p", [0, 33], "x", 7, "1m" * 4, [None]])
    if rng.random() < 0.2:
        args["ura"] = rng.choice(["2m", [], "9s9s"])
    if rng.random() < 0.3:
        args["seat_wind"] = rng.choice(["E", "S", "W", "N", "1z", 27, 5, "x", None])
    if rng.random() < 0.3:
        args["round_wind"] = rng.choice(["E", "S", "2z", 30, "P", None])
    for name in ("honba", "riichi_sticks", "kita"):
        if rng.random() < 0.15:
            args[name] = rng.choice([0, 1, 3, -1, 10**6, 2.5, "1", True])
    return lambda: mf.score(hand, win, **args)


GB_FLAGS = ("last_copy", "last_tile", "kong_draw", "robbing_kong")
VALUE_HANDS = ("222567m345p33667s", "123456789m1123p5z", "1122m3344p5566s12z", "06m456p789s234s55z1z",
               "11123m406p789s22z3z")  # all ready after a discard: milliseconds each


def gb_score_call(rng: random.Random, hand: Any, kw: dict[str, Any]) -> Callable[[], object]:
    """``mf.score(rules="gb")`` with its own flags, flowers and winds at random."""
    if rng.random() < 0.5:
        hand, kw = rng.choice(WINS), {}
    win = rng.choice([*"1m 5z 5s 9p 7m".split(), 0, 34, None, "x"])
    args: dict[str, Any] = dict(kw, rules="gb", tsumo=rng.choice([True, False, False, 1]))
    for flag in rng.sample(GB_FLAGS, rng.randrange(3)):
        args[flag] = rng.choice([True, True, False, "yes"])
    if rng.random() < 0.4:
        args["flowers"] = rng.choice([0, 1, 8, 9, -1, 2.0, "3"])
    for name in ("seat_wind", "round_wind"):
        if rng.random() < 0.3:
            args[name] = rng.choice(["E", "S", "1z", 27, 5, "x", None])
    return lambda: mf.score(hand, win, **args)


def values_call(rng: random.Random, hand: Any, kw: dict[str, Any]) -> Callable[[], object]:
    """``mf.discard_values`` with random arguments: ready hands (fast) or the fuzzed hand.

    A fuzzed hand 1-3 from ready is a valid, slow question (10 ms to seconds), not bad input: it
    is swapped for a ready one so that the budget measures the refusals and the fast searches.
    """
    if rng.random() < 0.5:
        hand, kw = rng.choice(VALUE_HANDS), {}
    else:
        try:
            far = mf.shanten(hand, rules="riichi", **kw) >= 1  # melds in kw count
        except (ValueError, TypeError):
            far = False
        if far:
            hand, kw = rng.choice(VALUE_HANDS), {}
    args: dict[str, Any] = dict(kw)
    if rng.random() < 0.3:
        args["turn"] = rng.choice([1, 9, 17, 0, 18, 2.0, "3"])
    if rng.random() < 0.3:
        args["dora"] = rng.choice(["1z", "5m5m5m5m5m5m", [0, 33], "x", 7])
    if rng.random() < 0.2:
        args["visible"] = rng.choice(["1z1z1z", "5m" * 5, "0m0m", [], None])
    if rng.random() < 0.2:
        args[rng.choice(["seat_wind", "round_wind"])] = rng.choice(["E", "2z", 5, "x", None])
    if rng.random() < 0.1:
        args["rules"] = rng.choice(["riichi3", "gb", "bogus"])
    if rng.random() < 0.1:
        args[rng.choice(["honba", "riichi_sticks"])] = rng.choice([0, 2, -1, 2.5])
    return lambda: mf.discard_values(hand, **args)


def entry_points(rng: random.Random) -> list[tuple[str, Callable[[], object], int]]:
    hand, kw = random_hand(rng)
    size = len(hand) if hasattr(hand, "__len__") else 1
    wild = {"wild": rng.choice(WILDS)} if rng.random() < 0.2 else {}
    fifth = {"fifth": rng.choice([True, False, "no", 1])} if rng.random() < 0.1 else {}
    text = random_text(rng)
    return [
        ("is_win", lambda: mf.is_win(hand, strategy=rng.choice(STRATEGIES), **kw, **wild, **fifth), size),
        ("shanten", lambda: mf.shanten(hand, form=rng.choice(FORMS), **kw, **wild, **fifth), size),
        ("waits", lambda: mf.waits(hand, **kw, **wild, **fifth), size),
        ("classify", lambda: mf.classify(hand, self_drawn=rng.choice([False, True, 1]), **kw), size),
        ("decompose", lambda: mf.decompose(hand, **kw), size),
        ("score", score_call(rng, hand, kw), size),
        ("score gb", gb_score_call(rng, hand, kw), size),
        ("discard_values", values_call(rng, hand, kw), size),
        ("Hand", lambda: mf.Hand(hand, **kw), size),
        ("to_counts", lambda: mf.to_counts(hand, encoding=kw.get("encoding")), size),
        ("parse", lambda: mf.parse(text), len(text)),
        ("format", lambda: mf.format(hand, rng.choice([*mf.NOTATIONS, "x"])), size),
        ("decode", lambda: mf.decode(random_ints(rng), rng.choice(ENCODINGS)), 34),
        ("encode", lambda: mf.encode(random_ints(rng), rng.choice(ENCODINGS)), 34),
        ("Meld.parse", lambda: mf.Meld.parse(rng.choice([text, None, 5, "123m", "{1111z}"])), len(text)),
        ("Tile.from_str", lambda: mf.Tile.from_str(rng.choice([text, "1m", "中", "W1", None])), len(text)),
    ]


def batch_calls(rng: random.Random) -> list[tuple[str, Callable[[], object], int]]:
    rows = rng.choice((0, 1, 7, 100))
    counts = np.zeros((rows, 34), dtype=rng.choice(["u1", "i1", "i4", "u8", "f8"]))
    for r in range(rows):
        for _ in range(rng.choice((13, 14, 14, 9, 40))):
            counts[r, rng.randrange(34)] += 1
    if rows and rng.random() < 0.2:
        counts[rng.randrange(rows), rng.randrange(34)] = rng.choice([5, -1]) if counts.dtype.kind in "if" else 5
    threads = rng.choice([None, 1, 2, 0, 2.0, np.int64(2), True])
    functions = {name: getattr(mf, name) for name in ("is_win_batch", "shanten_batch", "waits_batch")}
    return [
        (name, (lambda f=f: f(counts, threads=threads)), rows * 34)
        for name, f in functions.items()
    ]


# --- game logs: real mjai logs and Tenhou records cut, flipped, shuffled and hostilely compressed ----


def log_corpus(root: Path) -> list[tuple[str, bytes]]:
    """``(kind, bytes)`` of the committed logs under ``root`` (tests/data): mjai (decompressed), mjlog
    (decompressed) and tenhou.net/6 JSON."""
    corpus = [("mjai", gzip.decompress(p.read_bytes())) for p in sorted((root / "mjai").glob("*.json.gz"))]
    corpus += [("mjlog", gzip.decompress(p.read_bytes())) for p in sorted((root / "tenhou" / "mjlog").glob("*"))[::8]]
    corpus += [("tenhou6", p.read_bytes()) for p in sorted((root / "tenhou" / "json").glob("*.json"))[::4]]
    return corpus


def mutate_log(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """``(how, bytes)``: one random damage to a log (bounded: never more than 4x its size)."""
    how = rng.choice(("truncate", "flip", "swap", "gzip", "gzip-cut", "gzip-flip", "members", "nest", "tamper"))
    n = len(data)
    if how == "truncate":
        return how, data[:rng.randrange(n)]
    if how == "flip":  # a few bytes changed to anything, or to a character that means something
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(n)] = rng.choice((rng.randrange(256), *b'<>"/=,:[]{}0123456789-.eENaI\n\xff'))
        return how, bytes(out)
    if how == "swap":  # two lines (or two tags) change places, or one is doubled or lost
        sep = b"\n" if data.count(b"\n") > 4 else b"><" if b"><" in data else b"],["
        parts = data.split(sep)
        i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
        pick = rng.random()
        if pick < 0.5:
            parts[i], parts[j] = parts[j], parts[i]
        elif pick < 0.75:
            parts.insert(i, parts[j])
        else:
            del parts[i]
        return how, sep.join(parts)
    if how == "nest":  # a deeply nested value, a NaN, a huge number, a key given twice
        lines = data.split(b"\n")
        i = rng.randrange(len(lines))
        lines[i] = rng.choice((b"[" * 50_000 + b"]" * 50_000, b'{"type":"tsumo","actor":NaN,"pai":"1m"}',
                               b'{"type":"dahai","actor":1' + b"0" * 5000 + b',"pai":"1m","tsumogiri":true}',
                               b'{"type":"tsumo","actor":0,"actor":1,"pai":"1m"}', b'{"type":1e999}',
                               b'{"a":' * 30_000, b"\xff\xfe\x00"))
        return how, b"\n".join(lines)
    if how == "tamper":  # a number (a seat, a tile, a score, a meld code) replaced by a value of another kind
        digits = [m.start() for m in re.finditer(rb"-?[0-9]+", data[:200_000])]
        out = data
        for _ in range(rng.randint(1, 4)):
            at = rng.choice(digits)
            end = re.match(rb"-?[0-9]*", out[at:]).end() + at  # type: ignore[union-attr]
            value = rng.choice((b"null", b"-1", b"4", b"136", b"99999999999999999999", b'"x"', b"[]", b"{}",
                                b"true", b"1.5", b'[["1m"]]', b"", b"1e999"))
            out = out[:at] + value + out[end:]
        return how, out
    packed = gzip.compress(data, compresslevel=1)
    if how == "gzip":
        return how, packed
    if how == "gzip-cut":
        return how, packed[:rng.randrange(2, len(packed))]
    if how == "gzip-flip":
        out = bytearray(packed)
        out[rng.randrange(10, len(out))] ^= 1 << rng.randrange(8)
        return how, bytes(out)
    # several members, with trailing junk or zeros
    return how, packed + gzip.compress(data[:rng.randrange(n)]) + rng.choice((b"", b"\0" * 8, b"junk", b"\x1f\x8b"))


def log_calls(rng: random.Random, corpus: list[tuple[str, bytes]]) -> list[tuple[str, Callable[[], object], int]]:
    """One damaged log read by ``replay`` (mjai, or a Tenhou record as mjai) and by ``to_mjai``."""
    from mahjong_fast import logs

    kind, data = rng.choice(corpus)
    how, damaged = mutate_log(rng, data)
    name = f"logs.{kind}.{how}"
    return [(name, lambda: [None for _ in logs.replay(io.BytesIO(damaged))], len(damaged)),
            (name, lambda: [None for _ in logs.to_mjai(io.BytesIO(damaged))], len(damaged))]


def linearity(failures: list[str]) -> None:
    """Long inputs: 10x the characters may cost at most ~20x the time."""
    makers = {
        "digits": lambda n: "1" * n,
        "mpsz": lambda n: "123m" * (n // 4),
        "botzone": lambda n: "W1 " * (n // 3),
        "unicode": lambda n: "🀇" * n,
        "chinese": lambda n: "一万" * (n // 2),
        "brackets": lambda n: "[" * n,
        "junk": lambda n: "é" * n,
    }
    for name, make in makers.items():
        times = []
        for n in (10**5, 10**6):
            text = make(n)
            start = time.perf_counter()
            try:
                mf.parse(text)
            except (ValueError, TypeError) as exc:
                if len(str(exc)) > 300:
                    failures.append(f"linearity {name}: a {len(str(exc))}-character message")
            times.append(time.perf_counter() - start)
        ratio = times[1] / max(times[0], 1e-6)
        print(f"  parse {name:9s} 1e5: {times[0] * 1e3:7.1f} ms  1e6: {times[1] * 1e3:7.1f} ms  ratio {ratio:4.1f}")
        if ratio > 20 and times[1] > 0.05:
            failures.append(f"linearity {name}: 10x the input took {ratio:.0f}x the time")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget-us", type=float, default=50.0, help="allowed microseconds per input character")
    ap.add_argument("--logs", type=float, default=0.01, metavar="RATE",
                    help="the share of rounds that also read a damaged game log (default 0.01)")
    args = ap.parse_args(argv)
    corpus = log_corpus(Path(__file__).resolve().parents[1] / "tests" / "data")
    rng = random.Random(args.seed)
    hand = [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    mf.waits(hand), mf.shanten(hand), mf.is_win(hand + [8]), mf.classify(hand + [8])  # tables built
    failures: list[str] = []
    outcomes: Counter[str] = Counter()
    calls = 0
    slowest = (0.0, "")
    # The fixed allowance, 50 ms; a ready hand's value search in pure Python takes 50-200 ms.
    allowance = {"discard_values": 0.5} if mf.implementation == "pure-python" else {}
    start = time.perf_counter()
    while calls < args.calls:
        batch = entry_points(rng) + (batch_calls(rng) if rng.random() < 0.02 else [])
        if corpus and rng.random() < args.logs:
            batch += log_calls(rng, corpus)
        for name, call, size in batch:
            t0 = time.perf_counter()
            try:
                call()
                outcomes[f"{name} ok"] += 1
            except (ValueError, TypeError):
                outcomes[f"{name} error"] += 1
            except Exception as exc:  # noqa: BLE001 - the point of the fuzzer
                failures.append(f"{name}: {type(exc).__name__}: {exc!s:.200}")
            took = time.perf_counter() - t0
            if took > slowest[0]:
                slowest = (took, name)
            if took > allowance.get(name, 0.05) + args.budget_us * 1e-6 * max(size, 1):
                failures.append(f"{name}: {took * 1e3:.1f} ms for an input of size {size}")
            calls += 1
    elapsed = time.perf_counter() - start
    print(f"{calls} calls in {elapsed:.1f} s ({mf.implementation}); slowest {slowest[1]} {slowest[0] * 1e3:.2f} ms")
    for key in sorted(outcomes):
        print(f"  {key:22s} {outcomes[key]}")
    linearity(failures)
    for failure in failures[:50]:
        print("FAIL", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
