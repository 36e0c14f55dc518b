# The readers of _api_fast: a call's hand, melds and options into a Reading and Options,
# or False when the general path must answer.  Uses the header of _api_fast.pyx and
# _api_fast_text.pxi.

# --- reading: each reader answers 1 when it vouches for its input, else 0 ----------

from mahjong_fast._layout cimport N_SUITS

cdef enum:
    ENC_TENHOU = 16     # beside _api_fast's ENC_*: Tenhou's codes, decoded by arithmetic here
    RED_RANK = 5        # Tenhou's 51-53 are red fives


cdef inline int _tenhou_kind(int v) noexcept:
    """index34 of a Tenhou code (11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red fives), else -1."""
    cdef int tens = v // 10, unit = v % 10
    if 1 <= tens <= N_SUITS and unit >= 1:      # unit <= 9 always
        return (tens - 1) * SUIT_SIZE + unit - 1
    if tens == 4 and 1 <= unit <= N_HONORS:
        return FIRST_HONOR + unit - 1
    if tens == 5 and 1 <= unit <= N_SUITS:      # a red five reads as its five
        return (unit - 1) * SUIT_SIZE + RED_RANK - 1
    return -1


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


cdef inline int _item_value(PyObject* o) noexcept:
    # ``_int_value`` with the exact int read first (the common item)
    cdef long v
    if _is_int(o):
        v = mf_small_int(o)
        return <int>v if 0 <= v < 65536 else -1
    return _int_value(o)


