# The C entry points under a rule set (shanten.pxd): shanten, waits and wins of 34 counts with
# the rule-set bits (seven pairs kinds, thirteen orphans, the knitted forms, suits dropped or
# locked, tiles not played), checked and answered as the plain entry points are.
# Stands on: shanten_entry.pxi, shanten_exact.pxi, shanten_rules.pxi, shanten_knitted.pxi.

cdef int _cost_kept(const uint8_t* c, int total, int form, int budget, const uint8_t* lim,
                    int rules, const uint8_t** rows, bint single, int kept,
                    int slots[N_SUITS + 1][3], uint32_t held) noexcept nogil:
    """Min cost over the targets of ``form`` that use only the ``kept`` parts (limits not all 4
    or a suit dropped); ``rows``: the parts' ``_rules_row``, ``single``: none of them NULL;
    ``slots``: the parts' pair slots (``_pair_slots``) when there is no overflow to track."""
    cdef int n = total // 3, best = INF, v
    if form <= 1:
        if single:
            best = _kept_rows_cost(rows, kept, n)
        else:
            best = _std_general_rules(c, lim, n, budget, True, kept)
    if total >= MAX_HAND - 1:
        if (form == 0 or form == 2) and rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT):
            if budget == 0:
                v = _pairs_from_slots(slots, kept)
            else:
                v = _pairs_rules(c, lim, budget, True, (rules & SEVEN_PAIRS_DISTINCT) != 0, kept)
            if v < best:
                best = v
        if kept == ALL_PARTS and (form == 0 or form == 3) and rules & THIRTEEN_ORPHANS:
            v = _orphans_limits(c, lim) if budget == 0 else _orphans_general(c, lim, budget, True)
            if v < best:
                best = v
        if kept == ALL_PARTS and (form == 0 or form == FORM_C_KNITTED) and rules & KNITTED:
            v = _knitted_cost(c, lim, held)
            if v < best:
                best = v
    if (kept == ALL_PARTS and (form == 0 or form == FORM_C_KNITTED_STRAIGHT) and rules & KNITTED
            and total >= 10):
        best = _knitted_straight_cost(c, lim, n, budget, False, held, best)
    return best


cdef int _cost_rules(const uint8_t* c, int total, int form, int budget, const uint8_t* lim,
                     bint full, int rules, uint32_t held) noexcept nogil:
    """Min cost over the targets of ``form`` under ``rules`` (valid; the form allowed);
    ``held``: the suited kinds held, as bits (``_held_suited``)."""
    cdef int n = total // 3, best = INF, v, u, drop, lock, dropped
    cdef const uint8_t* prod_a = NULL
    cdef const uint8_t* prod_b = NULL
    cdef const uint8_t* rows[N_SUITS + 1]
    cdef uint8_t bufs[N_SUITS + 1][ROW_LEN]
    cdef int slots[N_SUITS + 1][3]
    cdef bint single = True
    if rules == CHINESE:
        return _cost(c, total, form, budget, lim, full)
    drop = (rules & DROP_MASK) >> DROP_SHIFT
    if drop == 0 and full:
        # every kind played, no suit dropped: the default's tables and shortcuts
        if budget == 0 and (form <= 1 or (rules & KNITTED and form == FORM_C_KNITTED_STRAIGHT)):
            _std_products(c, &prod_a, &prod_b)
            if form <= 1:
                best = _final(prod_a, prod_b, n)
        elif form <= 1:
            if _parts_exact_capped(c):
                best = _std_capped(c, n)
            else:
                best = _std_general(c, lim, n, budget)
        if total >= MAX_HAND - 1:
            if (form == 0 or form == 2) and rules & SEVEN_PAIRS:
                v = _pairs_fast(c)
                if v < best:
                    best = v
            elif (form == 0 or form == 2) and rules & SEVEN_PAIRS_DISTINCT:
                v = _pairs_distinct_fast(c)
                if v < best:
                    best = v
            if (form == 0 or form == 3) and rules & THIRTEEN_ORPHANS:
                v = _orphans_fast(c)
                if v < best:
                    best = v
            if (form == 0 or form == FORM_C_KNITTED) and rules & KNITTED:
                v = _knitted_full(c, held)
                if v < best:
                    best = v
        if (form == 0 or form == FORM_C_KNITTED_STRAIGHT) and rules & KNITTED and total >= 10:
            if budget == 0:
                # the rest of 组合龙 never costs less than n - 3 melds and the pair from the whole hand
                best = _knitted_straight_full(c, n, held, best,
                                              _final(prod_a, prod_b, n - KNITTED_MELDS) if n >= KNITTED_MELDS else 0)
            else:
                best = _knitted_straight_cost(c, lim, n, budget, True, held, best)
        return best
    for u in range(N_SUITS + 1):
        rows[u] = _rules_row(c, lim, u, budget, True, bufs[u])
        single &= rows[u] != NULL
    if (budget == 0 and total >= MAX_HAND - 1 and (form == 0 or form == 2)
            and rules & (SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT)):
        _pair_slots(c, lim, (rules & SEVEN_PAIRS_DISTINCT) != 0, slots)
    if drop == 0:
        return _cost_kept(c, total, form, budget, lim, rules, rows, single, ALL_PARTS, slots, held)
    lock = (rules & LOCK_MASK) >> LOCK_SHIFT
    for dropped in range(1, 1 << N_SUITS):
        if popcount64(dropped) != drop or dropped & lock:
            continue
        v = _cost_kept(c, total, form, budget, lim, rules, rows, single, ALL_PARTS & ~dropped, slots, held)
        if v < best:
            best = v
    return best


