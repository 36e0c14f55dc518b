# cython: language_level=3, embedsignature=True, freethreading_compatible=True
"""Compiled fast paths of the public ``is_win``, ``shanten``, ``waits``, ``classify``, ``decompose``.

Every input form a user is likely to pass is read here in C, without building a
per-tile Python object: ints in any numeric encoding, 34 counts, ASCII mpsz
text (melds in brackets included), a ``Hand``, melds as text or ``Meld``
objects, and the keywords ``form``, ``wild``, ``fifth``, ``strategy``.  A call
this module cannot vouch for -- anything malformed, unusual or out of range --
goes to the general function that ``install`` (``_api``) or
``install_classify`` (``_classify``) was given, which gives the documented
answer or error: same answers, same errors.
"""
cimport cython
from cpython.object cimport PyObject
from libc.string cimport memcpy, memset

from mahjong_fast._kernels.shanten cimport SHANTEN_INVALID, is_win_wild_c, shanten_c, shanten_ready, waits_c
from mahjong_fast._kernels.hutype cimport HU_CONCEALED_KONG, hu_type_c, hu_type_wild_c
from mahjong_fast._kernels.table cimport table_ready, wins_c
from mahjong_fast._layout cimport FIRST_HONOR, MAX_COPIES, MAX_HAND, N_HONORS, N_KINDS, SUIT_SIZE

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
    MAX_MELDS = 8
    MAX_WILD = 8
    ENC_INDEX34 = 0
    ENC_COUNTS = 1
    ENC_INDEX136 = 2
    ENC_TABLE = 3       # decimal, nibble, hex: a lookup table of codes 0-255
    KIND_CHOW = 0
    KIND_PUNG = 1
    KIND_KONG = 2

cdef struct Reading:
    unsigned char counts[N_KINDS]       # the concealed part
    unsigned char all_counts[N_KINDS]   # with the melds, a kong counting four
    int n                               # concealed tiles
    int n_melds
    unsigned char meld_kind[MAX_MELDS]
    unsigned char meld_tile[MAX_MELDS]
    unsigned char meld_concealed[MAX_MELDS]

cdef struct Options:
    unsigned char wild[N_KINDS]         # 1 for a wild kind
    int n_wild
    bint fifth

_general_is_win = None
_general_shanten = None
_general_waits = None
_tiles = None
_hand_type = None
_meld_type = None
_encodings = {}                          # name -> (kind, table index)
_kind_names = {"chow": KIND_CHOW, "pung": KIND_PUNG, "kong": KIND_KONG}
cdef unsigned char _decode[3][256]      # per table encoding: code -> index34 + 1, 0 unknown


def install(general_is_win, general_shanten, general_waits, tiles, hand_type, meld_type, codes):
    """Put the fast paths in front of the general functions; return the fast ones.

    ``tiles`` are the 34 ``Tile`` members in index34 order; ``hand_type`` and
    ``meld_type`` the ``Hand`` and ``Meld`` classes; ``codes`` maps the name of
    each table encoding to its 34 codes in index34 order.
    """
    global _general_is_win, _general_shanten, _general_waits, _tiles, _hand_type, _meld_type
    cdef int k, t, code
    _general_is_win, _general_shanten, _general_waits = general_is_win, general_shanten, general_waits
    _tiles = tuple(tiles)
    _hand_type, _meld_type = hand_type, meld_type
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
        _encodings[name] = (ENC_TABLE, k)
    return is_win, shanten, waits


# --- reading: each reader answers 1 when it vouches for its input, else 0 ----------

cdef inline int _int_value(PyObject* o) noexcept:
    # an int's value when it is small (not a bool), else -1
    if not _is_long(o) or _is_bool(o):
        return -1
    cdef long v = mf_small_int(o)
    return <int>v if 0 <= v < 65536 else -1


cdef inline bint _add(Reading* r, int t) noexcept:
    if r.counts[t] == MAX_COPIES:
        return False
    r.counts[t] += 1
    r.n += 1
    return True


