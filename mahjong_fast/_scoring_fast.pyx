# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Compiled lean path of ``score``: its common arguments read in C (the pure twin is ``_scoring_fast_py``).

``score`` is the public ``mahjong_fast.score`` (``install`` puts it in front of the
general ``score`` of ``_scoring``): a four-player riichi call it can read is read into C
arrays, scored by the kernel's ``score_win_c`` in place and its ``Score`` written slot by
slot (the ``(Yaku, han)`` items made once); a gb call goes to ``gb_lean_score``'s reading
and ``gb_fans_c``; every other call, and every call it cannot vouch for, goes to the
general ``score`` with the same arguments: same answers, same errors.  When a test puts
the pure kernels behind ``_scoring`` (its ``_kernel`` and ``_fans``), they are called instead.
A call reaches ``score``'s body through a C entry (``mf_score_call``, see ``_install_entry``)
that matches keywords by the address of their interned names; any other call shape takes
the function's own argument parsing.

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
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.string cimport memset

from mahjong_fast._kernels.fan_flags cimport GB_KONG, GB_LAST_COPY, GB_SELF_DRAWN, GB_WALL_LAST, N_FAN_SLOTS
from mahjong_fast._kernels.fans cimport FAN_ROW, gb_fans_c
from mahjong_fast._kernels.score_flags cimport (CHANKAN, CHIIHOU, CHOW, DOUBLE_RIICHI, HAITEI, HOUTEI, IPPATSU,
                                                KONG, PUNG, RIICHI, RINSHAN, TENHOU, TSUMO)
from mahjong_fast._kernels.scoring cimport MAX_YAKU, Reading, score_win_c
from mahjong_fast._kernels.table cimport table_ready
from mahjong_fast._layout cimport N_KINDS

import sys

from mahjong_fast._fan import Fan
from mahjong_fast._kernels import fans as _fans_kernel
from mahjong_fast._kernels import scoring as _scoring_kernel
from mahjong_fast._kernels.fans import count_fans as _count_fans
from mahjong_fast._kernels.table import ensure_table as _ensure_table
from mahjong_fast._scoring_fast_py import _MELDS, GB_ITEMS, _meld
from mahjong_fast._yaku import YAKU_BY_ID, Score, Yaku

__all__ = ["finish", "gb_lean_score", "gb_score", "install", "lean_score", "read_score", "score", "score_of"]

cdef extern from "Python.h":
    bint _is_ascii "PyUnicode_IS_ASCII"(object) noexcept
    const void* _str_data "PyUnicode_DATA"(object) noexcept
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member

cdef extern from *:
    """
    /* A new instance of a Python class with __slots__, its slots empty: object.__new__(type). */
    static PyObject* mf_new_instance(PyObject* type) {
        return ((PyTypeObject*)type)->tp_alloc((PyTypeObject*)type, 0);
    }
    """
    object mf_new_instance(object type)

