# The melds of _api_fast: a Meld read by its slots, a meld's text in plain mpsz or any notation,
# and the melds= argument (a list or tuple of them) into a Reading.  Uses the header of
# _api_fast.pyx, _api_fast_text.pxi and the first part of _api_fast_reading.pxi.

cdef object _true = True


cdef inline PyObject* _slot(object obj, Py_ssize_t offset) noexcept:
    return (<PyObject**>((<char*><PyObject*>obj) + offset))[0]


cdef bint _read_meld_object(Reading* r, object meld) noexcept:
    cdef object kind, tile, concealed
    cdef PyObject* word
    cdef PyObject* held
    cdef int t, kind_code
    if r.n_melds == MAX_MELDS:
        return False
    held = _slot(meld, _meld_slots[1]) if _meld_slots[0] and type(meld) is _meld_type else NULL
    if held != NULL:  # its slots read in place, the kind known by address
        word = _slot(meld, _meld_slots[0])
        t = _int_value(held)
        for kind_code in range(3):
            if word == _kind_word_ptrs[kind_code]:
                if not 0 <= t < N_KINDS:
                    return False
                r.meld_kind[r.n_melds] = kind_code
                r.meld_tile[r.n_melds] = t
                r.meld_concealed[r.n_melds] = _slot(meld, _meld_slots[2]) == <PyObject*>_true
                r.meld_red[r.n_melds] = 0
                r.n_melds += 1
                return True
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
    r.meld_red[r.n_melds] = 0
    r.n_melds += 1
    return True


cdef inline bint _blank(unsigned int c) noexcept:
    return c == 32 or 9 <= c <= 13


cdef inline bint _plain_blank(unsigned char c) noexcept:
    # blank for Meld.parse and a separator for the mpsz reader alike
    return c == 32 or c == 9 or c == 10 or c == 13


cdef bint _one_meld_mpsz(Reading* r, const unsigned char* s, Py_ssize_t n) noexcept:
    """One meld of one-byte text in its plainest form -- 3 or 4 digits and m p s z, bare or in
    ``[]`` or ``{}``, blanks beside -- read as ``_one_meld_text`` reads it; False for anything
    else (the general reader then answers)."""
    cdef Py_ssize_t lo = 0, hi = n, i
    cdef unsigned char tiles[4]
    cdef int got = 0, reds = 0, base, rank
    cdef unsigned char c, letter
    cdef bint hidden = False
    while lo < hi and _plain_blank(s[lo]):
        lo += 1
    while hi > lo and _plain_blank(s[hi - 1]):
        hi -= 1
    if hi - lo >= 2 and (s[lo] == 91 or s[lo] == 123):  # [ {
        if s[hi - 1] != (93 if s[lo] == 91 else 125):  # ] }
            return False
        hidden = s[lo] == 123
        lo += 1
        hi -= 1
    if not 4 <= hi - lo <= 5:
        return False
    letter = s[hi - 1]
    if letter == 109:
        base = 0
    elif letter == 112:
        base = SUIT_SIZE
    elif letter == 115:
        base = 2 * SUIT_SIZE
    elif letter == 122:
        base = FIRST_HONOR
    else:
        return False
    for i in range(lo, hi - 1):
        c = s[i]
        if not 48 <= c <= 57:
            return False
        rank = c - 48
        if base == FIRST_HONOR:
            if not 1 <= rank <= N_HONORS:
                return False
        elif rank == 0:
            rank = 5  # a red five reads as a five
            reds += 1
        tiles[got] = <unsigned char>(base + rank - 1)
        got += 1
    if not _meld_of(r, tiles, got, hidden):
        return False
    r.meld_red[r.n_melds - 1] = reds
    return True


cdef enum:
    MELD_KEY_BYTES = 7      # the longest text the table below knows: "{1111z}"
    MELD_SLOTS = 2048       # a power of two, about three times the texts it holds

# Every meld text of 3 or 4 digits and a suit letter, bare or in [] or {} (no blank), that
# _one_meld_mpsz reads, with what it reads to: a text known here costs a probe, not a parse.
# Written once at import, before any call, and only read after: safe to share between threads.
cdef unsigned long long _meld_keys[MELD_SLOTS]     # the text's bytes and its length at bit 56; 0: empty
cdef unsigned char _meld_kinds[MELD_SLOTS]
cdef unsigned char _meld_tiles[MELD_SLOTS]
cdef unsigned char _meld_hidden[MELD_SLOTS]
cdef unsigned char _meld_reds[MELD_SLOTS]


cdef inline unsigned long long _meld_key(const unsigned char* s, Py_ssize_t n) noexcept:
    cdef unsigned long long key = (<unsigned long long>n) << 56
    cdef Py_ssize_t i
    for i in range(n):
        key |= (<unsigned long long>s[i]) << (8 * i)
    return key


cdef inline Py_ssize_t _meld_slot(unsigned long long key) noexcept:
    return <Py_ssize_t>((key * 0x9E3779B97F4A7C15ULL) >> 53)  # the top 11 bits: MELD_SLOTS


