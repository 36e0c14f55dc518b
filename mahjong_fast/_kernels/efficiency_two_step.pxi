# The two-step figures of every discard on the row path (``ctx.row_path``), one pass per draw.
#
# The pass keeps the hand (``HandPass``): its held kinds, parts, groups and classes, and each
# discard's figures so far; per draw it reads the drawn hand of every discard and that hand's
# best keeping discard.  Words: those of efficiency_draw.pxi.
# Stands on: efficiency_draw.pxi (the draw, the drawn hand, the pairs' reads),
# efficiency_row_path.pxi and the helpers of efficiency.pyx before it.

ctypedef struct HandPass:       # the hand of the two-step pass, and each discard's figures so far
    Parts parts                 # the hand by parts
    Forms forms                 # the hand for seven pairs and thirteen orphans
    uint64_t by_count[MAX_COPIES + 1]
    bint forms_play             # 14 tiles and seven pairs or thirteen orphans played
    uint8_t kinds[MAX_HELD]     # the held kinds by held index, then the draw when the hand lacks it
    int n_kinds                 # kinds held
    uint64_t held               # the held kinds as bits
    uint64_t unseen             # the kinds with unseen copies for the hand
    uint64_t lone               # lone draws: no copy, nor a tile of the suit within two ranks held (no orphan)
    int one_part                # the part holding all 14 tiles, or -1
    int part_tiles[N_PARTS]     # the hand's tiles by part
    uint64_t discards_drawing[N_KINDS]  # [t]: the discards d (t != d) whose hand left draws t
    int target[N_KINDS]         # [d]: the cost a discard after a draw must keep (d's shanten, 1 at tenpai)
    int waits[N_KINDS]          # [d]: at tenpai, the unseen copies of the waits of the hand left
    int weight[N_KINDS]         # [d]: unseen copies of the useful draws read
    int sum[N_KINDS]            # [d]: their copies times the best unseen useful total after them
    int good[N_KINDS]           # [d]: their copies after which a discard waits in good shape
    # twin honours: kinds of equal copies, unseen copies and limit, swapped by a symmetry of the tiles
    int twin[N_KINDS]           # [k]: the lowest honour twin of k (k itself for the first and for suit tiles)
    uint64_t twins_of[N_KINDS]  # [r]: the kinds whose twin is r
    uint32_t twin_later         # held indices of the held honours that are not their twin
    uint32_t twin_later_of[N_KINDS]     # [r]: ... of those whose twin is r
    uint32_t twin_second[N_KINDS]   # [r]: held index of the second held twin of r (as a bit; 0 for none)
    int twin_best[N_KINDS - FIRST_HONOR + 1][N_KINDS]   # [t - FIRST_HONOR][d]: 2 (best + 1) + good of draw t for d


cdef inline uint32_t _keep_beating(const Ctx* ctx, const HandPass* hand, const uint8_t* c, uint32_t keep,
                                   uint64_t lowering, int d, int bound) noexcept nogil:
    """The discards e of ``keep`` (held indices; ``c`` holds the hand plus the draw) whose pair's
    hand may wait on more than the hand left by ``d``: ``_improving_bound`` (``bound``, of the
    draws ``lowering``) less e's own unseen copies for the drawn hand when e lowers its cost."""
    cdef uint32_t bits = keep
    cdef int j, e
    while bits:
        j = ctz64(bits)
        bits &= bits - 1
        e = hand.kinds[j]
        if (lowering >> e) & 1 and bound - (ctx.avail[e] - c[e] + (e == d)) <= hand.waits[d]:
            keep &= ~(<uint32_t>1 << j)
    return keep