cdef extern from *:
    """
    /* score's C entry: two positional arguments and keywords matched by identity to the interned
       parameter names (a table of 64 slots, by address), else the function's own argument parsing. */
    #define MF_N_PARAMS 27
    #define MF_TABLE 64
    typedef PyObject* (*mf_values_func)(PyObject**);
    static vectorcallfunc mf_score_parse = NULL;       /* the function's own entry: every other call */
    static mf_values_func mf_score_values = NULL;
    static PyObject* mf_defaults[MF_N_PARAMS];          /* borrowed: the module keeps the tuple */
    static PyObject* mf_keys[MF_TABLE];
    static int mf_slots[MF_TABLE];

    static inline size_t mf_home(PyObject* key) { return ((size_t)key >> 4) % MF_TABLE; }

    static PyObject* mf_score_call(PyObject* f, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
        Py_ssize_t nargs = PyVectorcall_NARGS(nargsf), n_kw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0, i;
        PyObject* values[MF_N_PARAMS];
        unsigned long seen = 0;
        size_t h;
        if (nargs != 2)
            return mf_score_parse(f, args, nargsf, kwnames);
        memcpy(values, mf_defaults, sizeof(values));
        values[0] = args[0];
        values[1] = args[1];
        for (i = 0; i < n_kw; i++) {
            PyObject* key = PyTuple_GET_ITEM(kwnames, i);
            for (h = mf_home(key); mf_keys[h] != NULL && mf_keys[h] != key; h = (h + 1) % MF_TABLE) {}
            if (mf_keys[h] == NULL || (seen >> mf_slots[h]) & 1)  /* another name, or one given twice */
                return mf_score_parse(f, args, nargsf, kwnames);
            seen |= 1ul << mf_slots[h];
            values[mf_slots[h]] = args[nargs + i];
        }
        return mf_score_values(values);
    }

    /* Put mf_score_call in front of f's own vectorcall; 0 if f has none (f is then left as it is). */
    static int mf_install_call(PyObject* f, PyObject* names, PyObject* defaults, mf_values_func values) {
        PyTypeObject* tp = Py_TYPE(f);
        vectorcallfunc* slot;
        Py_ssize_t i;
        size_t h;
        if (!PyType_HasFeature(tp, Py_TPFLAGS_HAVE_VECTORCALL) || tp->tp_vectorcall_offset <= 0
                || PyTuple_GET_SIZE(names) != MF_N_PARAMS || PyTuple_GET_SIZE(defaults) != MF_N_PARAMS)
            return 0;
        slot = (vectorcallfunc*)((char*)f + tp->tp_vectorcall_offset);
        if (*slot == NULL || *slot == mf_score_call)
            return *slot == mf_score_call;
        for (i = 0; i < MF_TABLE; i++)
            mf_keys[i] = NULL;
        for (i = 0; i < MF_N_PARAMS; i++) {
            PyObject* key = PyTuple_GET_ITEM(names, i);
            for (h = mf_home(key); mf_keys[h] != NULL; h = (h + 1) % MF_TABLE) {}
            mf_keys[h] = key;
            mf_slots[h] = (int)i;
            mf_defaults[i] = PyTuple_GET_ITEM(defaults, i);
        }
        mf_score_values = values;
        mf_score_parse = *slot;
        *slot = mf_score_call;
        return 1;
    }
    """
    ctypedef object (*mf_values_func)(PyObject**)
    int mf_install_call(object f, tuple names, tuple defaults, mf_values_func values) except -1


cdef enum:
    MAX_DIGITS = 64
    EAST = 27


