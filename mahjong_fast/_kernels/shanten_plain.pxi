# The plain path of shanten_c and waits_c: no jokers, limits of 4, the default rules; and of
# shanten_rules_c and waits_rules_c under rules that drop no suit and play every tile.
#
# The 34 counts are read as five 64-bit words (eight counts a word, the last holding two), so
# the checks of the input, the tile total and the seven-pairs and thirteen-orphans costs are a
# few word operations each instead of a loop over the kinds; the standard form is the same four
# ranks, two tabulated products and ten additions as ``_std_capped``.  Same answers as the
# general path of shanten_entry.pxi on that input.
# Stands on: shanten_ranks.pxi, shanten_rows.pxi, shanten_tables.pxi (and, under rules,
# shanten_rules.pxi, shanten_knitted.pxi).

cdef extern from *:
    """
    #define MF_ONES 0x0101010101010101ULL   /* 1 in every byte */
    #define MF_HIGH 0x8080808080808080ULL   /* the top bit of every byte */
    #define MF_LOW7 0x7F7F7F7F7F7F7F7FULL   /* byte + 0x7F: top bit set iff the byte is 1-4 */
    #define MF_FIVE 0x7B7B7B7B7B7B7B7BULL   /* byte + 0x7B: top bit set iff the byte is 5-127 */
    /* The bytes (0 or 1 each) of x as the 8 low bits, byte i at bit i. */
    static inline unsigned long long mf_pack_bytes(unsigned long long x) {
        return (x * 0x0102040810204080ULL) >> 56;
    }
    /* The orphans' bytes in each word (1m | 9m 1p | 9p 1s | 9s 1z-5z | 6z 7z), and their bits. */
    static const unsigned long long mf_orphan_bytes[5] = {
        0xFFULL, 0xFFFFULL, 0xFFFF00ULL, 0xFFFFFFFFFFFF0000ULL, 0xFFFFULL};
    #define MF_ORPHAN_BITS 0x3FC060301ULL
    /* The bytes of x reversed. */
    static inline unsigned long long mf_byte_swap(unsigned long long x) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_bswap64(x);
    #else
        x = ((x & 0x00FF00FF00FF00FFULL) << 8) | ((x >> 8) & 0x00FF00FF00FF00FFULL);
        x = ((x & 0x0000FFFF0000FFFFULL) << 16) | ((x >> 16) & 0x0000FFFF0000FFFFULL);
        return (x << 32) | (x >> 32);
    #endif
    }
    /* The bytewise least of x and y, every byte of both below 128. */
    static inline unsigned long long mf_byte_min(unsigned long long x, unsigned long long y) {
        unsigned long long ge = (((x | MF_HIGH) - y) & MF_HIGH) >> 7;  /* 1 where x >= y */
        unsigned long long mask = ge * 0xFF;
        return (y & mask) | (x & ~mask);
    }
    /* The sum of the bytes of x, when every partial sum stays below 256. */
    static inline int mf_byte_sum(unsigned long long x) {
        return (int)((x * MF_ONES) >> 56);
    }
    """
    uint64_t ONES "MF_ONES"
    uint64_t HIGH "MF_HIGH"
    uint64_t LOW7 "MF_LOW7"
    uint64_t FIVE "MF_FIVE"
    const uint64_t* ORPHAN_BYTES "mf_orphan_bytes"
    uint64_t ORPHAN_BITS "MF_ORPHAN_BITS"
    uint64_t pack_bytes "mf_pack_bytes"(uint64_t x) noexcept nogil
    uint64_t byte_swap "mf_byte_swap"(uint64_t x) noexcept nogil
    uint64_t byte_min "mf_byte_min"(uint64_t x, uint64_t y) noexcept nogil
    int byte_sum "mf_byte_sum"(uint64_t x) noexcept nogil

cdef enum:
    N_WORDS = 5                         # words of eight counts holding the 34