cdef inline void _twins_init(HandPass* hand, const Draw* draw, const Ctx* ctx, const uint8_t* c) noexcept nogil:
    """The twin honours of the hand ``c``.  Swapping two honours t and t' of equal copies in the
    hand, unseen copies and limit maps the hand to itself and every form to itself (the row path
    has no wild kinds and no knitted forms), so the figures of discarding t' are those of t with
    t and t' swapped, and a drawn hand holding them equally keeps them alike."""
    cdef int k, r
    hand.twin_later = 0
    for k in range(N_KINDS):
        hand.twin[k] = k
        hand.twins_of[k] = <uint64_t>1 << k
        hand.twin_second[k] = 0
        hand.twin_later_of[k] = 0
    for k in range(FIRST_HONOR, N_KINDS):
        for r in range(FIRST_HONOR, k):
            if hand.twin[r] == r and c[r] == c[k] and ctx.avail[r] == ctx.avail[k] and ctx.lim[r] == ctx.lim[k]:
                hand.twin[k] = r
                hand.twins_of[r] |= <uint64_t>1 << k
                if c[k]:
                    hand.twin_later |= <uint32_t>1 << draw.held_index[k]
                    hand.twin_later_of[r] |= <uint32_t>1 << draw.held_index[k]
                    if not hand.twin_second[r]:
                        hand.twin_second[r] = <uint32_t>1 << draw.held_index[k]
                break


cdef inline uint64_t _far_kinds(uint64_t held) noexcept nogil:
    """The kinds of which ``held`` has no copy and, for a suit's, no tile of the suit within two
    ranks: a draw of one of them cannot join a held tile in a pair or a meld."""
    cdef uint64_t far = ~held & ALL_TILES, near
    cdef int u
    for u in range(N_SUITS):
        near = (held >> (SUIT_SIZE * u)) & 0x1FF
        near = (near | near << 1 | near << 2 | near >> 1 | near >> 2) & 0x1FF
        far &= ~(near << (SUIT_SIZE * u))
    return far


cdef inline uint64_t _without_lone_draws(uint64_t draws, uint64_t lone, const Ctx* ctx, int waits) noexcept nogil:
    """``draws`` less the lone ones (in ``lone``, none held) that gain nothing at tenpai: a lone draw t
    makes a ready hand that waits on t alone, for one copy fewer than t's unseen copies for the hand
    left, which is no gain where that is no more than ``waits``."""
    cdef uint64_t m = draws & lone
    cdef int t
    while m:
        t = ctz64(m)
        m &= m - 1
        if ctx.avail[t] - 1 <= waits:
            draws &= ~(<uint64_t>1 << t)
    return draws


cdef inline void _hand_pass_init(HandPass* hand, Draw* draw, const Ctx* ctx, uint8_t* c, int total,
                                 const signed char* sh) noexcept nogil:
    """What every draw reads of the hand ``c`` (``sh``: the shanten after each discard): its held
    kinds, parts, groups and classes."""
    cdef int t, i, u, most = 1
    cdef uint64_t paired = 0
    hand.n_kinds = 0
    hand.held = hand.unseen = 0
    hand.one_part = -1
    hand.forms_play = total == MAX_HAND and (ctx.flags & PLAIN_FORMS) != 0
    _draw_init(draw, ctx, c, total)
    _parts_of(&hand.parts, c)
    draw.stamp = 1
    draw.part_stamp[0] = draw.part_stamp[1] = draw.part_stamp[2] = draw.part_stamp[3] = draw.stamp
    if hand.forms_play:
        _forms_of(&hand.forms, c)
        for t in range(N_KINDS):
            if c[t] and sh[t] > most:
                most = sh[t]
        # a draw lowers seven pairs and orphans by one at most and a discard never lowers them: when
        # the hand's cost there less one is above every discard's target, no drawn hand keeps by them
        hand.forms_play = _forms_cost(&hand.forms, ctx.flags) - 1 <= most
        _kinds_by_count(c, hand.by_count)
    for t in range(N_KINDS):
        hand.discards_drawing[t] = 0
        if c[t]:
            hand.held |= <uint64_t>1 << t
            draw.held_index[t] = hand.n_kinds
            hand.kinds[hand.n_kinds] = t
            hand.n_kinds += 1
            if c[t] > 1:
                paired |= <uint64_t>1 << t
        if ctx.avail[t] > c[t]:
            hand.unseen |= <uint64_t>1 << t
    if total == MAX_HAND:
        for u in range(N_PARTS):
            if not hand.held & ~PART_KINDS[u]:
                hand.one_part = u
    # lone draws (see _discard_draws): a form makes a pair's hand ready (cost 1) only when the hand
    # misses two tiles of it or fewer, for a draw lowers a cost by one at most and a discard never
    hand.lone = ~hand.held & ALL_TILES
    if draw.cost[hand.parts.row[0] * N_ROWS + hand.parts.others[0]] <= 2:   # standard: no tile near
        hand.lone = _far_kinds(hand.held)
    if (ctx.flags & THIRTEEN_ORPHANS and total == MAX_HAND
            and popcount64(ORPHAN_BITS & ~hand.held) + 1 - ((paired & ORPHAN_BITS) != 0) <= 2):
        hand.lone &= ~ORPHAN_BITS
    for u in range(N_PARTS):
        hand.part_tiles[u] = 0
    for t in range(N_KINDS):
        hand.part_tiles[KIND_PART[t]] += c[t]
    memset(draw.hand_held, 0, sizeof(draw.hand_held))
    memset(draw.hand_classes, 0, sizeof(draw.hand_classes))
    for i in range(hand.n_kinds):
        t = hand.kinds[i]
        draw.plus_less[t] = draw.hand_less[t]
        draw.plus_less_row[t] = draw.hand_less[t].row
        draw.hand_held[KIND_PART[t]] |= <uint32_t>1 << i
        draw.hand_classes[_removal_class(t, c[t])] |= <uint32_t>1 << i
    for u in range(N_PARTS):
        _group_by_row(&draw.hand_groups[u], draw.hand_held[u], hand.kinds, draw.plus_less_row)
        draw.plus_groups[u] = draw.hand_groups[u]


