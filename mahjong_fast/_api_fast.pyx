# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Compiled fast paths of the public ``is_win``, ``shanten``, ``waits``, ``classify``, ``decompose``.

Every input form a user is likely to pass is read here in C, without building a
per-tile Python object: ints in any numeric encoding, 34 counts, ASCII mpsz
text (melds in brackets included), a ``Hand``, melds as text or ``Meld``
objects, and the keywords ``form``, ``wild``, ``fifth``, ``strategy``, ``rules``
(a preset name or ``Rules`` object, known again by identity).  A call
this module cannot vouch for -- anything malformed, unusual or out of range,
a tile that does not exist under ``rules=`` --
goes to the general function that ``install`` (``_api``) or
``install_classify`` (``_classify``) was given, which gives the documented
answer or error: same answers, same errors.
"""
cimport cython
from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from cpython.object cimport PyObject
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.rule_flags cimport KNITTED, LOCK_SHIFT, SEVEN_PAIRS, SEVEN_PAIRS_DISTINCT, THIRTEEN_ORPHANS
from mahjong_fast._kernels.shanten cimport (SHANTEN_INVALID, SHANTEN_UNREACHABLE, is_win_rules_c, is_win_wild_c,
                                            shanten_c, shanten_ready, shanten_rules_c, waits_c, waits_rules_c)
from mahjong_fast._kernels.hutype cimport (HU_CONCEALED_KONG, hu_type_c, hu_type_rules_c, hu_type_wild_c,
                                           hu_type_wild_rules_c)
from mahjong_fast._kernels.table cimport table_ready, wins_c, wins_coded_c
from mahjong_fast._layout cimport FIRST_HONOR, MAX_COPIES, MAX_HAND, MAX_MELDS, N_HONORS, N_KINDS, SUIT_SIZE

from mahjong_fast._kernels.shanten import ensure_tables
from mahjong_fast._kernels.table import ensure_table

cdef extern from *:
    """
    /* PyUnicode_READY is a no-op (and deprecated) from 3.12 on */
    #if PY_VERSION_HEX >= 0x030C0000
    #define mf_str_ready(o) 1
    #else
    #define mf_str_ready(o) (PyUnicode_READY(o) == 0)
    #endif
    /* a rank's weight in a suit code of the win table: 5 ** (rank - 1) */
    static const unsigned int mf_pow5[9] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u};
    /* The value of an exact int if it is compact (a small one), else -1. */
    static inline long mf_small_int(PyObject *o) {
    #if PY_VERSION_HEX >= 0x030C0000 && !defined(Py_LIMITED_API)
        if (!PyUnstable_Long_IsCompact((PyLongObject *)o)) return -1;
        return (long)PyUnstable_Long_CompactValue((PyLongObject *)o);
    #elif PY_VERSION_HEX >= 0x030B0000 && !defined(Py_LIMITED_API)
        /* 3.11: Python.h includes longintrepr.h; the digit count is Py_SIZE */
        Py_ssize_t size = Py_SIZE(o);
        if (size == 0) return 0;
        if (size == 1) return (long)((PyLongObject *)o)->ob_digit[0];
        return -1;
    #else
        int overflow;
        long v = PyLong_AsLongAndOverflow(o, &overflow);
        return overflow ? -1 : v;
    #endif
    }
    """
    long mf_small_int(PyObject*) noexcept
    const unsigned int mf_pow5[9]
    bint _str_ready "mf_str_ready"(object) noexcept

cdef extern from "Python.h":
    bint _is_bool "PyBool_Check"(PyObject*)
    bint _is_long "PyLong_Check"(PyObject*)
    Py_ssize_t _str_len "PyUnicode_GET_LENGTH"(object)
    void* _str_data "PyUnicode_DATA"(object)
    int _str_kind "PyUnicode_KIND"(object)
    unsigned int _str_read "PyUnicode_READ"(int, const void*, Py_ssize_t) noexcept nogil
    bint _is_list "PyList_CheckExact"(object)
    bint _is_tuple "PyTuple_CheckExact"(object)
    bint _is_bytes "PyBytes_CheckExact"(object)
    bint _is_bytearray "PyByteArray_CheckExact"(object)
    bint _is_str "PyUnicode_CheckExact"(object)
    bint _is_int "PyLong_CheckExact"(PyObject*)
    Py_ssize_t _size "Py_SIZE"(object)
    PyObject** _seq_items "PySequence_Fast_ITEMS"(object)
    char* _bytes_data "PyBytes_AS_STRING"(object)
    char* _bytearray_data "PyByteArray_AS_STRING"(object)


cdef enum:
    MAX_TEXT = 256      # longer text is left to the general path (linear, with its messages)
    MAX_WILD = 8
    ENC_INDEX34 = 0
    ENC_COUNTS = 1
    ENC_INDEX136 = 2
    ENC_TABLE = 3       # decimal, nibble, hex: a lookup table of codes 0-255
    KIND_CHOW = 0
    KIND_PUNG = 1
    KIND_KONG = 2
    KNITTED_STRAIGHT_MIN = 10   # 组合龙: the 9 tiles of the knitted straight and at least one more

cdef struct Reading:
    unsigned char counts[N_KINDS]       # the concealed part
    unsigned char all_counts[N_KINDS]   # with the melds, a kong counting four
    int n                               # concealed tiles
    int n_melds
    unsigned char meld_kind[MAX_MELDS]
    unsigned char meld_tile[MAX_MELDS]
    unsigned char meld_concealed[MAX_MELDS]
    unsigned char red[3]                # red fives among the concealed tiles, per suit (m, p, s)
    unsigned char meld_red[MAX_MELDS]   # red fives of each meld read from text (0 for a Meld object)
    bint red_ids                        # index136 ids 16/52/88 are red fives (Hand's red=True)

cdef struct Options:
    unsigned char wild[N_KINDS]         # 1 for a wild kind
    int n_wild
    bint fifth

cdef struct RuleArgs:
    int flags                           # Rules.flags
    bint chows                          # a declared chow is allowed
    unsigned char limits[N_KINDS]       # Rules.limits: 0 for a tile that does not exist

_general_is_win = None
_general_shanten = None
_general_waits = None
_tiles = None
_hand_type = None
_meld_type = None
_rules_type = None
_presets = {}                            # preset name -> its Rules
_encodings = {}                          # name -> (kind, table index)
cdef list _encodings_known = []          # the interned names read so far, held: known again by identity
cdef PyObject* _known_names[8]
cdef int _known_kinds[8]
cdef int _known_tables[8]
cdef int _n_known = 0
_kind_names = {"chow": KIND_CHOW, "pung": KIND_PUNG, "kong": KIND_KONG}
cdef tuple _kind_words = ("chow", "pung", "kong")
cdef PyObject* _kind_word_ptrs[3]       # the same, by address (held by _kind_words)
_kind_word_ptrs[0] = <PyObject*>_kind_words[0]
_kind_word_ptrs[1] = <PyObject*>_kind_words[1]
_kind_word_ptrs[2] = <PyObject*>_kind_words[2]
cdef Py_ssize_t _hand_slots[5]          # where Hand keeps counts, tiles, red, melds, all_counts (0: unknown)
cdef Py_ssize_t _meld_slots[4]          # where Meld keeps kind, tile, concealed, red (0: unknown)
_meld_slots[0] = 0
cdef unsigned char _decode[3][256]      # per table encoding: code -> index34 + 1, 0 unknown
cdef unsigned char _encode[3][N_KINDS]  # per table encoding: index34 -> code


cdef class _RuleEntry:
    """What a ``rules=`` value reads to; ``default`` when it plays as ``rules=None``."""
    cdef object key                     # the str or Rules object read, held so its id stays unique
    cdef bint default
    cdef RuleArgs args


cdef list _last_rules = [None]          # the last rules= read (a list: safe to swap across threads)


def install(general_is_win, general_shanten, general_waits, tiles, hand_type, meld_type, codes,
            rules_type, presets):
    """Put the fast paths in front of the general functions; return the fast ones.

    ``tiles`` are the 34 ``Tile`` members in index34 order; ``hand_type`` and
    ``meld_type`` the ``Hand`` and ``Meld`` classes; ``codes`` maps the name of
    each table encoding to its 34 codes in index34 order; ``rules_type`` is the
    ``Rules`` class and ``presets`` its instances by name.
    """
    global _general_is_win, _general_shanten, _general_waits, _tiles, _hand_type, _meld_type
    global _rules_type
    cdef int k, t, code
    _general_is_win, _general_shanten, _general_waits = general_is_win, general_shanten, general_waits
    _tiles = tuple(tiles)
    _hand_type, _meld_type = hand_type, meld_type
    _rules_type = rules_type
    _presets.clear()
    _presets.update(presets)
    _last_rules[0] = None
    global _n_known
    _n_known = 0
    _encodings_known.clear()
    _encodings.clear()
    _encodings["index34"] = (ENC_INDEX34, 0)
    _encodings["counts"] = (ENC_COUNTS, 0)
    _encodings["index136"] = (ENC_INDEX136, 0)
    memset(_decode, 0, sizeof(_decode))
    for k, (name, table) in enumerate(sorted(codes.items())):
        if k >= 3 or len(table) != N_KINDS:
            raise ValueError("install takes at most three table encodings of 34 codes each")
        for t in range(N_KINDS):
            code = table[t]
            if not 0 <= code < 256:
                raise ValueError(f"{name} code {code} does not fit a byte")
            _decode[k][code] = t + 1
            _encode[k][t] = code
        _encodings[name] = (ENC_TABLE, k)
    return is_win, shanten, waits


include "_api_fast_text.pxi"
include "_api_fast_reading.pxi"
include "_api_fast_objects.pxi"


# --- rules= ----------------------------------------------------------------------

cdef _RuleEntry _read_rules(object rules):
    """The entry of a ``rules=`` other than None, or None when the general path must read it.

    The last one read is known again by identity (a literal ``"riichi"`` is the same object
    on every call): str and ``Rules`` (frozen) are immutable, and the entry holds its key so
    no other object can take its id."""
    cdef _RuleEntry e = _last_rules[0]  # a reference of our own: another thread may replace it
    cdef object value = rules
    cdef object limits
    cdef int t
    if e is not None and e.key is rules:
        return e
    if _is_str(rules):
        value = _presets.get(rules)
        if value is None:
            return None
    elif type(rules) is not _rules_type:
        return None
    e = _RuleEntry.__new__(_RuleEntry)
    e.key = rules
    try:
        e.default = value.is_default is True
        e.args.flags = value.flags
        e.args.chows = value.chows is True
        limits = value.limits
    except Exception:
        return None
    if not _is_bytes(limits) or _size(limits) != N_KINDS:
        return None
    for t in range(N_KINDS):
        e.args.limits[t] = <unsigned char>_bytes_data(limits)[t]
    _last_rules[0] = e
    return e


cdef _RuleEntry _GENERAL = _RuleEntry()  # the answer of _fast_rules for rules only the general path reads


cdef inline _RuleEntry _fast_rules(object rules):
    """The entry a fast path plays ``rules`` by: None for the default rules (``rules=None`` or rules
    that play as it), ``_GENERAL`` when the general path must read them (``_read_rules``)."""
    cdef _RuleEntry e
    if rules is None:
        return None
    e = _read_rules(rules)
    if e is None:
        return _GENERAL
    return None if e.default else e


cdef bint _rules_allow(const RuleArgs* a, const Reading* r, const Options* o) noexcept:
    """Whether the hand (its wild kinds' copies are jokers, not tiles) and its melds hold only
    tiles and melds the rules allow; the general path raises the error otherwise."""
    cdef int t, k
    for t in range(N_KINDS):
        if not a.limits[t]:
            if r.counts[t] and not (o.n_wild and o.wild[t]):
                return False
            if r.n_melds and r.all_counts[t] > r.counts[t]:
                return False
    if not a.chows:
        for k in range(r.n_melds):
            if r.meld_kind[k] == KIND_CHOW:
                return False
    return True


cdef int _rule_flags(const RuleArgs* a, const Reading* r, const Options* o, unsigned char* counts,
                     unsigned char* limits, int* jokers) noexcept:
    """The counts without jokers, the limits (melds' and rules', the lower) and the joker count
    of a call under rules; returns the kernels' rule bits (the melds' suits locked)."""
    cdef int t
    if not r.n_melds and not o.n_wild:  # the common call: the rules' limits as they are
        memcpy(counts, r.counts, N_KINDS)
        memcpy(limits, a.limits, N_KINDS)
        jokers[0] = 0
        return a.flags
    jokers[0] = _jokers(<Reading*>r, <Options*>o, counts, limits)
    for t in range(N_KINDS):
        if a.limits[t] < limits[t]:
            limits[t] = a.limits[t]
    return _meld_flags(a.flags, r)


cdef bint _absent_wild_waits(const RuleArgs* a, const Reading* r, const Options* o,
                             const unsigned char* counts, const unsigned char* limits, int jokers, int flags,
                             unsigned char* out) noexcept:
    """Turn the kernel's waits under rules into the API's: a wild kind held four times has no
    copy to draw, and a wild kind the rules leave out (红中 jokers under Sichuan rules), no tile
    of any target, completes the hand as one more joker.  False if the kernel refuses."""
    cdef int t, won = -1
    cdef const unsigned char* held = r.counts
    if not o.n_wild:
        return True
    if r.n_melds:
        held = r.all_counts
    for t in range(N_KINDS):
        if o.wild[t]:
            if a.limits[t]:
                out[t] = out[t] and r.counts[t] < limits[t]
            elif held[t] < MAX_COPIES:
                if won < 0:
                    won = is_win_rules_c(counts, jokers + 1, o.fifth, limits, flags)
                    if won < 0:
                        return False
                out[t] = won
    return True


cdef inline bint _quick_exist(const RuleArgs* a, const unsigned char* counts) noexcept:
    cdef int t
    for t in range(N_KINDS):
        if counts[t] > a.limits[t]:
            return False
    return True


cdef int _quick_ints(object hand, unsigned char* c, unsigned int* codes) noexcept:
    """The most common call: a list or tuple of 1-14 exact index34 ints.  Its counts (and
    suit codes when ``codes`` is not NULL) and tile count, or -1 for anything else."""
    if _is_list(hand):
        with cython.critical_section(hand):  # free-threaded builds: no resize under us
            return _quick_items(_seq_items(hand), _size(hand), c, codes)
    if _is_tuple(hand):
        return _quick_items(_seq_items(hand), _size(hand), c, codes)
    return -1


cdef inline int _quick_items(PyObject** items, Py_ssize_t n, unsigned char* c, unsigned int* codes) noexcept:
    cdef Py_ssize_t k
    cdef long t
    if not 0 < n <= MAX_HAND:
        return -1
    memset(c, 0, N_KINDS)
    if codes != NULL:
        codes[0] = codes[1] = codes[2] = 0
    for k in range(n):
        if not _is_int(items[k]):
            return -1
        t = mf_small_int(items[k])
        if <unsigned long>t >= N_KINDS or c[t] == MAX_COPIES:
            return -1
        c[t] += 1
        if codes != NULL and t < FIRST_HONOR:
            codes[t // SUIT_SIZE] += mf_pow5[t % SUIT_SIZE]
    return <int>n


cdef object _is_win(object hand, object melds, object encoding, object strategy, object wild, object fifth,
                    object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef unsigned int codes[3]
    cdef int jokers, result, n, flags
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_is_win(hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth,
                               rules=rules)
    if melds is () and encoding is None and strategy is None and wild is None and fifth is True:
        if e is None:
            n = _quick_ints(hand, counts, codes)
            if n > 0:
                if not table_ready():
                    ensure_table()
                return wins_coded_c(counts, codes, n)
        else:
            n = _quick_ints(hand, counts, NULL)
            if n > 0 and _quick_exist(&e.args, counts):
                if n % 3 != 2:
                    return False
                if not shanten_ready():
                    ensure_tables()
                result = is_win_rules_c(counts, 0, True, e.args.limits, e.args.flags)
                if result >= 0:
                    return result == 1
    if ((strategy is None or (_is_str(strategy) and strategy == "table"))
            and _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding)):
        if e is not None:
            if _rules_allow(&e.args, &r, &o):
                if r.n % 3 != 2 or _size14(&r) > MAX_HAND:
                    return False
                flags = _rule_flags(&e.args, &r, &o, counts, limits, &jokers)
                if not shanten_ready():
                    ensure_tables()
                result = is_win_rules_c(counts, jokers, o.fifth, limits, flags)
                if result >= 0:
                    return result == 1
        else:
            if r.n % 3 != 2 or _size14(&r) > MAX_HAND:
                return False
            if o.n_wild:
                jokers = _jokers(&r, &o, counts, limits)
                if jokers:
                    if not shanten_ready():
                        ensure_tables()
                    result = is_win_wild_c(counts, jokers, o.fifth, limits)
                    if result >= 0:
                        return result == 1
                    return _general_is_win(hand, melds=melds, encoding=encoding, strategy=strategy,
                                           wild=wild, fifth=fifth, rules=rules)
            if not table_ready():
                ensure_table()
            return wins_c(r.counts, r.n)
    return _general_is_win(hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth,
                           rules=rules)


cdef int _form_code(object form) noexcept:
    if form is None:
        return 0
    if _is_str(form):
        if form == "standard":
            return 1
        if form == "seven_pairs":
            return 2
        if form == "thirteen_orphans":
            return 3
        if form == "knitted":
            return 4
        if form == "knitted_straight":
            return 5
    return -1


cdef bint _form_fits(int code, int flags, int n) noexcept:
    """Whether the rules play form ``code`` and a concealed part of ``n`` tiles can take it."""
    if code <= 1:
        return True
    if code == 2:
        return flags & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT) and n >= MAX_HAND - 1
    if code == 3:
        return flags & THIRTEEN_ORPHANS and n >= MAX_HAND - 1
    if code == 4:
        return flags & KNITTED and n >= MAX_HAND - 1
    return flags & KNITTED and n >= KNITTED_STRAIGHT_MIN


cdef int _melded_shanten(const Reading* r, int code) noexcept:
    """Shanten of a concealed part beside melds (no jokers) when the melds' copies cannot change
    the plain answer, as the kernel's limited path decides it: each tile of a meld keeps room for
    the ``cost`` (shanten + 1) copies an optimal target may add to it.  SHANTEN_INVALID when they
    might (the kernel under the limits then answers)."""
    cdef int result = shanten_c(r.counts, code, 0, True, NULL), k, t, cost
    if result == SHANTEN_INVALID or result == SHANTEN_UNREACHABLE:
        return SHANTEN_INVALID
    cost = result + 1
    for k in range(r.n_melds):
        t = r.meld_tile[k]
        # the limit of a kind is 4 less the meld copies: r.counts[t] + cost <= limit
        if r.all_counts[t] + cost > MAX_COPIES or (r.meld_kind[k] == KIND_CHOW and (
                r.all_counts[t + 1] + cost > MAX_COPIES or r.all_counts[t + 2] + cost > MAX_COPIES)):
            return SHANTEN_INVALID
    return result


cdef object _shanten(object hand, object form, object melds, object wild, object fifth, object encoding, object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef int code = _form_code(form), jokers, result, n, flags
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)
    if e is None:
        if code > 3:  # a form the default rules do not play: the general path says so
            code = -1
        if code >= 0 and melds is () and encoding is None and wild is None and fifth is True:
            n = _quick_ints(hand, counts, NULL)
            if n > 0 and n % 3 and (n >= MAX_HAND - 1 or code <= 1):
                if not shanten_ready():
                    ensure_tables()
                result = shanten_c(counts, code if n >= MAX_HAND - 1 else 1, 0, True, NULL)
                if result != SHANTEN_INVALID:
                    return result
        if code >= 0 and _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding):
            if r.n % 3 and _size14(&r) <= MAX_HAND and not (code > 1 and (r.n_melds or r.n < 13)):
                if r.n_melds or r.n < 13:
                    code = 1
                if not shanten_ready():
                    ensure_tables()
                result = SHANTEN_INVALID
                if r.n_melds and not o.n_wild:
                    result = _melded_shanten(&r, code)
                if result != SHANTEN_INVALID:
                    return result
                if o.n_wild or r.n_melds:
                    jokers = _jokers(&r, &o, counts, limits)
                    result = shanten_c(counts, code, jokers, o.fifth, limits)
                else:
                    result = shanten_c(r.counts, code, 0, o.fifth, NULL)
                if result != SHANTEN_INVALID:
                    return result
    elif code >= 0:
        if melds is () and encoding is None and wild is None and fifth is True:
            n = _quick_ints(hand, counts, NULL)
            if n > 0 and n % 3 and _form_fits(code, e.args.flags, n) and _quick_exist(&e.args, counts):
                if not shanten_ready():
                    ensure_tables()
                result = shanten_rules_c(counts, code, 0, True, e.args.limits, e.args.flags)
                if result != SHANTEN_INVALID:
                    return result
        if _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding) and _rules_allow(&e.args, &r, &o):
            if r.n % 3 and _size14(&r) <= MAX_HAND and _form_fits(code, e.args.flags, r.n):
                flags = _rule_flags(&e.args, &r, &o, counts, limits, &jokers)
                if not shanten_ready():
                    ensure_tables()
                result = shanten_rules_c(counts, code, jokers, o.fifth, limits, flags)
                if result != SHANTEN_INVALID:
                    return result
    return _general_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)


cdef object _waits(object hand, object melds, object wild, object fifth, object encoding, object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef unsigned char out[N_KINDS]
    cdef int jokers, t, n, flags
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)
    if melds is () and encoding is None and wild is None and fifth is True:
        n = _quick_ints(hand, counts, NULL)
        if n > 0 and n % 3 == 1:
            if not shanten_ready():
                ensure_tables()
            if e is None:
                if waits_c(counts, 0, True, NULL, NULL, out) >= 0:
                    return [_tiles[t] for t in range(N_KINDS) if out[t]]
            elif _quick_exist(&e.args, counts):
                if waits_rules_c(counts, 0, True, e.args.limits, NULL, e.args.flags, out) >= 0:
                    return [_tiles[t] for t in range(N_KINDS) if out[t]]
    if _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding):
        if r.n % 3 == 1 and _size14(&r) <= MAX_HAND - 1:
            if not shanten_ready():
                ensure_tables()
            if e is not None:
                if _rules_allow(&e.args, &r, &o):
                    flags = _rule_flags(&e.args, &r, &o, counts, limits, &jokers)
                    if waits_rules_c(counts, jokers, o.fifth, limits, o.wild if o.n_wild else NULL, flags,
                                     out) >= 0 and _absent_wild_waits(&e.args, &r, &o, counts, limits, jokers,
                                                                      flags, out):
                        return [_tiles[t] for t in range(N_KINDS) if out[t]]
            elif r.n_melds and not o.n_wild:
                # the plain waits less the kinds the hand and melds hold four of (the kernel's limits)
                if waits_c(r.counts, 0, o.fifth, NULL, NULL, out) >= 0:
                    return [_tiles[t] for t in range(N_KINDS) if out[t] and r.all_counts[t] < MAX_COPIES]
            elif o.n_wild or r.n_melds:
                jokers = _jokers(&r, &o, counts, limits)
                if waits_c(counts, jokers, o.fifth, limits, o.wild if o.n_wild else NULL, out) >= 0:
                    # a wild kind held four times (its copies became jokers) has no fifth to draw
                    return [_tiles[t] for t in range(N_KINDS)
                            if out[t] and (not o.n_wild or not o.wild[t] or r.counts[t] < limits[t])]
            elif waits_c(r.counts, 0, o.fifth, NULL, NULL, out) >= 0:
                return [_tiles[t] for t in range(N_KINDS) if out[t]]
    return _general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)


# --- classify and decompose ------------------------------------------------------

_general_classify = None
_general_decompose = None
_hu_type_of = None                       # value -> HuType
_hu_types = {}                           # its answers, remembered
_decompositions = None                   # hutype.decompositions
_decomposition_args = None               # (Decomposition, tiles, chows, pungs)
_declared_of = None                      # meld byte -> the DecomposedMeld of a declared meld
_declared = {}
_knitted = None                          # the thirds of the knitted straights, for decompose under KNITTED


def install_classify(general_classify, general_decompose, hu_type_of, decompositions,
                     decomposition_args, declared_of, knitted=None):
    """Put the fast paths in front of ``_classify``'s functions; return the fast ones.

    ``hu_type_of`` turns a kernel value into a ``HuType``; ``decompositions`` is
    the kernel's record builder with its ``decomposition_args``; ``declared_of``
    gives the decomposed meld of a declared meld byte (``kind << 6 | tile``);
    ``knitted`` is the kernel's ``knitted`` argument (without it, ``decompose``
    under rules with knitted forms is left to the general path).
    """
    global _general_classify, _general_decompose, _hu_type_of, _decompositions
    global _decomposition_args, _declared_of, _knitted
    _general_classify, _general_decompose = general_classify, general_decompose
    _hu_type_of, _decompositions = hu_type_of, decompositions
    _decomposition_args, _declared_of = tuple(decomposition_args), declared_of
    _knitted = knitted
    _hu_types.clear()
    _declared.clear()
    return classify, decompose


cdef void _meld_bytes(const Reading* r, unsigned char* out) noexcept:
    cdef int k, kind
    for k in range(r.n_melds):
        kind = r.meld_kind[k]
        if kind == KIND_KONG and r.meld_concealed[k]:
            kind = HU_CONCEALED_KONG
        out[k] = <unsigned char>(kind << 6 | r.meld_tile[k])


cdef int _meld_flags(int flags, const Reading* r) noexcept:
    """``flags`` with the suits of the declared melds locked (``Rules.lock_flags``)."""
    cdef int k
    for k in range(r.n_melds):
        if r.meld_tile[k] < FIRST_HONOR:
            flags |= 1 << (LOCK_SHIFT + r.meld_tile[k] // SUIT_SIZE)
    return flags


cdef object _classify(object hand, object melds, object self_drawn, object encoding, object wild, object fifth,
                      object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char codes[MAX_MELDS]
    cdef int value
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_classify(hand, melds=melds, self_drawn=self_drawn, encoding=encoding, wild=wild,
                                 fifth=fifth, rules=rules)
    if ((self_drawn is True or self_drawn is False) and _read_options(&o, wild, fifth)
            and _read(&r, hand, melds, encoding) and _size14(&r) == MAX_HAND
            and (e is None or _rules_allow(&e.args, &r, &o))):
        _meld_bytes(&r, codes)
        if o.n_wild:
            if not shanten_ready():
                ensure_tables()
            if e is None:
                value = hu_type_wild_c(r.counts, o.wild, codes, r.n_melds, self_drawn is True, o.fifth)
            else:
                value = hu_type_wild_rules_c(r.counts, o.wild, codes, r.n_melds, self_drawn is True, o.fifth,
                                             _meld_flags(e.args.flags, &r), e.args.limits)
        elif e is None:
            value = hu_type_c(r.counts, codes, r.n_melds, self_drawn is True)
        else:
            value = hu_type_rules_c(r.counts, codes, r.n_melds, self_drawn is True, _meld_flags(e.args.flags, &r))
        if value >= 0:
            found = _hu_types.get(value)
            if found is None:
                found = _hu_types[value] = _hu_type_of(value)
            return found
    return _general_classify(hand, melds=melds, self_drawn=self_drawn, encoding=encoding,
                             wild=wild, fifth=fifth, rules=rules)


cdef object _decompose(object hand, object melds, object encoding, object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char codes[MAX_MELDS]
    cdef int k
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL or (e is not None and e.args.flags & KNITTED and _knitted is None):
        return _general_decompose(hand, melds=melds, encoding=encoding, rules=rules)
    o.n_wild = 0
    if _read(&r, hand, melds, encoding) and (e is None or _rules_allow(&e.args, &r, &o)):
        declared = ()
        if r.n_melds:
            _meld_bytes(&r, codes)
            items = []
            for k in range(r.n_melds):
                meld = _declared.get(codes[k])
                if meld is None:
                    meld = _declared[codes[k]] = _declared_of(codes[k])
                items.append(meld)
            declared = tuple(items)
        if e is None:
            return _decompositions((<char*>r.counts)[:N_KINDS], *_decomposition_args, declared)
        return _decompositions((<char*>r.counts)[:N_KINDS], *_decomposition_args, declared,
                               _meld_flags(e.args.flags, &r), _knitted)
    return _general_decompose(hand, melds=melds, encoding=encoding, rules=rules)


# --- the fast paths: each reads its keywords and calls its body, as a rule-bound one does -----

def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True, rules=None):
    """Whether ``hand`` wins; see ``mahjong_fast.is_win``."""
    return _is_win(hand, melds, encoding, strategy, wild, fifth, rules)


def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None, rules=None):
    """Shanten (向听数) of ``hand``; see ``mahjong_fast.shanten``."""
    return _shanten(hand, form, melds, wild, fifth, encoding, rules)


def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None, rules=None):
    """The tiles that complete ``hand`` (听牌), sorted; see ``mahjong_fast.waits``."""
    return _waits(hand, melds, wild, fifth, encoding, rules)


def classify(hand, *, melds=(), self_drawn=False, encoding=None, wild=None, fifth=True, rules=None):
    """The hu type of a whole hand; see ``mahjong_fast.classify``."""
    return _classify(hand, melds, self_drawn, encoding, wild, fifth, rules)


def decompose(hand, *, melds=(), encoding=None, rules=None):
    """Every pair + melds split of a standard-form win; see ``mahjong_fast.decompose``."""
    return _decompose(hand, melds, encoding, rules)


# --- rules bound ------------------------------------------------------------------

def _is_win_under(rules):
    def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True):
        return _is_win(hand, melds, encoding, strategy, wild, fifth, rules)
    return is_win


def _shanten_under(rules):
    def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None):
        return _shanten(hand, form, melds, wild, fifth, encoding, rules)
    return shanten


def _waits_under(rules):
    def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None):
        return _waits(hand, melds, wild, fifth, encoding, rules)
    return waits


def _classify_under(rules):
    def classify(hand, *, melds=(), self_drawn=False, encoding=None, wild=None, fifth=True):
        return _classify(hand, melds, self_drawn, encoding, wild, fifth, rules)
    return classify


def _decompose_under(rules):
    def decompose(hand, *, melds=(), encoding=None):
        return _decompose(hand, melds, encoding, rules)
    return decompose


def bind(function, rules):
    """``function``, one of the fast paths of this module, with ``rules=`` bound to ``rules``;
    None for any other function.

    The bound function is compiled like the one it binds and runs the same code with
    ``rules`` in place of the keyword, so a rule-bound module (``mahjong_fast.riichi``)
    costs nothing over passing ``rules=``; it takes every other keyword, and not ``rules``."""
    for fast, under in ((is_win, _is_win_under), (shanten, _shanten_under), (waits, _waits_under),
                        (classify, _classify_under), (decompose, _decompose_under)):
        if function is fast:
            return under(rules)
    return None


# --- tile efficiency ---------------------------------------------------------------

cdef bint _read_visible(object visible, object encoding, unsigned char* seen) noexcept:
    """34 counts of ``visible`` given as None, 34 counts (bytes or bytearray) or a list or tuple
    of exact index34 ints (no ``encoding``), at most four copies each; False for any other form."""
    cdef Py_ssize_t k, n
    cdef const unsigned char* data
    cdef long t
    memset(seen, 0, N_KINDS)
    if visible is None:
        return True
    if _is_bytes(visible) or _is_bytearray(visible):
        if _size(visible) != N_KINDS:
            return False
        data = <const unsigned char*>(_bytes_data(visible) if _is_bytes(visible) else _bytearray_data(visible))
        for t in range(N_KINDS):
            if data[t] > MAX_COPIES:
                return False
            seen[t] = data[t]
        return True
    if encoding is not None or not (_is_list(visible) or _is_tuple(visible)):
        return False
    with cython.critical_section(visible):  # free-threaded builds: no resize under us
        n = _size(visible)
        if n > N_KINDS * MAX_COPIES:
            return False
        for k in range(n):
            item = <PyObject*>_seq_items(visible)[k]
            if not _is_int(item):
                return False
            t = mf_small_int(item)
            if <unsigned long>t >= N_KINDS or seen[t] == MAX_COPIES:
                return False
            seen[t] += 1
    return True


def efficiency_args(hand, melds, visible, rules, wild, fifth, encoding, int residue):
    """``(held, lim, avail, wild mask or None, flags, fifth)`` for the efficiency kernel, as
    ``_efficiency._kernel_args`` computes them for a hand of 3n+``residue`` concealed tiles, read in
    C; None when the general path must read the call (it gives the answer or the error).
    ``rules`` is a preset name or a ``Rules`` (the caller passes the default for None)."""
    cdef Reading r
    cdef Options o
    cdef unsigned char seen[N_KINDS]
    cdef unsigned char lim[N_KINDS]
    cdef unsigned char avail[N_KINDS]
    cdef const unsigned char* held
    cdef int t, most = MAX_HAND - (2 - residue)
    cdef _RuleEntry e = _read_rules(rules)
    if e is None or not _read_options(&o, wild, fifth) or not _read(&r, hand, melds, encoding):
        return None
    if r.n % 3 != residue or _size14(&r) > most or not _rules_allow(&e.args, &r, &o):
        return None
    if not _read_visible(visible, encoding, seen):
        return None
    held = &r.all_counts[0] if r.n_melds else &r.counts[0]
    for t in range(N_KINDS):
        if held[t] + seen[t] > e.args.limits[t]:
            return None
        lim[t] = e.args.limits[t] - (held[t] - r.counts[t])
        avail[t] = lim[t] - seen[t]
    mask = None
    if o.n_wild:
        mask = (<char*>o.wild)[:N_KINDS]
    return ((<char*>r.counts)[:N_KINDS], (<char*>lim)[:N_KINDS], (<char*>avail)[:N_KINDS], mask,
            _meld_flags(e.args.flags, &r), o.fifth)