cdef bint _read_ints(Reading* r, PyObject** items, Py_ssize_t n, int enc, int table) noexcept:
    cdef Py_ssize_t k
    cdef int v, t
    cdef unsigned char seen[136]
    if not 0 < n <= MAX_HAND:
        return False
    if enc == ENC_INDEX136:
        memset(seen, 0, sizeof(seen))
    for k in range(n):
        v = _int_value(items[k])
        if v < 0:
            return False
        if enc == ENC_INDEX34:
            t = v if v < N_KINDS else -1
        elif enc == ENC_INDEX136:
            if v >= 136 or seen[v]:
                return False
            seen[v] = 1
            t = v >> 2
        else:
            t = _decode[table][v] - 1 if v < 256 else -1
        if t < 0 or not _add(r, t):
            return False
    return True


cdef bint _read_count_items(Reading* r, PyObject** items, Py_ssize_t n) noexcept:
    cdef Py_ssize_t k
    cdef int v
    if n != N_KINDS:
        return False
    for k in range(N_KINDS):
        v = _int_value(items[k])
        if v < 0 or v > MAX_COPIES:
            return False
        r.counts[k] = <unsigned char>v
        r.n += v
    return 0 < r.n <= MAX_HAND


cdef bint _read_count_bytes(Reading* r, const unsigned char* data, Py_ssize_t n) noexcept:
    cdef Py_ssize_t k
    if n != N_KINDS:
        return False
    for k in range(N_KINDS):
        if data[k] > MAX_COPIES:
            return False
        r.counts[k] = data[k]
        r.n += data[k]
    return 0 < r.n <= MAX_HAND


cdef enum:
    NOTE_MPSZ = 0
    NOTE_BOTZONE = 1
    NOTE_UNICODE = 2
    NOTE_CHINESE = 3

cdef struct Text:
    int kind                            # PyUnicode kind: 1, 2 or 4 bytes a character
    const void* data
    int notation


cdef inline unsigned int _at(const Text* t, Py_ssize_t i) noexcept:
    return _str_read(t.kind, t.data, i)


cdef inline bint _separator(unsigned int c, int notation) noexcept:
    if c == 32 or c == 9 or c == 10 or c == 13 or c == 44:  # space \t \n \r ,
        return True
    if notation == NOTE_BOTZONE:
        return False
    if c == 59:  # ;
        return True
    if notation == NOTE_MPSZ:
        return False
    return c == 0xFF0C or c == 0x3001 or (notation == NOTE_UNICODE and (c == 0xFE0E or c == 0xFE0F))


cdef int _read_mpsz(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room) noexcept:
    """Tiles of plain mpsz text [start:stop) into out; how many, or -1."""
    cdef Py_ssize_t i, run = -1
    cdef int n = 0, k, rank, base
    cdef unsigned int c
    for i in range(start, stop):
        c = _at(t, i)
        if 48 <= c <= 57:  # a digit
            if run < 0:
                run = i
        elif c == 109 or c == 112 or c == 115 or c == 122:  # m p s z
            if run < 0:
                return -1
            base = 0 if c == 109 else SUIT_SIZE if c == 112 else 2 * SUIT_SIZE if c == 115 else FIRST_HONOR
            for k in range(run, i):
                rank = _at(t, k) - 48
                if c == 122:
                    if not 1 <= rank <= N_HONORS:
                        return -1
                elif rank == 0:
                    rank = 5  # a red five reads as a five
                if n == room:
                    return -1
                out[n] = <unsigned char>(base + rank - 1)
                n += 1
            run = -1
        elif not (_separator(c, NOTE_MPSZ) and run < 0):
            return -1
    return -1 if run >= 0 else n


cdef int _botzone_tile(unsigned int letter, unsigned int digit) noexcept:
    cdef int d = <int>digit - 48
    if letter == 87 and 1 <= d <= 9:   # W: characters
        return d - 1
    if letter == 66 and 1 <= d <= 9:   # B: dots
        return SUIT_SIZE + d - 1
    if letter == 84 and 1 <= d <= 9:   # T: bamboo
        return 2 * SUIT_SIZE + d - 1
    if letter == 70 and 1 <= d <= 4:   # F: winds
        return FIRST_HONOR + d - 1
    if letter == 74 and 1 <= d <= 3:   # J: J1 red, J2 green, J3 white
        return N_KINDS - d
    return -1


