# One draw of the two-step pass on the row path (``ctx.row_path``): the hand plus the draw by
# parts and the records of its parts less one kind (``Draw``), the drawn hand of a discard as
# its second discards read it (``DrawnHand``), the useful draws of a pair's hand and whether it
# waits in good shape (read once per pair), a draw added to a discard's figures, and the
# improving bound.
#
# Words (docs/efficiency.md has the derivation's letters beside them): the hand (14 tiles, H); a
# discard d leaves the hand left (X = H - d); a draw t of the hand left gives the drawn hand
# (Y = H - d + t); a second discard e of the drawn hand leaves the pair's hand (Z = H + t - d - e),
# for the pair {d, e} of kinds of the hand plus the draw (H + t).  Held indices number the kinds
# of the hand plus the draw, so that a set of them is one 32-bit mask.  "Keeps" means: leaves
# the same cost (the discard does not go back in shanten).
# Stands on: efficiency_row_path.pxi and the helpers of efficiency.pyx before it.

cdef inline bint _good_wait(const Ctx* ctx, const uint8_t* c, uint64_t waits) noexcept nogil:
    """Whether the ready hand ``c`` waits on two kinds or more with more than four copies outside
    the hand (a two-sided wait or better; not a single, closed, edge or shanpon wait)."""
    cdef int copies = 0, wait
    if not waits & (waits - 1):
        return False
    while waits:
        wait = ctz64(waits)
        waits &= waits - 1
        copies += ctx.lim[wait] - c[wait]
    return copies > 4


cdef enum:
    MAX_HELD = 16               # kinds held by the hand plus the draw: at most 15
    N_CLASSES = 2 * MAX_COPIES  # classes of removing one copy of a kind: its count 1-4, orphan or not


ctypedef struct KindGroups:     # the held kinds of a part, grouped by the row of the part less the kind
    int n
    uint8_t row[MAX_HELD]       # row[k]: the row of group k
    uint32_t held[MAX_HELD]     # held[k]: its kinds as held indices


ctypedef struct Draw:           # the hand, and one draw t: the hand plus the draw, and its pairs by held indices
    Parts plus                  # the hand plus the draw by parts (the hand's drawn part when it would hold 15 tiles)
    Forms plus_forms            # ... for seven pairs and thirteen orphans
    uint64_t plus_by_count[MAX_COPIES + 1]
    int8_t plus_forms_less[N_CLASSES]       # its seven pairs and orphans cost less one kind, by class
    const PartRecord* plus_less[N_KINDS]    # [k]: record of k's part of the hand plus the draw, less one k
    uint8_t plus_less_row[N_KINDS]          # its row id
    const PartRecord* hand_less[N_KINDS]    # [k]: record of k's part of the hand less one k
    const PartRecord* hand_less_two[MAX_HELD][MAX_HELD]     # [i][j]: of their part of the hand less both (NULL unread)
    uint8_t held_index[N_KINDS]             # held index of a kind of the hand plus the draw
    uint8_t plus_other_two[N_PARTS][N_PARTS]    # [a][u]: product of the rows other than parts a and u
    const uint8_t* cost         # COST at the hand's melds
    const uint16_t* cost_entries    # COST_ENTRIES at the hand's melds
    int16_t unseen_sums[N_PARTS][1 << SUIT_SIZE]    # [u][m]: unseen copies for the hand of the kinds m of part u
    int tile                    # the draw
    int part                    # its part
    int melds                   # melds of a complete hand
    bint one_part               # the hand holds 13 tiles of the drawn part
    uint32_t stamp              # counts the changes of part records
    uint32_t part_stamp[N_PARTS]    # [v]: the stamp of part v's record in the hand plus the draw
    uint32_t kept_stamp[N_PARTS][MAX_ROWS]  # [v][rest] == part_stamp[v]: kept_draws[v][rest] is read
    uint16_t kept_draws[N_PARTS][MAX_ROWS]  # useful draws in part v of a hand whose other parts multiply to ``rest``
    uint32_t outside_stamp[N_PARTS][MAX_ROWS]   # [a][row] == stamp: outside_keep[a][row] is read for this draw
    int outside_target[N_PARTS][MAX_ROWS]       # ... for this target
    uint32_t outside_keep[N_PARTS][MAX_ROWS]    # discards outside part a keeping a drawn hand of that row in a
    uint32_t bound_stamp[N_PARTS][MAX_ROWS]     # [a][row] == stamp: bound_outside[a][row] is read for this draw
    uint64_t bound_outside[N_PARTS][MAX_ROWS]   # draws outside part a lowering a drawn hand of that row in a
    KindGroups hand_groups[N_PARTS]     # [u]: the hand's kinds of part u by the row of the part less the kind
    KindGroups plus_groups[N_PARTS]     # the same for the hand plus the draw
    uint32_t hand_held[N_PARTS]         # [u]: held indices of the hand in part u
    uint32_t plus_held[N_PARTS]         # ... of the hand plus the draw
    uint32_t hand_classes[N_CLASSES]    # held indices of the hand by the class of removing one copy
    uint32_t plus_classes[N_CLASSES]    # ... of the hand plus the draw
    uint32_t pair_read[MAX_HELD]        # bit j of [i]: the useful draws and total of the pair (i, j) are read
    uint32_t good_read[MAX_HELD]        # bit j of [i]: whether its hand waits in good shape is read
    uint32_t good_wait[MAX_HELD]        # ... and it does
    int16_t pair_total[MAX_HELD][MAX_HELD]      # unseen copies of the pair's useful draws
    uint64_t pair_draws[MAX_HELD][MAX_HELD]     # the pair's useful draws