cdef inline const uint8_t* _rules_args(const unsigned char* counts, const unsigned char* limits,
                                       int rules, int* cnt, int* real, bint* full,
                                       uint32_t* held) noexcept nogil:
    """Checked limits (``FULL_LIMITS`` for NULL) or NULL for invalid input: bad rules, a count
    or limit above 4, a count above its limit.  Fills the tiles per part, their total and the
    suited kinds held (bits)."""
    cdef int t, v, bad = 0
    cdef uint32_t mask = 0
    if not tables_ready() or not _rules_valid(rules):
        return NULL
    cnt[0] = cnt[1] = cnt[2] = cnt[3] = 0
    for t in range(FIRST_HONOR):
        v = counts[t]
        bad |= v > MAX_COPIES
        cnt[part_of(t)] += v
        mask |= <uint32_t>(v != 0) << t
    for t in range(FIRST_HONOR, N_KINDS):
        v = counts[t]
        bad |= v > MAX_COPIES
        cnt[N_SUITS] += v
    if bad:
        return NULL
    real[0] = cnt[0] + cnt[1] + cnt[2] + cnt[3]
    held[0] = mask
    full[0] = limits == NULL or memcmp(limits, FULL_LIMITS, N_KINDS) == 0
    if full[0]:
        return FULL_LIMITS
    for t in range(N_KINDS):
        if limits[t] > MAX_COPIES or counts[t] > limits[t]:
            return NULL
    return limits


cdef int shanten_rules_c(const unsigned char* counts, int form, int jokers, bint fifth,
                         const unsigned char* limits, int rules) noexcept nogil:
    cdef int cnt[4]
    cdef int real, total, cost
    cdef uint32_t held
    cdef bint full
    if rules == CHINESE:
        return shanten_c(counts, form, jokers, fifth, limits)
    if jokers < 0 or jokers > MAX_HAND or not _form_allowed(form, rules):
        return SHANTEN_INVALID
    if (jokers == 0 and form <= 3 and _plain_rules(rules, KNITTED) and tables_ready()
            and (limits == NULL or memcmp(limits, FULL_LIMITS, N_KINDS) == 0)):
        return _shanten_plain_rules(counts, form, rules)
    limits = _rules_args(counts, limits, rules, cnt, &real, &full, &held)
    if limits == NULL:
        return SHANTEN_INVALID
    total = real + jokers
    if total % 3 == 0 or total > MAX_HAND or not _form_fits(form, total):
        return SHANTEN_INVALID
    cost = _cost_rules(counts, total, form, jokers if fifth else 0, limits, full, rules, held)
    return SHANTEN_UNREACHABLE if cost >= INF else cost - jokers - 1


cdef bint _plain_win_rules(const uint8_t* c, const int* cnt, int total, int rules, uint32_t held) noexcept nogil:
    """Win without jokers under ``rules`` (counts within their limits)."""
    cdef const uint8_t* rows[N_SUITS + 1]
    cdef int u, pairs = 0, i, v, kinds, dup
    cdef bint ok = True
    if _suits_held(cnt, rules) > N_SUITS - ((rules & DROP_MASK) >> DROP_SHIFT):
        return False
    _part_rows(c, False, rows)
    for u in range(N_SUITS + 1):
        if not _complete_row(rows[u], cnt[u]):
            ok = False
            break
        pairs += cnt[u] % 3 == 2
    if ok and pairs == 1:
        return True
    if rules & KNITTED and total >= 11 and _knitted_win(c, total, held):
        return True
    if total != MAX_HAND:
        return False
    if rules & SEVEN_PAIRS:
        ok = True
        for i in range(N_KINDS):
            if c[i] & 1:
                ok = False
                break
        if ok:
            return True
    elif rules & SEVEN_PAIRS_DISTINCT:
        kinds = 0
        for i in range(N_KINDS):
            kinds += c[i] == 2
        if kinds == 7:
            return True
    if rules & THIRTEEN_ORPHANS:
        kinds = 0
        dup = 0
        for i in range(N_ORPHANS):
            v = c[ORPHANS[i]]
            kinds += v >= 1
            dup += v == 2
        return kinds == N_ORPHANS and dup == 1
    return False