cdef int _read_botzone(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room) noexcept:
    cdef Py_ssize_t i = start
    cdef int n = 0, tile
    cdef unsigned int c
    while i < stop:
        c = _at(t, i)
        if _separator(c, NOTE_BOTZONE):
            i += 1
            continue
        if i + 1 >= stop or n == room:
            return -1
        tile = _botzone_tile(c, _at(t, i + 1))
        if tile < 0:
            return -1
        out[n] = <unsigned char>tile
        n += 1
        i += 2
    return n


cdef int _unicode_tile(unsigned int c) noexcept:
    if 0x1F000 <= c <= 0x1F003:        # winds
        return FIRST_HONOR + <int>(c - 0x1F000)
    if 0x1F004 <= c <= 0x1F006:        # red, green, white dragons
        return N_KINDS - 1 - <int>(c - 0x1F004)
    if 0x1F007 <= c <= 0x1F00F:        # characters
        return <int>(c - 0x1F007)
    if 0x1F010 <= c <= 0x1F018:        # bamboo
        return 2 * SUIT_SIZE + <int>(c - 0x1F010)
    if 0x1F019 <= c <= 0x1F021:        # dots
        return SUIT_SIZE + <int>(c - 0x1F019)
    return -1


cdef int _read_unicode(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room) noexcept:
    cdef Py_ssize_t i
    cdef int n = 0, tile
    cdef unsigned int c
    for i in range(start, stop):
        c = _at(t, i)
        if _separator(c, NOTE_UNICODE):
            continue
        tile = _unicode_tile(c)
        if tile < 0 or n == room:
            return -1
        out[n] = <unsigned char>tile
        n += 1
    return n


cdef int _chinese_rank(unsigned int c) noexcept:
    cdef int k
    cdef unsigned int* numerals = [0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B, 0x4E5D]  # 一..九
    for k in range(9):
        if c == numerals[k]:
            return k + 1
    if 49 <= c <= 57:                  # 1-9
        return <int>c - 48
    if 0xFF11 <= c <= 0xFF19:          # １-９
        return <int>(c - 0xFF10)
    return 0


cdef int _chinese_suit(unsigned int c) noexcept:
    if c == 0x4E07 or c == 0x842C:                     # 万 萬
        return 0
    if c == 0x7B52 or c == 0x997C or c == 0x9905:      # 筒 饼 餅
        return 1
    if c == 0x6761 or c == 0x7D22 or c == 0x689D:      # 条 索 條
        return 2
    return -1


cdef int _chinese_honor(unsigned int c, unsigned int next_c, int* width) noexcept:
    """The honour at c (and next_c for a two-character name), else -1; sets width."""
    width[0] = 1
    if c == 0x4E1C or c == 0x6771 or c == 0x5357 or c == 0x897F or c == 0x5317:  # 东 東 南 西 北
        # 东风 東風 南风 南風 西风 西風 北风 北風 (not 東风 or 东風)
        if (next_c == 0x98CE and c != 0x6771) or (next_c == 0x98A8 and c != 0x4E1C):
            width[0] = 2
        return FIRST_HONOR + (0 if c == 0x4E1C or c == 0x6771 else 1 if c == 0x5357 else
                              2 if c == 0x897F else 3)
    if c == 0x767D:                                # 白 (白板)
        if next_c == 0x677F:
            width[0] = 2
        return FIRST_HONOR + 4
    if c == 0x53D1 or c == 0x767C:                 # 发 發 (发财 發財, not 发財 or 發财)
        if (c == 0x53D1 and next_c == 0x8D22) or (c == 0x767C and next_c == 0x8CA1):
            width[0] = 2
        return FIRST_HONOR + 5
    if c == 0x9752 and next_c == 0x53D1:           # 青发
        width[0] = 2
        return FIRST_HONOR + 5
    if c == 0x4E2D:                                # 中
        return FIRST_HONOR + 6
    if (c == 0x7EA2 or c == 0x7D05) and next_c == 0x4E2D:  # 红中 紅中
        width[0] = 2
        return FIRST_HONOR + 6
    return -1


