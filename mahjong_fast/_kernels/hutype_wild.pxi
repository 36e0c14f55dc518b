# Hu types with jokers (wild tiles): which shapes and classes the jokers can complete, under
# each rule set's limits (docs/hutypes.md).  Included by hutype.pyx after the shapes, the
# knitted sets and the classes it stands on; hu_type_wild_c and hu_type_wild_rules_c are its
# entry points (hutype.pxd).


ctypedef struct _Wild:
    unsigned char real[N_KINDS]     # concealed counts without the jokers
    unsigned char caps[N_KINDS]     # the limit minus the copies in declared melds
    unsigned char exists[N_KINDS]   # the limit is above 0: a joker may stand for the kind
    int jokers
    int rules
    int mixed                       # parts where some kinds exist and some do not
    int n_melds                     # declared melds
    bint fifth
    bint chow                       # any declared chow


cdef inline bint _open(const _Wild* w, int t, int parts) noexcept nogil:
    """Whether a joker may stand for kind ``t`` in a class spanning ``parts``."""
    return (parts >> part_of(t)) & 1 and w.exists[t]


cdef bint _orphans_fit(const _Wild* w, int parts) noexcept nogil:
    cdef int k, t, held = 0, dups = 0, total = 0
    if w.n_melds:
        return False
    for t in range(N_KINDS):
        total += w.real[t]
    for k in range(N_ORPHANS):
        t = ORPHANS[k]
        if w.real[t] > 2:
            return False
        held += w.real[t]
        dups += w.real[t] == 2
        if not w.real[t] and not _open(w, t, parts):
            return False
    return held == total and dups <= 1


cdef bint _bu_kao_fit(const _Wild* w, int parts, bint seven_stars) noexcept nogil:
    """全不靠 (七星不靠 with ``seven_stars``) with jokers filling kinds still empty."""
    cdef int k, t, free, suited
    cdef bint ok
    if w.n_melds:
        return False
    for t in range(N_KINDS):
        if w.real[t] > 1:
            return False
    for k in range(N_KNITTED_SETS):
        ok = True
        for t in range(FIRST_HONOR):
            if w.real[t] and not IN_KNIT[k][t]:
                ok = False
                break
        if not ok:
            continue
        free = 0
        suited = 0
        for t in range(N_KINDS):
            if t < FIRST_HONOR and not IN_KNIT[k][t]:
                continue
            if t < FIRST_HONOR:
                suited += w.real[t]
            if not w.real[t]:
                if _open(w, t, parts):
                    free += 1 if t < FIRST_HONOR or not seven_stars else 0
                elif seven_stars and t >= FIRST_HONOR:
                    ok = False
        if not ok:
            continue
        if seven_stars:
            if suited <= 7 and free >= 7 - suited:
                return True
        elif free >= w.jokers:
            return True
    return False


cdef int _most_fours(const _Wild* w, int parts) noexcept nogil:
    """The most sets of four over the seven-pairs placements, or -1 if there is none."""
    cdef int t, n, pairs, quick, jokers = w.jokers, fours = 0, one_pair = 0, empty = 0
    cdef bint inside
    if w.n_melds:
        return -1
    for t in range(N_KINDS):
        n = w.real[t]
        inside = _open(w, t, parts)
        if n & 1:
            if not inside:
                return -1
            n += 1
            jokers -= 1
        fours += n // 4
        if inside:
            if w.fifth:
                one_pair += n % 4 == 2
            else:
                one_pair += n == 2
                empty += n == 0
    if jokers < 0:
        return -1
    pairs = jokers // 2
    if not w.fifth and 2 * empty + one_pair < pairs:
        return -1
    quick = pairs if pairs < one_pair else one_pair
    return fours + quick + (pairs - quick) // 2


cdef bint _distinct_pairs_fit(const _Wild* w, int parts) noexcept nogil:
    """Seven pairs of seven different kinds: a joker beside each single, the rest new pairs."""
    cdef int t, singles = 0, empty = 0
    if w.n_melds:
        return False
    for t in range(N_KINDS):
        if w.real[t] > 2:
            return False
        if w.real[t] == 1:
            if not _open(w, t, parts):
                return False
            singles += 1
        elif w.real[t] == 0 and _open(w, t, parts):
            empty += 1
    return singles <= w.jokers and (w.jokers - singles) // 2 <= empty


