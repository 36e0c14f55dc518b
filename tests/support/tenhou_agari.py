"""The ``AGARI`` tags of Tenhou mjlog records, as ``mf.score`` arguments and Tenhou's own figures.

A test helper (the full Tenhou reader is a later issue): ``agari_wins(text)`` yields, for
each ``AGARI`` of a four-player mjlog, ``(args, expected)``: ``args`` the keyword arguments of
``mf.score`` (``hand`` as index136 ids, ``win`` the winning id, ``melds`` as ``Meld`` objects,
the situation read back from Tenhou's own yaku list, the winds from ``INIT`` and the seat,
the indicators, ``ba``'s honba and sticks, none for a double ron's later winner, as Tenhou
pays them) plus ``who``, ``from_who``, ``oya``, ``pao``;
``expected`` Tenhou's ``fu``, ``points``, ``limit``, ``items`` (``(yaku id, han)``, zero-han
entries left out) and ``deltas``.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import mahjong_fast as mf

_TAG = re.compile(r"<(INIT|AGARI|GO)\s([^>]*?)/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_FLAGS = {0: "tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
          21: "double_riichi", 37: "tenhou", 38: "chiihou"}


def _ints(text: str) -> list[int]:
    return [int(v) for v in text.split(",")] if text else []


def decode_meld(code: int) -> tuple[mf.Meld, list[int]]:
    """A Tenhou meld code as a ``Meld`` (red fives from ids 16/52/88) and its index136 ids."""
    if code & 0x4:  # chi
        t = code >> 10
        t //= 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3)]
        return mf.Meld.chow(base, red=sum(i in (16, 52, 88) for i in ids)), ids
    if code & 0x18:  # pon (0x8) or added kan (0x10)
        t = (code >> 9) // 3
        unused = (code >> 5) & 3
        ids = [t * 4 + c for c in range(4) if code & 0x10 or c != unused]
        red = sum(i in (16, 52, 88) for i in ids)
        return (mf.Meld.kong(t, red=red) if code & 0x10 else mf.Meld.pung(t, red=red)), ids
    if code & 0x20:
        raise ValueError("a kita (nukidora) meld: three-player records are not read here")
    t = (code >> 8) // 4
    ids = [t * 4 + c for c in range(4)]
    return mf.Meld.kong(t, concealed=(code & 3) == 0, red=sum(i in (16, 52, 88) for i in ids)), ids


def agari_wins(text: str) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """``(args, expected)`` for each ``AGARI`` of the four-player mjlog ``text``."""
    round_wind = oya = 0
    won = False  # a win of this round already read: a double ron's later winner gets no honba or sticks
    for tag, body in _TAG.findall(text):
        a = dict(_ATTR.findall(body))
        if tag == "GO" and int(a["type"]) & 0x10:
            raise ValueError("a three-player record")
        if tag == "INIT":
            round_wind = 27 + _ints(a["seed"])[0] // 4
            oya = int(a["oya"])
            won = False
            continue
        if tag != "AGARI":
            continue
        who, from_who = int(a["who"]), int(a["fromWho"])
        melds = [decode_meld(c) for c in _ints(a.get("m", ""))]
        yaku = _ints(a.get("yaku", ""))
        pairs = list(zip(yaku[::2], yaku[1::2]))
        yakuman = _ints(a.get("yakuman", ""))
        ids = {y for y, _ in pairs} | set(yakuman)
        flags = {name: y in ids for y, name in _FLAGS.items()}
        flags["tsumo"] = who == from_who
        honba, sticks = _ints(a["ba"])
        if won:
            honba = sticks = 0
        won = True
        fu, points, limit = _ints(a["ten"])
        sc = _ints(a["sc"])
        args = dict(
            hand=_ints(a["hai"]), win=int(a["machi"]), melds=[m for m, _ in melds], encoding="index136",
            seat_wind=27 + (who - oya) % 4, round_wind=round_wind, dora=_ints(a["doraHai"]),
            ura=_ints(a.get("doraHaiUra", "")) if flags["riichi"] or flags["double_riichi"] else [],
            honba=honba, riichi_sticks=sticks, who=who, from_who=from_who, oya=oya,
            pao=int(a["paoWho"]) if "paoWho" in a else None, **flags,
        )
        items = [(y, h) for y, h in pairs if h] + [(y, 13) for y in yakuman]
        expected = dict(fu=fu, points=points, limit=_LIMITS[limit], items=sorted(items),
                        deltas=[100 * d for d in sc[1::2]])
        yield args, expected