cdef int _read_chinese(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room) noexcept:
    cdef Py_ssize_t i = start
    cdef int n = 0, tile, rank, suit, width
    cdef unsigned int c, next_c
    while i < stop:
        c = _at(t, i)
        if _separator(c, NOTE_CHINESE):
            i += 1
            continue
        next_c = _at(t, i + 1) if i + 1 < stop else 0
        rank = _chinese_rank(c)
        suit = _chinese_suit(next_c) if rank else -1
        if suit >= 0:
            tile = suit * SUIT_SIZE + rank - 1
            width = 2
        else:
            tile = _chinese_honor(c, next_c, &width)
        if tile < 0 or n == room:
            return -1
        out[n] = <unsigned char>tile
        n += 1
        i += width
    return n


cdef int _read_plain(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room) noexcept:
    if t.notation == NOTE_MPSZ:
        return _read_mpsz(t, start, stop, out, room)
    if t.notation == NOTE_BOTZONE:
        return _read_botzone(t, start, stop, out, room)
    if t.notation == NOTE_UNICODE:
        return _read_unicode(t, start, stop, out, room)
    return _read_chinese(t, start, stop, out, room)


cdef bint _notation_of(Text* t, Py_ssize_t n) noexcept:
    """The notation the general path would detect, for text the readers here may accept."""
    cdef Py_ssize_t i
    cdef unsigned int c
    cdef bint wide = False
    t.notation = NOTE_MPSZ
    if t.kind == 1:
        for i in range(n):
            c = _at(t, i)
            if 65 <= c <= 90:  # an upper-case letter: botzone (the readers accept nothing else mixed in)
                t.notation = NOTE_BOTZONE
                return True
            if c > 127:
                return False  # Latin-1 beyond ASCII: left to the general path
        return True
    for i in range(n):
        c = _at(t, i)
        if 0x1F000 <= c <= 0x1F02F:
            t.notation = NOTE_UNICODE
            return True
        wide |= c >= 0x2E80
    t.notation = NOTE_CHINESE
    return wide


cdef bint _meld_of(Reading* r, const unsigned char* tiles, int n, bint hidden) noexcept:
    """Record the meld ``tiles`` make (sorted here); False when they make none."""
    cdef int a, b, c, kind
    if r.n_melds == MAX_MELDS or not 3 <= n <= 4:
        return False
    a, b, c = tiles[0], tiles[1], tiles[2]
    if a > b:
        a, b = b, a
    if b > c:
        b, c = c, b
    if a > b:
        a, b = b, a
    if n == 4:
        if not (a == b == c == tiles[3]):
            return False
        kind = KIND_KONG
    elif hidden:
        return False
    elif a == b == c:
        kind = KIND_PUNG
    elif a < FIRST_HONOR and b == a + 1 and c == a + 2 and a % SUIT_SIZE <= SUIT_SIZE - 3:
        kind = KIND_CHOW
    else:
        return False
    r.meld_kind[r.n_melds] = kind
    r.meld_tile[r.n_melds] = a
    r.meld_concealed[r.n_melds] = hidden
    r.n_melds += 1
    return True


