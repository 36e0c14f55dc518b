# The C entry points declared in shanten.pxd: shanten, waits and wins of 34 counts.
# Each checks its input and answers its "invalid" value instead of reading bad data; each
# answers that value too until the tables are published (``tables_ready``).
# Stands on: shanten_rows.pxi, shanten_tables.pxi, shanten_plain.pxi, shanten_exact.pxi, shanten_rules.pxi,
# shanten_knitted.pxi.

cdef uint8_t FULL_LIMITS[N_KINDS]
memset(FULL_LIMITS, MAX_COPIES, N_KINDS)


cdef inline int _scan(const uint8_t* c, int* cnt) noexcept nogil:
    """Tiles per part (man, pin, sou, honors); the total, or -1 if a count exceeds 4."""
    cdef int i, v, bad = 0
    cnt[0] = cnt[1] = cnt[2] = cnt[3] = 0
    for i in range(N_KINDS):
        v = c[i]
        bad |= v > MAX_COPIES
        cnt[part_of(i)] += v
    if bad:
        return -1
    return cnt[0] + cnt[1] + cnt[2] + cnt[3]


cdef inline const uint8_t* _limits_arg(const uint8_t* limits, bint* full) noexcept nogil:
    """The limits to apply (``FULL_LIMITS`` for NULL), or NULL if one exceeds 4; sets ``full``."""
    cdef int i
    full[0] = limits == NULL or memcmp(limits, FULL_LIMITS, N_KINDS) == 0
    if full[0]:
        return FULL_LIMITS
    for i in range(N_KINDS):
        if limits[i] > MAX_COPIES:
            return NULL
    return limits


cdef inline int _pairs_fast(const uint8_t* c) noexcept nogil:
    # exact for limits of 4: a joker as a fifth copy never beats a fresh pair (>= 20 unused kinds)
    cdef int i, pairs = 0, singles = 0, need
    for i in range(N_KINDS):
        pairs += c[i] >> 1
        singles += c[i] & 1
    need = 7 - pairs if pairs < 7 else 0
    return need + (need - singles if need > singles else 0)


cdef inline int _orphans_fast(const uint8_t* c) noexcept nogil:
    cdef int i, v, missing = 0, dup = 0
    for i in range(N_ORPHANS):
        v = c[ORPHANS[i]]
        missing += v == 0
        dup |= v >= 2
    return missing + 1 - dup


cdef inline bint _parts_exact_capped(const uint8_t* c) noexcept nogil:
    """Whether every part's capped row equals its uncapped one (then caps never matter)."""
    cdef const uint8_t* rc[N_SUITS + 1]
    cdef const uint8_t* ru[N_SUITS + 1]
    _part_rows(c, False, rc)
    _part_rows(c, True, ru)
    return (memcmp(rc[0], ru[0], ROW_LEN) == 0 and memcmp(rc[1], ru[1], ROW_LEN) == 0
            and memcmp(rc[2], ru[2], ROW_LEN) == 0 and memcmp(rc[3], ru[3], ROW_LEN) == 0)


cdef int _cost(const uint8_t* c, int total, int form, int budget, const uint8_t* lim,
               bint full) noexcept nogil:
    """Min cost over the targets of ``form``; ``full``: ``lim`` is all 4."""
    cdef int n = total // 3, best = INF, v
    if form <= 1:
        if full and (budget == 0 or _parts_exact_capped(c)):
            best = _std_capped(c, n)
        else:
            best = _std_general(c, lim, n, budget)
    if total >= MAX_HAND - 1:
        if form == 0 or form == 2:
            v = _pairs_fast(c) if full else _pairs_general(c, lim, budget)
            if v < best:
                best = v
        if form == 0 or form == 3:
            v = _orphans_fast(c) if full else _orphans_general(c, lim, budget, False)
            if v < best:
                best = v
    return best


cdef enum:
    FRESH_NEEDED = 18   # kinds neither held nor limited a relocation needs: 13 in a target, 5 moved


cdef inline bint _unheld_around(const uint8_t* c, int t) noexcept nogil:
    """Whether no tile of a chow through ``t`` (the kinds within two of it in its suit) is held."""
    cdef int lo, hi, i
    if t >= FIRST_HONOR:
        return c[t] == 0
    lo = t - 2 if t % SUIT_SIZE >= 2 else t - t % SUIT_SIZE
    hi = t + 2 if t % SUIT_SIZE <= SUIT_SIZE - 3 else t - t % SUIT_SIZE + SUIT_SIZE - 1
    for i in range(lo, hi + 1):
        if c[i]:
            return False
    return True