cdef inline uint64_t _discard_draws(HandPass* hand, Draw* draw, const Ctx* ctx, uint8_t* c, int d,
                                    const signed char* sh, const uint64_t* mask, const int* tot,
                                    TwoStep* out) noexcept nogil:
    """The draws that count for discard ``d``: its useful draws at one from ready or more, the other
    drawable tiles at tenpai.  Drawing d back gives the hand itself, whose discards are read
    already: that draw is added here, and the others are returned."""
    cdef uint64_t draws
    cdef int s = sh[d], i, e, t, best
    cdef bint good
    _two_step_clear(out)
    hand.weight[d] = hand.sum[d] = hand.good[d] = 0
    draws = _left_unseen(ctx, c, hand.unseen, d)
    if s >= 1:
        hand.target[d] = s
        draws &= mask[d]
    elif s == 0:
        hand.target[d] = 1
        hand.waits[d] = _pair_unseen(draw, mask[d], d, d, d)
        draws &= ~mask[d]
        # a lone draw t stays lone in every hand left plus t less a discard: ready, it waits on t
        # alone (a pair, or a meld missing one tile, would need a copy or a neighbour of t; the
        # forms the hand is far from make no ready hand), for one copy fewer than t's unseen
        # copies for the hand left; no more than the waits, no gain
        draws = _without_lone_draws(draws, hand.lone, ctx, hand.waits[d])
    else:
        draws = 0
    if (draws >> d) & 1:        # drawing d back: the discards e of the hand itself
        draws &= ~(<uint64_t>1 << d)
        best = -1
        good = False
        for i in range(hand.n_kinds):
            e = hand.kinds[i]
            if sh[e] + 1 == hand.target[d]:
                if tot[e] > best:
                    best = tot[e]
                if s == 1 and not good:
                    c[e] -= 1
                    good = _good_wait(ctx, c, mask[e])
                    c[e] += 1
        _add_draw(ctx, c, d, s, best, hand.waits[d], good, &hand.weight[d], &hand.sum[d], &hand.good[d], out)
    return draws