cdef bint _read_text(Reading* r, object text, bint melds_only) noexcept:
    """Text in any notation: tiles then melds in brackets (only melds when ``melds_only``)."""
    cdef Py_ssize_t n = _str_len(text), i = 0, j, stop
    cdef Text t
    cdef unsigned char tiles[MAX_HAND]
    cdef unsigned int close, c
    cdef int got, k
    if n > MAX_TEXT or not _str_ready(text):
        return False
    t.kind = _str_kind(text)
    t.data = _str_data(text)
    if not _notation_of(&t, n):
        return False
    while i < n:
        j = i
        while j < n and _at(&t, j) != 91 and _at(&t, j) != 123:  # [ {
            j += 1
        if j > i:  # plain tiles: concealed, or one meld written without brackets
            got = _read_plain(&t, i, j, tiles, MAX_HAND)
            if got < 0:
                return False
            if melds_only:
                if got and not _meld_of(r, tiles, got, False):
                    return False
            elif r.n_melds:  # tiles after a meld: left to the general path
                if got:
                    return False
            else:
                for k in range(got):
                    if not _add(r, tiles[k]):
                        return False
        if j == n:
            break
        close = 93 if _at(&t, j) == 91 else 125
        stop = j + 1
        while stop < n and _at(&t, stop) != close:
            c = _at(&t, stop)
            if c == 91 or c == 123 or c == 93 or c == 125:
                return False
            stop += 1
        if stop == n:
            return False
        got = _read_plain(&t, j + 1, stop, tiles, 4)
        if got < 0 or not _meld_of(r, tiles, got, close == 125):
            return False
        i = stop + 1
    return True


cdef bint _read_meld_object(Reading* r, object meld) noexcept:
    cdef object kind, tile, concealed
    cdef int t
    if r.n_melds == MAX_MELDS:
        return False
    try:
        kind = _kind_names[meld.kind]
        tile = meld.tile
        concealed = meld.concealed
    except Exception:
        return False
    t = _int_value(<PyObject*>tile)
    if not 0 <= t < N_KINDS:
        return False
    r.meld_kind[r.n_melds] = kind
    r.meld_tile[r.n_melds] = t
    r.meld_concealed[r.n_melds] = concealed is True
    r.n_melds += 1
    return True


cdef bint _read_melds(Reading* r, object melds) noexcept:
    cdef Py_ssize_t k, n
    cdef PyObject** items
    cdef object m
    cdef int base = r.n_melds
    if melds is ():
        return True
    if _is_str(melds):
        return _read_text(r, melds, True) and r.n_melds == base + 1
    if not (_is_list(melds) or _is_tuple(melds)):
        return False
    n = _size(melds)
    if n > MAX_MELDS:
        return False
    items = _seq_items(melds)
    for k in range(n):
        m = <object>items[k]
        if _is_str(m):
            if not _read_text(r, m, True) or r.n_melds != base + k + 1:
                return False
        elif type(m) is _meld_type:
            if not _read_meld_object(r, m):
                return False
        else:
            return False
    return True


cdef bint _read_hand_object(Reading* r, object hand) noexcept:
    cdef object counts, melds
    try:
        counts = hand.counts
        melds = hand.melds
    except Exception:
        return False
    if not _is_bytes(counts) or not _read_count_bytes(r, <const unsigned char*>_bytes_data(counts), _size(counts)):
        return False
    return _read_melds(r, melds)


cdef bint _read(Reading* r, object hand, object melds, object encoding) noexcept:
    """The hand and melds of a call, checked: counts 0-4 across hand and melds."""
    cdef int enc = ENC_INDEX34, table = 0
    cdef bint ok = False
    memset(r, 0, sizeof(Reading))
    if encoding is not None:
        if not _is_str(encoding):
            return False
        entry = _encodings.get(encoding)
        if entry is None:
            return False
        enc, table = entry
    if _is_list(hand):
        with cython.critical_section(hand):  # free-threaded builds: no resize under us
            if enc == ENC_COUNTS:
                ok = _read_count_items(r, _seq_items(hand), _size(hand))
            else:
                ok = _read_ints(r, _seq_items(hand), _size(hand), enc, table)
    elif _is_tuple(hand):
        if enc == ENC_COUNTS:
            ok = _read_count_items(r, _seq_items(hand), _size(hand))
        else:
            ok = _read_ints(r, _seq_items(hand), _size(hand), enc, table)
    elif _is_str(hand):
        ok = encoding is None and _read_text(r, hand, False)
    elif enc == ENC_COUNTS and _is_bytes(hand):
        ok = _read_count_bytes(r, <const unsigned char*>_bytes_data(hand), _size(hand))
    elif enc == ENC_COUNTS and _is_bytearray(hand):
        with cython.critical_section(hand):
            ok = _read_count_bytes(r, <const unsigned char*>_bytearray_data(hand), _size(hand))
    elif type(hand) is _hand_type and (melds is () or (_is_list(melds) and _size(melds) == 0)):
        return _read_hand_object(r, hand) and _finish(r)
    if not ok or r.n == 0:
        return False
    if not (melds is () or _read_melds(r, melds)):
        return False
    return _finish(r)