cdef extern from *:
    """
    /* sums[m] for every subset m of n kinds: sums of their unseen copies ``unseen``.  Each kind
       doubles the table: the upper half is the lower plus its copies, eight at once (SSE2) from
       the fourth kind on. */
    static inline void mf_subset_sums(short* sums, const short* unseen, int n) {
        int i, m, half;
        sums[0] = 0;
        for (i = 0; i < n; i++) {
            half = 1 << i;
    #if defined(__SSE2__) || defined(_M_X64)
            if (half >= 8) {
                __m128i v = _mm_set1_epi16(unseen[i]);
                for (m = 0; m < half; m += 8)
                    _mm_storeu_si128((__m128i*)(sums + half + m),
                                     _mm_add_epi16(_mm_loadu_si128((const __m128i*)(sums + m)), v));
                continue;
            }
    #endif
            for (m = 0; m < half; m++)
                sums[half + m] = (short)(sums[m] + unseen[i]);
        }
    }
    """
    void _subset_sums "mf_subset_sums"(int16_t* sums, const int16_t* unseen, int n) noexcept nogil


cdef inline void _unseen_subset_sums(int16_t* sums, const Ctx* ctx, const uint8_t* c) noexcept nogil:
    """``sums[(u << SUIT_SIZE) + m]``: the unseen copies for the hand ``c`` of the kinds ``m`` of part
    u, for every subset m of the part's kinds (512 per suit, 128 for the honours)."""
    cdef int u, i, n
    cdef int16_t unseen[SUIT_SIZE]
    for u in range(N_PARTS):
        n = SUIT_SIZE if u < N_SUITS else N_KINDS - FIRST_HONOR     # the honours: 128 sums
        for i in range(n):
            unseen[i] = <int16_t>_unseen(ctx, c, SUIT_SIZE * u + i)
        _subset_sums(sums + (u << SUIT_SIZE), unseen, n)


cdef inline int _subset_unseen(const int16_t* sums, uint64_t m) noexcept nogil:
    """Unseen copies of the kinds ``m`` by the sums of ``_unseen_subset_sums``: four loads."""
    return (sums[m & 0x1FF] + sums[(1 << SUIT_SIZE) + ((m >> SUIT_SIZE) & 0x1FF)]
            + sums[(2 << SUIT_SIZE) + ((m >> (2 * SUIT_SIZE)) & 0x1FF)]
            + sums[(3 << SUIT_SIZE) + (m >> (3 * SUIT_SIZE))])


