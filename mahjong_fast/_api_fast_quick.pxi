# The quick path of _api_fast's calls: a list or tuple of cached small ints (index34 ints, ids or
# codes in any encoding, or 34 counts) read by address, or 34 counts as bytes or a numpy uint8 row,
# as _read would read it; anything else is left to _read.  Uses the header of _api_fast.pyx,
# _api_fast_reading.pxi and _api_fast_rules.pxi.


cdef inline bint _quick_exist(const RuleArgs* a, const unsigned char* counts) noexcept:
    cdef int t
    if a.full:  # the readers hold every count to 0-4
        return True
    for t in range(N_KINDS):
        if counts[t] > a.limits[t]:
            return False
    return True


cdef inline const unsigned char* _quick_limits(const RuleArgs* a) noexcept:
    """The limits to hand a kernel: NULL (the kernels' own limits of 4, no comparison) when all are 4."""
    return NULL if a.full else a.limits


cdef inline bint _holds_four(const unsigned char* counts) noexcept:
    cdef int t
    cdef bint four = False
    for t in range(N_KINDS):
        four |= counts[t] == MAX_COPIES
    return four


cdef int _quick_ints(object hand, unsigned char* c, unsigned int* codes) noexcept:
    """The most common call: a list or tuple of 1-14 exact index34 ints (or text, ``_quick_text``).  Its counts (and
    suit codes when ``codes`` is not NULL) and tile count, or -1 for anything else."""
    if _is_list(hand):
        with cython.critical_section(hand):  # free-threaded builds: no resize under us
            return _quick_items(_seq_items(hand), _size(hand), c, codes)
    if _is_tuple(hand):
        return _quick_items(_seq_items(hand), _size(hand), c, codes)
    if _is_str(hand):
        return _quick_text(hand, c, codes)
    return -1


cdef int _quick_text(object text, unsigned char* c, unsigned int* codes) noexcept:
    """``_quick_ints`` of text: its tiles as ``_read`` reads them when it holds no meld (plain text
    in one pass, ``_notation_counts``; any other by ``_read_text``), or -1."""
    cdef Reading r
    cdef unsigned long long sums
    cdef Py_ssize_t n = _str_len(text)
    cdef int got
    if n > MAX_TEXT or not _str_ready(text):
        return -1
    got = _notation_counts(text, n, c, &sums)
    if got > 0:
        if codes != NULL:
            _unpack_suit_codes(sums, codes)
        return got
    _clear(&r)
    if not _read_text(&r, text, False) or r.n_melds or not 0 < r.n <= MAX_HAND:
        return -1
    memcpy(c, r.counts, N_KINDS)
    if codes != NULL:
        _suit_codes(c, codes)
    return r.n


cdef inline int _quick_items(PyObject** items, Py_ssize_t n, unsigned char* c, unsigned int* codes) noexcept:
    cdef Py_ssize_t k
    cdef long t
    if not 0 < n <= MAX_HAND:
        return -1
    if _quick_small_items(items, n, c, codes):
        return <int>n
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


cdef inline bint _quick_small_items(PyObject** items, Py_ssize_t n, unsigned char* c,
                                    unsigned int* codes) noexcept:
    """``_quick_items`` of 1-14 items that are all the cached ints 0-33, known by address (as
    ``_read_small_codes`` knows them) without reading the objects, the suit codes summed by weight:
    whether it read them (no kind held five times).  False leaves the items to ``_quick_items``'s
    loop, which decides."""
    cdef Py_ssize_t k
    cdef int shift = _small_shift
    cdef size_t d, t, top = (<size_t>(N_KINDS - 1)) << shift, mask = ((<size_t>1) << shift) - 1
    cdef const char* zero = _small_zero
    cdef unsigned long long sums = 0    # the three suit codes, CODE_BITS apart
    if shift == 0:
        return False
    memset(c, 0, N_KINDS)
    for k in range(n):
        d = <size_t>(<const char*>items[k] - zero)
        if d > top or d & mask:
            return False
        t = d >> shift
        if c[t] == MAX_COPIES:
            return False
        c[t] += 1
        sums += _code_weights[t]
    if codes != NULL:
        _unpack_suit_codes(sums, codes)
    return True


cdef int _quick_read(Reading* r, object hand, object melds, object encoding, unsigned int* codes) noexcept:
    """The next most common calls, read as ``_read`` reads them: ``_quick_ints`` beside melds (a list or
    tuple of meld texts and ``Meld`` objects), or a list or tuple of cached ints in any ``encoding`` without
    melds (34 counts 0-4 with ``encoding="counts"``, also as bytes or a numpy uint8 row).  The reading, the
    suit codes of its
    concealed counts and its tile count, or -1 (``_read`` then reads the call)."""
    cdef int enc, table, n
    if encoding is None:
        n = _quick_ints(hand, r.counts, codes)
        if n <= 0:
            return -1
        r.n = n
        r.n_melds = 0
        r.red[0] = r.red[1] = r.red[2] = 0
        r.red_ids = False
        if not _read_melds(r, melds) or not _copies_fit(r):
            return -1
        return n
    if melds is not () or not _encoding_of(encoding, &enc, &table):
        return -1
    _clear(r)
    if _is_list(hand):
        with cython.critical_section(hand):
            n = _quick_items_of(r, hand, enc, table, codes)
    elif _is_tuple(hand):
        n = _quick_items_of(r, hand, enc, table, codes)
    elif enc == ENC_COUNTS:
        n = _quick_count_row(r, hand)
    else:
        return -1
    if n <= 0:
        return -1
    if codes != NULL and enc == ENC_COUNTS:
        _suit_codes(r.counts, codes)
    return n


cdef inline int _quick_items_of(Reading* r, object hand, int enc, int table, unsigned int* codes) noexcept:
    if enc != ENC_COUNTS:
        return _read_small_codes(r, _seq_items(hand), _size(hand), enc, table, codes)
    if _size(hand) != N_KINDS or _read_small_counts(r, _seq_items(hand)) != 1:
        return -1
    return r.n


cdef inline int _quick_count_row(Reading* r, object hand) noexcept:
    """34 counts as bytes or a numpy row of uint8 (read in place), read as ``_read`` reads them:
    the tile count, or -1 (a bytearray, another buffer: ``_read`` reads it)."""
    cdef const unsigned char* row
    if _is_bytes(hand):
        if _size(hand) != N_KINDS:
            return -1
        row = <const unsigned char*>_bytes_data(hand)
    else:
        row = mf_numpy_row(hand, N_KINDS)
        if row == NULL:
            return -1
    if not _read_count_bytes(r, row, N_KINDS):
        return -1
    return r.n


cdef inline int _quick_hand(Reading* r, object hand, object encoding, unsigned char* counts,
                            const unsigned char** held) noexcept:
    """The concealed counts of a call without melds (``_quick_ints`` into ``counts``, or ``_quick_read``
    of an encoded hand into ``r``), pointed to by ``held``; the tile count, or -1."""
    if encoding is None:
        held[0] = counts
        return _quick_ints(hand, counts, NULL)
    held[0] = r.counts
    return _quick_read(r, hand, (), encoding, NULL)


cdef inline void _suit_codes(const unsigned char* counts, unsigned int* codes) noexcept:
    cdef int s, k
    for s in range(3):
        codes[s] = 0
        for k in range(SUIT_SIZE):
            codes[s] += counts[s * SUIT_SIZE + k] * mf_pow5[k]