cdef bint _finish(Reading* r) noexcept:
    cdef int k, t
    memcpy(r.all_counts, r.counts, N_KINDS)
    for k in range(r.n_melds):
        t = r.meld_tile[k]
        if r.meld_kind[k] == KIND_CHOW:
            r.all_counts[t] += 1
            r.all_counts[t + 1] += 1
            r.all_counts[t + 2] += 1
        else:
            r.all_counts[t] += 4 if r.meld_kind[k] == KIND_KONG else 3
    for t in range(N_KINDS):
        if r.all_counts[t] > MAX_COPIES:
            return False
    return r.n > 0


cdef bint _read_options(Options* o, object wild, object fifth) noexcept:
    cdef Py_ssize_t k, n
    cdef PyObject** items
    memset(o, 0, sizeof(Options))
    if fifth is True:
        o.fifth = True
    elif fifth is not False:
        return False
    if wild is None:
        return True
    if _is_list(wild) or _is_tuple(wild):
        n = _size(wild)
        if n > MAX_WILD:
            return False
        items = _seq_items(wild)
        for k in range(n):
            if not _wild_kind(o, <object>items[k]):
                return False
        return True
    return _wild_kind(o, wild)


cdef bint _wild_kind(Options* o, object w) noexcept:
    cdef int t
    cdef Reading one
    if _is_str(w):
        memset(&one, 0, sizeof(Reading))
        if not _read_text(&one, w, False) or one.n != 1 or one.n_melds:
            return False
        for t in range(N_KINDS):
            if one.counts[t]:
                break
    else:
        t = _int_value(<PyObject*>w)
        if not 0 <= t < N_KINDS:
            return False
    if not o.wild[t]:
        o.wild[t] = 1
        o.n_wild += 1
    return True


cdef int _jokers(Reading* r, Options* o, unsigned char* counts, unsigned char* limits) noexcept:
    """Counts without the wild kinds and the per-tile limits; the number of jokers."""
    cdef int t, jokers = 0
    memcpy(counts, r.counts, N_KINDS)
    for t in range(N_KINDS):
        limits[t] = MAX_COPIES - (r.all_counts[t] - r.counts[t])
        if o.wild[t]:
            jokers += counts[t]
            counts[t] = 0
    return jokers


cdef inline int _size14(Reading* r) noexcept:
    return r.n + 3 * r.n_melds


def is_win(hand, *, melds=(), encoding=None, strategy=None, wild=None, fifth=True):
    """Whether ``hand`` wins; see ``mahjong_fast.is_win``."""
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef int jokers, result
    if ((strategy is None or (_is_str(strategy) and strategy == "table"))
            and _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding)):
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
                                       wild=wild, fifth=fifth)
        if not table_ready():
            ensure_table()
        return wins_c(r.counts, r.n)
    return _general_is_win(hand, melds=melds, encoding=encoding, strategy=strategy, wild=wild, fifth=fifth)


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
    return -1


def shanten(hand, *, form=None, melds=(), wild=None, fifth=True, encoding=None):
    """Shanten (向听数) of ``hand``; see ``mahjong_fast.shanten``."""
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef int code = _form_code(form), jokers, result
    if code >= 0 and _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding):
        if r.n % 3 and _size14(&r) <= MAX_HAND and not (code > 1 and (r.n_melds or r.n < 13)):
            if r.n_melds or r.n < 13:
                code = 1
            if not shanten_ready():
                ensure_tables()
            if o.n_wild or r.n_melds:
                jokers = _jokers(&r, &o, counts, limits)
                result = shanten_c(counts, code, jokers, o.fifth, limits)
            else:
                result = shanten_c(r.counts, code, 0, o.fifth, NULL)
            if result != SHANTEN_INVALID:
                return result
    return _general_shanten(hand, form=form, melds=melds, wild=wild, fifth=fifth, encoding=encoding)


