# Text readers of _api_fast: tiles of plain text in each notation, as the general path
# reads them; anything they do not vouch for answers -1 (left to the general path).
# Uses only the header of _api_fast.pyx.

cdef extern from *:
    """
    #include <string.h>
    /* The first '[' or '{' in characters [i, n) of a str's data of this kind, else n. */
    static Py_ssize_t mf_find_open(int kind, const void *data, Py_ssize_t i, Py_ssize_t n) {
        if (kind == 1) {
            const unsigned char *s = (const unsigned char *)data;
            const unsigned char *a = (const unsigned char *)memchr(s + i, '[', (size_t)(n - i));
            const unsigned char *b = (const unsigned char *)memchr(s + i, '{', (size_t)(n - i));
            if (a == NULL && b == NULL) return n;
            if (a == NULL || (b != NULL && b < a)) a = b;
            return a - s;
        }
        if (kind == 2) {
            const Py_UCS2 *s = (const Py_UCS2 *)data;
            for (; i < n; i++) if (s[i] == '[' || s[i] == '{') return i;
            return n;
        }
        {
            const Py_UCS4 *s = (const Py_UCS4 *)data;
            for (; i < n; i++) if (s[i] == '[' || s[i] == '{') return i;
            return n;
        }
    }
    """
    Py_ssize_t _find_open "mf_find_open"(int, const void*, Py_ssize_t, Py_ssize_t) noexcept


cdef extern from "Python.h":
    ctypedef unsigned short Py_UCS2


cdef enum:
    NOTE_MPSZ = 0
    NOTE_BOTZONE = 1
    NOTE_UNICODE = 2
    NOTE_CHINESE = 3
    NOTE_MJAI = 4

cdef struct Text:
    int kind                            # PyUnicode kind: 1, 2 or 4 bytes a character
    const void* data
    int notation


cdef enum:
    MPSZ_SEPARATOR = 1      # space \t \n \r , ; (mpsz and mjai)
    BOTZONE_SEPARATOR = 2   # space \t \n \r ,

cdef unsigned char _separators[256]     # per byte: the separator flags above (what _separator answers)
cdef unsigned char _mjai_honors[256]    # per byte: an mjai honour letter's tile + 1, else 0 (as _mjai_honor)


cdef void _fill_byte_tables() noexcept:
    cdef int c
    for c in range(256):
        _separators[c] = (MPSZ_SEPARATOR * _separator(c, NOTE_MPSZ)) | (BOTZONE_SEPARATOR * _separator(c, NOTE_BOTZONE))
        _mjai_honors[c] = _mjai_honor(c) + 1


cdef inline unsigned int _at(const Text* t, Py_ssize_t i) noexcept:
    return _str_read(t.kind, t.data, i)


cdef inline bint _separator(unsigned int c, int notation) noexcept:
    if c == 32 or c == 9 or c == 10 or c == 13 or c == 44:  # space \t \n \r ,
        return True
    if notation == NOTE_BOTZONE:
        return False
    if c == 59:  # ;
        return True
    if notation == NOTE_MPSZ or notation == NOTE_MJAI:
        return False
    return c == 0xFF0C or c == 0x3001 or (notation == NOTE_UNICODE and (c == 0xFE0E or c == 0xFE0F))