cdef inline int _draw_begin(HandPass* hand, Draw* draw, const Ctx* ctx, uint8_t* c, int t) noexcept nogil:
    """Add the draw ``t`` to the hand ``c`` and read the hand plus the draw; returns its kinds held."""
    cdef int n_kinds = hand.n_kinds
    draw.tile = t
    draw.part = KIND_PART[t]
    draw.stamp += 1
    draw.part_stamp[draw.part] = draw.stamp     # the drawn part changed: its kept draws are read again
    c[t] += 1
    if c[t] == 1:
        draw.held_index[t] = n_kinds
        hand.kinds[n_kinds] = t
        n_kinds += 1
    memcpy(draw.plus_held, draw.hand_held, sizeof(draw.plus_held))
    memcpy(draw.plus_classes, draw.hand_classes, sizeof(draw.plus_classes))
    _plus_parts(draw, &hand.parts, c, hand.kinds, n_kinds, draw.part == hand.one_part)
    # with a discard outside the drawn part, the drawn hand holds tiles of that part alone
    draw.one_part = hand.part_tiles[draw.part] + 1 == MAX_HAND
    if hand.forms_play:
        draw.plus_forms = hand.forms
        _forms_move(&draw.plus_forms, t, c[t] - 1, c[t])
        memcpy(draw.plus_by_count, hand.by_count, sizeof(hand.by_count))
        _by_count_move(draw.plus_by_count, t, c[t] - 1, c[t])
        _forms_less_one(&draw.plus_forms, ctx.flags, draw.plus_forms_less)
    return n_kinds


cdef inline void _draw_end(Draw* draw, const HandPass* hand, uint8_t* c) noexcept nogil:
    """Take the draw back out of the hand ``c``, and the hand's records back into ``plus_less``."""
    cdef uint32_t bits = draw.hand_held[draw.part]
    cdef int k
    c[draw.tile] -= 1
    while bits:
        k = hand.kinds[ctz64(bits)]
        bits &= bits - 1
        draw.plus_less[k] = draw.hand_less[k]
        draw.plus_less_row[k] = draw.hand_less[k].row
    draw.plus_groups[draw.part] = draw.hand_groups[draw.part]
    draw.stamp += 1
    draw.part_stamp[draw.part] = draw.stamp


cdef inline void _drawn_hand(DrawnHand* drawn, const HandPass* hand, const Draw* draw, const uint8_t* c,
                             int d, int target) noexcept nogil:
    """The drawn hand of discard ``d`` (the hand plus the draw, less d) as its discards read it."""
    cdef int a = KIND_PART[d]
    drawn.index = draw.held_index[d]
    drawn.part = a
    drawn.discard = d
    drawn.part_less = draw.plus_less[d]
    drawn.part_less_row = draw.plus_less_row[d]
    drawn.others[a] = draw.plus.others[a]      # the others' products: _drawn_others, once the bound is passed
    drawn.others_read = 0
    # a discard never lowers seven pairs or orphans: those of the drawn hand's discards are at least its own
    drawn.forms_meet = hand.forms_play and draw.plus_forms_less[_removal_class(d, c[d])] <= target
    if drawn.forms_meet:
        drawn.forms = draw.plus_forms
        _forms_move(&drawn.forms, d, c[d], c[d] - 1)
        memcpy(drawn.by_count, draw.plus_by_count, sizeof(drawn.by_count))
        _by_count_move(drawn.by_count, d, c[d], c[d] - 1)


cdef inline void _drawn_others(DrawnHand* drawn, const Draw* draw) noexcept nogil:
    """The products of the drawn hand's rows other than each part outside its discard's part."""
    cdef int a = drawn.part, k, u
    for k in range(3):
        u = OTHER_THREE[a][k]
        drawn.others[u] = PRODUCT[drawn.part_less_row][draw.plus_other_two[a][u]]


