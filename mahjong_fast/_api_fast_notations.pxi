# One-pass readers of plain text in the notations other than mpsz, for the quick path: each reads
# a notation's tiles straight into counts and the win table's suit codes, as _read_text reads that
# text, and answers -1 for anything it does not vouch for (_read_text then reads it).  Each accepts
# only text whose notation _notation_of cannot mistake (see _notation_counts).  Uses the header of
# _api_fast.pyx, _api_fast_text.pxi and _api_fast_reading.pxi.

cdef enum:
    BOTZONE_LETTERS = 5     # W B T F J
    UNICODE_TILES = 34      # U+1F000-U+1F021

cdef unsigned char _botzone_letters[256]                    # per byte: 1 + its letter's row below, else 0
cdef unsigned char _botzone_kinds[BOTZONE_LETTERS][10]      # per letter and digit: index34 + 1, else 0
cdef unsigned char _unicode_kinds[UNICODE_TILES]            # per code point past U+1F000: index34 + 1


cdef void _fill_notation_tables() noexcept:
    cdef int k, d
    cdef const char* letters = b"WBTFJ"
    memset(_botzone_letters, 0, sizeof(_botzone_letters))
    for k in range(BOTZONE_LETTERS):
        _botzone_letters[<unsigned char>letters[k]] = k + 1
        for d in range(10):
            _botzone_kinds[k][d] = _botzone_tile(<unsigned char>letters[k], 48 + d) + 1
    for k in range(UNICODE_TILES):
        _unicode_kinds[k] = _unicode_tile(0x1F000 + k) + 1


_fill_notation_tables()


cdef inline bint _count_tile(unsigned char* counts, int* total, unsigned long long* codes, int t) noexcept:
    """Add tile ``t`` to the counts of a hand being read: False at a 15th tile or a fifth copy."""
    if total[0] == MAX_HAND or counts[t] == MAX_COPIES:
        return False
    counts[t] += 1
    total[0] += 1
    codes[0] += _code_weights[t]
    return True


cdef int _botzone_counts(const unsigned char* s, Py_ssize_t n, unsigned char* counts,
                         unsigned long long* sums) noexcept:
    """Botzone text (``W1 B2 T3 F4 J1``, separated or not) as ``_read_botzone_bytes`` reads it, into
    fresh ``counts`` and ``sums``: its 1-14 tiles, or -1."""
    cdef Py_ssize_t i = 0
    cdef int total = 0, letter, t
    cdef unsigned int digit
    cdef unsigned long long codes = 0
    memset(counts, 0, N_KINDS)
    while i < n:
        letter = _botzone_letters[s[i]]
        if letter:
            if i + 1 == n:
                return -1
            digit = s[i + 1] - 48u
            if digit > 9:
                return -1
            t = _botzone_kinds[letter - 1][digit] - 1
            if t < 0 or not _count_tile(counts, &total, &codes, t):
                return -1
            i += 2
        elif _separators[s[i]] & BOTZONE_SEPARATOR:
            i += 1
        else:
            return -1
    if not total:
        return -1
    sums[0] = codes
    return total


cdef int _mjai_counts(const unsigned char* s, Py_ssize_t n, unsigned char* counts,
                      unsigned long long* sums) noexcept:
    """mjai text (``1m 5mr E P``) as ``_read_mjai_bytes`` reads it, into fresh ``counts`` and
    ``sums``: its 1-14 tiles, or -1."""
    cdef Py_ssize_t i = 0
    cdef int total = 0, t, suit
    cdef unsigned char c
    cdef unsigned long long codes = 0
    memset(counts, 0, N_KINDS)
    while i < n:
        c = s[i]
        t = <int>_mjai_honors[c] - 1
        if t >= 0:
            i += 1
        elif 49 <= c <= 57:
            if i + 1 == n:
                return -1
            suit = _mpsz_bytes[s[i + 1]] - MPSZ_SUIT
            if not 0 <= suit < N_SUITS:     # m p s (z is mpsz's, not mjai's)
                return -1
            t = suit * SUIT_SIZE + c - 49
            i += 2
            if i < n and s[i] == 114:       # r: a red five reads as a five
                if c != 53:
                    return -1
                i += 1
        elif _separators[c] & MPSZ_SEPARATOR:
            i += 1
            continue
        else:
            return -1
        if not _count_tile(counts, &total, &codes, t):
            return -1
    if not total:
        return -1
    sums[0] = codes
    return total


