"""``mf.score`` against Tenhou itself: every ``AGARI`` tag of the mjx project's Tenhou records.

Tenhou writes its own figures into each win of a record (``ten`` fu, points and limit, ``yaku``
or ``yakuman`` with their han, ``sc`` score changes); the hand, melds, winning tile, indicators,
winds and situation come from the same tag and the round's ``INIT`` (the situation read back from
Tenhou's yaku list).  Every win must score exactly as Tenhou did, in both kernels.
"""
from __future__ import annotations

import gzip

import pytest

import mahjong_fast as mf
from mahjong_fast import _scoring

from support.impls import Impl, data_dir
from support.tenhou_agari import agari_wins


def _records() -> list[tuple[str, str]]:
    """The four-player records of ``tests/data/tenhou/mjlog`` (the real ones: every one is)."""
    return [(p.name, gzip.decompress(p.read_bytes()).decode("utf-8"))
            for p in sorted((data_dir("tenhou") / "mjlog").glob("*.mjlog"))]


def test_every_tenhou_win_scores_as_tenhou(impl: Impl, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_scoring, "_kernel", impl.scoring)
    wins = 0
    seen: set[str] = set()
    for name, text in _records():
        for args, expected in agari_wins(text):
            hand, win = args.pop("hand"), args.pop("win")
            who, from_who, oya, pao = args.pop("who"), args.pop("from_who"), args.pop("oya"), args.pop("pao")
            s = mf.score(hand, win, **args)
            context = f"{name}: AGARI who={who} hai={hand} machi={win}"
            assert s.valid, context
            assert sorted((y.value, h) for y, h in s.items) == expected["items"], context
            assert s.limit == expected["limit"], context
            if not (s.yakuman and s.fu == 0):
                assert s.fu == expected["fu"], context
            paid = s.points if isinstance(s.points, int) else (
                s.points[1] * 3 if s.dealer else s.points[0] + 2 * s.points[1])
            assert paid == expected["points"], context
            assert s.deltas(who, oya, loser=None if s.tsumo else from_who, pao=pao) == expected["deltas"], context
            wins += 1
            seen.update(y.name for y, _ in s.items)
    assert wins >= 300
    assert {"PINFU", "CHIITOITSU", "RINSHAN", "CHANKAN", "DOUBLE_RIICHI", "AKA_DORA", "URA_DORA"} <= seen