cdef inline uint32_t _keeping_discards(DrawnHand* drawn, const HandPass* hand, Draw* draw,
                                       const Ctx* ctx, const uint8_t* c, int target) noexcept nogil:
    """The held indices of the discards e that keep the drawn hand's cost ``target``, without a
    branch.  The costs of the hand less e are at least the drawn hand's in both forms, so e keeps
    the cost where one of them meets it: the standard cost read per group of kinds of one row
    outside the discard's part, per kind inside it; seven pairs and orphans per class."""
    cdef uint32_t keep = 0, bits
    cdef uint32_t classes[N_CLASSES]
    cdef const KindGroups* groups
    cdef int a = drawn.part, i = drawn.index, d = drawn.discard, k, u, j, rest, row = drawn.part_less_row
    if draw.outside_stamp[a][row] == draw.stamp and draw.outside_target[a][row] == target:
        keep = draw.outside_keep[a][row]    # a drawn hand of this draw with the same rows read them
    else:
        for k in range(3):
            u = OTHER_THREE[a][k]
            rest = drawn.others[u]
            groups = &draw.plus_groups[u]
            for j in range(groups.n):
                keep |= groups.held[j] & _all_bits_if(draw.cost[groups.row[j] * N_ROWS + rest] == target)
        draw.outside_stamp[a][row] = draw.stamp
        draw.outside_target[a][row] = target
        draw.outside_keep[a][row] = keep
    bits = draw.plus_held[a]
    rest = drawn.others[a]
    while bits:
        j = ctz64(bits)
        bits &= bits - 1
        keep |= <uint32_t>(draw.cost[drawn.part_less.row_less[KIND_POSITION[hand.kinds[j]]] * N_ROWS + rest]
                           == target) << j
    drawn.standard_keep = keep
    drawn.forms_keep = 0
    if drawn.forms_meet:
        _forms_less_one(&drawn.forms, ctx.flags, drawn.forms_less)
        memcpy(classes, draw.plus_classes, sizeof(classes))
        classes[_removal_class(d, c[d])] &= ~(<uint32_t>1 << i)
        if c[d] > 1:
            classes[_removal_class(d, c[d] - 1)] |= <uint32_t>1 << i
        for k in range(2 * MAX_COPIES):
            drawn.forms_keep |= classes[k] & _all_bits_if(drawn.forms_less[k] == target)
        keep |= drawn.forms_keep
    if c[d] == 1:
        keep &= ~(<uint32_t>1 << i)     # the drawn hand holds no d
    return keep


cdef inline int _best_keeping(DrawnHand* drawn, const HandPass* hand, Draw* draw, const Ctx* ctx,
                              uint8_t* c, uint32_t keep, int s, int target, bint* good) noexcept nogil:
    """The most unseen useful copies after a discard in ``keep`` (-1 for none), and in ``good``
    whether one of them waits in good shape (at one from ready).  The pairs an earlier drawn hand
    of this draw read come first, in a loop of their own (no branch on which were read); at
    tenpai the reading stops once the waits are beaten."""
    cdef int best = -1, i = drawn.index, d = drawn.discard, j, k
    cdef uint32_t bits = keep & draw.pair_read[i]
    good[0] = False
    keep &= ~bits
    while bits:
        j = ctz64(bits)
        bits &= bits - 1
        k = draw.pair_total[i][j]
        best = k if k > best else best
        if s == 1 and not good[0]:
            good[0] = _pair_good(ctx, c, draw, d, hand.kinds[j], i, j)
    while keep and not (s == 0 and best > hand.waits[d]):
        j = ctz64(keep)
        keep &= keep - 1
        k = _pair_useful(ctx, c, draw, drawn, hand.kinds[j], j, target)
        if s == 1 and not good[0]:
            good[0] = _pair_good(ctx, c, draw, d, hand.kinds[j], i, j)
        best = k if k > best else best
    return best


cdef inline uint64_t _ready_waits_outside(const Parts* p, int row, int u, int n) noexcept nogil:
    """Standard-form useful draws outside part ``u`` of the hand of parts ``p`` with part ``u``
    of row ``row`` (a draw added to it): only the products of three parts holding u are read
    again, and they depend on that row alone."""
    cdef uint64_t m = 0
    cdef int v, rest
    for v in range(N_PARTS):
        if v != u:
            rest = PRODUCT[row][p.pair_product[OTHER_TWO[v][u][0]][OTHER_TWO[v][u][1]]]
            m |= _draws_lowering(p.record[v], _cost_entries(p.row[v], rest, n), v)
    return m