cdef int _chinese_counts(const Py_UCS2* s, Py_ssize_t n, unsigned char* counts,
                         unsigned long long* sums) noexcept:
    """Two-byte Chinese text (``一万 二筒 东风 白``) as ``_read_chinese`` reads it, into fresh
    ``counts`` and ``sums``: its 1-14 tiles, or -1."""
    cdef Py_ssize_t i = 0
    cdef int total = 0, t, kind, suit, width
    cdef unsigned int c, next_c
    cdef unsigned long long codes = 0
    memset(counts, 0, N_KINDS)
    while i < n:
        c = s[i]
        next_c = s[i + 1] if i + 1 < n else 0
        kind = _cjk_class(c)
        if 1 <= kind <= 9:                  # a numeral: a suited tile with its suit, else no tile
            suit = _cjk_class(next_c) - CJK_SUIT
            if not 0 <= suit <= 2:
                return -1
            t = suit * SUIT_SIZE + kind - 1
            i += 2
        elif c == 32:
            i += 1
            continue
        else:
            # an honour's name, a digit and a suit, a separator: as _read_chinese reads them
            t = _chinese_honor(c, next_c, &width) if kind == CJK_HONOR else -1
            if t < 0:
                kind = _chinese_rank(c)
                suit = _chinese_suit(next_c) if kind else -1
                if suit >= 0:
                    t = suit * SUIT_SIZE + kind - 1
                    width = 2
                else:
                    t = _chinese_honor(c, next_c, &width)
            if t < 0:
                if _separator(c, NOTE_CHINESE):
                    i += 1
                    continue
                return -1
            i += width
        if not _count_tile(counts, &total, &codes, t):
            return -1
    if not total:
        return -1
    sums[0] = codes
    return total


cdef int _unicode_counts(const unsigned int* s, Py_ssize_t n, unsigned char* counts,
                         unsigned long long* sums) noexcept:
    """Four-byte text of Unicode tiles (U+1F000-U+1F021) as ``_read_unicode`` reads it, into fresh
    ``counts`` and ``sums``: its 1-14 tiles, or -1."""
    cdef Py_ssize_t i
    cdef int total = 0, t
    cdef unsigned int c
    cdef unsigned long long codes = 0
    memset(counts, 0, N_KINDS)
    for i in range(n):
        c = s[i] - 0x1F000u
        if c < UNICODE_TILES:
            t = _unicode_kinds[c] - 1
            if not _count_tile(counts, &total, &codes, t):
                return -1
        elif not _separator(s[i], NOTE_UNICODE):
            return -1
    if not total:
        return -1
    sums[0] = codes
    return total


cdef int _notation_counts(object text, Py_ssize_t n, unsigned char* counts, unsigned long long* sums) noexcept:
    """Plain text (no melds) in any notation, read in one pass as ``_read_text`` reads it, into
    ``counts`` and ``sums``: its 1-14 tiles, or -1.  Each reader runs only where ``_notation_of``
    would pick its notation for any text the reader accepts: one-byte text ending (separators aside)
    in m p s z is mpsz's (``_read_text`` reads it so first); ending in a digit, botzone's (its first
    mark, a letter and a digit, decides); ending in a mark of mjai, mjai's; two-byte text holding a
    tile holds a wide character, so it is Chinese; four-byte text holding a Unicode tile is unicode."""
    cdef const unsigned char* s
    cdef unsigned char red[3]
    cdef Py_ssize_t i
    cdef int kind = _str_kind(text)
    if kind == 2:
        return _chinese_counts(<const Py_UCS2*>_str_data(text), n, counts, sums)
    if kind == 4:
        return _unicode_counts(<const unsigned int*>_str_data(text), n, counts, sums)
    s = <const unsigned char*>_str_data(text)
    i = _last_mark(s, n)
    if i < 0:
        return -1
    if _mpsz_bytes[s[i]] & MPSZ_SUIT:
        return _mpsz_counts(s, n, counts, red, sums)
    if 48 <= s[i] <= 57:
        return _botzone_counts(s, n, counts, sums)
    if _mjai_at_end(s, n):
        return _mjai_counts(s, n, counts, sums)
    return -1
