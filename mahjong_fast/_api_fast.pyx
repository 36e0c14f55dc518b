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
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.rule_flags cimport KNITTED, LOCK_SHIFT, SEVEN_PAIRS, SEVEN_PAIRS_DISTINCT, THIRTEEN_ORPHANS
from mahjong_fast._kernels.shanten cimport (SHANTEN_INVALID, SHANTEN_UNREACHABLE, is_win_rules_c, is_win_wild_c,
                                            shanten_c, shanten_ready, shanten_rules_c, waits_c, waits_rules_c)
from mahjong_fast._kernels.hutype cimport (HU_CONCEALED_KONG, hu_type_c, hu_type_rules_c, hu_type_wild_c,
                                           hu_type_wild_rules_c)
from mahjong_fast._kernels.table cimport table_ready, wins_c, wins_coded_c
from mahjong_fast._kernels.values cimport MAX_DORA_INDICATORS, SearchFacts, search_fn, set_search_meld
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
    bint full                           # every limit 4
    bint pairs_distinct                 # full, and the default's forms with seven pairs of seven kinds

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
include "_api_fast_notations.pxi"
include "_api_fast_objects.pxi"


include "_api_fast_rules.pxi"
include "_api_fast_quick.pxi"


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
    # with no wild kind there are no jokers, and the default rules read fifth=False as fifth=True
    if melds is () and encoding is None and strategy is None and wild is None and (
            fifth is True or (fifth is False and e is None)):
        if e is None:
            n = _quick_ints(hand, counts, codes)
            if n > 0:
                if not table_ready():
                    ensure_table()
                return wins_coded_c(counts, codes, n)
        else:
            n = _quick_ints(hand, counts, codes if e.args.pairs_distinct else NULL)
            if n > 0 and _quick_exist(&e.args, counts):
                if n % 3 != 2:
                    return False
                if e.args.pairs_distinct:
                    # their wins are the default's less seven pairs holding a four
                    if not table_ready():
                        ensure_table()
                    if not wins_coded_c(counts, codes, n):
                        return False
                    if not _holds_four(counts):
                        return True
                if not shanten_ready():
                    ensure_tables()
                result = is_win_rules_c(counts, 0, True, _quick_limits(&e.args), e.args.flags)
                if result >= 0:
                    return result == 1
    elif e is None and strategy is None and wild is None and (fifth is True or fifth is False):
        n = _quick_read(&r, hand, melds, encoding, codes)
        if n > 0:
            if n % 3 != 2 or n + 3 * r.n_melds > MAX_HAND:
                return False
            if not table_ready():
                ensure_table()
            return wins_coded_c(r.counts, codes, n)
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
    cdef const unsigned char* held = counts
    cdef int code = _form_code(form), jokers, result, n, flags
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)
    if e is None:
        if code > 3:  # a form the default rules do not play: the general path says so
            code = -1
        if code >= 0 and melds is () and wild is None and (fifth is True or fifth is False):
            n = _quick_hand(&r, hand, encoding, counts, &held)
            if n > 0 and n % 3 and (n >= MAX_HAND - 1 or code <= 1):
                if not shanten_ready():
                    ensure_tables()
                result = shanten_c(held, code if n >= MAX_HAND - 1 else 1, 0, True, NULL)
                if result != SHANTEN_INVALID:
                    return result
        elif 0 <= code <= 1 and melds is not () and encoding is None and wild is None and (
                fifth is True or fifth is False):
            n = _quick_read(&r, hand, melds, None, NULL)
            if n > 0 and r.n_melds and n % 3 and n + 3 * r.n_melds <= MAX_HAND:
                if not shanten_ready():
                    ensure_tables()
                result = _melded_shanten(&r, 1)
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
        if melds is () and wild is None and fifth is True:
            n = _quick_hand(&r, hand, encoding, counts, &held)
            if n > 0 and n % 3 and _form_fits(code, e.args.flags, n) and _quick_exist(&e.args, held):
                if not shanten_ready():
                    ensure_tables()
                result = shanten_rules_c(held, code, 0, True, _quick_limits(&e.args), e.args.flags)
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
    cdef const unsigned char* held = counts
    cdef int jokers, t, n, flags
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding, rules=rules)
    if melds is () and wild is None and (fifth is True or (fifth is False and e is None)):
        n = _quick_hand(&r, hand, encoding, counts, &held)
        if n > 0 and n % 3 == 1:
            if not shanten_ready():
                ensure_tables()
            if e is None:
                if waits_c(held, 0, True, NULL, NULL, out) >= 0:
                    return [_tiles[t] for t in range(N_KINDS) if out[t]]
            elif _quick_exist(&e.args, held):
                if waits_rules_c(held, 0, True, _quick_limits(&e.args), NULL, e.args.flags, out) >= 0:
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