cdef bint _ready_improvements(const Ctx* ctx, uint8_t* c, int total, const signed char* sh,
                              const uint64_t* mask, TwoStep* out) noexcept nogil:
    """The improving draws of every discard of the 14-tile hand ``c`` when every discard leaves
    it ready (a complete hand, mostly), read from the 12-tile hands of its pairs {d, e}; returns
    False, touching nothing, for other hands.

    A draw t improves d iff for some e the hand less d and e plus t is ready and waits on more
    unseen copies than the hand left by d (docs/efficiency.md, the tenth and eleventh passes).
    Each form costs that ready hand 1 or more and the hand less d and e 2 or more (a draw lowers
    a cost by one at most, a discard never), so the hand is ready by a form exactly when the
    hand less d and e costs 2 there and t is one of its useful draws there; its waits are the
    useful draws of the forms that cost it 1.  Seven pairs are read only when they cost the
    hand 2 or less (else they cost every hand less d and e 3 or more); a hand that thirteen
    orphans cost 2 or less goes to the draw-by-draw pass.  Each pair's hand is read once for d
    and for e."""
    cdef Parts hand, less_two
    cdef Forms forms, pair_forms, ready_forms
    cdef int16_t unseen_sums[N_PARTS << SUIT_SIZE]
    cdef CostEntries entries
    cdef const PartRecord* hand_less[N_KINDS]
    cdef const PartRecord* r
    cdef uint64_t draws[N_KINDS]
    cdef int waits[N_KINDS]
    cdef uint8_t kinds[MAX_HELD]
    cdef uint64_t by_count[MAX_COPIES + 1]
    cdef uint64_t pair_by_count[MAX_COPIES + 1]
    cdef uint64_t ready_by_count[MAX_COPIES + 1]
    cdef uint64_t both, useful, m, unseen_kinds = 0, held = 0, standard, by_forms, lone
    cdef int n = total // 3, n_kinds = 0, pairs = 0, i, j, d, e, t, a, b, copies, k, u, row_part, row
    cdef uint64_t outside = 0
    cdef bint forms_play = False
    if total != MAX_HAND:
        return False
    for k in range(N_KINDS):
        if c[k]:
            if sh[k] != 0:
                return False
            kinds[n_kinds] = k
            n_kinds += 1
            held |= <uint64_t>1 << k
            pairs += c[k] >> 1
        if ctx.avail[k] > c[k]:
            unseen_kinds |= <uint64_t>1 << k
    # seven pairs cost at least 7 less the pairs held, thirteen orphans 13 less the orphans held:
    # the exact costs are read only when that does not exceed 2
    if (ctx.flags & PLAIN_FORMS and (7 - pairs <= 2 or 13 - popcount64(ORPHAN_BITS & held) <= 2)):
        _forms_of(&forms, c)
        # near thirteen orphans the draw-by-draw pass is cheaper: most draws there are lone
        if ctx.flags & THIRTEEN_ORPHANS and forms.orphans_missing + 1 - (forms.orphans_doubled > 0) <= 2:
            return False
        forms_play = _forms_cost(&forms, ctx.flags) <= 2
        if forms_play:
            _kinds_by_count(c, by_count)
    _parts_of(&hand, c)
    _unseen_subset_sums(unseen_sums, ctx, c)
    # lone draws (see _discard_draws): no copy held and no tile of the suit within two ranks; thirteen
    # orphans cost the hand 3 or more here, so an orphan may be lone too
    lone = _far_kinds(held)
    for i in range(n_kinds):
        d = kinds[i]
        _two_step_clear(&out[d])
        # the hand left's waits, unseen copies counted for it (one more of d)
        waits[d] = _subset_unseen(unseen_sums, mask[d]) + <int>((mask[d] >> d) & 1)
        draws[d] = _left_unseen(ctx, c, unseen_kinds, d) & ~mask[d]     # its drawable non-waits
        draws[d] = _without_lone_draws(draws[d], lone, ctx, waits[d])
        c[d] -= 1
        hand_less[d] = _part_record(c, KIND_PART[d])
        c[d] += 1
    for i in range(n_kinds):
        d = kinds[i]
        a = KIND_PART[d]
        for j in range(i, n_kinds):
            e = kinds[j]
            # the draws left to decide: a draw found to improve a side already, or not drawable
            # there, adds nothing to it (a pair reads only bits to set)
            both = (draws[d] & ~out[d].improving) | (draws[e] & ~out[e].improving)
            if (j == i and c[d] < 2) or not both:
                continue
            b = KIND_PART[e]
            c[d] -= 1
            c[e] -= 1
            less_two = hand
            if b != a:
                _parts_replace(&less_two, hand_less[d], a)
                _parts_replace(&less_two, hand_less[e], b)
            else:
                _parts_replace(&less_two, _part_record(c, a), a)
            standard = by_forms = 0
            if _cost(less_two.row[0], less_two.others[0], n) == 2:
                _cost_entries_of(&entries, &less_two, n)
                standard = entries.draws
            if forms_play:
                pair_forms = forms
                memcpy(pair_by_count, by_count, sizeof(pair_by_count))
                _forms_move(&pair_forms, d, c[d] + 1 + (e == d), c[d] + (e == d))
                _by_count_move(pair_by_count, d, c[d] + 1 + (e == d), c[d] + (e == d))
                _forms_move(&pair_forms, e, c[e] + 1, c[e])
                _by_count_move(pair_by_count, e, c[e] + 1, c[e])
                by_forms = _forms_useful(&pair_forms, pair_by_count, 2, ctx.flags)
            useful = (standard | by_forms) & both
            # drawing d back leaves the hand less e, whose waits are read: d improves when
            # they beat its own, e never
            if (useful >> d) & 1 and e != d:
                useful &= ~(<uint64_t>1 << d)
                if waits[e] > waits[d]:
                    out[d].improving |= draws[d] & (<uint64_t>1 << d)
            if (useful >> e) & 1 and e != d:
                useful &= ~(<uint64_t>1 << e)
                if waits[d] > waits[e]:
                    out[e].improving |= draws[e] & (<uint64_t>1 << e)
            row_part = row = -1
            while useful:
                t = ctz64(useful)
                useful &= useful - 1
                c[t] += 1
                m = 0
                if (standard >> t) & 1:
                    # the ready hand's draws outside t's part depend on the row of that part alone:
                    # read again only when it changes (the draws of one part come in turn)
                    u = KIND_PART[t]
                    r = _part_record(c, u)
                    if u != row_part or r.row != row:
                        row_part = u
                        row = r.row
                        outside = _ready_waits_outside(&less_two, row, u, n)
                    m = _draws_lowering(r, _cost_entries(row, less_two.others[u], n), u) | outside
                if (by_forms >> t) & 1:
                    ready_forms = pair_forms
                    memcpy(ready_by_count, pair_by_count, sizeof(ready_by_count))
                    _forms_move(&ready_forms, t, c[t] - 1, c[t])
                    _by_count_move(ready_by_count, t, c[t] - 1, c[t])
                    m |= _forms_useful(&ready_forms, ready_by_count, 1, ctx.flags)
                c[t] -= 1
                # unseen copies for the ready hand: one more of d and of e, one fewer of t
                k = (_subset_unseen(unseen_sums, m) + <int>((m >> d) & 1) + <int>((m >> e) & 1)
                     - <int>((m >> t) & 1))
                if k > waits[d]:
                    out[d].improving |= draws[d] & (<uint64_t>1 << t)
                if k > waits[e]:
                    out[e].improving |= draws[e] & (<uint64_t>1 << t)
            c[d] += 1
            c[e] += 1
    for i in range(n_kinds):
        d = kinds[i]
        m = out[d].improving
        while m:
            t = ctz64(m)
            m &= m - 1
            copies = ctx.avail[t] - c[t] + (t == d)     # unseen copies of t for the hand left
            out[d].improving_total += copies
    return True