cdef void _draw_init(Draw* draw, const Ctx* ctx, uint8_t* c, int total) noexcept nogil:
    """What every draw of the hand ``c`` reads of it: unseen sums, parts less one kind."""
    cdef int k
    draw.melds = total // 3
    draw.cost_entries = COST_ENTRIES + draw.melds * N_ROWS * N_ROWS
    draw.cost = COST + draw.melds * N_ROWS * N_ROWS
    _unseen_subset_sums(&draw.unseen_sums[0][0], ctx, c)
    for k in range(N_KINDS):
        if c[k]:
            c[k] -= 1
            draw.hand_less[k] = _part_record(c, KIND_PART[k])
            c[k] += 1
    memset(draw.kept_stamp, 0, sizeof(draw.kept_stamp))
    memset(draw.outside_stamp, 0, sizeof(draw.outside_stamp))
    memset(draw.bound_stamp, 0, sizeof(draw.bound_stamp))
    memset(draw.hand_less_two, 0, sizeof(draw.hand_less_two))


cdef inline int _hand_unseen(const Draw* draw, uint64_t m) noexcept nogil:
    """Unseen copies of the kinds ``m`` for the hand."""
    return (draw.unseen_sums[0][m & 0x1FF] + draw.unseen_sums[1][(m >> SUIT_SIZE) & 0x1FF]
            + draw.unseen_sums[2][(m >> (2 * SUIT_SIZE)) & 0x1FF] + draw.unseen_sums[3][m >> (3 * SUIT_SIZE)])


cdef inline int _pair_unseen(const Draw* draw, uint64_t m, int d, int t, int e) noexcept nogil:
    """Unseen copies of the draws ``m`` for the pair's hand: the hand less ``d`` and ``e`` plus ``t``
    (``t`` drawable: no count goes below zero)."""
    return _hand_unseen(draw, m) + <int>((m >> d) & 1) - <int>((m >> t) & 1) + <int>((m >> e) & 1)


cdef inline uint64_t _part_draws(const Draw* draw, const PartRecord* r, int row, int rest, int u) noexcept nogil:
    """Useful draws in part ``u`` (record ``r``, of row id ``row``: given apart so that the table
    load need not wait for the record's) of a hand whose other three parts multiply to ``rest``."""
    return _draws_lowering(r, draw.cost_entries[row * N_ROWS + rest], u)


cdef inline uint64_t _kept_part_draws(Draw* draw, int v, int rest) noexcept nogil:
    """``_part_draws`` for a part ``v`` that the pair's hand keeps from the hand plus the draw:
    one load once read, for it depends on nothing but ``rest``."""
    if draw.kept_stamp[v][rest] != draw.part_stamp[v]:
        draw.kept_stamp[v][rest] = draw.part_stamp[v]
        draw.kept_draws[v][rest] = <uint16_t>_part_draws(draw, draw.plus.record[v], draw.plus.row[v], rest, 0)
    return <uint64_t>draw.kept_draws[v][rest] << (SUIT_SIZE * v)


cdef inline void _forms_less_one(const Forms* f, int flags, int8_t* cost) noexcept nogil:
    """``cost[2 (k - 1) + o]``: seven pairs and orphans cost of the hand of ``f`` less one copy
    of a kind it holds k times (1-4), an orphan when o is 1: the class of that removal
    (``_forms_move``, then ``_forms_cost``, read nothing else of the kind)."""
    cdef int k, ev, p, sg, need, v, kinds, orph = INF, orph_less = INF
    for k in range(1, MAX_COPIES + 1):
        ev = (k & 1) == 0
        v = INF
        if flags & SEVEN_PAIRS:
            p = f.pairs - ev
            sg = f.singles - 1 + 2 * ev
            need = 7 - p if p < 7 else 0
            v = need + (need - sg if need > sg else 0)
        elif flags & SEVEN_PAIRS_DISTINCT:
            kinds = f.kinds - (k == 1)
            v = 7 - (f.doubles - (k == 2)) + (7 - kinds if kinds < 7 else 0)
        if flags & THIRTEEN_ORPHANS:
            orph = f.orphans_missing + 1 - (f.orphans_doubled > 0)
            orph_less = f.orphans_missing + (k == 1) + 1 - (f.orphans_doubled - (k == 2) > 0)
        cost[2 * (k - 1)] = v if v < orph else orph
        cost[2 * (k - 1) + 1] = v if v < orph_less else orph_less