cdef inline int _to(const _Wild* w, int t, int parts, int rest) noexcept nogil:
    """Jokers that bring kind ``t`` to ``rest`` mod 3, or NOT_FOUND."""
    cdef int n = w.real[t]
    cdef int extra = (rest + 3 - n % 3) % 3
    if extra and (not _open(w, t, parts) or not w.fifth and n + extra > w.caps[t]):
        return NOT_FOUND
    return extra


cdef inline int _roomy(const _Wild* w, int t, int parts) noexcept nogil:
    """1 if a pung of jokers fits on kind ``t`` beside the tiles placed, else 0."""
    return 1 if w.real[t] == 0 and w.caps[t] >= 3 and _open(w, t, parts) else 0


cdef bint _pungs_fit(const _Wild* w, int parts) noexcept nogil:
    """Whether jokers in ``parts`` can make the concealed part pungs and one pair."""
    cdef int t, pair, need, base = 0, room = 0
    cdef int to_pung[N_KINDS]
    if w.chow:
        return False
    for t in range(N_KINDS):
        to_pung[t] = _to(w, t, parts, 0)
        base += to_pung[t]
        room += _roomy(w, t, parts)
    for pair in range(N_KINDS):
        need = base - to_pung[pair] + _to(w, pair, parts, 2)
        if need > w.jokers or (w.jokers - need) % 3:
            continue
        if w.fifth:
            return True
        if (w.jokers - need) // 3 <= room - _roomy(w, pair, parts):
            return True
    return False


cdef unsigned int _shift_all(unsigned int mask, int by) noexcept nogil:
    return (mask << by) & JOKER_BITS


cdef void _part_reach(const _Wild* w, int lo, int size, bint chows, int parts,
                      unsigned int* out) noexcept nogil:
    """``out[k * 2 + p]``: bit j set when one part's tiles make k melds and p pairs with j jokers,
    the jokers standing only for open kinds (any number of copies)."""
    # state (chows started at i-1, at i-2, melds, pairs) -> mask of the jokers used
    cdef unsigned int cur[MOST_MELDS + 1][MOST_MELDS + 1][MOST_MELDS + 1][2]
    cdef unsigned int nxt[MOST_MELDS + 1][MOST_MELDS + 1][MOST_MELDS + 1][2]
    cdef int i, a, b, k, p, s, g, q, starts, copies, extra, held
    cdef bint open_
    cdef unsigned int mask
    memset(cur, 0, sizeof(cur))
    cur[0][0][0][0] = 1
    for i in range(size):
        memset(nxt, 0, sizeof(nxt))
        held = w.real[lo + i]
        open_ = _open(w, lo + i, parts)
        starts = MOST_MELDS if chows and i <= size - 3 else 0
        for a in range(MOST_MELDS + 1):
            for b in range(MOST_MELDS + 1 - a):
                for k in range(MOST_MELDS + 1):
                    for p in range(2):
                        mask = cur[a][b][k][p]
                        if not mask:
                            continue
                        for s in range((starts if starts < MOST_MELDS - k else MOST_MELDS - k) + 1):
                            for g in range(MOST_MELDS - k - s + 1):
                                for q in range(2 - p):
                                    copies = a + b + s + 3 * g + 2 * q
                                    extra = copies - held
                                    if extra < 0 or extra and not open_:
                                        continue
                                    nxt[s][a][k + s + g][p + q] |= _shift_all(mask, extra)
        memcpy(cur, nxt, sizeof(cur))
    for k in range(MOST_MELDS + 1):
        for p in range(2):
            out[k * 2 + p] = cur[0][0][k][p]


cdef bint _exact_standard(const _Wild* w, int parts) noexcept nogil:
    """n melds and a pair from the real tiles and the jokers, each standing for an open kind."""
    cdef unsigned int reach[(MOST_MELDS + 1) * 2]
    cdef unsigned int nxt[(MOST_MELDS + 1) * 2]
    cdef unsigned int rows[(MOST_MELDS + 1) * 2]
    cdef int g, t, k1, p1, k2, p2, j, total = w.jokers, melds
    for t in range(N_KINDS):
        total += w.real[t]
    melds = (total - 2) // 3
    memset(reach, 0, sizeof(reach))
    reach[0] = 1
    for g in range(N_SUITS + 1):
        if g < N_SUITS:
            _part_reach(w, g * SUIT_SIZE, SUIT_SIZE, True, parts, rows)
        else:
            _part_reach(w, FIRST_HONOR, N_KINDS - FIRST_HONOR, False, parts, rows)
        memset(nxt, 0, sizeof(nxt))
        for k1 in range(melds + 1):
            for p1 in range(2):
                if not reach[k1 * 2 + p1]:
                    continue
                for k2 in range(melds - k1 + 1):
                    for p2 in range(2 - p1):
                        if not rows[k2 * 2 + p2]:
                            continue
                        for j in range(w.jokers + 1):
                            if (reach[k1 * 2 + p1] >> j) & 1:
                                nxt[(k1 + k2) * 2 + p1 + p2] |= _shift_all(rows[k2 * 2 + p2], j)
        memcpy(reach, nxt, sizeof(reach))
    return (reach[melds * 2 + 1] >> w.jokers) & 1