cdef void _two_step_rows(const Ctx* ctx, uint8_t* c, int total, const signed char* sh, const uint64_t* mask,
                         const int* tot, TwoStep* out) noexcept nogil:
    """Two-step figures of every discard d of the 3n+2 hand ``c`` by rows (``ctx.row_path``);
    ``sh``, ``mask`` and ``tot``: the hand's discards, every one read.

    For each draw t, the drawn hands (the hand less d plus t) of every discard d that draws t
    share the hand plus t, and their discards are the hand plus t less a pair {d, e} of its
    kinds: a drawn hand reads which of its discards keep its cost from rows (a few loads, no
    branch), and a pair's useful draws once for every drawn hand that keeps it.  Derivation:
    docs/efficiency.md, "Two-step figures"."""
    cdef HandPass hand
    cdef Draw draw
    cdef DrawnHand drawn
    cdef uint64_t all_draws = 0, draws, discards
    cdef uint32_t keep
    cdef uint64_t lowering
    cdef uint64_t copied
    cdef uint32_t later
    cdef int* record
    cdef int d, t, s, best, bound, tw, read
    cdef bint good
    if _ready_improvements(ctx, c, total, sh, mask, out):
        return
    _hand_pass_init(&hand, &draw, ctx, c, total, sh)
    _twins_init(&hand, &draw, ctx, c)
    discards = hand.held
    while discards:
        d = ctz64(discards)
        discards &= discards - 1
        if hand.twin[d] != d:
            hand.weight[d] = 0
            continue        # its twin's figures, swapped (below)
        draws = _discard_draws(&hand, &draw, ctx, c, d, sh, mask, tot, &out[d])
        all_draws |= draws
        while draws:
            t = ctz64(draws)
            draws &= draws - 1
            hand.discards_drawing[t] |= <uint64_t>1 << d
    while all_draws:
        t = ctz64(all_draws)
        all_draws &= all_draws - 1
        discards = hand.discards_drawing[t]
        tw = hand.twin[t]
        if tw != t:
            # a discard d outside t's twins: swapping t and its twin tw keeps the hand left and maps
            # its drawn hand with t to the one with tw, read already
            copied = discards & ~hand.twins_of[tw]
            discards &= ~copied
            c[t] += 1
            while copied:
                d = ctz64(copied)
                copied &= copied - 1
                read = hand.twin_best[tw - FIRST_HONOR][d]
                _add_draw(ctx, c, t, sh[d], (read >> 1) - 1, hand.waits[d], read & 1, &hand.weight[d], &hand.sum[d],
                          &hand.good[d], &out[d])
            c[t] -= 1
            if not discards:
                continue
        record = hand.twin_best[t - FIRST_HONOR if t >= FIRST_HONOR else N_KINDS - FIRST_HONOR]
        # the later twins of a class without t: each keeps (or not) as its first twin, for the same total;
        # the drawn hand of a first twin keeps its second (the pair of both)
        later = hand.twin_later & ~hand.twin_later_of[tw]
        _draw_begin(&hand, &draw, ctx, c, t)
        while discards:
            d = ctz64(discards)
            discards &= discards - 1
            s = sh[d]
            record[d] = 0
            _drawn_hand(&drawn, &hand, &draw, c, d, hand.target[d])
            # (records hold no draws for a part of 14 tiles: a drawn hand in one part goes without the bound)
            bound = -1
            if s == 0 and not (draw.one_part and drawn.part != draw.part) and draw.part != hand.one_part:
                bound = _improving_bound(ctx, &draw, &drawn, hand.target[d], &lowering)
                if bound <= hand.waits[d]:
                    continue        # no discard of this drawn hand waits on more: no improvement
            _drawn_others(&drawn, &draw)
            keep = _keeping_discards(&drawn, &hand, &draw, ctx, c, hand.target[d])
            keep &= ~(later & ~hand.twin_second[d])
            if s == 0:      # discarding the draw again leaves the hand left: its waits, never more
                keep &= ~(<uint32_t>1 << draw.held_index[t])
                # a discard e is no draw of its own pair's hand: its copies come off the bound
                if bound >= 0:
                    keep = _keep_beating(ctx, &hand, c, keep, lowering, d, bound)
                    if not keep:
                        continue
            best = _best_keeping(&drawn, &hand, &draw, ctx, c, keep, s, hand.target[d], &good)
            record[d] = 2 * (best + 1) + good
            _add_draw(ctx, c, t, s, best, hand.waits[d], good, &hand.weight[d], &hand.sum[d], &hand.good[d],
                      &out[d])
        _draw_end(&draw, &hand, c)
    discards = hand.held
    while discards:
        d = ctz64(discards)
        discards &= discards - 1
        if hand.weight[d]:
            out[d].two_step = <double>hand.sum[d] / hand.weight[d]
            if sh[d] == 1:
                out[d].good_shape = <double>hand.good[d] / hand.weight[d]
    discards = hand.held
    while discards:
        d = ctz64(discards)
        discards &= discards - 1
        tw = hand.twin[d]
        if tw != d:
            out[d] = out[tw]
            read = ((out[d].improving >> tw) & 1) != ((out[d].improving >> d) & 1)
            out[d].improving ^= (<uint64_t>read << tw) | (<uint64_t>read << d)
