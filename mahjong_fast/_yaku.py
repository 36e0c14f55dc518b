"""The riichi yaku (役) and the ``Score`` of a win (DESIGN.md, "Scoring").

``Yaku`` lists every yaku of Tenhou's rules in Tenhou's own order and names
(its value is Tenhou's yaku id; ``KITA``, three-player 抜きドラ, follows them),
with the han it is worth closed and open.  ``Score`` is what ``mf.score``
returns: the items, han, fu, limit and payments of one win, and the score
changes of every seat (``Score.deltas``).
"""
from __future__ import annotations

import enum
from typing import Any, Union

from ._fan import Fan

__all__ = ["LIMITS", "Score", "Yaku"]

LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
"""Values of ``Score.limit``, lowest first."""


class Yaku(enum.Enum):
    """A yaku of Tenhou's rules: ``.japanese`` (Tenhou's name), ``.english``, ``.closed`` and ``.open`` han.

    ``open`` is 0 for a yaku that needs a closed hand; a yakuman is worth 13
    either way (``.yakuman``).  The dora items (``DORA``, ``AKA_DORA``,
    ``URA_DORA``, ``KITA``) are worth one han per tile.

    Examples
    --------
    >>> Yaku.PINFU.japanese, Yaku.PINFU.english, Yaku.PINFU.closed, Yaku.PINFU.open
    ('平和', 'pinfu', 1, 0)
    >>> Yaku.HONITSU.closed, Yaku.HONITSU.open
    (3, 2)
    """

    japanese: str
    english: str
    closed: int
    open: int

    def __new__(cls, value: int, japanese: str, english: str, closed: int, open_: int) -> Yaku:
        member = object.__new__(cls)
        member._value_ = value
        member.japanese = japanese
        member.english = english
        member.closed = closed
        member.open = open_
        return member

    MENZEN_TSUMO = 0, "門前清自摸和", "menzen tsumo", 1, 0
    RIICHI = 1, "立直", "riichi", 1, 0
    IPPATSU = 2, "一発", "ippatsu", 1, 0
    CHANKAN = 3, "槍槓", "chankan", 1, 1
    RINSHAN = 4, "嶺上開花", "rinshan kaihou", 1, 1
    HAITEI = 5, "海底摸月", "haitei raoyue", 1, 1
    HOUTEI = 6, "河底撈魚", "houtei raoyui", 1, 1
    PINFU = 7, "平和", "pinfu", 1, 0
    TANYAO = 8, "断幺九", "tanyao", 1, 1
    IIPEIKOU = 9, "一盃口", "iipeikou", 1, 0
    SEAT_EAST = 10, "自風 東", "seat wind east", 1, 1
    SEAT_SOUTH = 11, "自風 南", "seat wind south", 1, 1
    SEAT_WEST = 12, "自風 西", "seat wind west", 1, 1
    SEAT_NORTH = 13, "自風 北", "seat wind north", 1, 1
    ROUND_EAST = 14, "場風 東", "round wind east", 1, 1
    ROUND_SOUTH = 15, "場風 南", "round wind south", 1, 1
    ROUND_WEST = 16, "場風 西", "round wind west", 1, 1
    ROUND_NORTH = 17, "場風 北", "round wind north", 1, 1
    HAKU = 18, "役牌 白", "white dragon", 1, 1
    HATSU = 19, "役牌 發", "green dragon", 1, 1
    CHUN = 20, "役牌 中", "red dragon", 1, 1
    DOUBLE_RIICHI = 21, "両立直", "double riichi", 2, 0
    CHIITOITSU = 22, "七対子", "chiitoitsu", 2, 0
    CHANTA = 23, "混全帯幺九", "chanta", 2, 1
    ITTSU = 24, "一気通貫", "ittsu", 2, 1
    SANSHOKU = 25, "三色同順", "sanshoku doujun", 2, 1
    SANSHOKU_DOUKOU = 26, "三色同刻", "sanshoku doukou", 2, 2
    SANKANTSU = 27, "三槓子", "sankantsu", 2, 2
    TOITOI = 28, "対々和", "toitoi", 2, 2
    SANANKOU = 29, "三暗刻", "sanankou", 2, 2
    SHOUSANGEN = 30, "小三元", "shousangen", 2, 2
    HONROUTOU = 31, "混老頭", "honroutou", 2, 2
    RYANPEIKOU = 32, "二盃口", "ryanpeikou", 3, 0
    JUNCHAN = 33, "純全帯幺九", "junchan", 3, 2
    HONITSU = 34, "混一色", "honitsu", 3, 2
    CHINITSU = 35, "清一色", "chinitsu", 6, 5
    TENHOU = 37, "天和", "tenhou", 13, 0
    CHIIHOU = 38, "地和", "chiihou", 13, 0
    DAISANGEN = 39, "大三元", "daisangen", 13, 13
    SUUANKOU = 40, "四暗刻", "suuankou", 13, 0
    SUUANKOU_TANKI = 41, "四暗刻単騎", "suuankou tanki", 13, 0
    TSUUIISOU = 42, "字一色", "tsuuiisou", 13, 13
    RYUUIISOU = 43, "緑一色", "ryuuiisou", 13, 13
    CHINROUTOU = 44, "清老頭", "chinroutou", 13, 13
    CHUUREN = 45, "九蓮宝燈", "chuuren poutou", 13, 0
    JUNSEI_CHUUREN = 46, "純正九蓮宝燈", "junsei chuuren poutou", 13, 0
    KOKUSHI = 47, "国士無双", "kokushi musou", 13, 0
    KOKUSHI_13 = 48, "国士無双１３面", "kokushi musou 13-sided", 13, 0
    DAISUUSHII = 49, "大四喜", "daisuushii", 13, 13
    SHOUSUUSHII = 50, "小四喜", "shousuushii", 13, 13
    SUUKANTSU = 51, "四槓子", "suukantsu", 13, 13
    DORA = 52, "ドラ", "dora", 1, 1
    URA_DORA = 53, "裏ドラ", "ura dora", 1, 0
    AKA_DORA = 54, "赤ドラ", "red five", 1, 1
    KITA = 55, "抜きドラ", "kita", 1, 1

    @property
    def yakuman(self) -> bool:
        """Whether this is a yakuman (worth 13 han, 26 when ``Rules.double_yakuman`` doubles it).

        >>> from mahjong_fast import Yaku
        >>> Yaku.KOKUSHI.yakuman, Yaku.PINFU.yakuman
        (True, False)
        """
        return self.closed == 13

    def __repr__(self) -> str:
        return f"Yaku.{self.name}"

    def __str__(self) -> str:
        return self.japanese