ctypedef struct DrawnHand:      # the drawn hand of a discard d, as its discards e read it
    const PartRecord* part_less     # record of d's part of the hand plus the draw, less d
    int part_less_row           # its row id
    int discard                 # d
    int part                    # d's part
    int index                   # d's held index
    uint8_t others[N_PARTS]     # [u]: product of the drawn hand's rows other than part u's
    bint forms_meet             # its seven pairs or orphans cost meets its cost
    uint32_t standard_keep      # held indices e whose discard keeps its standard cost
    uint32_t forms_keep         # ... keeps it in seven pairs or orphans
    int8_t forms_less[N_CLASSES]    # its seven pairs and orphans cost less one kind, by class
    Forms forms                 # the drawn hand for seven pairs and orphans
    uint64_t by_count[MAX_COPIES + 1]   # its kinds by count
    uint32_t others_read        # the slots of ``other_draws`` read for this drawn hand
    uint8_t others_row[32]      # slot u * 8 + (row & 7): the row of part u it was read for
    uint64_t other_draws[32]    # useful draws outside part u, the same for every e leaving that row


cdef inline int _removal_class(int t, int k) noexcept nogil:
    """The class of removing one of the k copies of kind t: its index into ``_forms_less_one``."""
    return 2 * (k - 1) + <int>((ORPHAN_BITS >> t) & 1)


cdef inline uint32_t _all_bits_if(bint cond) noexcept nogil:
    """Every bit when ``cond``, else none: a select without a branch."""
    return <uint32_t>0 - <uint32_t>cond


cdef inline int _pair_useful(const Ctx* ctx, uint8_t* c, Draw* draw, DrawnHand* drawn, int e, int j,
                             int cost) noexcept nogil:
    """Useful draws of the pair's hand of the drawn hand less ``e`` (held index ``j``; ``c`` holds
    the hand plus the draw; cost ``cost``) and their unseen copies, kept at (i, j) and (j, i).
    The pair's hand differs from the drawn hand in e's part u only: the draws of the other parts
    depend on its row there alone, read once per row and drawn hand, and those of parts it keeps
    from the hand plus the draw once per product of the rest (``_kept_part_draws``)."""
    cdef Forms pair_forms
    cdef uint64_t pair_by_count[MAX_COPIES + 1]
    cdef uint64_t m = 0, outside
    cdef const PartRecord* r
    cdef int d = drawn.discard, a = drawn.part, i = drawn.index, u = KIND_PART[e], row, v, rest, slot, copies
    if (drawn.standard_keep >> j) & 1:
        # the row of e's part in the pair's hand, and the draws inside that part
        row = drawn.part_less.row_less[KIND_POSITION[e]] if u == a else draw.plus_less_row[e]
        if a != u:
            m = _part_draws(draw, draw.plus_less[e], row, drawn.others[u], u)
        else:
            r = NULL
            if u != draw.part:        # the hand's part less d and e: the same for every draw outside it
                r = draw.hand_less_two[i][j]
            if r == NULL:
                c[d] -= 1
                c[e] -= 1
                r = _part_record(c, u)
                c[d] += 1
                c[e] += 1
                if u != draw.part:
                    draw.hand_less_two[i][j] = draw.hand_less_two[j][i] = r
            m = _part_draws(draw, r, row, drawn.others[u], u)
        # the draws outside part u depend on that row alone: read once per row and drawn hand
        slot = u * 8 + (row & 7)
        if (drawn.others_read >> slot) & 1 and drawn.others_row[slot] == row:
            outside = drawn.other_draws[slot]
        else:
            if a != u:      # the discard's part (the drawn hand's), and the two parts kept from the hand plus the draw
                rest = draw.plus_other_two[a][u]
                outside = _part_draws(draw, drawn.part_less, drawn.part_less_row, PRODUCT[row][rest], a)
                rest = PRODUCT[drawn.part_less_row][row]
                outside |= _kept_part_draws(draw, OTHER_TWO[a][u][0], PRODUCT[rest][draw.plus.row[OTHER_TWO[a][u][1]]])
                outside |= _kept_part_draws(draw, OTHER_TWO[a][u][1], PRODUCT[rest][draw.plus.row[OTHER_TWO[a][u][0]]])
            else:           # the three parts kept from the hand plus the draw
                v = OTHER_THREE[u][0]
                outside = _kept_part_draws(draw, v, PRODUCT[row][draw.plus_other_two[v][u]])
                v = OTHER_THREE[u][1]
                outside |= _kept_part_draws(draw, v, PRODUCT[row][draw.plus_other_two[v][u]])
                v = OTHER_THREE[u][2]
                outside |= _kept_part_draws(draw, v, PRODUCT[row][draw.plus_other_two[v][u]])
            drawn.others_read |= <uint32_t>1 << slot
            drawn.others_row[slot] = row
            drawn.other_draws[slot] = outside
        m |= outside
    if (drawn.forms_keep >> j) & 1:     # seven pairs or orphans keep the cost: their draws too
        copies = c[e] - (e == d)        # e's copies in the drawn hand
        pair_forms = drawn.forms
        memcpy(pair_by_count, drawn.by_count, sizeof(pair_by_count))
        _forms_move(&pair_forms, e, copies, copies - 1)
        _by_count_move(pair_by_count, e, copies, copies - 1)
        m |= _forms_useful(&pair_forms, pair_by_count, cost, ctx.flags)
    draw.pair_draws[i][j] = draw.pair_draws[j][i] = m
    draw.pair_total[i][j] = draw.pair_total[j][i] = _pair_unseen(draw, m, d, draw.tile, e)
    draw.pair_read[i] |= <uint32_t>1 << j
    draw.pair_read[j] |= <uint32_t>1 << i
    return draw.pair_total[i][j]