def waits(hand, *, melds=(), wild=None, fifth=True, encoding=None):
    """The tiles that complete ``hand`` (听牌), sorted; see ``mahjong_fast.waits``."""
    cdef Reading r
    cdef Options o
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char limits[N_KINDS]
    cdef unsigned char out[N_KINDS]
    cdef int jokers, t
    if _read_options(&o, wild, fifth) and _read(&r, hand, melds, encoding):
        if r.n % 3 == 1 and _size14(&r) <= MAX_HAND - 1:
            if not shanten_ready():
                ensure_tables()
            if o.n_wild or r.n_melds:
                jokers = _jokers(&r, &o, counts, limits)
                if waits_c(counts, jokers, o.fifth, limits, o.wild, out) >= 0:
                    # a wild kind held four times (its copies became jokers) has no fifth to draw
                    return [_tiles[t] for t in range(N_KINDS)
                            if out[t] and (not o.wild[t] or r.counts[t] < limits[t])]
            elif waits_c(r.counts, 0, o.fifth, NULL, NULL, out) >= 0:
                return [_tiles[t] for t in range(N_KINDS) if out[t]]
    return _general_waits(hand, melds=melds, wild=wild, fifth=fifth, encoding=encoding)


# --- classify and decompose ------------------------------------------------------

_general_classify = None
_general_decompose = None
_hu_type_of = None                       # value -> HuType
_hu_types = {}                           # its answers, remembered
_decompositions = None                   # hutype.decompositions
_decomposition_args = None               # (Decomposition, tiles, chows, pungs)
_declared_of = None                      # meld byte -> the DecomposedMeld of a declared meld
_declared = {}


def install_classify(general_classify, general_decompose, hu_type_of, decompositions,
                     decomposition_args, declared_of):
    """Put the fast paths in front of ``_classify``'s functions; return the fast ones.

    ``hu_type_of`` turns a kernel value into a ``HuType``; ``decompositions`` is
    the kernel's record builder with its ``decomposition_args``; ``declared_of``
    gives the decomposed meld of a declared meld byte (``kind << 6 | tile``).
    """
    global _general_classify, _general_decompose, _hu_type_of, _decompositions
    global _decomposition_args, _declared_of
    _general_classify, _general_decompose = general_classify, general_decompose
    _hu_type_of, _decompositions = hu_type_of, decompositions
    _decomposition_args, _declared_of = tuple(decomposition_args), declared_of
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


def classify(hand, *, melds=(), self_drawn=False, encoding=None, wild=None, fifth=True):
    """The hu type of a whole hand; see ``mahjong_fast.classify``."""
    cdef Reading r
    cdef Options o
    cdef unsigned char codes[MAX_MELDS]
    cdef int value
    if ((self_drawn is True or self_drawn is False) and _read_options(&o, wild, fifth)
            and _read(&r, hand, melds, encoding) and _size14(&r) == MAX_HAND):
        _meld_bytes(&r, codes)
        if o.n_wild:
            if not shanten_ready():
                ensure_tables()
            value = hu_type_wild_c(r.counts, o.wild, codes, r.n_melds, self_drawn is True, o.fifth)
        else:
            value = hu_type_c(r.counts, codes, r.n_melds, self_drawn is True)
        if value >= 0:
            found = _hu_types.get(value)
            if found is None:
                found = _hu_types[value] = _hu_type_of(value)
            return found
    return _general_classify(hand, melds=melds, self_drawn=self_drawn, encoding=encoding,
                             wild=wild, fifth=fifth)


def decompose(hand, *, melds=(), encoding=None):
    """Every pair + melds split of a standard-form win; see ``mahjong_fast.decompose``."""
    cdef Reading r
    cdef unsigned char codes[MAX_MELDS]
    cdef int k
    if _read(&r, hand, melds, encoding):
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
        return _decompositions((<char*>r.counts)[:N_KINDS], *_decomposition_args, declared)
    return _general_decompose(hand, melds=melds, encoding=encoding)