cdef int _text(str text, int* counts, int* red) except -2:
    """Add plain mpsz text to ``counts`` (as the twin's ``_text``); tiles read, -1 if not plain.

    Plain text is ASCII: its bytes are read directly, each run of digits when its suit
    letter comes (``start``: the run's first digit, as in the twin).
    """
    cdef const unsigned char* chars
    cdef Py_ssize_t size, i, j, start = 0
    cdef int n = 0, base, rank
    cdef unsigned char ch
    if not _is_ascii(text):
        return -1  # not plain, or a string not yet ready (the general path reads it)
    chars = <const unsigned char*>_str_data(text)
    size = len(text)
    for i in range(size):
        ch = chars[i]
        if 48 <= ch <= 57:  # a digit
            if i - start == MAX_DIGITS:
                return -1
            continue
        base = 0 if ch == 109 else 9 if ch == 112 else 18 if ch == 115 else 27 if ch == 122 else -1  # m p s z
        if base < 0 or i == start:
            return -1
        for j in range(start, i):
            rank = chars[j] - 48
            if base == 27 and not 1 <= rank <= 7:
                return -1
            if rank == 0:
                red[base // 9] += 1
                rank = 5
            counts[base + rank - 1] += 1
            n += 1
        start = i + 1
    return n if start == size else -1


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


cdef inline int _two(str text) noexcept:
    """The index34 tile of two-character text such as ``5m`` (``0m`` a red five), -1 if not a tile, -2 to read
    it the general way."""
    cdef Py_UCS4 d = text[0], suit = text[1]
    cdef int rank
    if not u"0" <= d <= u"9":
        return -2
    rank = <int>d - 48
    if suit == u"z":
        return 26 + rank if 1 <= rank <= 7 else -1
    if suit != u"m" and suit != u"p" and suit != u"s":
        return -2
    if rank == 0:
        rank = 5
    return (0 if suit == u"m" else 9 if suit == u"p" else 18) + rank - 1


cdef int _tile(object value, bint index136) except -2:
    """The index34 tile of a win or indicator (as the twin's ``_tile``); -1 if not a common form."""
    cdef int counts[N_KINDS]
    cdef int red[3]
    cdef int t
    if type(value) is int:
        return _int_tile(value, index136)
    if type(value) is str:
        if len(<str>value) == 2:  # a digit and a suit letter: the common case, read directly
            t = _two(<str>value)
            if t != -2:
                return t
        for t in range(N_KINDS):
            counts[t] = 0
        if _text(value, counts, red) == 1:
            for t in range(N_KINDS):
                if counts[t]:
                    return t
    return -1


cdef inline void _add_meld(int* counts, int kind, int tile) noexcept:
    """Add the tiles of a meld (score_flags' kind, index34 tile) to ``counts``."""
    if kind == CHOW:
        counts[tile] += 1
        counts[tile + 1] += 1
        counts[tile + 2] += 1
    else:
        counts[tile] += 3 if kind == PUNG else 4


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
    cdef Py_ssize_t n
    cdef Py_UCS4 a
    if value is None:
        return -1
    if type(value) is int:
        if 27 <= value <= 30:
            return <int>value
        return -3
    if type(value) is str:  # the twin's _WINDS read in C: a dict lookup of equal text costs more than the rest
        n = len(<str>value)
        a = (<str>value)[0] if n else 0
        if n == 1:
            return 27 if a == u"E" else 28 if a == u"S" else 29 if a == u"W" else 30 if a == u"N" else -3
        if n == 2 and (<str>value)[1] == u"z" and u"1" <= a <= u"4":
            return 27 + (<int>a - 49)
    return -3
cdef object _TRUE = True, _FALSE = False  # the bool objects (a bare True in C code is the int 1)
cdef int _FLAG_BITS[10]
_FLAG_BITS[:] = [TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, HAITEI, HOUTEI, RINSHAN, CHANKAN, TENHOU, CHIIHOU]

ctypedef struct Call:
    unsigned char concealed[N_KINDS]
    int meld_kind[4]
    int meld_tile[4]
    int n_melds
    int win
    int situation
    int seat
    int round_
    int dora
    int ura
    int red
    bint dealer


# --- the public entry ------------------------------------------------------------

cdef object _general = None             # _scoring's general score: every form, every error
cdef dict _module = {}                  # _scoring's globals: its _kernel and _fans (tests swap them), read per call
cdef object _rules_kind = None          # _scoring.rules_kind
cdef list _last_rules = [None]          # (rules= value, *rules_kind(value)) of the last rules= read


def install(general, module, rules_kind):
    """Put the lean path in front of ``general`` (``_scoring``'s ``score``); return the public ``score``.

    ``module`` is ``_scoring``'s globals (its ``_kernel`` and ``_fans`` are read at each
    call: tests swap them) and ``rules_kind`` its reader of ``rules=``: ``(4, switches, red
    fives)`` for a four-player riichi rule set, ``(0, 0, 0)`` for gb, ``None`` for the rest.
    """
    global _general, _module, _rules_kind
    _general, _module, _rules_kind = general, module, rules_kind
    _last_rules[0] = None
    return score


def score(hand14, win, *, melds=(), rules="riichi", encoding=None, tsumo=False, riichi=False, double_riichi=False,
          ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False, tenhou=False, chiihou=False,
          seat_wind=None, round_wind=None, dora=(), ura=(), kita=0, honba=0, riichi_sticks=0, flowers=0,
          last_copy=False, last_tile=False, kong_draw=False, robbing_kong=False):
    """What a win is worth; see ``mahjong_fast.score``."""
    return _score(hand14, win, melds, rules, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                  chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks, flowers,
                  last_copy, last_tile, kong_draw, robbing_kong)


cdef object _score_values(PyObject** v):
    """``_score`` of the 27 arguments ``v`` in ``score``'s order (the C entry ``mf_score_call`` reads them)."""
    return _score(<object>v[0], <object>v[1], <object>v[2], <object>v[3], <object>v[4], <object>v[5], <object>v[6],
                  <object>v[7], <object>v[8], <object>v[9], <object>v[10], <object>v[11], <object>v[12],
                  <object>v[13], <object>v[14], <object>v[15], <object>v[16], <object>v[17], <object>v[18],
                  <object>v[19], <object>v[20], <object>v[21], <object>v[22], <object>v[23], <object>v[24],
                  <object>v[25], <object>v[26])


cdef object _score(object hand14, object win, object melds, object rules, object encoding, object tsumo,
                   object riichi, object double_riichi, object ippatsu, object haitei, object houtei, object rinshan,
                   object chankan, object tenhou, object chiihou, object seat_wind, object round_wind, object dora,
                   object ura, object kita, object honba, object riichi_sticks, object flowers, object last_copy,
                   object last_tile, object kong_draw, object robbing_kong):
    """``score``'s body, its arguments read."""
    cdef tuple known = _last_rules[0]  # a reference of our own: another thread may replace it
    cdef Call c
    cdef Reading best
    cdef int kind, red
    if known is None or known[0] is not rules:
        kind_of = _rules_kind(rules)
        known = (rules, *kind_of) if kind_of is not None else (rules, -1, 0, 0)  # -1: the general path
        _last_rules[0] = known
    kind = known[1]
    if kind == 4 and not (flowers or last_copy or last_tile or kong_draw or robbing_kong):
        kernel = _module["_kernel"]
        if _read(&c, hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                 chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks):
            if kernel is _scoring_kernel:
                red = c.red if known[3] else 0
                if score_win_c(c.concealed, c.meld_kind, c.meld_tile, c.n_melds, c.win, c.situation, c.seat,
                               c.round_, c.dora + c.ura + red, known[2], &best):
                    return _reading_score(&best, c.dora, c.ura, red, 0, tsumo is True, c.dealer, honba,
                                          riichi_sticks, 4)
            else:
                done = _finish(kernel.score_counts, known[2], known[3], _call_tuple(&c), 0, tsumo is True, honba,
                               riichi_sticks, 4)
                if done is not None:
                    return done
    elif kind == 0 and not (riichi or double_riichi or ippatsu or haitei or houtei or rinshan or chankan or tenhou
                            or chiihou or dora or ura or kita or honba or riichi_sticks):
        fans = _module["_fans"]
        done = _gb_lean(_count_fans if fans is _fans_kernel else fans.count_fans, hand14, win, melds, encoding, tsumo,
                        seat_wind, round_wind, flowers, last_copy, last_tile, kong_draw, robbing_kong)
        if done is not None:
            return done
    return _general(hand14, win, melds=melds, rules=rules, encoding=encoding, tsumo=tsumo, riichi=riichi,
                    double_riichi=double_riichi, ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan,
                    chankan=chankan, tenhou=tenhou, chiihou=chiihou, seat_wind=seat_wind, round_wind=round_wind,
                    dora=dora, ura=ura, kita=kita, honba=honba, riichi_sticks=riichi_sticks, flowers=flowers,
                    last_copy=last_copy, last_tile=last_tile, kong_draw=kong_draw, robbing_kong=robbing_kong)


def _install_entry():
    """Put the C entry ``mf_score_call`` in front of ``score``'s own argument parsing.

    ``score``'s 27 parameters are matched by Cython one by one against every name before
    them: ~900 instructions a call of ten keywords, more than the gb kernel's counting of a
    split.  The entry matches a keyword by the address of its interned name (the names of
    a call's source are interned; a name that is not, an unknown one or one given twice,
    and any call without exactly two positional arguments go to the function's own
    parsing: the same answers, the same errors).  ``score`` stays the function it was
    (signature, ``__kwdefaults__`` as read at import, doc).
    """
    code = score.__code__
    names = tuple([sys.intern(n) for n in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]])
    global _ENTRY_DEFAULTS
    _ENTRY_DEFAULTS = tuple([None, None] + [score.__kwdefaults__[n] for n in names[2:]])
    return mf_install_call(score, names, _ENTRY_DEFAULTS, _score_values)