cdef inline bint _read_words(const uint8_t* c, uint64_t* w) noexcept nogil:
    """The 34 counts as ``N_WORDS`` words (count t at byte t % 8 of word t // 8, the unused
    bytes 0); whether every count is 0-4."""
    memcpy(w, c, 32)
    w[4] = c[32] | (<uint64_t>c[33] << 8)
    return (((w[0] + FIVE) | w[0] | (w[1] + FIVE) | w[1] | (w[2] + FIVE) | w[2]
             | (w[3] + FIVE) | w[3] | (w[4] + FIVE) | w[4]) & HIGH) == 0


cdef inline int _words_total(const uint64_t* w) noexcept nogil:
    """The tiles of valid counts (a byte of the sum holds at most 20, the sum at most 136)."""
    return byte_sum(w[0] + w[1] + w[2] + w[3] + w[4])


cdef inline uint32_t _rank_held(const uint8_t* c, const RankOffsets* off, int npos,
                                int* held) noexcept nogil:
    """``_rank`` of a part, and its tiles in ``held`` (counts 0-4, at most MAX_HAND tiles)."""
    cdef uint32_t r = 0
    cdef int i, s = 0
    for i in range(npos):
        r += off[i][s][c[i]]
        s += c[i]
    held[0] = s
    return r


cdef inline int _pairs_held(const uint64_t* w, int* singles) noexcept nogil:
    """The pairs held (a four is two) and, in ``singles``, the kinds held an odd number of times."""
    cdef uint64_t halves = 0, odd = 0
    cdef int i
    for i in range(N_WORDS):
        halves += (w[i] >> 1) & LOW7
        odd += w[i] & ONES
    singles[0] = byte_sum(odd)
    return byte_sum(halves)


cdef inline int _pairs_words(const uint64_t* w) noexcept nogil:
    """``_pairs_fast`` on the words."""
    cdef int singles, pairs = _pairs_held(w, &singles)
    cdef int need = 7 - pairs if pairs < 7 else 0
    return need + (need - singles if need > singles else 0)


cdef inline int _pairs_distinct_words(const uint64_t* w) noexcept nogil:
    """``_pairs_distinct_fast`` on the words."""
    cdef uint64_t pairs = 0, kinds = 0
    cdef int i, p, k
    for i in range(N_WORDS):
        pairs += ((w[i] + ONES * 0x7E) & HIGH) >> 7
        kinds += ((w[i] + LOW7) & HIGH) >> 7
    p = byte_sum(pairs)
    k = byte_sum(kinds)
    if p >= 7:
        return 0
    return 7 - p + (7 - k if k < 7 else 0)


cdef inline bint _below_three(const uint64_t* w) noexcept nogil:
    """Whether every count (0-4) is at most 2."""
    cdef uint64_t high = 0
    cdef int i
    for i in range(N_WORDS):
        high |= w[i] + (ONES * 0x7D)
    return (high & HIGH) == 0


cdef inline uint64_t _orphans_held(const uint64_t* w, int* kinds, int* tiles, bint* dup) noexcept nogil:
    """The orphan kinds held (a bit per index34 kind), their number, their tiles, and whether one
    is held twice or more."""
    cdef uint64_t m, held = 0, flags = 0, sums = 0, twice = 0
    cdef int i
    for i in range(N_WORDS):
        m = w[i] & ORPHAN_BYTES[i]
        sums += m
        flags += ((m + LOW7) & HIGH) >> 7
        twice |= (m + (LOW7 - ONES)) & HIGH
        held |= pack_bytes(((m + LOW7) & HIGH) >> 7) << (8 * i)
    kinds[0] = byte_sum(flags)
    tiles[0] = byte_sum(sums)
    dup[0] = twice != 0
    return held