cdef bint _wins_rules(const uint8_t* c, const int* cnt, int real, int jokers, bint fifth,
                      const uint8_t* lim, bint full, int rules, uint32_t held) noexcept nogil:
    cdef int total = real + jokers
    if total % 3 != 2 or total > MAX_HAND:
        return False
    if jokers == 0:
        return _plain_win_rules(c, cnt, total, rules, held)
    return _cost_rules(c, total, 0, jokers if fifth else 0, lim, full, rules, held) == jokers


cdef int is_win_rules_c(const unsigned char* counts, int jokers, bint fifth,
                        const unsigned char* limits, int rules) noexcept nogil:
    cdef int cnt[4]
    cdef int real
    cdef uint32_t held
    cdef bint full
    if rules == CHINESE:
        return is_win_wild_c(counts, jokers, fifth, limits)
    if jokers < 0 or jokers > MAX_HAND:
        return -1
    limits = _rules_args(counts, limits, rules, cnt, &real, &full, &held)
    if limits == NULL:
        return -1
    return _wins_rules(counts, cnt, real, jokers, fifth, limits, full, rules, held)


cdef int waits_rules_c(const unsigned char* counts, int jokers, bint fifth,
                       const unsigned char* limits, const unsigned char* wild, int rules,
                       unsigned char* out) noexcept nogil:
    cdef uint8_t hand[N_KINDS]
    cdef int cnt[4]
    cdef int cnt2[4]
    cdef int real, total, t, u, suits, drop, found = 0, wild_win = -1
    cdef uint32_t held
    cdef bint full
    if rules == CHINESE:
        return waits_c(counts, jokers, fifth, limits, wild, out)
    if (jokers == 0 and wild == NULL and _plain_rules(rules, KNITTED) and tables_ready()
            and (limits == NULL or memcmp(limits, FULL_LIMITS, N_KINDS) == 0)
            and not (rules & KNITTED and _knitted_may_wait(counts))):
        # no knitted wait to add (the rule path's own gate below): its waits are the plain ones
        # (counts outside 0-4 take either path to the same -1)
        return _waits_plain_rules(counts, rules, out)
    memset(out, 0, N_KINDS)
    if jokers < 0 or jokers > MAX_HAND - 1:
        return -1
    limits = _rules_args(counts, limits, rules, cnt, &real, &full, &held)
    if limits == NULL:
        return -1
    total = real + jokers
    if total % 3 != 1 or total > MAX_HAND - 1:
        return -1
    drop = (rules & DROP_MASK) >> DROP_SHIFT
    suits = _suits_held(cnt, rules)
    if jokers == 0 and suits <= N_SUITS - drop:
        _plain_waits(counts, cnt, total, limits, wild, rules, out)
        if suits == N_SUITS - drop:
            # a tile of a suit not yet held would be one suit too many
            for t in range(FIRST_HONOR):
                if cnt[part_of(t)] == 0 and not ((rules & LOCK_MASK) >> (LOCK_SHIFT + part_of(t)) & 1):
                    out[t] = 0
        if rules & KNITTED and total >= 10 and _knitted_ready(counts, total, held):
            memcpy(hand, counts, N_KINDS)
            for t in range(N_KINDS):
                if out[t] or counts[t] >= limits[t] or (wild != NULL and wild[t]):
                    continue
                hand[t] += 1
                out[t] = _knitted_win(hand, total + 1, held | (1u << t) if t < FIRST_HONOR else held)
                hand[t] -= 1
    elif jokers:
        memcpy(hand, counts, N_KINDS)
        for t in range(N_KINDS):
            if counts[t] >= limits[t] or (wild != NULL and wild[t]):
                continue
            hand[t] += 1
            memcpy(cnt2, cnt, sizeof(cnt2))
            cnt2[part_of(t)] += 1
            out[t] = _wins_rules(hand, cnt2, real + 1, jokers, fifth, limits, full, rules,
                                 held | (1u << t) if t < FIRST_HONOR else held)
            hand[t] -= 1
    for t in range(N_KINDS):
        if wild != NULL and wild[t] and counts[t] < limits[t]:
            if wild_win < 0:
                wild_win = _wins_rules(counts, cnt, real, jokers + 1, fifth, limits, full, rules, held)
            out[t] = wild_win
        found += out[t]
    return found
