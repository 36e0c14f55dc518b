"""Golden fixtures of ``discard_values``, made with nekobean/mahjong-cpp's calculator (the oracle).

Build the oracle with every input and the whole curves (``scripts/es_oracle_full.cpp``) the way
``../shared/tools/es_oracle/build_es_oracle.sh`` builds its driver, next to that build's tables::

    g++ -O2 -DNDEBUG -std=c++17 -Isrc -DLANG_EN -DSPDLOG_SHARED_LIB -DSPDLOG_COMPILED_LIB \\
        -DSPDLOG_FMT_EXTERNAL src/mahjong/core/*.cpp scripts/es_oracle_full.cpp -o bin/es_oracle_full \\
        -lboost_filesystem -lspdlog -lfmt -pthread      # bin/ holding suits_table.bin and the JSON

then ``python scripts/make_values_fixtures.py ORACLE OUT.json.gz [COUNTS]`` writes random cases
(seeded) at 0, 1, 2 and 3 from ready: red fives, dora, every wind, turns, seen tiles, honba,
sticks, and melds in some.  ``COUNTS`` (default ``130,130,60,6``) is the number per shanten.
The committed file also holds three hands written by hand (red fives in melds, kongs, a complete
hand), appended with ``run`` the same way.
Each case is the arguments of ``discard_values`` and, per discard (``0m`` a red five), the
oracle's ``[tenpai, win, expected]`` for every turn from ``turn`` to 17.
"""
from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys

import mahjong_fast as mf

SUITS = "mps"
WINDS = ("1z", "2z", "3z", "4z")


def name(t: int) -> str:
    return f"{t % 9 + 1}{SUITS[t // 9]}" if t < 27 else f"{t - 26}z"


def text(tiles: list[int], red: set[int]) -> str:
    """mpsz text of index34 tiles; the positions in ``red`` (fives) written ``0``."""
    out = []
    for pos, t in sorted(enumerate(tiles), key=lambda p: p[1]):
        out.append("0" + name(t)[1] if pos in red else name(t))
    return "".join(out)


def complete_hand(rng: random.Random, counts: list[int]) -> list[list[int]]:
    """Four groups and a pair (as tile lists) that fit in ``counts`` (taken from it)."""
    while True:
        groups: list[list[int]] = []
        c = counts[:]
        ok = True
        for _ in range(4):
            for _ in range(50):
                if rng.random() < 0.55:
                    s, n = rng.randrange(3), rng.randrange(7)
                    g = [s * 9 + n, s * 9 + n + 1, s * 9 + n + 2]
                else:
                    t = rng.randrange(34)
                    g = [t, t, t]
                if all(c[t] >= g.count(t) for t in g):
                    for t in g:
                        c[t] -= 1
                    groups.append(g)
                    break
            else:
                ok = False
        pairs = [t for t in range(34) if c[t] >= 2]
        if ok and pairs:
            p = rng.choice(pairs)
            c[p] -= 2
            groups.append([p, p])
            counts[:] = c
            return groups