include "_api_fast_classify.pxi"


# --- the fast paths: each reads its keywords and calls its body, as a rule-bound one does -----

cdef extern from *:
    """
    /* The call of one hand, put in front of a compiled function's own vectorcall (its argument
       parsing).  Without keywords it goes to the body with every keyword at its default; with
       keywords, when each name is one of the function's keyword names (the interned string itself,
       as the compiler passes it) and none repeats, to the body with those values and the others'
       defaults, as the parsing would call it.  Any other call -- no hand or two, a name that is
       no keyword or not the interned string, a repeat -- goes to the function's own vectorcall,
       which answers it or gives its errors. */
    #define MF_MAX_KEYWORDS 8
    typedef PyObject* (*mf_one_hand_body)(PyObject*);
    typedef PyObject* (*mf_keyword_body)(PyObject*, PyObject**);
    static mf_one_hand_body mf_one_hand[3];
    static mf_keyword_body mf_keyword[3];
    static vectorcallfunc mf_own_call[3];
    static PyObject* mf_names[3][MF_MAX_KEYWORDS];     /* the keyword names, interned (references held) */
    static PyObject* mf_defaults[3][MF_MAX_KEYWORDS];  /* their defaults (references held) */
    static int mf_n_names[3];
    /* the call with keywords (given: one hand) */
    static PyObject* mf_keyword_call(int k, PyObject* f, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
        PyObject* values[MF_MAX_KEYWORDS];
        Py_ssize_t i, given = PyTuple_GET_SIZE(kwnames);
        int j, n = mf_n_names[k];
        unsigned int seen = 0;
        if (given > n)
            return mf_own_call[k](f, args, nargsf, kwnames);
        memcpy(values, mf_defaults[k], sizeof(values));
        for (i = 0; i < given; i++) {
            PyObject* name = PyTuple_GET_ITEM(kwnames, i);
            for (j = 0; j < n && mf_names[k][j] != name; j++) {}
            if (j == n || (seen >> j) & 1u)
                return mf_own_call[k](f, args, nargsf, kwnames);
            seen |= 1u << j;
            values[j] = args[1 + i];
        }
        return mf_keyword[k](args[0], values);
    }
    #define MF_ONE_HAND_CALL(k) \
    static PyObject* mf_one_hand_call_##k(PyObject* f, PyObject* const* args, size_t nargsf, \
                                          PyObject* kwnames) { \
        if (PyVectorcall_NARGS(nargsf) != 1) return mf_own_call[k](f, args, nargsf, kwnames); \
        if (kwnames == NULL) return mf_one_hand[k](args[0]); \
        return mf_keyword_call(k, f, args, nargsf, kwnames); \
    }
    MF_ONE_HAND_CALL(0)
    MF_ONE_HAND_CALL(1)
    MF_ONE_HAND_CALL(2)
    static const vectorcallfunc mf_one_hand_calls[3] = {
        mf_one_hand_call_0, mf_one_hand_call_1, mf_one_hand_call_2};
    /* Put call k (its bodies; the names and defaults of its keywords, in the body's order) in front
       of f's vectorcall: 1 done (or done before), 0 when f has none or the keywords do not fit. */
    static int mf_one_hand_install(PyObject* f, int k, mf_one_hand_body one, mf_keyword_body body,
                                   PyObject* names, PyObject* defaults) {
        vectorcallfunc* slot;
        Py_ssize_t j, n = PyTuple_GET_SIZE(names);
        if (!PyType_HasFeature(Py_TYPE(f), Py_TPFLAGS_HAVE_VECTORCALL) || Py_TYPE(f)->tp_vectorcall_offset <= 0)
            return 0;
        slot = (vectorcallfunc*)((char*)f + Py_TYPE(f)->tp_vectorcall_offset);
        if (*slot == NULL || n > MF_MAX_KEYWORDS || PyTuple_GET_SIZE(defaults) != n)
            return 0;
        if (*slot != mf_one_hand_calls[k]) {
            for (j = 0; j < n; j++) {
                PyObject* name = PyTuple_GET_ITEM(names, j);
                Py_INCREF(name);
                PyUnicode_InternInPlace(&name);
                mf_names[k][j] = name;
                mf_defaults[k][j] = PyTuple_GET_ITEM(defaults, j);
                Py_INCREF(mf_defaults[k][j]);
            }
            mf_n_names[k] = (int)n;
            mf_own_call[k] = *slot;
            mf_one_hand[k] = one;
            mf_keyword[k] = body;
            *slot = mf_one_hand_calls[k];
        }
        return 1;
    }
    """
    ctypedef object (*OneHandBody "mf_one_hand_body")(object)
    ctypedef object (*KeywordBody "mf_keyword_body")(object, PyObject**)
    int _one_hand_install "mf_one_hand_install"(object, int, OneHandBody, KeywordBody, tuple, tuple) except -1