_ENTRY_DEFAULTS = ()                    # the defaults the C entry fills in (kept alive here)
_ENTRY = _install_entry()               # 1: the C entry stands in front of score's own parsing


# --- the lean reading ------------------------------------------------------------

include "_scoring_fast_reading.pxi"


# --- the Score -------------------------------------------------------------------

cdef enum:
    CACHED_HAN = 32                     # (Yaku, han) items made once for han 0-31

cdef int _EXTRAS[4]
_EXTRAS[:] = [Yaku.DORA.value, Yaku.URA_DORA.value, Yaku.AKA_DORA.value, Yaku.KITA.value]
cdef dict _YAKU = dict(YAKU_BY_ID)
cdef int _N_YAKU = max(YAKU_BY_ID) + 1
cdef list _ITEMS = [tuple([(YAKU_BY_ID.get(y), h) for h in range(CACHED_HAN)]) for y in range(_N_YAKU)]


cdef inline object _item(int y, int han):
    """The item ``(Yaku, han)`` of yaku id ``y``."""
    if 0 <= y < _N_YAKU and 0 <= han < CACHED_HAN:
        return (<tuple>_ITEMS[y])[han]
    return (_YAKU[y], han)


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
    cdef Reading r
    r.n_yaku = 0
    for pair in <tuple>result[0]:
        if r.n_yaku == MAX_YAKU:
            raise ValueError(f"more than {MAX_YAKU} yaku")
        r.yaku[r.n_yaku] = (<tuple>pair)[0]
        r.han_of[r.n_yaku] = (<tuple>pair)[1]
        r.n_yaku += 1
    r.han, r.fu, r.yakuman, r.base = result[1], result[2], result[3], result[4]
    return _reading_score(&r, dora, ura, red, kita, tsumo, dealer, honba, riichi_sticks, players)