YAKU_BY_ID: dict[int, Yaku] = {y.value: y for y in Yaku}
"""Each ``Yaku`` by its value (Tenhou's id), as the scoring kernel names them."""

Points = Union[int, tuple[int, int]]
_SET = object.__setattr__


class Score:
    """What one win is worth (``mf.score``'s result): riichi yaku or gb fans; immutable.

    Attributes: ``valid`` (a legal win: at least one yaku), ``items`` (``(Yaku,
    han)`` pairs: the yaku, then dora, red fives, ura dora and kita; on a
    yakuman hand only the yakuman), ``han``, ``fu`` (0 on a yakuman hand),
    ``yakuman`` (how many; a kazoe yakuman is 1), ``limit`` (one of
    ``LIMITS``), ``points`` (before honba and sticks: the discarder's payment
    on a ron; on a tsumo ``(dealer's payment, each non-dealer's payment)``,
    ``(0, each)`` when the dealer wins), ``tsumo``, ``dealer`` (the winner is
    the dealer), ``honba``, ``riichi_sticks`` and ``players`` (4, or 3 under
    ``riichi3``).

    Under ``rules="gb"`` ``items`` are ``(Fan, points)`` pairs, one per counted fan
    (花牌 once per flower), ``total`` their sum, ``valid`` whether the fans before
    flowers reach 8; ``points`` is the discarder's payment (total + 8; each other
    seat pays 8) or on a self-draw ``(total + 8, total + 8)``, 0 for an invalid
    win; ``han``, ``fu`` and ``yakuman`` are 0.

    Examples
    --------
    >>> import mahjong_fast as mf
    >>> s = mf.score("123567m234p678s55p", "8s", riichi=True, dora="4p")
    >>> print(s)
    立直 1, 平和 1, ドラ 2 — 4 han 30 fu, 7700
    >>> print(mf.score("123456789m123p55s", "7m", rules="gb", flowers=1))
    清龙 16, 门前清 2, 平和 2, 喜相逢 1, 独听・边张 1, 花牌 1 — 23 fans, 31
    """

    __slots__ = ("dealer", "fu", "han", "honba", "items", "limit", "players", "points", "riichi_sticks",
                 "tsumo", "valid", "yakuman")
    valid: bool
    items: tuple[tuple[Any, int], ...]  # (Yaku, han), or under gb (Fan, points)
    han: int
    fu: int
    yakuman: int
    limit: str
    points: Points
    tsumo: bool
    dealer: bool
    honba: int
    riichi_sticks: int
    players: int

    def __init__(self, *, valid: bool, items: tuple[tuple[Any, int], ...], han: int, fu: int, yakuman: int,
                 limit: str, points: Points, tsumo: bool, dealer: bool, honba: int = 0, riichi_sticks: int = 0,
                 players: int = 4) -> None:
        _fill(self, dealer, fu, han, honba, items, limit, players, points, riichi_sticks, tsumo, valid, yakuman)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Score is immutable")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return _score_of_fields, self._key()

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, n) for n in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def total(self) -> int:
        """The gb fan total, flowers included (0 for a riichi score).

        >>> import mahjong_fast as mf
        >>> mf.score("123456789m123p55s", "7m", rules="gb", flowers=1).total
        23
        """
        return sum(v for f, v in self.items if type(f) is Fan)

    @property
    def _gb(self) -> bool:
        return bool(self.items) and type(self.items[0][0]) is Fan

    def _gain(self) -> int:
        """The winner's gain before honba and sticks (every payment summed)."""
        if isinstance(self.points, int):
            return self.points
        dealer_pays, each = self.points
        return dealer_pays + each * (self.players - 1 if self.dealer else self.players - 2)

    def deltas(self, winner: int, dealer: int, loser: int | None = None, pao: int | None = None) -> list[int]:
        """The score change of every seat (0-3, or 0-2 under ``riichi3``), honba and sticks included.

        Exactly an mjai ``hora`` event's ``deltas``.  ``loser`` is the
        discarder of a ron (``None`` for a tsumo).  ``pao`` is the seat
        responsible (責任払い) for a fed daisangen or daisuushii: it pays the
        whole of a tsumo (honba too) and half of a ron beside the discarder
        (who pays the honba), as Tenhou does; the whole win is paid so, a composite yakuman
        included (Tenhou's split of a composite yakuman by the pao one is not modelled yet,
        nor checked against Tenhou records).  An invalid win changes nothing.

        >>> import mahjong_fast as mf
        >>> mf.score("123567m234p678s55p", "8s", riichi=True, dora="4p", honba=1).deltas(0, 1, loser=2)
        [8000, 0, -8000, 0]
        """
        n = self.players
        for name, seat in (("winner", winner), ("dealer", dealer)):
            if type(seat) is not int or not 0 <= seat < n:
                raise ValueError(f"{name} must be a seat 0-{n - 1}, not {seat!r}")
        if (winner == dealer) != self.dealer:
            raise ValueError(
                f"dealer {dealer} contradicts the score: the winner {winner} "
                f"{'is' if self.dealer else 'is not'} the dealer (seat_wind)"
            )
        if self.tsumo:
            if loser is not None:
                raise ValueError(f"loser must be None for a tsumo, not {loser!r}")
        elif type(loser) is not int or not 0 <= loser < n or loser == winner:
            raise ValueError(f"loser must be a seat 0-{n - 1} other than the winner {winner} for a ron, not {loser!r}")
        if pao is not None and (type(pao) is not int or not 0 <= pao < n or pao == winner):
            raise ValueError(f"pao must be a seat 0-{n - 1} other than the winner, or None, not {pao!r}")
        out = [0] * n
        if not self.valid:
            return out
        if self._gb:  # no dealer premium: each seat pays 8, the discarder the fans too
            gain = self.total + 8
            for seat in range(n):
                if seat != winner:
                    paid = gain if self.tsumo or seat == loser else 8
                    out[seat] -= paid
                    out[winner] += paid
            return out
        honba = self.honba
        if self.tsumo:
            if pao is not None:
                payments = {pao: self._gain() + 100 * honba * (n - 1)}
            else:
                dealer_pays, each = self.points  # type: ignore[misc]
                payments = {s: (dealer_pays if s == dealer else each) + 100 * honba for s in range(n) if s != winner}
        else:
            points: int = self.points  # type: ignore[assignment]
            if pao is not None and pao != loser:
                half = points // 2
                payments = {loser: points - half + 100 * (n - 1) * honba, pao: half}  # type: ignore[dict-item]
            else:
                payments = {loser: points + 100 * (n - 1) * honba}  # type: ignore[dict-item]
        for seat, paid in payments.items():
            out[seat] -= paid
            out[winner] += paid
        out[winner] += 1000 * self.riichi_sticks
        return out

    def __str__(self) -> str:
        if self._gb:
            fans = ", ".join(f"{f.chinese} {v}" for f, v in self.items)
            if not self.valid:
                return f"{fans} — {self.total} fans: under 8 before flowers, not a win"
            return f"{fans} — {self.total} fans, {who_pays(self, '{0}', '{0} from each', '{0} from each')}"
        if not self.valid:
            return "no yaku — not a win"
        items = ", ".join(f"{y.japanese} {han}" for y, han in self.items)
        if self.yakuman and not self.fu:
            figures = "yakuman" if self.yakuman == 1 else f"{self.yakuman}x yakuman"
        else:
            figures = f"{self.han} han {self.fu} fu"
            if self.limit:
                figures += f" {self.limit}"
        return f"{items} — {figures}, {who_pays(self, '{0}', '{1} all', '{1}/{0}')}"

    def __repr__(self) -> str:
        items = ", ".join(f"{y.name} {han}" for y, han in self.items)
        if self._gb:
            return (f"<Score {'valid' if self.valid else 'invalid'} [{items}] total={self.total} "
                    f"points={self.points!r} {'tsumo' if self.tsumo else 'ron'}{' dealer' if self.dealer else ''}>")
        return (
            f"<Score {'valid' if self.valid else 'invalid'} [{items}] han={self.han} fu={self.fu} "
            f"yakuman={self.yakuman} limit={self.limit!r} points={self.points!r} "
            f"{'tsumo' if self.tsumo else 'ron'}{' dealer' if self.dealer else ''}"
            f"{f' honba={self.honba}' if self.honba else ''}"
            f"{f' riichi_sticks={self.riichi_sticks}' if self.riichi_sticks else ''}>"
        )


def who_pays(score: Score, ron: str, dealer: str, other: str) -> str:
    """Who pays ``score.points``, in words: ``ron`` for a win on a discard, else ``dealer`` (the dealer's
    tsumo) or ``other``; each a ``str.format`` template of the points, ``{0}`` and ``{1}`` their two parts.

    >>> from mahjong_fast import score
    >>> who_pays(score("123m456p789s234p55s", "5s", rules="riichi", tsumo=True), "{0}", "{1} all", "{1}/{0}")
    '300/500'
    """
    if isinstance(score.points, int):
        return ron.format(score.points)
    return (dealer if score.dealer else other).format(*score.points)


def _fill(score: Score, *values: object) -> Score:
    """``score`` with its slots set to ``values`` in ``Score.__slots__`` order (``Score`` refuses ``setattr``)."""
    for name, value in zip(Score.__slots__, values):
        _SET(score, name, value)
    return score


def _score_of_fields(*values: object) -> Score:
    """A ``Score`` again from its fields in ``Score.__slots__`` order (unpickling)."""
    return _fill(object.__new__(Score), *values)
