"""Golden answers of the efficiency kernel on the benchmark hands, against a committed fixture.

``tests/data/golden/efficiency.json.gz`` holds hands of the benchmark's generator
(``mahjong_fast._bench.hands``: 14-tile hands, 13-tile hands, 14 tiles with seen tiles) with the
answers of ``discard_analysis`` (with and without ``two_step=True``) and ``useful_tiles`` under
the default and the riichi rules, as the kernel gave them before the renaming of its internals.
The hands are stored with the answers, so the test does not depend on the generator staying as
it is.  Regenerate (only for a deliberate change of answers) with
``python tests/efficiency/test_efficiency_golden.py``.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

import mahjong_fast as mf

FIXTURE = Path(__file__).resolve().parents[1] / "data" / "golden" / "efficiency.json.gz"
RULES = (None, "riichi")


def _useful(u: Any) -> list[Any]:
    return [u.shanten, [int(t) for t in u.tiles], [u.counts[t] for t in u.tiles], u.total]


def _table(table: Any) -> list[Any]:
    rows = []
    for r in table:
        imp = None if r.improvements is None else [[int(t), n] for t, n in sorted(r.improvements.items())]
        rows.append([int(r.tile), r.shanten, _useful(r.useful), r.backward, r.two_step, imp, r.good_shape])
    return [table.shanten, rows]


def answers(case: dict[str, Any]) -> dict[str, Any]:
    """Every answer of one fixture case (``tiles``, ``seen`` or None, ``rules`` or None)."""
    kw: dict[str, Any] = {}
    if case["rules"] is not None:
        kw["rules"] = case["rules"]
    if case["seen"] is not None:
        kw["visible"] = case["seen"]
    if len(case["tiles"]) % 3 == 1:
        return {"useful": _useful(mf.useful_tiles(case["tiles"], **kw))}
    return {
        "discards": _table(mf.discard_analysis(case["tiles"], **kw)),
        "two_step": _table(mf.discard_analysis(case["tiles"], two_step=True, **kw)),
    }


def _cases() -> list[dict[str, Any]]:
    from mahjong_fast._bench.hands import hands13, hands14
    from mahjong_fast._bench.rows import and_seen

    cases: list[dict[str, Any]] = []
    for k, rules in enumerate(RULES):
        for tiles in hands14()[k * 150 : k * 150 + 150]:
            cases.append({"tiles": list(tiles), "seen": None, "rules": rules})
        for tiles in hands13()[k * 100 : k * 100 + 100]:
            cases.append({"tiles": list(tiles), "seen": None, "rules": rules})
    for tiles, seen in and_seen(14)[300:350]:
        cases.append({"tiles": list(tiles), "seen": list(seen), "rules": None})
    return cases


def _load() -> list[dict[str, Any]]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as f:
        data: list[dict[str, Any]] = json.load(f)
    return data


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))  # tuples as lists, as the fixture holds them


def test_fixture_is_large_enough() -> None:
    data = _load()
    assert len(data) >= 500
    assert {len(c["tiles"]) for c in data} == {13, 14}
    assert any(c["seen"] for c in data) and {c["rules"] for c in data} == set(RULES)


@pytest.mark.parametrize("chunk", range(5))
def test_answers_equal_the_golden_fixture(chunk: int) -> None:
    data = _load()
    # the pure twin's two-step figures cost milliseconds a hand: it checks every 25th case of each chunk
    step = 1 if mf.implementation == "compiled" else 25
    for case in data[chunk::5][::step]:
        assert _json(answers(case)) == case["answers"], case["tiles"]


if __name__ == "__main__":  # regenerate the fixture
    out = []
    for case in _cases():
        case["answers"] = answers(case)
        out.append(case)
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(FIXTURE, "wt", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
    print(f"wrote {len(out)} cases to {FIXTURE}")