cdef int _standard_fits(const _Wild* w, int parts) noexcept nogil:
    """1 if jokers in ``parts`` complete the standard form, 0 if not, -1 without tables."""
    cdef unsigned char limits[N_KINDS]
    cdef int t, s
    if w.fifth and w.mixed & parts:
        # Jokers may stand for some kinds of a part only: the shanten budget would let them
        # overflow onto the others, so search exactly.
        return _exact_standard(w, parts)
    for t in range(N_KINDS):
        # With fifth=True jokers outside the parts make whole pungs, chows or the
        # pair on their own, which could as well be pungs or the pair of a kind inside.
        limits[t] = w.caps[t] if w.fifth or _open(w, t, parts) else w.real[t]
    s = shanten_c(w.real, 1, w.jokers, w.fifth, limits)
    if s == SHANTEN_INVALID:
        return -1
    return s == -1


cdef int _zu_he_long_fit(const _Wild* w, int parts) noexcept nogil:
    """A knitted straight (jokers filling its missing tiles) plus a standard form of the rest;
    -1 without tables."""
    cdef _Wild rest
    cdef int k, j, t, missing, fit
    cdef bint ok
    if w.n_melds > 1:
        return 0
    for k in range(N_KNITTED_SETS):
        rest = w[0]
        missing = 0
        ok = True
        for j in range(KNITTED_TILES):
            t = KNIT[k][j]
            if rest.real[t]:
                rest.real[t] -= 1
            else:
                if not _open(w, t, parts) or not w.fifth and w.caps[t] < 1:
                    ok = False
                    break
                missing += 1
            if rest.caps[t]:
                rest.caps[t] -= 1
        if not ok or missing > w.jokers:
            continue
        rest.jokers = w.jokers - missing
        fit = _standard_fits(&rest, parts)
        if fit:
            return fit
    return 0


cdef int _fits(const _Wild* w, int shape, int parts) noexcept nogil:
    """1 if jokers in ``parts`` make the shape, 0 if not, -1 without tables (the four-as-two
    seven-pairs shapes are asked of ``_most_fours`` by the caller, once per class)."""
    if shape == SHI_SAN_YAO:
        return _orphans_fit(w, parts)
    if shape & (QI_XING_BU_KAO | QUAN_BU_KAO | ZU_HE_LONG) and parts & ALL_SUITS != ALL_SUITS:
        return 0    # the knitted shapes hold tiles of all three suits
    if shape == QI_XING_BU_KAO or shape == QUAN_BU_KAO:
        return _bu_kao_fit(w, parts, shape == QI_XING_BU_KAO)
    if shape == ZU_HE_LONG:
        return _zu_he_long_fit(w, parts)
    if shape == QI_XIAO_DUI:
        return _distinct_pairs_fit(w, parts)
    if shape == DUI_DUI_HU:
        return _pungs_fit(w, parts)
    return _standard_fits(w, parts)


cdef enum:
    N_SHAPES = 9

# Each shape by priority, and the rule bits it needs (0: always).
cdef int SHAPE_ORDER[N_SHAPES]
cdef int SHAPE_NEEDS[N_SHAPES]
for _k, (_shape_flag, _needs) in enumerate((
        (SHI_SAN_YAO, THIRTEEN_ORPHANS), (QI_XING_BU_KAO, KNITTED), (QUAN_BU_KAO, KNITTED),
        (ZU_HE_LONG, KNITTED), (HAO_HUA_QI_DUI, SEVEN_PAIRS), (QI_DA_DUI, SEVEN_PAIRS),
        (QI_XIAO_DUI, SEVEN_PAIRS | SEVEN_PAIRS_DISTINCT), (DUI_DUI_HU, 0), (PING_HU, 0))):
    SHAPE_ORDER[_k] = _shape_flag
    SHAPE_NEEDS[_k] = _needs