cdef bint _read_ints(Reading* r, PyObject** items, Py_ssize_t n, int enc, int table) noexcept:
    """Ints in encoding ``enc`` (a loop per encoding: the branch is taken once a call)."""
    cdef Py_ssize_t k
    cdef int v, t
    cdef unsigned long long seen[3]     # index136 ids seen, a bit each
    cdef const unsigned char* decode
    if not 0 < n <= MAX_HAND:
        return False
    if enc == ENC_INDEX34:
        for k in range(n):
            v = _item_value(items[k])
            if not 0 <= v < N_KINDS or not _add(r, v):
                return False
    elif enc == ENC_INDEX136:
        seen[0] = seen[1] = seen[2] = 0
        for k in range(n):
            v = _item_value(items[k])
            if not 0 <= v < 136 or (seen[v >> 6] >> (v & 63)) & 1:
                return False
            seen[v >> 6] |= 1ULL << (v & 63)
            if r.red_ids and (v == 16 or v == 52 or v == 88):  # copy 0 of a five, red with red=True
                r.red[v // 36] += 1
            if not _add(r, v >> 2):
                return False
    elif enc == ENC_TENHOU:
        for k in range(n):
            v = _item_value(items[k])
            t = _tenhou_kind(v) if v >= 0 else -1
            if t < 0:
                return False
            if v > 50:  # 51-53: a red five
                r.red[v - 51] += 1
            if not _add(r, t):
                return False
    else:
        decode = _decode[table]
        for k in range(n):
            v = _item_value(items[k])
            if not 0 <= v < 256:
                return False
            t = decode[v] - 1
            if t < 0 or not _add(r, t):
                return False
    return True


cdef enum:
    SMALL_INTS = 256    # the cached ints read by address: counts, ids and codes below 256
    INDEX136_IDS = 136
    TENHOU_CODES = 54   # Tenhou's codes are below this
    CODE_BITS = 21      # a suit code of counts 0-4 is below 5 ** 9 < 2 ** 21: three fit a 64-bit sum

cdef const char* _small_zero = NULL     # the int 0 object: 1-255 follow it, 1 << _small_shift bytes apart
cdef int _small_shift = 0               # 0: they do not (counts and codes are then read by value)
cdef unsigned char _tenhou_kinds[TENHOU_CODES]  # a Tenhou code's index34 + 1, 0 for no tile
cdef unsigned char _index34_kinds[N_KINDS]      # index34 + 1
cdef unsigned long long _code_weights[N_KINDS]  # a kind's weight in its suit code, at bit CODE_BITS * suit


cdef inline void _unpack_suit_codes(unsigned long long sums, unsigned int* codes) noexcept:
    """The three suit codes of ``sums``, the ``_code_weights`` of a hand's tiles added up."""
    codes[0] = <unsigned int>sums & ((1u << CODE_BITS) - 1)
    codes[1] = <unsigned int>(sums >> CODE_BITS) & ((1u << CODE_BITS) - 1)
    codes[2] = <unsigned int>(sums >> (2 * CODE_BITS)) & ((1u << CODE_BITS) - 1)


cdef void _find_small_ints() noexcept:
    """Whether the cached ints 0-255 lie in one array (CPython's small ints): an item is then known
    by its address alone, without reading the object."""
    global _small_zero, _small_shift
    cdef list small = list(range(SMALL_INTS))
    cdef Py_ssize_t step = <char*><PyObject*>small[1] - <char*><PyObject*>small[0]
    cdef int k, shift = 0
    for k in range(TENHOU_CODES):
        _tenhou_kinds[k] = _tenhou_kind(k) + 1
    for k in range(N_KINDS):
        _index34_kinds[k] = k + 1
        _code_weights[k] = 0
        if k < FIRST_HONOR:
            _code_weights[k] = (<unsigned long long>mf_pow5[k % SUIT_SIZE]) << (CODE_BITS * (k // SUIT_SIZE))
    while shift < 12 and (<Py_ssize_t>1) << shift != step:
        shift += 1
    if shift == 12:
        return
    for k in range(SMALL_INTS):
        if <char*><PyObject*>small[k] != <char*><PyObject*>small[0] + k * step or small[k] is not range(k, k + 1)[0]:
            return
    _small_zero = <char*><PyObject*>small[0]
    _small_shift = shift


_find_small_ints()


cdef int _read_small_counts(Reading* r, PyObject** items) noexcept:
    """34 counts that are all the cached ints 0-4, known by address: 1 (read), 0 (a hand of no or
    too many tiles), -1 when an item is anything else (``_read_count_items`` reads it then)."""
    cdef int k, shift = _small_shift
    cdef size_t d, low = 0, high = 0, total = 0, top = (<size_t>MAX_COPIES) << shift
    cdef const char* zero = _small_zero
    if shift == 0:
        return -1
    for k in range(N_KINDS):  # no branch in the loop: one test of all 34 after it
        d = <size_t>(<const char*>items[k] - zero)
        low |= d                        # a bit below the shift: not one of the cached ints
        high = d if d > high else high  # past four (or no cached int at all)
        total += d                      # each at most top: no overflow
        r.counts[k] = <unsigned char>(d >> shift)
    if high > top or low & ((<size_t>1 << shift) - 1):
        return -1
    r.n += <int>(total >> shift)
    return 0 < r.n <= MAX_HAND


cdef int _read_small_codes(Reading* r, PyObject** items, Py_ssize_t n, int enc, int table,
                           unsigned int* codes) noexcept:
    """1-14 ints in encoding ``enc`` other than counts that are all cached ints, known by address,
    read into a cleared ``r`` as ``_read_ints`` reads them (and the suit codes of the counts when
    ``codes`` is not NULL): the tile count, or -1 when an item is anything else or ``_read_ints``
    would refuse the hand (``_read`` reads it then)."""
    cdef Py_ssize_t k
    cdef int v, t, shift = _small_shift
    cdef size_t d, top, mask = ((<size_t>1) << shift) - 1
    cdef const char* zero = _small_zero
    cdef const unsigned char* decode
    cdef unsigned long long seen[3]     # index136 ids seen, a bit each
    cdef unsigned long long sums = 0    # the three suit codes, CODE_BITS apart
    if shift == 0 or not 0 < n <= MAX_HAND:
        return -1
    if enc == ENC_INDEX136:
        top = (<size_t>(INDEX136_IDS - 1)) << shift
        seen[0] = seen[1] = seen[2] = 0
        for k in range(n):
            d = <size_t>(<const char*>items[k] - zero)
            if d > top or d & mask:
                return -1
            v = <int>(d >> shift)
            if (seen[v >> 6] >> (v & 63)) & 1:  # distinct ids: at most four copies of a tile
                return -1
            seen[v >> 6] |= 1ULL << (v & 63)
            t = v >> 2
            r.counts[t] += 1
            sums += _code_weights[t]
    else:
        if enc == ENC_TENHOU:
            decode, top = _tenhou_kinds, TENHOU_CODES - 1
        elif enc == ENC_TABLE:
            decode, top = _decode[table], SMALL_INTS - 1
        else:
            decode, top = _index34_kinds, N_KINDS - 1
        top <<= shift
        for k in range(n):
            d = <size_t>(<const char*>items[k] - zero)
            if d > top or d & mask:
                return -1
            v = <int>(d >> shift)
            t = decode[v] - 1
            if t < 0 or r.counts[t] == MAX_COPIES:
                return -1
            r.counts[t] += 1
            if enc == ENC_TENHOU and v > 50:  # 51-53: a red five
                r.red[v - 51] += 1
            sums += _code_weights[t]
    if codes != NULL:
        _unpack_suit_codes(sums, codes)
    r.n = <int>n
    return <int>n


cdef bint _read_count_items(Reading* r, PyObject** items, Py_ssize_t n) noexcept:
    cdef Py_ssize_t k
    cdef int v, total = 0
    if n != N_KINDS:
        return False
    v = _read_small_counts(r, items)
    if v >= 0:
        return v
    for k in range(N_KINDS):
        v = _item_value(items[k])
        if not 0 <= v <= MAX_COPIES:
            return False
        r.counts[k] = <unsigned char>v
        total += v
    r.n += total
    return 0 < r.n <= MAX_HAND


cdef bint _read_count_bytes(Reading* r, const unsigned char* data, Py_ssize_t n) noexcept:
    cdef Py_ssize_t k
    cdef int total = 0
    cdef unsigned char v, bad = 0
    if n != N_KINDS:
        return False
    for k in range(N_KINDS):  # no branch in the loop: one test of all 34 after it
        v = data[k]
        bad |= v > MAX_COPIES
        r.counts[k] = v
        total += v
    if bad:
        return False
    r.n += total
    return 0 < r.n <= MAX_HAND


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


cdef enum:
    MPSZ_OTHER = 0          # per byte of _mpsz_bytes: a byte plain mpsz text does not hold
    MPSZ_DIGIT = 16         # a digit d: MPSZ_DIGIT + d
    MPSZ_SUIT = 32          # m p s z: MPSZ_SUIT + the suit, 0-2, or 3 for the honours
    MPSZ_BLANK = 64         # a separator: space , ; \t \n \r

cdef unsigned char _mpsz_bytes[256]


cdef void _fill_mpsz_bytes() noexcept:
    cdef int c
    memset(_mpsz_bytes, MPSZ_OTHER, sizeof(_mpsz_bytes))
    for c in range(10):
        _mpsz_bytes[48 + c] = MPSZ_DIGIT + c
    _mpsz_bytes[109] = MPSZ_SUIT                        # m
    _mpsz_bytes[112] = MPSZ_SUIT + 1                    # p
    _mpsz_bytes[115] = MPSZ_SUIT + 2                    # s
    _mpsz_bytes[122] = MPSZ_SUIT + N_SUITS              # z
    for c in (32, 44, 59, 9, 10, 13):
        _mpsz_bytes[c] = MPSZ_BLANK


_fill_mpsz_bytes()


cdef int _mpsz_counts(const unsigned char* s, Py_ssize_t n, unsigned char* counts, unsigned char* red,
                      unsigned long long* sums) noexcept:
    """One-byte text holding only digits, ``m p s z`` and mpsz's separators, read in one pass into
    fresh ``counts`` as ``_read_mpsz`` reads it, red fives (0m 0p 0s) per suit into ``red`` and the
    win table's suit codes into ``sums`` (``CODE_BITS`` apart): its 1-14 tiles, or -1 for any other
    text or any it refuses (a fifth copy, a rank no honour has, digits with no suit, no tile)."""
    cdef unsigned char ranks[MAX_HAND]
    cdef Py_ssize_t i
    cdef int pending = 0, total = 0, k, t, suit, base, rank
    cdef unsigned char c
    cdef unsigned long long codes = 0
    memset(counts, 0, N_KINDS)
    red[0] = red[1] = red[2] = 0
    for i in range(n):
        c = _mpsz_bytes[s[i]]
        if c & MPSZ_DIGIT:
            if pending + total == MAX_HAND:
                return -1
            ranks[pending] = c - MPSZ_DIGIT
            pending += 1
        elif c & MPSZ_SUIT:
            if not pending:
                return -1
            suit = c - MPSZ_SUIT
            base = suit * SUIT_SIZE
            for k in range(pending):
                rank = ranks[k]
                if suit == N_SUITS:
                    if not 1 <= rank <= N_HONORS:
                        return -1
                elif rank == 0:
                    rank = 5  # a red five reads as a five
                    red[suit] += 1
                t = base + rank - 1
                if counts[t] == MAX_COPIES:
                    return -1
                counts[t] += 1
                codes += _code_weights[t]
            total += pending
            pending = 0
        elif pending or not c:  # digits must end in a suit letter before a separator
            return -1
    if pending or not total:
        return -1
    sums[0] = codes
    return total


cdef bint _read_plain_mpsz(Reading* r, const unsigned char* s, Py_ssize_t n) noexcept:
    """Concealed tiles of one-byte text holding only digits, ``m p s z`` and mpsz's separators,
    read in one pass as ``_read_mpsz`` reads them (``_mpsz_counts``) beside the tiles ``r`` holds;
    False for any other text, or any it refuses (``_read_text`` then answers)."""
    cdef unsigned char counts[N_KINDS]
    cdef unsigned char red[3]
    cdef unsigned long long sums
    cdef int total = _mpsz_counts(s, n, counts, red, &sums), t, k
    if total < 0:
        return False
    for t in range(N_KINDS):
        if counts[t] + r.counts[t] > MAX_COPIES:
            return False
    for t in range(N_KINDS):
        r.counts[t] += counts[t]
    r.n += total
    for k in range(3):
        r.red[k] += red[k]
    return True


cdef inline bint _mpsz_at_end(const unsigned char* s, Py_ssize_t n) noexcept:
    """Whether one-byte text ends (separators aside) in a suit letter m, p, s or z, as all the text
    ``_read_plain_mpsz`` reads does (mjai text ends in an honour, botzone text in a digit)."""
    cdef Py_ssize_t i = _last_mark(s, n)
    return i >= 0 and (s[i] == 109 or s[i] == 112 or s[i] == 115 or s[i] == 122)


cdef bint _read_text(Reading* r, object text, bint melds_only) noexcept:
    """Text in any notation: tiles then melds in brackets (only melds when ``melds_only``)."""
    cdef Py_ssize_t n = _str_len(text), i = 0, j, stop
    cdef Text t
    cdef unsigned char tiles[MAX_HAND]
    cdef unsigned int close, c
    cdef int got, k
    cdef unsigned char red[3]
    if n > MAX_TEXT or not _str_ready(text):
        return False
    t.kind = _str_kind(text)
    t.data = _str_data(text)
    if t.kind == 1 and not melds_only and not r.n_melds and _mpsz_at_end(<const unsigned char*>t.data, n):
        if _read_plain_mpsz(r, <const unsigned char*>t.data, n):
            return True
    if not _notation_of(&t, n):
        return False
    if not melds_only and not r.n_melds:
        # Most text is plain tiles: read it whole first (every reader refuses a bracket, so this
        # is the loop below when the text has none), else walk it group by group.
        red[0] = red[1] = red[2] = 0
        got = _read_plain(&t, 0, n, tiles, MAX_HAND, red)
        if got >= 0:
            for k in range(got):
                if not _add(r, tiles[k]):
                    return False
            for k in range(3):
                r.red[k] += red[k]
            return True
    while i < n:
        j = _find_open(t.kind, t.data, i, n)  # the next [ or {
        if j > i:  # plain tiles: concealed, or one meld written without brackets
            red[0] = red[1] = red[2] = 0
            got = _read_plain(&t, i, j, tiles, MAX_HAND, red)
            if got < 0:
                return False
            if melds_only:
                if got:
                    if not _meld_of(r, tiles, got, False):
                        return False
                    r.meld_red[r.n_melds - 1] = red[0] + red[1] + red[2]
            elif r.n_melds:  # tiles after a meld: left to the general path
                if got:
                    return False
            else:
                for k in range(got):
                    if not _add(r, tiles[k]):
                        return False
                for k in range(3):
                    r.red[k] += red[k]
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
        red[0] = red[1] = red[2] = 0
        got = _read_plain(&t, j + 1, stop, tiles, 4, red)
        if got < 0 or not _meld_of(r, tiles, got, close == 125):
            return False
        r.meld_red[r.n_melds - 1] = red[0] + red[1] + red[2]
        i = stop + 1
    return True


include "_api_fast_melds.pxi"


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


cdef extern from *:
    """
    #include <string.h>
    /* The head of numpy's array and dtype structs (PyArrayObject_fields, PyArray_Descr): these
       fields have kept their places from numpy 1 to 2. */
    typedef struct {
        PyObject_HEAD
        char *data;
        int nd;
        Py_ssize_t *dimensions;
        Py_ssize_t *strides;
        PyObject *base;
        PyObject *descr;
    } mf_ndarray;
    typedef struct {
        PyObject_HEAD
        PyTypeObject *typeobj;
        char kind, type, byteorder, flags;
        int type_num;
    } mf_descr;
    static PyTypeObject *mf_ndarray_type = NULL;  /* numpy.ndarray, once met (a static type) */
    /* The data of an exact numpy.ndarray of n uint8 in one contiguous row, else NULL. */
    static const unsigned char *mf_numpy_row(PyObject *o, Py_ssize_t n) {
        PyTypeObject *t = Py_TYPE(o);
        mf_ndarray *a = (mf_ndarray *)o;
        mf_descr *d;
        if (t != mf_ndarray_type) {
            if (mf_ndarray_type != NULL || strcmp(t->tp_name, "numpy.ndarray") != 0
                    || t->tp_basicsize < (Py_ssize_t)sizeof(mf_ndarray))
                return NULL;
            mf_ndarray_type = t;
        }
        if (a->nd != 1 || a->dimensions[0] != n || a->strides[0] != 1 || a->descr == NULL)
            return NULL;
        d = (mf_descr *)a->descr;
        if (d->kind != 'u' || d->type != 'B' || d->type_num != 2)  /* NPY_UBYTE */
            return NULL;
        return (const unsigned char *)a->data;
    }
    """
    const unsigned char* mf_numpy_row(object, Py_ssize_t) noexcept


cdef bint _read_count_buffer(Reading* r, object hand) noexcept:
    """34 one-byte unsigned counts in a C-contiguous buffer (format ``B``); anything else False.
    A numpy row of uint8 is read in place, without asking for its buffer."""
    cdef Py_buffer view
    cdef bint ok = False
    cdef const unsigned char* row = mf_numpy_row(hand, N_KINDS)
    if row != NULL:
        return _read_count_bytes(r, row, N_KINDS)
    try:
        PyObject_GetBuffer(hand, &view, PyBUF_RECORDS_RO)
    except Exception:  # not a buffer this way: the general path says why
        return False
    if (view.ndim == 1 and view.len == N_KINDS and view.itemsize == 1
            and (view.strides == NULL or view.strides[0] == 1)
            and view.format != NULL and view.format[0] == 66 and view.format[1] == 0):  # "B"
        ok = _read_count_bytes(r, <const unsigned char*>view.buf, N_KINDS)
    PyBuffer_Release(&view)
    return ok


cdef inline void _clear(Reading* r) noexcept:
    memset(r.counts, 0, N_KINDS)  # all_counts is written by _finish, beside melds only
    r.n = 0
    r.n_melds = 0
    r.red[0] = r.red[1] = r.red[2] = 0
    r.red_ids = False


cdef extern from "Python.h":
    bint _interned "PyUnicode_CHECK_INTERNED"(object)


cdef bint _encoding_of(object encoding, int* enc, int* table) noexcept:
    """The reading of an ``encoding=`` name (None: index34); False for anything else.  A name
    read once is known again by identity (a literal ``"counts"`` is the same object on every call)."""
    global _n_known
    cdef int k
    enc[0] = ENC_INDEX34
    table[0] = 0
    if encoding is None:
        return True
    for k in range(_n_known):
        if <PyObject*>encoding == _known_names[k]:
            enc[0] = _known_kinds[k]
            table[0] = _known_tables[k]
            return True
    if not _is_str(encoding):
        return False
    entry = _encodings.get(encoding)
    if entry is not None:
        enc[0], table[0] = entry
    elif encoding == "tenhou":
        enc[0] = ENC_TENHOU
    else:
        return False
    if _n_known < 8 and _interned(encoding):
        _encodings_known.append(encoding)
        _known_names[_n_known] = <PyObject*>encoding
        _known_kinds[_n_known] = enc[0]
        _known_tables[_n_known] = table[0]
        _n_known += 1
    return True


cdef bint _read(Reading* r, object hand, object melds, object encoding) noexcept:
    """The hand and melds of a call, checked: counts 0-4 across hand and melds."""
    cdef int enc = ENC_INDEX34, table = 0
    cdef bint ok = False
    _clear(r)
    if encoding is not None and not _encoding_of(encoding, &enc, &table):
        return False
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
    elif enc == ENC_COUNTS and PyObject_CheckBuffer(hand):  # a numpy row of uint8, an array('B')...
        ok = _read_count_buffer(r, hand)
    elif type(hand) is _hand_type and (melds is () or (_is_list(melds) and _size(melds) == 0)):
        return _read_hand_object(r, hand) and _finish(r)
    if not ok or r.n == 0:
        return False
    if not (melds is () or _read_melds(r, melds)):
        return False
    return _finish(r)


cdef bint _finish(Reading* r) noexcept:
    """Check the copies across hand and melds, and that the hand holds a tile; ``all_counts`` is
    only meaningful beside melds."""
    return _copies_fit(r) and r.n > 0


cdef bint _copies_fit(Reading* r) noexcept:
    """Whether hand and melds hold at most four copies of each tile (``all_counts`` written beside melds)."""
    cdef int k, t
    if r.n_melds == 0:  # the readers already hold every count to 0-4
        return True
    memcpy(r.all_counts, r.counts, N_KINDS)
    for k in range(r.n_melds):
        t = r.meld_tile[k]
        if r.meld_kind[k] == KIND_CHOW:
            r.all_counts[t] += 1
            r.all_counts[t + 1] += 1
            r.all_counts[t + 2] += 1
        else:
            r.all_counts[t] += 4 if r.meld_kind[k] == KIND_KONG else 3
    for k in range(r.n_melds):  # only a meld's tiles can pass four
        t = r.meld_tile[k]
        if r.all_counts[t] > MAX_COPIES or (r.meld_kind[k] == KIND_CHOW and (
                r.all_counts[t + 1] > MAX_COPIES or r.all_counts[t + 2] > MAX_COPIES)):
            return False
    return True


include "_api_fast_options.pxi"