cdef inline int _final_whole(const uint8_t* a, const uint8_t* b) noexcept nogil:
    """``_final(a, b, 4)`` by words: entry i of ``a`` meets entry 9 - i of ``b`` (ten sums, each
    below 128), the first eight added at once against the reversed bytes 2-9 of ``b``."""
    cdef uint64_t x, y
    cdef int v, best
    memcpy(&x, a, 8)
    memcpy(&y, b + 2, 8)
    x += byte_swap(y)
    x = byte_min(x, x >> 32)
    x = byte_min(x, x >> 16)
    x = byte_min(x, x >> 8)
    best = <int>(x & 0xFF)
    v = a[8] + b[1]
    if v < best:
        best = v
    v = a[9] + b[0]
    return v if v < best else best


cdef inline int _shanten_plain(const uint8_t* c, int form) noexcept nogil:
    """``shanten_c`` with no jokers and limits of 4 (tables ready, ``form`` 0-3)."""
    return _shanten_plain_rules(c, form, CHINESE)


cdef inline int _shanten_plain_rules(const uint8_t* c, int form, int rules) noexcept nogil:
    """``shanten_rules_c`` with no jokers and limits of 4 (tables ready, ``form`` 0-3 and allowed),
    under ``rules`` of seven pairs, thirteen orphans and knitted bits only (``_plain_rules``): the
    forms in ``_cost_rules``'s order, the knitted ones from the same products."""
    cdef uint64_t w[N_WORDS]
    cdef uint32_t suited
    cdef int total, n, best = INF, v, kinds, tiles, held
    cdef int ns = tables.suit.n_capped, nh = tables.honors.n_capped
    cdef const uint8_t* a = NULL
    cdef const uint8_t* b = NULL
    cdef bint dup
    if not _read_words(c, w):
        return SHANTEN_INVALID
    total = _words_total(w)
    if total % 3 == 0 or total > MAX_HAND or (form >= 2 and total < MAX_HAND - 1):
        return SHANTEN_INVALID
    if form <= 1:
        a = tables.man_pin + (tables.suit.capped[_rank_held(c, rank_tables.suit, SUIT_SIZE, &held)] * ns
                              + tables.suit.capped[_rank_held(c + SUIT_SIZE, rank_tables.suit, SUIT_SIZE, &held)]
                              ) * ROW_LEN
        b = tables.sou_honors + (tables.suit.capped[_rank_held(c + 2 * SUIT_SIZE, rank_tables.suit, SUIT_SIZE, &held)]
                                 * nh
                                 + tables.honors.capped[_rank_held(c + FIRST_HONOR, rank_tables.honors, N_HONORS,
                                                                   &held)]) * ROW_LEN
        best = _final_whole(a, b) if total >= MAX_HAND - 1 else _final(a, b, total // 3)
    if total >= MAX_HAND - 1:
        if (form == 0 or form == 2) and rules & SEVEN_PAIRS:
            v = _pairs_words(w)
            if v < best:
                best = v
        elif (form == 0 or form == 2) and rules & SEVEN_PAIRS_DISTINCT:
            v = _pairs_distinct_words(w)
            if v < best:
                best = v
        if (form == 0 or form == 3) and rules & THIRTEEN_ORPHANS:
            _orphans_held(w, &kinds, &tiles, &dup)
            v = N_ORPHANS - kinds + 1 - dup
            if v < best:
                best = v
    if form == 0 and rules & KNITTED:
        suited = _held_suited(c)
        n = total // 3
        if total >= MAX_HAND - 1:
            v = _knitted_full(c, suited)
            if v < best:
                best = v
        if total >= 10:
            best = _knitted_straight_full(c, n, suited, best,
                                          _final(a, b, n - KNITTED_MELDS) if n >= KNITTED_MELDS else 0)
    return SHANTEN_UNREACHABLE if best >= INF else best - 1


cdef inline int _waits_plain(const uint8_t* c, uint8_t* out) noexcept nogil:
    """``waits_c`` with no jokers, limits of 4 and no wild kinds (tables ready): ``_plain_waits``
    under the default rules, the waits gathered as bits."""
    return _waits_plain_rules(c, CHINESE, out)


cdef inline bint _plain_rules(int rules, int more) noexcept nogil:
    """Whether ``rules`` are only seven pairs (either kind), thirteen orphans and ``more`` bits: with
    no jokers and limits of 4, the plain path's forms, its seven pairs as ``rules`` say."""
    return (rules & ~(SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS | more)) == 0 and _rules_valid(rules)


cdef inline int _waits_plain_rules(const uint8_t* c, int rules, uint8_t* out) noexcept nogil:
    """``waits_rules_c`` with no jokers, limits of 4 and no wild kinds (tables ready) under
    ``_plain_rules``: ``_waits_plain``, its seven pairs and thirteen orphans as ``rules`` say."""
    cdef uint64_t w[N_WORDS]
    cdef uint64_t waits = 0, odd, held_orphans = 0
    cdef uint32_t rank[N_SUITS + 1]
    cdef int cnt[N_SUITS + 1]
    cdef int mods[N_SUITS + 1]
    cdef bint comp[N_SUITS + 1]
    cdef int total, u, v, pairs, i, kinds, tiles, singles, found = 0
    cdef bint ok, dup
    memset(out, 0, N_KINDS)
    if not _read_words(c, w):
        return -1
    total = _words_total(w)
    if total % 3 != 1 or total > MAX_HAND - 1:
        return -1
    rank[0] = _rank_held(c, rank_tables.suit, SUIT_SIZE, &cnt[0])
    rank[1] = _rank_held(c + SUIT_SIZE, rank_tables.suit, SUIT_SIZE, &cnt[1])
    rank[2] = _rank_held(c + 2 * SUIT_SIZE, rank_tables.suit, SUIT_SIZE, &cnt[2])
    rank[3] = _rank_held(c + FIRST_HONOR, rank_tables.honors, N_HONORS, &cnt[3])
    for u in range(N_SUITS):
        mods[u] = cnt[u] % 3
        comp[u] = _complete_row(tables.suit_rows.capped[tables.suit.capped[rank[u]]], cnt[u])
    mods[N_SUITS] = cnt[N_SUITS] % 3
    comp[N_SUITS] = _complete_row(tables.honor_rows.capped[tables.honors.capped[rank[N_SUITS]]], cnt[N_SUITS])
    for u in range(N_SUITS + 1):
        if mods[u] == 0:
            continue
        pairs = mods[u] == 1
        ok = True
        for v in range(N_SUITS + 1):
            if v != u:
                if not comp[v]:
                    ok = False
                    break
                pairs += mods[v] == 2
        if ok and pairs == 1:
            if u == N_SUITS:
                waits |= <uint64_t>tables.honors.completions[rank[u]] << FIRST_HONOR
            else:
                waits |= <uint64_t>tables.suit.completions[rank[u]] << (SUIT_SIZE * u)
    if total == MAX_HAND - 1:
        if rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT) and _pairs_held(w, &singles) == 6 and (
                rules & SEVEN_PAIRS or _below_three(w)):
            # six pairs and a single (1 or 3 copies; 1 when the pairs are distinct): its kind
            for i in range(N_WORDS):
                odd = w[i] & ONES
                if odd:
                    waits |= <uint64_t>1 << (8 * i + ctz64(odd) // 8)
                    break
        if rules & THIRTEEN_ORPHANS:
            held_orphans = _orphans_held(w, &kinds, &tiles, &dup)
        else:
            tiles = 0
        if tiles == N_ORPHANS:
            if kinds == N_ORPHANS:
                waits |= ORPHAN_BITS
            elif kinds == N_ORPHANS - 1:
                waits |= ORPHAN_BITS & ~held_orphans
    if waits:
        # a kind held four times is no wait
        for i in range(N_WORDS):
            waits &= ~(pack_bytes((w[i] >> 2) & ONES) << (8 * i))
        while waits:
            out[ctz64(waits)] = 1
            waits &= waits - 1
            found += 1
    return found