cdef bint _one_rank(int code) noexcept:
    """Whether the four digits of ``code`` read as one rank (0, a red five, as 5)."""
    cdef int first = -1, d, k
    for k in range(4):
        d = code % 10
        code //= 10
        if d == 0:
            d = 5
        if first >= 0 and d != first:
            return False
        first = d
    return True


cdef void _fill_meld_table() noexcept:
    cdef Reading one
    cdef unsigned char text[MELD_KEY_BYTES]
    cdef int size, code, rest, lo, at, k, form
    cdef unsigned long long key
    cdef Py_ssize_t slot, n
    cdef const char* letters = b"mpsz"
    cdef const char* opens = b"[{"
    cdef const char* closes = b"]}"
    for size in range(3, 5):
        for code in range(1000 if size == 3 else 10000):
            if size == 4 and not _one_rank(code):  # four tiles make only a kong
                continue
            for k in range(4):
                for form in range(3):  # bare, [], {}
                    lo = 0 if form == 0 else 1
                    rest = code
                    for at in range(lo + size - 1, lo - 1, -1):
                        text[at] = <unsigned char>(48 + rest % 10)
                        rest //= 10
                    text[lo + size] = letters[k]
                    n = size + 1
                    if form:
                        text[0] = opens[form - 1]
                        text[n + 1] = closes[form - 1]
                        n += 2
                    _clear(&one)
                    if not _one_meld_mpsz(&one, text, n):
                        continue
                    key = _meld_key(text, n)
                    slot = _meld_slot(key)
                    while _meld_keys[slot]:
                        slot = (slot + 1) & (MELD_SLOTS - 1)
                    _meld_keys[slot] = key
                    _meld_kinds[slot] = one.meld_kind[0]
                    _meld_tiles[slot] = one.meld_tile[0]
                    _meld_hidden[slot] = one.meld_concealed[0]
                    _meld_reds[slot] = one.meld_red[0]


_fill_meld_table()


cdef inline int _known_meld(Reading* r, const unsigned char* s, Py_ssize_t n) noexcept:
    """A meld text of ``_meld_keys`` read into ``r``: 1 read, 0 (no room for it) refused as
    ``_one_meld_mpsz`` would, -1 not known."""
    cdef unsigned long long key
    cdef Py_ssize_t slot
    if not 4 <= n <= MELD_KEY_BYTES:
        return -1
    key = _meld_key(s, n)
    slot = _meld_slot(key)
    while _meld_keys[slot] != key:
        if not _meld_keys[slot]:
            return -1
        slot = (slot + 1) & (MELD_SLOTS - 1)
    if r.n_melds == MAX_MELDS:
        return 0
    r.meld_kind[r.n_melds] = _meld_kinds[slot]
    r.meld_tile[r.n_melds] = _meld_tiles[slot]
    r.meld_concealed[r.n_melds] = _meld_hidden[slot]
    r.meld_red[r.n_melds] = _meld_reds[slot]
    r.n_melds += 1
    return 1


cdef bint _one_meld_text(Reading* r, object text) noexcept:
    """One meld of text, as ``Meld.parse`` reads it: bare tiles, or one group in brackets with
    only whitespace beside it (the tile readers also skip ``,`` and ``;``, which ``Meld.parse``
    refuses there)."""
    cdef int base = r.n_melds
    cdef Py_ssize_t i, first = -1, last = -1, n
    cdef unsigned int c
    cdef int known
    if _str_ready(text) and _str_kind(text) == 1:
        known = _known_meld(r, <const unsigned char*>_str_data(text), _str_len(text))
        if known >= 0:
            return known
        if _one_meld_mpsz(r, <const unsigned char*>_str_data(text), _str_len(text)):
            return True
    if not _read_text(r, text, True) or r.n_melds != base + 1:
        return False
    n = _str_len(text)
    for i in range(n):
        c = _str_read(_str_kind(text), _str_data(text), i)
        if c == 91 or c == 123 or c == 93 or c == 125:  # [ { ] }
            if first < 0:
                first = i
            last = i
    if first < 0:
        return True
    for i in range(n):
        if (i < first or i > last) and not _blank(_str_read(_str_kind(text), _str_data(text), i)):
            return False
    return True


cdef bint _read_melds(Reading* r, object melds) noexcept:
    cdef Py_ssize_t k, n
    cdef PyObject** items
    cdef object m
    if melds is ():
        return True
    if _is_str(melds):
        return _one_meld_text(r, melds)
    if not (_is_list(melds) or _is_tuple(melds)):
        return False
    n = _size(melds)
    if n > MAX_MELDS:
        return False
    items = _seq_items(melds)
    for k in range(n):
        m = <object>items[k]
        if _is_str(m):
            if not _one_meld_text(r, m):
                return False
        elif type(m) is _meld_type:
            if not _read_meld_object(r, m):
                return False
        else:
            return False
    return True