cdef inline bint _pair_good(const Ctx* ctx, uint8_t* c, Draw* draw, int d, int e, int i, int j) noexcept nogil:
    """Whether the ready pair's hand (the hand plus the draw less ``d`` and ``e``) waits in good
    shape (its useful draws read)."""
    cdef bint good
    if not (draw.good_read[i] >> j) & 1:
        c[d] -= 1
        c[e] -= 1
        good = _good_wait(ctx, c, draw.pair_draws[i][j])
        c[d] += 1
        c[e] += 1
        draw.good_read[i] |= <uint32_t>1 << j
        draw.good_read[j] |= <uint32_t>1 << i
        if good:
            draw.good_wait[i] |= <uint32_t>1 << j
            draw.good_wait[j] |= <uint32_t>1 << i
    return (draw.good_wait[i] >> j) & 1


cdef inline void _add_draw(const Ctx* ctx, const uint8_t* c, int t, int s, int best, int waits, bint g,
                           int* weight, int* num, int* good, TwoStep* out) noexcept nogil:
    """Add the draw ``t`` of the hand left by a discard (``c`` holds it plus t), whose best keeping
    discard leaves ``best`` unseen useful copies (-1: none keeps), to that discard's figures."""
    cdef int n_t = ctx.avail[t] - c[t] + 1        # unseen copies of t for the hand left
    if s >= 1:
        weight[0] += n_t
        num[0] += n_t * (best if best > 0 else 0)
        good[0] += n_t if g else 0
    elif best > waits:
        out.improving |= <uint64_t>1 << t
        out.improving_total += n_t


cdef void _group_by_row(KindGroups* g, uint32_t bits, const uint8_t* kinds, const uint8_t* row_less) noexcept nogil:
    """The held indices ``bits`` (of the ``kinds``) grouped by the row ``row_less`` of each kind."""
    cdef int j, k, v
    g.n = 0
    while bits:
        j = ctz64(bits)
        bits &= bits - 1
        v = row_less[kinds[j]]
        for k in range(g.n + 1):
            if k == g.n:
                g.row[k] = v
                g.held[k] = <uint32_t>1 << j
                g.n += 1
                break
            if g.row[k] == v:
                g.held[k] |= <uint32_t>1 << j
                break