cdef object _is_win_one(object hand):
    return _is_win(hand, (), None, None, None, True, None)


cdef object _shanten_one(object hand):
    return _shanten(hand, None, (), None, True, None, None)


cdef object _waits_one(object hand):
    return _waits(hand, (), None, True, None, None)


# the keyword bodies take the values in the order of the def's keywords
cdef object _is_win_keywords(object hand, PyObject** v):
    return _is_win(hand, <object>v[0], <object>v[1], <object>v[2], <object>v[3], <object>v[4], <object>v[5])


cdef object _shanten_keywords(object hand, PyObject** v):
    return _shanten(hand, <object>v[0], <object>v[1], <object>v[2], <object>v[3], <object>v[4], <object>v[5])


cdef object _waits_keywords(object hand, PyObject** v):
    return _waits(hand, <object>v[0], <object>v[1], <object>v[2], <object>v[3], <object>v[4])


def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True, rules=None):
    """Whether ``hand`` wins; see ``mahjong_fast.is_win``."""
    return _is_win(hand, melds, encoding, strategy, wild, fifth, rules)


def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None, rules=None):
    """Shanten (向听数) of ``hand``; see ``mahjong_fast.shanten``."""
    return _shanten(hand, form, melds, wild, fifth, encoding, rules)


def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None, rules=None):
    """The tiles that complete ``hand`` (听牌), sorted; see ``mahjong_fast.waits``."""
    return _waits(hand, melds, wild, fifth, encoding, rules)


cdef int _install_one_hand(object function, int k, OneHandBody one, KeywordBody body) except -1:
    """Put call ``k`` in front of ``function``: its keywords named and defaulted as its def has them."""
    code = function.__code__
    names = tuple(code.co_varnames[1:1 + code.co_kwonlyargcount])
    return _one_hand_install(function, k, one, body, names,
                             tuple([function.__kwdefaults__[name] for name in names]))


# the most common calls, one hand with or without keywords, skip the parsing of the keywords
_install_one_hand(is_win, 0, _is_win_one, _is_win_keywords)
_install_one_hand(shanten, 1, _shanten_one, _shanten_keywords)
_install_one_hand(waits, 2, _waits_one, _waits_keywords)


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


include "_api_fast_efficiency.pxi"
include "_api_fast_values.pxi"