cdef int _read_mpsz(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room,
                    unsigned char* red) noexcept:
    """Tiles of plain mpsz text [start:stop) into out, red fives (0m 0p 0s) counted per suit in red;
    how many, or -1."""
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
                    red[base // SUIT_SIZE] += 1
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
    if t.kind == 1:
        return _read_botzone_bytes(<const unsigned char*>t.data, start, stop, out, room)
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


cdef int _read_botzone_bytes(const unsigned char* s, Py_ssize_t start, Py_ssize_t stop, unsigned char* out,
                             int room) noexcept:
    """``_read_botzone`` on one-byte text, a byte at a time (the same answers)."""
    cdef Py_ssize_t i = start
    cdef int n = 0, tile
    cdef unsigned char c
    while i < stop:
        c = s[i]
        if _separators[c] & BOTZONE_SEPARATOR:
            i += 1
            continue
        if i + 1 >= stop or n == room:
            return -1
        tile = _botzone_tile(c, s[i + 1])
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


cdef extern from *:
    """
    /* The rank of a Chinese numeral 一..九, a digit 1-9 or a full-width digit １-９; else 0. */
    static inline int mf_chinese_rank(unsigned int c) {
        switch (c) {
        case 0x4E00: return 1;
        case 0x4E8C: return 2;
        case 0x4E09: return 3;
        case 0x56DB: return 4;
        case 0x4E94: return 5;
        case 0x516D: return 6;
        case 0x4E03: return 7;
        case 0x516B: return 8;
        case 0x4E5D: return 9;
        }
        if (c - 49u <= 8u) return (int)c - 48;
        if (c - 0xFF11u <= 8u) return (int)(c - 0xFF10u);
        return 0;
    }
    """
    int _chinese_rank "mf_chinese_rank"(unsigned int) noexcept


cdef extern from *:
    """
    /* What a CJK code point (U+4E00-U+9FFF) is to the Chinese reader, one byte each, filled once:
       1-9 a numeral's rank, MF_CJK_SUIT + suit for 万 萬 / 筒 饼 餅 / 条 索 條, MF_CJK_HONOR for the
       first character of an honour's name, 0 for any other. */
    #define MF_CJK_FIRST 0x4E00u
    #define MF_CJK_LAST 0x9FFFu
    #define MF_CJK_SUIT 16
    #define MF_CJK_HONOR 32
    static unsigned char mf_cjk[MF_CJK_LAST - MF_CJK_FIRST + 1];
    static void mf_cjk_fill(void) {
        static const unsigned int numerals[9] = {0x4E00, 0x4E8C, 0x4E09, 0x56DB, 0x4E94, 0x516D, 0x4E03, 0x516B,
                                                 0x4E5D};
        static const unsigned int suits[8][2] = {{0x4E07, 0}, {0x842C, 0}, {0x7B52, 1}, {0x997C, 1}, {0x9905, 1},
                                                 {0x6761, 2}, {0x7D22, 2}, {0x689D, 2}};
        /* 东 東 南 西 北 白 发 發 青 中 红 紅 */
        static const unsigned int honors[12] = {0x4E1C, 0x6771, 0x5357, 0x897F, 0x5317, 0x767D, 0x53D1, 0x767C,
                                                0x9752, 0x4E2D, 0x7EA2, 0x7D05};
        int k;
        for (k = 0; k < 9; k++) mf_cjk[numerals[k] - MF_CJK_FIRST] = (unsigned char)(k + 1);
        for (k = 0; k < 8; k++) mf_cjk[suits[k][0] - MF_CJK_FIRST] = (unsigned char)(MF_CJK_SUIT + suits[k][1]);
        for (k = 0; k < 12; k++) mf_cjk[honors[k] - MF_CJK_FIRST] = MF_CJK_HONOR;
    }
    /* The class of code point c (0 outside the CJK block). */
    static inline int mf_cjk_class(unsigned int c) {
        return c - MF_CJK_FIRST <= MF_CJK_LAST - MF_CJK_FIRST ? mf_cjk[c - MF_CJK_FIRST] : 0;
    }
    """
    void _cjk_fill "mf_cjk_fill"() noexcept
    int _cjk_class "mf_cjk_class"(unsigned int) noexcept
    int CJK_SUIT "MF_CJK_SUIT"
    int CJK_HONOR "MF_CJK_HONOR"


_cjk_fill()


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
    cdef const Py_UCS2* s = <const Py_UCS2*>t.data
    cdef int kind
    while i < stop:
        if t.kind == 2:  # the usual text: a character's class from the table, the rest as below
            c = s[i]
            next_c = s[i + 1] if i + 1 < stop else 0
            if c == 32:  # a space
                i += 1
                continue
            kind = _cjk_class(c)
            if 1 <= kind <= 9:  # a numeral: a suited tile with its suit, else no tile
                suit = _cjk_class(next_c) - CJK_SUIT
                if not 0 <= suit <= 2 or n == room:
                    return -1
                out[n] = <unsigned char>(suit * SUIT_SIZE + kind - 1)
                n += 1
                i += 2
                continue
            if kind == CJK_HONOR:
                tile = _chinese_honor(c, next_c, &width)
                if tile >= 0:
                    if n == room:
                        return -1
                    out[n] = <unsigned char>tile
                    n += 1
                    i += width
                    continue
        else:
            c = _at(t, i)
            next_c = _at(t, i + 1) if i + 1 < stop else 0
        rank = _chinese_rank(c)
        suit = _chinese_suit(next_c) if rank else -1
        if suit >= 0:
            tile = suit * SUIT_SIZE + rank - 1
            width = 2
        else:
            tile = _chinese_honor(c, next_c, &width)
        if tile < 0:
            if _separator(c, NOTE_CHINESE):  # no separator is a numeral or an honour
                i += 1
                continue
            return -1
        if n == room:
            return -1
        out[n] = <unsigned char>tile
        n += 1
        i += width
    return n


cdef int _mjai_honor(unsigned int c) noexcept:
    """E S W N P F C (P white, F green, C red dragon), else -1."""
    if c == 69:
        return FIRST_HONOR
    if c == 83:
        return FIRST_HONOR + 1
    if c == 87:
        return FIRST_HONOR + 2
    if c == 78:
        return FIRST_HONOR + 3
    if c == 80:
        return FIRST_HONOR + 4
    if c == 70:
        return FIRST_HONOR + 5
    if c == 67:
        return FIRST_HONOR + 6
    return -1


cdef inline int _suit_of(unsigned int c) noexcept:
    return 0 if c == 109 else 1 if c == 112 else 2 if c == 115 else -1  # m p s


cdef int _read_mjai(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room,
                    unsigned char* red) noexcept:
    """mjai names (1m-9s, 5mr 5pr 5sr read as fives, counted in red, E S W N P F C) in [start:stop);
    how many, or -1."""
    cdef Py_ssize_t i = start
    cdef int n = 0, tile, suit, width
    cdef unsigned int c
    if t.kind == 1:
        return _read_mjai_bytes(<const unsigned char*>t.data, start, stop, out, room, red)
    while i < stop:
        c = _at(t, i)
        if _separator(c, NOTE_MJAI):
            i += 1
            continue
        tile = _mjai_honor(c)
        width = 1
        if tile < 0:
            if not (49 <= c <= 57 and i + 1 < stop):
                return -1
            suit = _suit_of(_at(t, i + 1))
            if suit < 0:
                return -1
            tile = suit * SUIT_SIZE + <int>c - 49
            width = 2
            if i + 2 < stop and _at(t, i + 2) == 114:  # r: a red five reads as a five
                if c != 53:
                    return -1
                red[suit] += 1
                width = 3
        if n == room:
            return -1
        out[n] = <unsigned char>tile
        n += 1
        i += width
    return n


cdef int _read_mjai_bytes(const unsigned char* s, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room,
                          unsigned char* red) noexcept:
    """``_read_mjai`` on one-byte text, a byte at a time (the same answers)."""
    cdef Py_ssize_t i = start
    cdef int n = 0, tile, suit, width
    cdef unsigned char c
    while i < stop:
        c = s[i]
        if _separators[c] & MPSZ_SEPARATOR:
            i += 1
            continue
        tile = <int>_mjai_honors[c] - 1
        width = 1
        if tile < 0:
            if not (49 <= c <= 57 and i + 1 < stop):
                return -1
            suit = _suit_of(s[i + 1])
            if suit < 0:
                return -1
            tile = suit * SUIT_SIZE + <int>c - 49
            width = 2
            if i + 2 < stop and s[i + 2] == 114:  # r: a red five reads as a five
                if c != 53:
                    return -1
                red[suit] += 1
                width = 3
        if n == room:
            return -1
        out[n] = <unsigned char>tile
        n += 1
        i += width
    return n


_fill_byte_tables()


cdef int _read_plain(const Text* t, Py_ssize_t start, Py_ssize_t stop, unsigned char* out, int room,
                     unsigned char* red) noexcept:
    """Tiles of plain text [start:stop) in ``t.notation``, red fives counted per suit in red (mpsz
    and mjai write them); how many, or -1."""
    if t.notation == NOTE_MPSZ:
        return _read_mpsz(t, start, stop, out, room, red)
    if t.notation == NOTE_BOTZONE:
        return _read_botzone(t, start, stop, out, room)
    if t.notation == NOTE_UNICODE:
        return _read_unicode(t, start, stop, out, room)
    if t.notation == NOTE_MJAI:
        return _read_mjai(t, start, stop, out, room, red)
    return _read_chinese(t, start, stop, out, room)


cdef Py_ssize_t _last_mark(const unsigned char* s, Py_ssize_t n) noexcept:
    """Where the last byte that is not an mpsz separator is, or -1."""
    while n > 0 and _separators[s[n - 1]] & MPSZ_SEPARATOR:
        n -= 1
    return n - 1


cdef bint _mjai_at_end(const unsigned char* s, Py_ssize_t n) noexcept:
    """Whether one-byte text ends (separators aside) in a mark of mjai that detection finds: an
    honour letter, followed by no digit, or ``r`` after a digit and m, p or s (mjai text most often
    ends so: its honours come last)."""
    cdef Py_ssize_t i = _last_mark(s, n)
    if i < 0:
        return False
    if _mjai_honors[s[i]]:
        return True
    return s[i] == 114 and i >= 2 and _suit_of(s[i - 1]) >= 0 and 48 <= s[i - 2] <= 57


cdef bint _notation_of(Text* t, Py_ssize_t n) noexcept:
    """The notation the general path would detect, for text the readers here may accept."""
    cdef Py_ssize_t i
    cdef unsigned int c
    cdef bint wide = False
    t.notation = NOTE_MPSZ
    if t.kind == 1:
        if _mjai_at_end(<const unsigned char*>t.data, n):
            t.notation = NOTE_MJAI
            return True
        for i in range(n):
            c = _at(t, i)
            if c > 127:
                return False  # Latin-1 beyond ASCII: left to the general path
            # The first mark decides: a well-formed text holds the marks of one notation only, and
            # a reader that meets a mark of another fails, leaving the text to the general path.
            if 65 <= c <= 90:
                # mjai, as _tile_names.detect_notation: an honour letter not followed by a digit;
                # any other upper-case letter is botzone's
                if not (i + 1 < n and 48 <= _at(t, i + 1) <= 57) and _mjai_honor(c) >= 0:
                    t.notation = NOTE_MJAI
                else:
                    t.notation = NOTE_BOTZONE
                return True
            if c == 114 and i >= 2 and _suit_of(_at(t, i - 1)) >= 0 and 48 <= _at(t, i - 2) <= 57:
                t.notation = NOTE_MJAI  # ... or r after a digit and m, p or s
                return True
        return True
    if t.kind == 2:  # no tile of the unicode notation fits two bytes: Chinese when a character is wide
        t.notation = NOTE_CHINESE
        for i in range(n):
            if (<const Py_UCS2*>t.data)[i] >= 0x2E80:
                return True
        return False
    for i in range(n):
        c = _at(t, i)
        if 0x1F000 <= c <= 0x1F02F:
            t.notation = NOTE_UNICODE
            return True
        wide |= c >= 0x2E80
    t.notation = NOTE_CHINESE
    return wide
