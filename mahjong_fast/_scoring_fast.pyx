# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Compiled lean path of ``score``: its common arguments read in C (the pure twin is ``_scoring_fast_py``).

``read_score`` takes and returns what the twin's does: the kernel's arguments
for plain mpsz text or index34/index136 ints, melds as text or ``Meld``, bool
flags, dora and ura as text or ints and winds as ``None``, ints or text; ``None``
for anything else and wherever the general path (``_scoring``) would raise, so
that it gives the documented answer or error.

``score_of`` builds the ``Score`` of the kernel's answer as the twin's does,
its fields set in C; ``finish`` and ``lean_score`` chain them as the twin's do.
``gb_lean_score`` and ``gb_score`` do under gb what the twin's do.
"""
from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject, PyObject_GenericSetAttr

from mahjong_fast._kernels.fan_flags cimport GB_KONG, GB_LAST_COPY, GB_SELF_DRAWN, GB_WALL_LAST, N_FAN_SLOTS
from mahjong_fast._kernels.fans cimport gb_fans_c
from mahjong_fast._kernels.score_flags cimport (CHANKAN, CHIIHOU, CHOW, DOUBLE_RIICHI, HAITEI, HOUTEI, IPPATSU,
                                                KONG, PUNG, RIICHI, RINSHAN, TENHOU, TSUMO)
from mahjong_fast._layout cimport N_KINDS

from mahjong_fast._fan import Fan
from mahjong_fast._kernels.fans import count_fans as _count_fans
from mahjong_fast._scoring_fast_py import _MELDS, GB_ITEMS, _meld
from mahjong_fast._yaku import YAKU_BY_ID, Score, Yaku

__all__ = ["finish", "gb_lean_score", "gb_score", "lean_score", "read_score", "score_of"]

cdef enum:
    MAX_DIGITS = 64
    EAST = 27


cdef int _text(str text, int* counts, int* red) except -2:
    """Add plain mpsz text to ``counts`` (as the twin's ``_text``); tiles read, -1 if not plain."""
    cdef int pending[MAX_DIGITS]
    cdef int n_pending = 0, n = 0, base, rank, i
    cdef Py_UCS4 ch
    for ch in text:
        if ch == u"m" or ch == u"p" or ch == u"s" or ch == u"z":
            base = 0 if ch == u"m" else 9 if ch == u"p" else 18 if ch == u"s" else 27
            if n_pending == 0:
                return -1
            for i in range(n_pending):
                rank = pending[i]
                if base == 27 and not 1 <= rank <= 7:
                    return -1
                if rank == 0:
                    red[base // 9] += 1
                    rank = 5
                counts[base + rank - 1] += 1
                n += 1
            n_pending = 0
        elif u"0" <= ch <= u"9":
            if n_pending == MAX_DIGITS:
                return -1
            pending[n_pending] = <int>ch - 48
            n_pending += 1
        else:
            return -1
    return n if n_pending == 0 else -1


cdef int _int_tile(object value, bint index136) except -2:
    """The index34 tile of an exact int in the encoding; -1 if out of range."""
    cdef long v
    if value < 0 or value >= (136 if index136 else 34):
        return -1
    v = value
    return <int>(v // 4 if index136 else v)


cdef int _hand(object hand14, object encoding, bint index136, int* counts, int* red) except -2:
    """Add ``hand14`` (plain mpsz text, or index34 / index136 ints) to ``counts`` and ``red``; its size, -1 if
    not a common form."""
    cdef bint seen[136]
    cdef int size = 0, t, v
    if type(hand14) is str:
        if encoding is not None:
            return -1
        return _text(hand14, counts, red)
    if type(hand14) is not list and type(hand14) is not tuple:
        return -1
    if index136:
        for t in range(136):
            seen[t] = False
    for item in hand14:
        if type(item) is not int or item < 0 or item >= (136 if index136 else 34):
            return -1
        v = item
        if index136:
            if seen[v]:
                return -1
            seen[v] = True
            if v == 16 or v == 52 or v == 88:
                red[v // 36] += 1
            v //= 4
        counts[v] += 1
        size += 1
    return size


cdef int _tile(object value, bint index136) except -2:
    """The index34 tile of a win or indicator (as the twin's ``_tile``); -1 if not a common form."""
    cdef int counts[N_KINDS]
    cdef int red[3]
    cdef int t
    if type(value) is int:
        return _int_tile(value, index136)
    if type(value) is str:
        for t in range(N_KINDS):
            counts[t] = 0
        if _text(value, counts, red) == 1:
            for t in range(N_KINDS):
                if counts[t]:
                    return t
    return -1


cdef inline int _next(int t) noexcept:
    """The dora a four-player indicator shows."""
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        return 27 + (t - 26) % 4
    return 31 + (t - 30) % 3


cdef int _dora(object value, bint index136, const int* counts, int* n_indicators) except -2:
    """The dora the indicators ``value`` show in ``counts`` (as the twin's ``_indicators``); -1 if not common."""
    cdef int shown[N_KINDS]
    cdef int red[3]
    cdef int t, total = 0
    n_indicators[0] = 0
    if type(value) is str:
        for t in range(N_KINDS):
            shown[t] = 0
        if _text(value, shown, red) < 0:
            return -1
        for t in range(N_KINDS):
            if shown[t]:
                n_indicators[0] += shown[t]
                total += shown[t] * counts[_next(t)]
        return total
    if type(value) is not list and type(value) is not tuple:
        return -1
    for v in value:
        if type(v) is not int:
            return -1
        t = _int_tile(v, index136)
        if t < 0:
            return -1
        n_indicators[0] += 1
        total += counts[_next(t)]
    return total


cdef int _wind(object value) except -2:
    """A wind's index34 tile, -1 for ``None``, -3 if not a common form."""
    if value is None:
        return -1
    if type(value) is int:
        if 27 <= value <= 30:
            return <int>value
        return -3
    if type(value) is str:
        return _WINDS.get(value, -3)
    return -3


_WINDS = {"E": 27, "S": 28, "W": 29, "N": 30, "1z": 27, "2z": 28, "3z": 29, "4z": 30}
_BITS = (TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, HAITEI, HOUTEI, RINSHAN, CHANKAN, TENHOU, CHIIHOU)


def read_score(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
               chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks):
    """``score``'s four-player arguments as the kernel takes them, or ``None`` (see ``_scoring_fast_py``)."""
    return _read(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                 chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks)


def finish(kernel, int switches, int red_fives, tuple read, int kita, bint tsumo, honba, riichi_sticks,
           int players):
    """The ``Score`` of read arguments; ``None`` when the tiles do not win (see ``_scoring_fast_py``)."""
    return _finish(kernel, switches, red_fives, read, kita, tsumo, honba, riichi_sticks, players)


def lean_score(kernel, int switches, int red_fives, hand14, win, melds, encoding, tsumo, riichi, double_riichi,
               ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita,
               honba, riichi_sticks):
    """``score`` of a four-player call on the lean path; ``None``: the general path answers (see the twin)."""
    read = _read(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                 chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks)
    if read is None:
        return None
    return _finish(kernel, switches, red_fives, <tuple>read, 0, tsumo is True, honba, riichi_sticks, 4)


cdef object _finish(object kernel, int switches, int red_fives, tuple read, int kita, bint tsumo, object honba,
                    object riichi_sticks, int players):
    cdef int dora = read[6], ura = read[7], red = read[8] if red_fives else 0
    result = kernel(read[0], read[1], read[2], read[3], read[4], read[5], dora + ura + red + kita, switches)
    if result is None:
        return None
    return _score_of(<tuple>result, dora, ura, red, kita, tsumo, read[9], honba, riichi_sticks, players)


cdef object _read(object hand14, object win, object melds, object encoding, object tsumo, object riichi,
                  object double_riichi, object ippatsu, object haitei, object houtei, object rinshan, object chankan,
                  object tenhou, object chiihou, object seat_wind, object round_wind, object dora, object ura,
                  object kita, object honba, object riichi_sticks):
    cdef int counts[N_KINDS]
    cdef unsigned char concealed[N_KINDS]
    cdef int red[3]
    cdef bint index136 = False, open_hand = False, kong = False
    cdef bint b_tsumo, b_riichi, b_ippatsu, b_haitei, b_houtei, b_rinshan, b_chankan, b_tenhou, b_chiihou
    cdef int size = 0, situation = 0, t, i, win_tile, seat, round_, dora_count, ura_count, n_dora, n_ura
    cdef int kind, tile, meld_red, n_melds
    cdef bint dealer, ron
    if encoding is not None:
        if encoding == "index136":
            index136 = True
        elif encoding != "index34":
            return None
    if type(kita) is not int or kita != 0:
        return None
    if type(honba) is not int or honba < 0 or type(riichi_sticks) is not int or riichi_sticks < 0:
        return None
    i = 0
    for flag in (tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou):
        if flag is True:
            situation |= <int>_BITS[i]
        elif flag is not False:
            return None
        i += 1
    b_tsumo = tsumo is True
    b_riichi = riichi is True or double_riichi is True
    if double_riichi is True:
        situation |= RIICHI
    b_ippatsu = ippatsu is True
    b_haitei = haitei is True
    b_houtei = houtei is True
    b_rinshan = rinshan is True
    b_chankan = chankan is True
    b_tenhou = tenhou is True
    b_chiihou = chiihou is True
    for t in range(N_KINDS):
        counts[t] = 0
    red[0] = red[1] = red[2] = 0
    size = _hand(hand14, encoding, index136, counts, red)
    if size < 0:
        return None
    if type(melds) is not list and type(melds) is not tuple:
        return None
    for t in range(N_KINDS):
        concealed[t] = <unsigned char>counts[t] if counts[t] <= 4 else 5
    codes = []
    for m in melds:
        read = _meld(m)
        if read is None:
            return None
        kind = read[0]
        tile = read[1]
        meld_red = read[2]
        codes.append((kind, tile))
        for t in read[4]:
            counts[t] += 1
        if meld_red:
            red[tile // 9] += meld_red
        if not read[3]:
            open_hand = True
        if kind >= KONG:
            kong = True
    n_melds = len(codes)
    if size + 3 * n_melds != 14:
        return None
    for t in range(N_KINDS):
        if counts[t] > 4:
            return None
    if red[0] > 1 or red[1] > 1 or red[2] > 1:
        return None
    win_tile = _tile(win, index136)
    if win_tile < 0 or not concealed[win_tile]:
        return None
    seat = _wind(seat_wind)
    round_ = _wind(round_wind)
    if seat == -3 or round_ == -3:
        return None
    dealer = seat == EAST
    ron = not b_tsumo
    if ((b_ippatsu and (not b_riichi or b_rinshan)) or (ron and (b_haitei or b_rinshan or b_tenhou or b_chiihou))
            or (b_tsumo and (b_houtei or b_chankan)) or (b_rinshan and not kong) or (b_tenhou and not dealer)
            or (b_chiihou and dealer) or ((b_tenhou or b_chiihou) and (n_melds > 0 or b_riichi))
            or (b_riichi and open_hand) or (b_haitei and b_rinshan) or (b_houtei and b_chankan)):
        return None
    dora_count = _dora(dora, index136, counts, &n_dora)
    ura_count = _dora(ura, index136, counts, &n_ura)
    if dora_count < 0 or ura_count < 0 or n_dora > 5 or n_ura > n_dora or (n_ura and not b_riichi):
        return None
    return (concealed[:N_KINDS], tuple(codes), win_tile, situation, seat, round_, dora_count, ura_count,
            red[0] + red[1] + red[2], dealer)


cdef tuple _EXTRAS = (Yaku.DORA, Yaku.URA_DORA, Yaku.AKA_DORA, Yaku.KITA)
cdef dict _YAKU = dict(YAKU_BY_ID)


cdef inline long _up(long x) noexcept:
    return (x + 99) // 100 * 100


cdef str _limit(long base):
    if base == 2000:
        return "mangan"
    if base == 3000:
        return "haneman"
    if base == 4000:
        return "baiman"
    if base == 6000:
        return "sanbaiman"
    return ""


def score_of(tuple result, int dora, int ura, int red, int kita, bint tsumo, bint dealer, honba, riichi_sticks,
             int players):
    """The ``Score`` of the scoring kernel's ``(yaku, han, fu, yakuman, base)`` (see ``_scoring_fast_py``)."""
    return _score_of(result, dora, ura, red, kita, tsumo, dealer, honba, riichi_sticks, players)


cdef object _score_of(tuple result, int dora, int ura, int red, int kita, bint tsumo, bint dealer, object honba,
                      object riichi_sticks, int players):
    cdef tuple yaku = result[0]
    cdef long han = result[1], fu = result[2], yakuman = result[3], base = result[4]
    cdef list items
    cdef int counts[4]
    cdef int i
    s = Score.__new__(Score)
    if not yaku:
        _fill(s, False, (), 0, 0, 0, "", 0, tsumo, dealer, honba, riichi_sticks, players)
        return s
    items = [(_YAKU[y], h) for y, h in yaku]
    if not (yakuman and fu == 0):
        counts[0] = dora
        counts[1] = ura
        counts[2] = red
        counts[3] = kita
        for i in range(4):
            if counts[i]:
                items.append((_EXTRAS[i], counts[i]))
    if not tsumo:
        points = _up(base * (6 if dealer else 4))
    elif dealer:
        points = (0, _up(2 * base))
    else:
        points = (_up(2 * base), _up(base))
    _fill(s, True, tuple(items), han, fu, yakuman, "yakuman" if yakuman else _limit(base), points, tsumo, dealer,
          honba, riichi_sticks, players)
    return s


cdef void _fill(object s, bint valid, tuple items, long han, long fu, long yakuman, str limit, object points,
                bint tsumo, bint dealer, object honba, object riichi_sticks, long players) except *:
    PyObject_GenericSetAttr(s, "valid", valid)
    PyObject_GenericSetAttr(s, "items", items)
    PyObject_GenericSetAttr(s, "han", han)
    PyObject_GenericSetAttr(s, "fu", fu)
    PyObject_GenericSetAttr(s, "yakuman", yakuman)
    PyObject_GenericSetAttr(s, "limit", limit)
    PyObject_GenericSetAttr(s, "points", points)
    PyObject_GenericSetAttr(s, "tsumo", tsumo)
    PyObject_GenericSetAttr(s, "dealer", dealer)
    PyObject_GenericSetAttr(s, "honba", honba)
    PyObject_GenericSetAttr(s, "riichi_sticks", riichi_sticks)
    PyObject_GenericSetAttr(s, "players", players)


_FLOWER_ITEM = (Fan.FLOWER_TILES, 1)
cdef tuple _GB_ITEMS = GB_ITEMS
cdef int _GB_POINTS[N_FAN_SLOTS]
_GB_POINTS[0] = 0
for _i, (_f, _p) in enumerate(GB_ITEMS):
    _GB_POINTS[_i + 1] = _p
cdef int _FLOWER_ID = Fan.FLOWER_TILES.value


cdef int _gb_read(object hand14, object win, object melds, object encoding, object seat_wind, object round_wind,
                  unsigned char* concealed, int* kinds, int* tiles, int* read) except -2:
    """``_read`` of a gb call (no riichi arguments) into C arrays: the meld count, -1 where it gives ``None``.

    ``read`` receives the winning tile, the seat and round winds (-1: ``None``) and
    whether the seat is the dealer; red fives give -1 (the general reading).
    """
    cdef int counts[N_KINDS]
    cdef bint index136 = False
    cdef int size = 0, t, n_melds = 0, kind, tile, win_tile, seat, round_
    cdef int red[3]
    cdef PyObject* known
    if encoding is not None:
        if encoding == "index136":
            index136 = True
        elif encoding != "index34":
            return -1
    for t in range(N_KINDS):
        counts[t] = 0
    red[0] = red[1] = red[2] = 0
    size = _hand(hand14, encoding, index136, counts, red)
    if size < 0 or red[0] or red[1] or red[2]:
        return -1
    if type(melds) is not list and type(melds) is not tuple:
        return -1
    for t in range(N_KINDS):
        concealed[t] = <unsigned char>counts[t] if counts[t] <= 4 else 5
    for m in melds:
        if n_melds == 4:
            return -1
        known = PyDict_GetItem(_MELD_READS, m) if type(m) is str else NULL
        meld = <object>known if known is not NULL else _meld(m)
        if meld is None or (<tuple>meld)[2]:
            return -1
        kind = (<tuple>meld)[0]
        tile = (<tuple>meld)[1]
        if kind == CHOW:
            counts[tile] += 1
            counts[tile + 1] += 1
            counts[tile + 2] += 1
        else:
            counts[tile] += 3 if kind == PUNG else 4
        kinds[n_melds] = kind
        tiles[n_melds] = tile
        n_melds += 1
    if size + 3 * n_melds != 14:
        return -1
    for t in range(N_KINDS):
        if counts[t] > 4:
            return -1
    win_tile = _tile(win, index136)
    if win_tile < 0 or not concealed[win_tile]:
        return -1
    seat = _wind(seat_wind)
    round_ = _wind(round_wind)
    if seat == -3 or round_ == -3:
        return -1
    read[0] = win_tile
    read[1] = seat
    read[2] = round_
    read[3] = seat == EAST
    return n_melds


cdef dict _MELD_READS = _MELDS


def gb_lean_score(kernel, hand14, win, melds, encoding, tsumo, seat_wind, round_wind, flowers, last_copy,
                  last_tile, kong_draw, robbing_kong):
    """``score`` under gb on the lean path; ``None``: the general path answers (see the twin)."""
    cdef unsigned char concealed[N_KINDS]
    cdef int kinds[4]
    cdef int tiles[4]
    cdef int read[4]
    cdef int best[N_FAN_SLOTS]
    cdef int situation = 0, win_tile, n_melds, i
    if (type(flowers) is not int or not 0 <= flowers <= 8 or type(last_copy) is not bool
            or type(last_tile) is not bool or type(kong_draw) is not bool or type(robbing_kong) is not bool
            or type(tsumo) is not bool):
        return None
    n_melds = _gb_read(hand14, win, melds, encoding, seat_wind, round_wind, concealed, kinds, tiles, read)
    if n_melds < 0:
        return None
    win_tile = read[0]
    if last_copy and concealed[win_tile] > 1:
        return None
    if kong_draw:
        if not tsumo:
            return None
        for i in range(n_melds):
            if kinds[i] >= KONG:
                break
        else:
            return None
    if robbing_kong:
        if tsumo or concealed[win_tile] > 1:
            return None
        for i in range(n_melds):
            if (tiles[i] <= win_tile <= tiles[i] + 2) if kinds[i] == CHOW else tiles[i] == win_tile:
                return None
    if tsumo:
        situation |= GB_SELF_DRAWN
    if last_copy:
        situation |= GB_LAST_COPY
    if kong_draw or robbing_kong:
        situation |= GB_KONG
    if last_tile:
        situation |= GB_WALL_LAST
    if kernel is _count_fans:  # the GIL kept: releasing it costs more than the count on a busy machine
        if not gb_fans_c(concealed, kinds, tiles, n_melds, win_tile, situation, read[1], read[2], best):
            return None
    else:
        fans = kernel(concealed[:N_KINDS], tuple([(kinds[i], tiles[i]) for i in range(n_melds)]), win_tile,
                      situation, read[1], read[2])
        if fans is None:
            return None
        _fan_counts(fans, best)
    return _gb_score(best, flowers, tsumo is True, read[3])


cdef void _fan_counts(tuple fans, int* best) except *:
    """The kernel's ``(fan id, count)`` pairs as ``N_FAN_SLOTS`` counts."""
    cdef int i
    for i in range(N_FAN_SLOTS):
        best[i] = 0
    for pair in fans:
        best[<int>(<tuple>pair)[0]] = (<tuple>pair)[1]


def gb_score(tuple fans, int flowers, bint tsumo, bint dealer):
    """The ``Score`` of the fan kernel's ``(fan id, count)`` pairs and the flowers (see the twin)."""
    cdef int best[N_FAN_SLOTS]
    _fan_counts(fans, best)
    return _gb_score(best, flowers, tsumo, dealer)


cdef object _gb_score(const int* best, int flowers, bint tsumo, bint dealer):
    cdef list items = []
    cdef int before = 0, i, n, _k, total
    cdef bint placed = flowers == 0
    cdef tuple item
    for i in range(1, N_FAN_SLOTS):
        n = best[i]
        if not n:
            continue
        if not placed and i > _FLOWER_ID:
            for _k in range(flowers):
                items.append(_FLOWER_ITEM)
            placed = True
        item = <tuple>_GB_ITEMS[i - 1]
        before += _GB_POINTS[i] * n
        for _k in range(n):
            items.append(item)
    if not placed:
        for _k in range(flowers):
            items.append(_FLOWER_ITEM)
    total = before + flowers
    points = 0
    if before >= 8 and tsumo:
        points = (total + 8, total + 8)
    elif before >= 8:
        points = total + 8
    s = Score.__new__(Score)
    _fill(s, before >= 8, tuple(items), 0, 0, 0, "", points, tsumo, dealer, 0, 0, 4)
    return s