def make_case(rng: random.Random, target: int) -> dict[str, object] | None:
    counts = [4] * 34
    groups = complete_hand(rng, counts)
    melds: list[tuple[str, list[int]]] = []
    if rng.random() < 0.2:
        for _ in range(rng.choice((1, 1, 2))):
            g = groups.pop(rng.randrange(len(groups) - 1))
            if g[0] == g[1] and rng.random() < 0.25 and counts[g[0]]:
                counts[g[0]] -= 1
                melds.append(("a" if rng.random() < 0.5 else "k", g + [g[0]]))
            else:
                melds.append(("p" if g[0] == g[1] else "c", g))
    tiles = [t for g in groups for t in g]
    for _ in range(target + rng.choice((0, 0, 1))):
        i = rng.randrange(len(tiles))
        counts[tiles[i]] += 1
        new = rng.choice([t for t in range(34) if counts[t]])
        counts[new] -= 1
        tiles[i] = new
    size = len(tiles)
    hand = mf.Hand(text(tiles, set()), [format_meld(k, g, set()) for k, g in melds])
    if mf.shanten(hand) != target:
        return None
    fives = [i for i, t in enumerate(tiles) if t in (4, 13, 22)]
    red: set[int] = set()
    for suit in (4, 13, 22):
        where = [i for i in fives if tiles[i] == suit]
        if where and rng.random() < 0.4:
            red.add(rng.choice(where))
    dora = [rng.choice([t for t in range(34) if counts[t]]) for _ in range(rng.choice((0, 1, 1, 1, 2, 3)))]
    for t in dora:
        counts[t] -= 1
    dora_red = {i for i, t in enumerate(dora) if t in (4, 13, 22) and rng.random() < 0.2
                and not any(tiles[j] == t for j in red)}
    if len({dora[i] for i in dora_red}) < len(dora_red):
        dora_red = set()
    visible: list[int] = []
    if rng.random() < 0.5:
        for _ in range(rng.randrange(1, 30)):
            pool = [t for t in range(34) if counts[t]]
            t = rng.choice(pool)
            counts[t] -= 1
            visible.append(t)
    reds_used = {tiles[i] for i in red} | {dora[i] for i in dora_red}
    vis_red = {i for i, t in enumerate(visible) if t in (4, 13, 22) and t not in reds_used and rng.random() < 0.3}
    seen_kinds: set[int] = set()
    for i in sorted(vis_red):
        if visible[i] in seen_kinds:
            vis_red.discard(i)
        seen_kinds.add(visible[i])
    case: dict[str, object] = {
        "hand": text(tiles, red), "melds": [format_meld(k, g, set()) for k, g in melds],
        "oracle_melds": ",".join(f"{k}:{text(g, set())}" for k, g in melds) or "-",
        "dora": text(dora, dora_red), "seat_wind": rng.choice(WINDS), "round_wind": rng.choice(WINDS),
        "turn": rng.choice((1, 1, 2, 3, 5, 8, 11, 14, 17)), "visible": text(visible, vis_red),
        "honba": rng.choice((0, 0, 0, 1, 3)), "riichi_sticks": rng.choice((0, 0, 0, 1, 2)),
        "shanten": target, "size": size,
    }
    wall = wall37(case)
    if any(wall[k] < wall[34 + s] for s, k in enumerate((4, 13, 22))) or min(wall) < 0:
        return None  # every plain copy of a five seen while its red one is not: no such table
    return case


def format_meld(kind: str, g: list[int], red: set[int]) -> str:
    t = text(g, red)
    return "{" + t + "}" if kind == "a" else "[" + t + "]"


def wall37(case: dict[str, object]) -> list[int]:
    """The oracle's wall for a case (``create_wall`` less the visible tiles)."""
    h = mf.Hand(str(case["hand"]), list(case["melds"]))  # type: ignore[arg-type]
    wall = [4 - n for n in h.all_counts] + [1 - r for r in h.red]
    for m in h.melds:
        if m.red:
            wall[34 + int(m.tile) // 9] -= m.red
    for key in ("dora", "visible"):
        if case[key]:
            v = mf.Hand(str(case[key]))
            for i, n in enumerate(v.counts):
                wall[i] -= n
            for s, r in enumerate(v.red):
                wall[34 + s] -= r
    return wall


def run(oracle: str, case: dict[str, object]) -> dict[str, list[list[float]]]:
    env = dict(os.environ)
    env["ES_WALL"] = " ".join(map(str, wall37(case)))
    args = [oracle, str(case["hand"]), str(case["dora"]) or "-", str(WINDS.index(str(case["round_wind"])) + 1),
            str(WINDS.index(str(case["seat_wind"])) + 1), str(case["turn"]), str(case["honba"]),
            str(case["riichi_sticks"]), str(case["oracle_melds"])]
    out = subprocess.run(args, capture_output=True, text=True, env=env, check=True).stdout
    found: dict[str, list[list[float]]] = {}
    for line in out.splitlines():
        if not line or line[0] in "#[":
            continue
        tile, *nums = line.split()
        values = [float(x) for x in nums]
        found[tile] = [values[i:i + 3] for i in range(0, len(values), 3)]
    return found


def main() -> None:
    oracle, out = sys.argv[1], sys.argv[2]
    wanted = [int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else "130,130,60,6").split(",")]
    rng = random.Random(27)
    cases = []
    for target, n in enumerate(wanted):
        made = 0
        while made < n:
            case = make_case(rng, target)
            if case is None:
                continue
            case["discards"] = run(oracle, case)
            cases.append(case)
            made += 1
        print(f"shanten {target}: {made} cases", file=sys.stderr)
    with gzip.open(out, "wt") as f:
        json.dump(cases, f, separators=(",", ":"))


if __name__ == "__main__":
    main()