cdef inline int _improving_bound(const Ctx* ctx, Draw* draw, const DrawnHand* drawn, int cost,
                                 uint64_t* lowering) noexcept nogil:
    """A bound on the useful copies after a discard that keeps the drawn hand's cost ``cost``: the
    unseen copies of the draws that lower the drawn hand's own cost.  Every useful draw x of such
    a pair's hand lowers the drawn hand's cost too (the pair's hand plus x lies in the drawn hand
    plus x), and e itself draws nothing for it (adding e back gives the drawn hand); those draws
    go to ``lowering``."""
    cdef uint64_t m = 0, outside
    cdef int a = drawn.part, row = drawn.part_less_row, v, kk
    if draw.cost[row * N_ROWS + drawn.others[a]] == cost:     # its standard cost meets its cost
        m = _part_draws(draw, drawn.part_less, row, drawn.others[a], a)
        # the draws outside part a depend on its row alone: read once per row and draw
        if draw.bound_stamp[a][row] == draw.stamp:
            m |= draw.bound_outside[a][row]
        else:
            outside = 0
            for kk in range(3):
                v = OTHER_THREE[a][kk]
                outside |= _kept_part_draws(draw, v, PRODUCT[row][draw.plus_other_two[a][v]])
            draw.bound_stamp[a][row] = draw.stamp
            draw.bound_outside[a][row] = outside
            m |= outside
    if drawn.forms_meet:
        m |= _forms_useful(&drawn.forms, drawn.by_count, cost, ctx.flags)
    lowering[0] = m
    # the unseen copies for the drawn hand: one more of d, one fewer of the draw
    return _hand_unseen(draw, m) + <int>((m >> drawn.discard) & 1) - <int>((m >> draw.tile) & 1)


cdef void _plus_parts(Draw* draw, const Parts* hand, uint8_t* c, const uint8_t* kinds, int n_kinds,
                      bint full) noexcept nogil:
    """The hand plus the draw (``c``) by parts, and the records of its drawn part less each held
    kind (``full``: the drawn part would hold 15 tiles, and keeps the hand's record); the records
    of the other parts less a kind are the hand's, kept in ``plus_less`` between draws."""
    cdef int i, k, a, u = draw.part
    cdef uint32_t bits
    cdef const PartRecord* plus = NULL
    if not full:
        plus = _part_record(c, u)
    if n_kinds > 0 and kinds[n_kinds - 1] == draw.tile and c[draw.tile] == 1:
        draw.plus_held[u] |= <uint32_t>1 << (n_kinds - 1)
    bits = draw.plus_held[u]
    while bits:
        i = ctz64(bits)
        bits &= bits - 1
        k = kinds[i]
        if k == draw.tile:
            draw.plus_less[k] = hand.record[u]
        else:
            c[k] -= 1
            draw.plus_less[k] = _part_record(c, u)
            c[k] += 1
        draw.plus_less_row[k] = draw.plus_less[k].row
    memset(draw.pair_read, 0, n_kinds * sizeof(uint32_t))
    memset(draw.good_read, 0, n_kinds * sizeof(uint32_t))
    memset(draw.good_wait, 0, n_kinds * sizeof(uint32_t))
    draw.plus = hand[0]
    if not full:
        _parts_replace(&draw.plus, plus, u)
    for a in range(N_PARTS):
        for i in range(N_PARTS):
            draw.plus_other_two[a][i] = draw.plus.pair_product[OTHER_TWO[a][i][0]][OTHER_TWO[a][i][1]] if a != i else 0
    draw.plus_groups[u] = draw.hand_groups[u]
    _group_by_row(&draw.plus_groups[u], draw.plus_held[u], kinds, draw.plus_less_row)
    k = c[draw.tile] - 1                  # the draw's copies in the hand
    if k:
        draw.plus_classes[_removal_class(draw.tile, k)] &= ~(<uint32_t>1 << draw.held_index[draw.tile])
    draw.plus_classes[_removal_class(draw.tile, k + 1)] |= <uint32_t>1 << draw.held_index[draw.tile]