cdef int _shanten_limited(const uint8_t* c, int form, const uint8_t* lim) noexcept nogil:
    """``shanten_c`` without jokers under ``lim`` when the limits cannot change the plain answer
    (the limits of declared melds, most often); SHANTEN_INVALID when they might, or for input
    the exact path must check.

    Exact limits only raise the cost (fewer targets).  The plain optimum costs ``cost`` tiles, so
    each of its targets holds at most ``c[t] + cost`` copies of t: within a limit that leaves that
    much room, every optimal target is allowed.  For the standard form a limited kind neither
    held nor beside a held tile of its suit is only in melds or a pair made of tiles not held;
    each such part moves, at the same cost, to a kind that is neither held nor limited (a pung
    for a chow), when there are enough of those.  And a ready 3n+1 hand (cost 1) keeps its
    cost when a wait of its form has a copy left (docs/shanten.md, "Limits")."""
    cdef uint8_t out[N_KINDS]
    cdef int t, k, s, cost, total = 0, fresh = -1
    cdef bint standard
    for t in range(N_KINDS):
        if lim[t] > MAX_COPIES or c[t] > lim[t]:
            return SHANTEN_INVALID
        total += c[t]
    if total % 3 == 0 or total > MAX_HAND or (form >= 2 and total < MAX_HAND - 1):
        return SHANTEN_INVALID
    s = _shanten_plain(c, form)
    if s == SHANTEN_INVALID or s == SHANTEN_UNREACHABLE:
        return SHANTEN_INVALID
    cost = s + 1
    standard = form == 1 or total < MAX_HAND - 1
    for t in range(N_KINDS):
        if lim[t] >= MAX_COPIES or c[t] + cost <= lim[t]:
            continue
        if standard and _unheld_around(c, t):
            if fresh < 0:
                fresh = 0
                for k in range(N_KINDS):
                    fresh += c[k] == 0 and lim[k] == MAX_COPIES
            if fresh >= FRESH_NEEDED:
                continue
        if cost == 1 and total % 3 == 1 and (form == 0 or total < MAX_HAND - 1):
            # ready: the cost stays 1 when some wait has a copy left, and that answers every kind
            _waits_plain(c, out)
            for k in range(N_KINDS):
                if out[k] and c[k] < lim[k]:
                    return 0
        return SHANTEN_INVALID
    return s


cdef int shanten_c(const unsigned char* counts, int form, int jokers, bint fifth,
                   const unsigned char* limits) noexcept nogil:
    cdef int cnt[4]
    cdef int real, total, cost
    cdef bint full
    if not tables_ready() or jokers < 0 or jokers > MAX_HAND or form < 0 or form > 3:
        return SHANTEN_INVALID
    if jokers == 0:
        if limits == NULL:
            return _shanten_plain(counts, form)
        cost = _shanten_limited(counts, form, limits)
        if cost != SHANTEN_INVALID:
            return cost
    real = _scan(counts, cnt)
    if real < 0:
        return SHANTEN_INVALID
    total = real + jokers
    if total % 3 == 0 or total > MAX_HAND or (form >= 2 and total < MAX_HAND - 1):
        return SHANTEN_INVALID
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return SHANTEN_INVALID
    cost = _cost(counts, total, form, jokers if fifth else 0, limits, full)
    return SHANTEN_UNREACHABLE if cost >= INF else cost - jokers - 1


cdef bint _plain_win(const uint8_t* c, const int* cnt, int total) noexcept nogil:
    """Win without jokers: every part splits exactly, one of them holding the pair."""
    cdef const uint8_t* rows[N_SUITS + 1]
    cdef int u, pairs = 0, i, v, kinds, dup
    cdef bint ok = True
    _part_rows(c, False, rows)
    for u in range(N_SUITS + 1):
        if not _complete_row(rows[u], cnt[u]):
            ok = False
            break
        pairs += cnt[u] % 3 == 2
    if ok and pairs == 1:
        return True
    if total != MAX_HAND:
        return False
    ok = True
    for i in range(N_KINDS):
        if c[i] & 1:
            ok = False
            break
    if ok:
        return True
    kinds = 0
    dup = 0
    for i in range(N_ORPHANS):
        v = c[ORPHANS[i]]
        kinds += v >= 1
        dup += v == 2
    return kinds == N_ORPHANS and dup == 1