cdef object _reading_score(const Reading* r, int dora, int ura, int red, int kita, bint tsumo, bint dealer,
                           object honba, object riichi_sticks, int players):
    """The ``Score`` of the kernel's best reading and the counted dora (as the twin's ``score_of``)."""
    cdef int extras[4]
    cdef int i, n = r.n_yaku
    cdef long base = r.base
    if not n:
        return _new_score(False, (), 0, 0, 0, "", 0, tsumo, dealer, honba, riichi_sticks, players)
    extras[0] = dora
    extras[1] = ura
    extras[2] = red
    extras[3] = kita
    if not (r.yakuman and r.fu == 0):
        for i in range(4):
            if extras[i]:
                n += 1
    items = PyTuple_New(n)
    for i in range(r.n_yaku):
        _set_item(items, i, _item(r.yaku[i], r.han_of[i]))
    n = r.n_yaku
    if not (r.yakuman and r.fu == 0):
        for i in range(4):
            if extras[i]:
                _set_item(items, n, _item(_EXTRAS[i], extras[i]))
                n += 1
    if not tsumo:
        points = _up(base * (6 if dealer else 4))
    elif dealer:
        points = (0, _up(2 * base))
    else:
        points = (_up(2 * base), _up(base))
    return _new_score(True, items, r.han, r.fu, r.yakuman, "yakuman" if r.yakuman else _limit(base), points, tsumo,
                      dealer, honba, riichi_sticks, players)


cdef inline void _set_item(object items, Py_ssize_t i, object item) noexcept:
    Py_INCREF(item)
    PyTuple_SET_ITEM(items, i, item)


cdef object _new_score(bint valid, tuple items, long han, long fu, long yakuman, str limit, object points, bint tsumo,
                       bint dealer, object honba, object riichi_sticks, long players):
    """A ``Score`` of these fields, its slots written in place (``Score`` refuses ``setattr``)."""
    cdef object o_valid = valid, o_han = han, o_fu = fu, o_yakuman = yakuman, o_tsumo = tsumo, o_dealer = dealer
    cdef object o_players = players
    cdef PyObject* fields[12]
    cdef int k
    fields[:] = [<PyObject*>o_valid, <PyObject*>items, <PyObject*>o_han, <PyObject*>o_fu, <PyObject*>o_yakuman,
                 <PyObject*>limit, <PyObject*>points, <PyObject*>o_tsumo, <PyObject*>o_dealer, <PyObject*>honba,
                 <PyObject*>riichi_sticks, <PyObject*>o_players]
    s = mf_new_instance(Score)
    for k in range(12):  # the slots of a new Score are empty
        Py_INCREF(<object>fields[k])
        (<PyObject**>((<char*><PyObject*>s) + _slots[k]))[0] = fields[k]
    return s


cdef Py_ssize_t _slots[12]              # where Score keeps each field, in Score.__init__'s order
for _k, _name in enumerate(("valid", "items", "han", "fu", "yakuman", "limit", "points", "tsumo", "dealer", "honba",
                            "riichi_sticks", "players")):
    _member = Score.__dict__[_name]
    if type(_member).__name__ != "member_descriptor" or _member.__objclass__ is not Score:
        raise TypeError(f"Score.{_name} is not a slot")
    _slots[_k] = (<PyMemberDescrObject*>_member).d_member.offset


include "_scoring_fast_gb.pxi"