cdef int hu_type_wild_rules_c(const unsigned char* counts, const unsigned char* wild,
                              const unsigned char* melds, int n_melds, bint self_drawn,
                              bint fifth, int rules, const unsigned char* limits) noexcept nogil:
    cdef unsigned char whole[N_KINDS]
    cdef _Wild w
    cdef int t, k, g, h, i, parts, fit, lim, real_whole, most, held = 0
    cdef int exists = 0, missing = 0          # parts with a kind that exists / that does not
    cdef int class_mod[N_CLASSES]
    cdef int class_parts[N_CLASSES]
    cdef int fours[N_CLASSES]                 # _most_fours of each class, once asked
    cdef int n_classes = 0
    if _whole(counts, melds, n_melds, whole) < 0 or not _rules_ok(rules):
        return HU_INVALID
    if wild == NULL:
        return hu_type_rules_c(counts, melds, n_melds, self_drawn, rules)
    w.jokers = 0
    for t in range(N_KINDS):
        lim = MAX_COPIES if limits == NULL else limits[t]
        if lim > MAX_COPIES:
            return HU_INVALID
        w.real[t] = 0 if wild[t] else counts[t]
        w.jokers += counts[t] - w.real[t]
        real_whole = whole[t] - counts[t] + w.real[t]
        if real_whole > lim:
            return HU_INVALID
        w.caps[t] = lim - (whole[t] - counts[t]) if lim > whole[t] - counts[t] else 0
        w.exists[t] = lim > 0
        if lim:
            exists |= 1 << part_of(t)
        else:
            missing |= 1 << part_of(t)
        if real_whole:
            held |= 1 << part_of(t)
    if w.jokers == 0:
        return hu_type_rules_c(counts, melds, n_melds, self_drawn, rules)
    held |= (rules & LOCK_MASK) >> LOCK_SHIFT
    w.mixed = exists & missing
    w.rules = rules
    w.fifth = fifth
    w.n_melds = n_melds
    w.chow = _has_chow(melds, n_melds)
    # The suit classes the rules allow, best first, that hold every real tile and an open kind.
    most = _most_suits(rules)
    for k in range(N_CLASSES):
        if k < 2 * N_SUITS + 1:
            class_mod[n_classes] = CLASS_MOD[k]
            class_parts[n_classes] = CLASS_PARTS[k]
        elif most == N_SUITS and k == 2 * N_SUITS + 1:
            class_mod[n_classes] = 0
            class_parts[n_classes] = ALL_PARTS
        elif most == 2 and k > 2 * N_SUITS + 1:
            g = k - 2 * N_SUITS - 2     # the suit left out
            class_mod[n_classes] = 0
            class_parts[n_classes] = ALL_PARTS & ~(1 << g)
        else:
            continue
        parts = class_parts[n_classes]
        if held & ~parts == 0 and exists & parts:
            fours[n_classes] = NOT_FOUND
            n_classes += 1
    for i in range(N_SHAPES):
        if SHAPE_NEEDS[i] and not rules & SHAPE_NEEDS[i]:
            continue
        for h in range(n_classes):
            if SHAPE_NEEDS[i] == SEVEN_PAIRS or SHAPE_ORDER[i] == QI_XIAO_DUI and rules & SEVEN_PAIRS:
                if fours[h] == NOT_FOUND:
                    fours[h] = _most_fours(&w, class_parts[h])
                fit = fours[h] >= (2 if SHAPE_ORDER[i] == HAO_HUA_QI_DUI else
                                   1 if SHAPE_ORDER[i] == QI_DA_DUI else 0)
            else:
                fit = _fits(&w, SHAPE_ORDER[i], class_parts[h])
            if fit < 0:
                return HU_INVALID
            if fit:
                return SHAPE_ORDER[i] | class_mod[h] | _fixed_modifiers(melds, n_melds, self_drawn)
    return 0


cdef int hu_type_wild_c(const unsigned char* counts, const unsigned char* wild,
                        const unsigned char* melds, int n_melds, bint self_drawn,
                        bint fifth) noexcept nogil:
    return hu_type_wild_rules_c(counts, wild, melds, n_melds, self_drawn, fifth, CHINESE, NULL)