cdef inline int _joker_need(const uint8_t** rows, const int* cnt) noexcept nogil:
    """Fewest jokers completing every part into melds, one of them with the pair (uncapped rows).

    A part is complete when its target uses every held tile: row entry = target size - held.
    The least such k per part suffices: more jokers make whole melds (uncapped, any kind).
    """
    cdef int u, k, held, need0, need1, sum0 = 0, extra = INF
    cdef const uint8_t* row
    for u in range(N_SUITS + 1):
        held = cnt[u]
        row = rows[u]
        need0 = INF
        for k in range((held + 2) // 3, 5):
            if row[2 * k] == 3 * k - held:
                need0 = 3 * k - held
                break
        need1 = INF
        for k in range(held // 3, 5):
            if row[2 * k + 1] == 3 * k + 2 - held:
                need1 = 3 * k + 2 - held
                break
        sum0 += need0
        if need1 - need0 < extra:
            extra = need1 - need0
    return sum0 + extra


cdef bint _wins(const uint8_t* c, const int* cnt, int real, int jokers, bint fifth,
                const uint8_t* lim, bint full) noexcept nogil:
    cdef int total = real + jokers
    cdef const uint8_t* rows[N_SUITS + 1]
    if total % 3 != 2 or total > MAX_HAND:
        return False
    if jokers == 0:
        return _plain_win(c, cnt, total)
    if fifth:
        # the overflow of a winning target never exceeds the jokers: the uncapped rows decide
        _part_rows(c, True, rows)
        if _joker_need(rows, cnt) <= jokers:
            return True
        return total == MAX_HAND and (_pairs_fast(c) == jokers or _orphans_fast(c) == jokers)
    if full:
        _part_rows(c, False, rows)
        if _std_rows(rows, total // 3) == jokers:
            return True
        return total == MAX_HAND and (_pairs_fast(c) == jokers or _orphans_fast(c) == jokers)
    return _cost(c, total, 0, 0, lim, False) == jokers


cdef int is_win_wild_c(const unsigned char* counts, int jokers, bint fifth,
                       const unsigned char* limits) noexcept nogil:
    cdef int cnt[4]
    cdef int real
    cdef bint full
    if not tables_ready() or jokers < 0 or jokers > MAX_HAND:
        return -1
    real = _scan(counts, cnt)
    if real < 0:
        return -1
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return -1
    return _wins(counts, cnt, real, jokers, fifth, limits, full)


cdef void _plain_waits(const uint8_t* c, const int* cnt, int total, const uint8_t* lim,
                       const uint8_t* wild, int rules, uint8_t* out) noexcept nogil:
    """Waits without jokers, from the completion masks: at most two parts can take the tile.

    Seven pairs and thirteen orphans as ``rules`` say (no knitted forms, no dropped suit).
    """
    cdef const uint8_t* rows[N_SUITS + 1]
    cdef uint32_t rank[N_SUITS + 1]
    cdef int mods[N_SUITS + 1]
    cdef bint comp[N_SUITS + 1]
    cdef int u, v, pairs, i, t, mask, val, kinds, missing, single
    cdef bint ok
    rank[0] = _rank9(c)
    rank[1] = _rank9(c + SUIT_SIZE)
    rank[2] = _rank9(c + 2 * SUIT_SIZE)
    rank[3] = _rank7(c + FIRST_HONOR)
    rows[0] = tables.suit_rows.capped[tables.suit.capped[rank[0]]]
    rows[1] = tables.suit_rows.capped[tables.suit.capped[rank[1]]]
    rows[2] = tables.suit_rows.capped[tables.suit.capped[rank[2]]]
    rows[3] = tables.honor_rows.capped[tables.honors.capped[rank[3]]]
    for u in range(N_SUITS + 1):
        mods[u] = cnt[u] % 3
        comp[u] = _complete_row(rows[u], cnt[u])
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
        if not ok or pairs != 1:
            continue
        if u == N_SUITS:
            mask = tables.honors.completions[rank[u]]
        else:
            mask = tables.suit.completions[rank[u]]
        for i in range(SUIT_SIZE):
            if mask >> i & 1:
                out[SUIT_SIZE * u + i] = 1
    if total == MAX_HAND - 1 and rules & SEVEN_PAIRS:
        single = -1
        val = 0
        for t in range(N_KINDS):
            val += c[t] >> 1
            if c[t] & 1:
                single = t
        if val == 6:
            out[single] = 1
    elif total == MAX_HAND - 1 and rules & SEVEN_PAIRS_DISTINCT:
        single = -1
        val = 0
        kinds = 0
        for t in range(N_KINDS):
            val += c[t] == 2
            if c[t] == 1:
                single = t
                kinds += 1
        if val == 6 and kinds == 1:
            out[single] = 1
    if total == MAX_HAND - 1 and rules & THIRTEEN_ORPHANS:
        val = 0
        kinds = 0
        missing = -1
        for i in range(N_ORPHANS):
            t = ORPHANS[i]
            val += c[t]
            if c[t]:
                kinds += 1
            else:
                missing = t
        if val == N_ORPHANS:
            if kinds == N_ORPHANS:
                for i in range(N_ORPHANS):
                    out[ORPHANS[i]] = 1
            elif kinds == N_ORPHANS - 1:
                out[missing] = 1
    for t in range(N_KINDS):
        if c[t] >= lim[t] or (wild != NULL and wild[t]):
            out[t] = 0


cdef void _joker_waits(const uint8_t* c, const int* cnt, int total, int jokers, bint fifth,
                       const uint8_t* lim, bint full, const uint8_t* wild,
                       uint8_t* out) noexcept nogil:
    """Waits with jokers: one table row per candidate against the other parts' product."""
    cdef uint8_t hand[N_KINDS]
    cdef int cnt2[N_SUITS + 1]
    cdef const uint8_t* rows[N_SUITS + 1]
    cdef uint8_t rest[N_SUITS + 1][ROW_LEN]
    cdef uint8_t pair_ab[ROW_LEN]
    cdef uint8_t pair_cd[ROW_LEN]
    cdef int u, t, n = (total + 1) // 3
    memcpy(hand, c, N_KINDS)
    if fifth or full:
        _part_rows(c, fifth, rows)
        row_product(rows[0], rows[1], pair_ab)
        row_product(rows[2], rows[3], pair_cd)
        row_product(rows[1], pair_cd, rest[0])
        row_product(rows[0], pair_cd, rest[1])
        row_product(rows[3], pair_ab, rest[2])
        row_product(rows[2], pair_ab, rest[3])
    for t in range(N_KINDS):
        if c[t] >= lim[t] or (wild != NULL and wild[t]):
            continue
        hand[t] += 1
        if fifth or full:
            u = part_of(t)
            if _final(_part_row(hand, u, fifth), rest[u], n) == jokers:
                out[t] = 1
            elif total == MAX_HAND - 1 and (_pairs_fast(hand) == jokers
                                            or _orphans_fast(hand) == jokers):
                out[t] = 1
        else:
            memcpy(cnt2, cnt, sizeof(cnt2))
            cnt2[part_of(t)] += 1
            out[t] = _wins(hand, cnt2, total - jokers + 1, jokers, fifth, lim, full)
        hand[t] -= 1


cdef int waits_c(const unsigned char* counts, int jokers, bint fifth,
                 const unsigned char* limits, const unsigned char* wild,
                 unsigned char* out) noexcept nogil:
    cdef int cnt[4]
    cdef int real, total, t, found = 0, wild_win = -1
    cdef bint full
    if jokers == 0 and limits == NULL and wild == NULL and tables_ready():
        return _waits_plain(counts, out)
    memset(out, 0, N_KINDS)
    if not tables_ready() or jokers < 0 or jokers > MAX_HAND - 1:
        return -1
    real = _scan(counts, cnt)
    if real < 0:
        return -1
    total = real + jokers
    if total % 3 != 1 or total > MAX_HAND - 1:
        return -1
    limits = _limits_arg(limits, &full)
    if limits == NULL:
        return -1
    if jokers == 0:
        _plain_waits(counts, cnt, total, limits, wild, CHINESE, out)
    else:
        _joker_waits(counts, cnt, total, jokers, fifth, limits, full, wild, out)
    for t in range(N_KINDS):
        if wild != NULL and wild[t] and counts[t] < limits[t]:
            if wild_win < 0:
                wild_win = _wins(counts, cnt, real, jokers + 1, fifth, limits, full)
            out[t] = wild_win
        found += out[t]
    return found


cdef const unsigned int* rank_offsets_c(int u) noexcept nogil:
    if u == N_SUITS:
        return &rank_tables.honors[0][0][0]
    return &rank_tables.suit[0][0][0]


cdef int part_row_id_c(unsigned int rank, int u) noexcept nogil:
    if u == N_SUITS:
        return tables.honors.capped[rank]
    return tables.suit.capped[rank]


cdef const unsigned char* part_rows_c(int u, int* count) noexcept nogil:
    if u == N_SUITS:
        count[0] = tables.honors.n_capped
        return &tables.honor_rows.capped[0][0]
    count[0] = tables.suit.n_capped
    return &tables.suit_rows.capped[0][0]
