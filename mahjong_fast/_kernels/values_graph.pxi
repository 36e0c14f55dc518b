# The graph of the search (``values_py.Graph``): its draw and choice states, memoised on the
# separated hand and riichi (``_StateSlot``), their edges, the hand's keys kept as tiles come and go,
# the parts met and their rows (``values_forms.pxi``), and the score of
# a winning edge (the scoring kernel in C, the ura expectation ``_ura``).
# Stands on: the cimports of values.pyx, values_table.pxi, values_forms.pxi, and _ura, _up, _grown.

# the states, edges and table slots the last search from as far from ready grew its arrays to
# (by the hand's distance, 0 to HINT_DISTANCES - 1, a farther one as the last): the next such
# search starts there rather than doubling (and copying, and for the table rehashing) its way up;
# the table, cleared when made, at most _SLOTS_HINT_MOST slots
cdef enum:
    HINT_DISTANCES = 8
cdef int _STATES_HINT[HINT_DISTANCES]
cdef int _EDGES_HINT[HINT_DISTANCES]
cdef int _SLOTS_HINT[HINT_DISTANCES]
cdef int _SLOTS_HINT_MOST = 1 << 20
cdef int _i, _merged_kind
cdef unsigned long long _power = 1  # 5 ** (i % 17) for the i below 34
for _i in range(HINT_DISTANCES):
    _STATES_HINT[_i] = 1024
    _EDGES_HINT[_i] = 4096
    _SLOTS_HINT[_i] = 4096


# what a tile of separated kind i adds to the hand's keys (``_Graph._shift``): to key0 and key1 (one
# of them 0: the counts of kinds 0-16 in base 5 in key0, of kinds 17-33 in key1, the red fives'
# above them), to its part's key (part _KIND_PART[i], position _KIND_POSITION[i] there: a red
# five is its suit's five)
cdef unsigned long long _KEY0_STEP[NS]
cdef unsigned long long _KEY1_STEP[NS]
cdef unsigned int _PART_KEY_STEP[NS]
cdef unsigned char _KIND_PART[NS]
cdef unsigned char _KIND_POSITION[NS]
for _i in range(NS):
    _merged_kind = _i if _i < 34 else 9 * (_i - 34) + 4
    _KIND_PART[_i] = _part(_merged_kind)
    _KIND_POSITION[_i] = _merged_kind - 9 * _KIND_PART[_i]
    if _i == 17:
        _power = 1
    _KEY0_STEP[_i] = _power if _i < 17 else 0
    _KEY1_STEP[_i] = 0 if _i < 17 else _power if _i < 34 else 1ULL << (COUNT_BITS + RED_BITS * (_i - 34))
    _power *= 5
    _PART_KEY_STEP[_i] = 1U << (3 * _KIND_POSITION[_i])


cdef enum:
    DRAW_LABEL = 128    # a draw state's label: 128 + the tiles it holds beyond the hand (a choice state's: those tiles)
    UNREACHED = 127     # the label of a choice state no edge enters (the figures step's)


cdef enum:
    COUNT_BITS = 40     # the bits of 17 counts (0-4) in base 5: 5 ** 17 < 2 ** 40
    RED_BITS = 3        # of key1 for each red five's count, above the counts
    RIICHI_BIT = COUNT_BITS + 3 * RED_BITS
    DRAW_BIT = RIICHI_BIT + 1
    MAX_STATES = 0xFFFFFF   # a state number is the top 24 bits of a slot's first word; all ones: empty

cdef unsigned long long COUNTS_MASK = (1ULL << COUNT_BITS) - 1
cdef unsigned long long EMPTY_SLOT = ~0ULL


ctypedef struct _StateSlot:
    # a state in the table: key0 | its number << COUNT_BITS, and key1 with riichi and draw (16
    # bytes, four to a cache line); both words all ones when the slot is empty
    unsigned long long first
    unsigned long long second


ctypedef struct _Slot:
    unsigned long long k0
    unsigned long long k1
    int state


@cython.final  # no subclass: its methods are called directly, not through a table, and can be inlined
cdef class _Graph:
    cdef unsigned char hand[NS]
    cdef unsigned char wall[NS]
    cdef unsigned char origin[NS]
    cdef int limit, distance
    cdef int hint                   # the hand's distance from ready as the hints keep it (HINT_DISTANCES)
    cdef SearchFacts facts          # the situation's (its meld_kind and meld_tile read only when c_scoring)
    cdef object score_counts, melds
    cdef bint c_scoring             # score_counts is the compiled kernel's: score_hand_c called in place
    # the states by key (``_key``): open addressing, ``slots`` a power of two
    cdef _StateSlot* table
    cdef int slots, used, slot_shift   # slots == 1 << (64 - slot_shift)
    cdef unsigned int missed_at     # the empty slot where the last ``_find`` that missed stopped
    # states
    cdef int n, cap
    cdef unsigned char* tenpai
    # out_kinds[2 v + r]: the kinds whose edge from draw state v to the choice state with riichi r is made
    cdef unsigned long long* out_kinds
    # edges, in the order made (the figures step lays them out by state: ``_figures``)
    cdef int m, ecap
    cdef int* e_source
    cdef int* e_target
    cdef int* e_weight
    cdef double* e_score
    # label[v]: the tiles the hand of state v holds beyond the hand searched (at most 126), plus
    # DRAW_LABEL for a draw state: a lower bound of its draws from the discards (``_figures``)
    cdef unsigned char* label
    # the ura distribution of a complete hand's choice state, computed once: ura_at[v] its row in
    # ura_rows (13 probabilities) or -1
    cdef int* ura_at
    cdef double* ura_rows
    cdef int n_ura, ura_cap
    # what the wins of a complete hand's choice state share, read once (``hand_part_c``):
    # scoring_at[v] its place in scoring_bytes (a HandPart, then its SplitParts) or -1
    cdef int* scoring_at
    cdef unsigned char* scoring_bytes
    # the yaku of a tsumo (heads[0]) and a riichi tsumo (heads[1]), read with the first hand part
    # (every hand of a search has the same melds: closed or not alike)
    cdef Reading heads[2]
    cdef bint have_heads
    cdef int scoring_used, scoring_cap
    # the complete hands met by merged counts (``part_key``; the red fives and riichi of a state do
    # not change what its wins share, nor its ura distribution, the wall following the hand):
    # ``hands`` as ``table``, its state a record, hand_scoring[r] and hand_ura[r] their place or -1
    cdef _Slot* hands
    cdef int hand_slots, hand_used, hand_shift
    cdef int* hand_scoring
    cdef int* hand_ura
    # the tsumo total of han h (below 25) and fu f (below 160) once known: totals[h][f // 5], -1 unknown
    cdef int totals[25][32]
    # the hand's key (``_key``), kept as tiles come and go; each part's merged counts, 3 bits a kind
    cdef unsigned long long key0, key1
    cdef unsigned int part_key[4]
    # the kinds (separated) the hand holds, and those the wall holds
    cdef unsigned long long held, in_wall
    cdef _Products kept
    # part_now[u]: the hand's part u, its place in ``_PARTS`` (-1 until looked up; then, when
    # part_step[u] >= 0, ``_PARTS[part_from[u]].next[part_step[u]]`` is set to it)
    cdef int part_now[4]
    cdef int part_from[4]
    cdef int part_step[4]

    def __cinit__(self):
        cdef int u
        self.n = self.cap = self.m = self.ecap = 0
        self.tenpai = NULL
        self.out_kinds = NULL
        self.e_source = self.e_target = self.e_weight = NULL
        self.e_score = NULL
        self.table = NULL
        self.label = NULL
        self.ura_at = NULL
        self.ura_rows = NULL
        self.n_ura = self.ura_cap = 0
        self.scoring_at = NULL
        self.scoring_bytes = NULL
        self.scoring_used = self.scoring_cap = 0
        self.have_heads = False
        self.hands = NULL
        self.hand_scoring = self.hand_ura = NULL
        self.hand_slots = self.hand_used = 0
        memset(self.totals, 0xff, sizeof(self.totals))
        self.slots = self.used = 0
        for u in range(4):
            self.kept.ids[u] = -1

    def __dealloc__(self):
        self._release_build()
        self._release_edges()
        free(self.tenpai)
        free(self.label)

    cdef void _release_build(self) noexcept:
        """The build's own arrays freed (the table of states, the hands' records, the kinds, the
        ura rows and scorings): the graph then holds only what the figures read (``n``, ``m``,
        ``tenpai``, ``label``, the edges), and builds and finds nothing more.  The figures' arrays,
        allocated next, then take the memory just written (in the caches) rather than lines pushed
        out since the last search."""
        free(self.table)
        free(self.hands)
        free(self.hand_scoring)
        free(self.hand_ura)
        free(self.out_kinds)
        free(self.ura_at)
        free(self.ura_rows)
        free(self.scoring_at)
        free(self.scoring_bytes)
        self.table = self.hands = NULL
        self.hand_scoring = self.hand_ura = self.ura_at = self.scoring_at = NULL
        self.out_kinds = NULL
        self.scoring_bytes = NULL
        self.ura_rows = NULL
        self.slots = self.used = self.hand_slots = self.hand_used = 0
        self.n_ura = self.ura_cap = self.scoring_used = self.scoring_cap = 0

    cdef void _release_edges(self) noexcept:
        """The edges' arrays freed, once the figures have laid them out (``m`` kept)."""
        free(self.e_source)
        free(self.e_target)
        free(self.e_weight)
        free(self.e_score)
        self.e_source = self.e_target = self.e_weight = NULL
        self.e_score = NULL
        self.ecap = 0

    cdef int _grow_states(self) except -1:
        cdef int cap = self.cap * 2 if self.cap else _STATES_HINT[self.hint]
        self.tenpai = <unsigned char*>_grown(self.tenpai, cap * sizeof(unsigned char))
        self.out_kinds = <unsigned long long*>_grown(self.out_kinds, 2 * cap * sizeof(unsigned long long))
        self.label = <unsigned char*>_grown(self.label, cap * sizeof(unsigned char))
        self.ura_at = <int*>_grown(self.ura_at, cap * sizeof(int))
        self.scoring_at = <int*>_grown(self.scoring_at, cap * sizeof(int))
        self.cap = cap
        return 0

    cdef int _grow_edges(self) except -1:
        cdef int cap = self.ecap * 2 if self.ecap else _EDGES_HINT[self.hint]
        self.e_source = <int*>_grown(self.e_source, cap * sizeof(int))
        self.e_target = <int*>_grown(self.e_target, cap * sizeof(int))
        self.e_weight = <int*>_grown(self.e_weight, cap * sizeof(int))
        self.e_score = <double*>_grown(self.e_score, cap * sizeof(double))
        self.ecap = cap
        return 0

    cdef inline int _vertex(self, bint tenpai, bint draw) except -1:
        if self.n == MAX_STATES:  # a number past a slot's 24 bits: more states than a hand 3 from ready reaches
            raise MemoryError()
        if self.n == self.cap:
            self._grow_states()
        self.tenpai[self.n] = tenpai
        self.label[self.n] = (DRAW_LABEL if draw else 0) | min(self.distance, UNREACHED - 1)
        self.ura_at[self.n] = -1
        self.scoring_at[self.n] = -1
        self.out_kinds[2 * self.n] = self.out_kinds[2 * self.n + 1] = 0
        self.n += 1
        return self.n - 1

    cdef int _edge(self, int source, int target, int kind, bint riichi, int weight, double score) except -1:
        """The edge from draw state ``source`` to choice state ``target`` (``source`` with a tile of
        ``kind`` more, riichi ``riichi``)."""
        if self.m == self.ecap:
            self._grow_edges()
        cdef int e = self.m
        self.e_source[e] = source
        self.e_target[e] = target
        self.e_weight[e] = weight
        self.e_score[e] = score
        self.out_kinds[2 * source + riichi] |= 1ULL << kind
        self.m += 1
        return 0

    cdef int _set_keys(self) except -1:
        """``key0``, ``key1``, ``part_key``, ``part_now`` and ``distance`` of the hand in ``self.hand``."""
        cdef unsigned char m[34]
        cdef int i, u
        self.key0 = self.key1 = 0
        for i in range(NS):
            self.key0 += _KEY0_STEP[i] * self.hand[i]
            self.key1 += _KEY1_STEP[i] * self.hand[i]
        _merge(self.hand, m)
        for u in range(4):
            self.part_key[u] = 0
        for i in range(33, -1, -1):
            u = _part(i)
            self.part_key[u] = self.part_key[u] << 3 | m[i]
        self.distance = 0
        for i in range(NS):
            if self.hand[i] > self.origin[i]:
                self.distance += self.hand[i] - self.origin[i]
        for u in range(4):
            self.part_now[u] = _part_met(self.part_key[u], u)
        self.held = self.in_wall = 0
        for i in range(NS):
            if self.hand[i]:
                self.held |= 1ULL << i
            if self.wall[i]:
                self.in_wall |= 1ULL << i
        return 0

    cdef inline void _shift(self, int i, int by) noexcept:
        """The keys of the hand when a tile of kind ``i`` (separated) comes in (``by`` 1) or goes."""
        cdef int u = _KIND_PART[i]
        if by > 0:
            self.key0 += _KEY0_STEP[i]
            self.key1 += _KEY1_STEP[i]
            self.part_key[u] += _PART_KEY_STEP[i]
        else:
            self.key0 -= _KEY0_STEP[i]
            self.key1 -= _KEY1_STEP[i]
            self.part_key[u] -= _PART_KEY_STEP[i]
        cdef int e = self.part_now[u], step = -1
        if e >= 0:
            step = _KIND_POSITION[i] if by > 0 else 9 + _KIND_POSITION[i]
            self.part_from[u] = e
            e = _PARTS[e].next[step]
        self.part_now[u] = e
        self.part_step[u] = step

    cdef inline void _take(self, int i) noexcept:
        """A tile of kind ``i`` from the wall into the hand."""
        if self.hand[i] >= self.origin[i]:
            self.distance += 1
        self.hand[i] += 1
        self.wall[i] -= 1
        self.held |= 1ULL << i
        if not self.wall[i]:
            self.in_wall &= ~(1ULL << i)
        self._shift(i, 1)

    cdef inline void _give(self, int i) noexcept:
        """A tile of kind ``i`` from the hand back to the wall."""
        self.hand[i] -= 1
        self.wall[i] += 1
        self.in_wall |= 1ULL << i
        if not self.hand[i]:
            self.held &= ~(1ULL << i)
        if self.hand[i] >= self.origin[i]:
            self.distance -= 1
        self._shift(i, -1)

    cdef inline void _key(self, bint riichi, bint draw, unsigned long long* k0, unsigned long long* k1) noexcept:
        """The key of the hand in ``self.hand``: its counts in base 5, the red fives, riichi, draw or choice."""
        k0[0] = self.key0
        k1[0] = self.key1 | (<unsigned long long>riichi << RIICHI_BIT) | (<unsigned long long>draw << DRAW_BIT)

    cdef int _shanten(self, const unsigned char* m, bint draw, long long* mask) except -2:
        """The shanten of the hand (``m`` its merged counts) over the forms at the least shanten,
        and the kinds that lower it (a draw state) or whose discard keeps it (a choice state).
        Worked out for every state, not kept by merged hand as ``Table.shanten`` keeps them: a
        table of them probed for every state missed the cache more than it saved."""
        cdef long long w
        cdef int s, u
        cdef const _Part* parts[4]
        for u in range(4):
            if self.part_now[u] < 0:
                self.part_now[u] = _part_met(self.part_key[u], u)
                if self.part_step[u] >= 0:
                    _PARTS[self.part_from[u]].next[self.part_step[u]] = self.part_now[u]
        for u in range(4):
            parts[u] = _PARTS + self.part_now[u]
        s = _standard(parts, self.facts.n_melds, draw, &self.kept, &w)
        if draw:
            s = _needed(m, self.facts.n_melds, s, w, mask)
        else:
            s = _spare(m, self.facts.n_melds, s, w, mask)
        return s

    cdef inline unsigned int _slot(self, unsigned long long k0, unsigned long long k1) noexcept:
        # the top bits of a multiplicative hash (each depends on every bit of the keys)
        return <unsigned int>(((k0 ^ (k1 * 0xc2b2ae3d27d4eb4fULL)) * 0x9e3779b97f4a7c15ULL) >> self.slot_shift)

    cdef int _find(self, bint riichi, bint draw) noexcept:
        """The state of the hand in ``self.hand``, or -1 (``missed_at`` is then the empty slot where
        it goes, until the table grows)."""
        cdef unsigned long long k0, k1
        self._key(riichi, draw, &k0, &k1)
        if self.slots == 0:
            return -1
        cdef unsigned int at = self._slot(k0, k1)
        while self.table[at].first != EMPTY_SLOT:
            if (self.table[at].first & COUNTS_MASK) == k0 and self.table[at].second == k1:
                return <int>(self.table[at].first >> COUNT_BITS)
            at = (at + 1) & (self.slots - 1)
        self.missed_at = at
        return -1

    cdef inline int _store(self, bint riichi, bint draw, int v) except -1:
        """State ``v`` for the hand in ``self.hand``, just missed by ``_find``."""
        cdef unsigned long long k0, k1
        cdef _StateSlot* old
        cdef int old_slots, j
        cdef unsigned int at
        if 2 * (self.used + 1) > self.slots:
            old, old_slots = self.table, self.slots
            self.table = <_StateSlot*>malloc((old_slots * 2 if old_slots else _SLOTS_HINT[self.hint])
                                             * sizeof(_StateSlot))
            if self.table == NULL:
                self.table = old
                raise MemoryError()
            self.slots = old_slots * 2 if old_slots else _SLOTS_HINT[self.hint]
            self.slot_shift = 64 - ctz64(self.slots)
            memset(self.table, 0xff, self.slots * sizeof(_StateSlot))
            for j in range(old_slots):
                if old[j].first != EMPTY_SLOT:
                    at = self._slot(old[j].first & COUNTS_MASK, old[j].second)
                    while self.table[at].first != EMPTY_SLOT:
                        at = (at + 1) & (self.slots - 1)
                    self.table[at] = old[j]
            free(old)
            self._key(riichi, draw, &k0, &k1)
            self.missed_at = self._slot(k0, k1)
            while self.table[self.missed_at].first != EMPTY_SLOT:
                self.missed_at = (self.missed_at + 1) & (self.slots - 1)
        else:
            self._key(riichi, draw, &k0, &k1)
        at = self.missed_at
        self.table[at].first = k0 | (<unsigned long long>v << COUNT_BITS)
        self.table[at].second = k1
        self.used += 1
        return 0

    cdef int _total(self, int base) noexcept:
        if self.facts.dealer:
            return 3 * _up(2 * base) + self.facts.bonus
        return _up(2 * base) + 2 * _up(base) + self.facts.bonus

    cdef int _hand_record(self) except -1:
        """The record in ``hand_scoring`` and ``hand_ura`` of the merged hand in ``self.hand``, made
        (both -1) when first met."""
        cdef unsigned long long k0 = self.part_key[0] | <unsigned long long>self.part_key[1] << 27
        cdef unsigned long long k1 = self.part_key[2] | <unsigned long long>self.part_key[3] << 27
        cdef _Slot* old
        cdef int old_slots, j
        cdef unsigned int at
        if 2 * (self.hand_used + 1) > self.hand_slots:
            old, old_slots = self.hands, self.hand_slots
            self.hands = <_Slot*>malloc((old_slots * 2 if old_slots else 1024) * sizeof(_Slot))
            if self.hands == NULL:
                self.hands = old
                raise MemoryError()
            self.hand_slots = old_slots * 2 if old_slots else 1024
            self.hand_shift = 64 - ctz64(self.hand_slots)
            self.hand_scoring = <int*>_grown(self.hand_scoring, self.hand_slots // 2 * sizeof(int))
            self.hand_ura = <int*>_grown(self.hand_ura, self.hand_slots // 2 * sizeof(int))
            for j in range(self.hand_slots):
                self.hands[j].state = -1
            for j in range(old_slots):
                if old[j].state >= 0:
                    at = <unsigned int>(((old[j].k0 ^ (old[j].k1 * 0xc2b2ae3d27d4eb4fULL))
                                         * 0x9e3779b97f4a7c15ULL) >> self.hand_shift)
                    while self.hands[at].state >= 0:
                        at = (at + 1) & (self.hand_slots - 1)
                    self.hands[at] = old[j]
            free(old)
        at = <unsigned int>(((k0 ^ (k1 * 0xc2b2ae3d27d4eb4fULL)) * 0x9e3779b97f4a7c15ULL) >> self.hand_shift)
        while self.hands[at].state >= 0:
            if self.hands[at].k0 == k0 and self.hands[at].k1 == k1:
                return self.hands[at].state
            at = (at + 1) & (self.hand_slots - 1)
        self.hands[at].k0 = k0
        self.hands[at].k1 = k1
        self.hands[at].state = self.hand_used
        self.hand_scoring[self.hand_used] = self.hand_ura[self.hand_used] = -1
        self.hand_used += 1
        return self.hand_used - 1

    cdef const double* _ura_of(self, int state, const unsigned char* m) except NULL:
        """The ura distribution of the complete hand ``m`` (merged) in ``self.hand``, the choice
        ``state`` (every win on it shares the wall and the tiles)."""
        cdef unsigned char wm[34]
        cdef int tiles[34]
        cdef int i, r
        if self.ura_at[state] < 0:
            r = self._hand_record()
            if self.hand_ura[r] >= 0:
                self.ura_at[state] = self.hand_ura[r]
                return self.ura_rows + self.ura_at[state] * 13
            if self.n_ura == self.ura_cap:
                self.ura_cap = self.ura_cap * 2 if self.ura_cap else 256
                self.ura_rows = <double*>_grown(self.ura_rows, self.ura_cap * 13 * sizeof(double))
            _merge(self.wall, wm)
            for i in range(34):
                tiles[i] = m[i] + self.facts.meld_tiles[i]
            _ura(wm, tiles, self.facts.indicators, self.ura_rows + self.n_ura * 13)
            self.ura_at[state] = self.hand_ura[r] = self.n_ura
            self.n_ura += 1
        return self.ura_rows + self.ura_at[state] * 13

    cdef const HandPart* _scoring_of(self, int state, const unsigned char* m) except NULL:
        """What the wins of the complete hand ``m`` (merged) of the choice ``state`` share
        (``hand_part_c``: a HandPart, its SplitParts after it), read once a merged hand."""
        cdef HandPart* hand
        cdef int r
        cdef size_t most = sizeof(HandPart) + MAX_SPLITS * sizeof(SplitPart)
        if self.scoring_at[state] < 0:
            r = self._hand_record()
            if self.hand_scoring[r] < 0:  # read in place, at the end of scoring_bytes
                if self.scoring_used + most > <size_t>self.scoring_cap:
                    self.scoring_cap = max(2 * self.scoring_cap, 16384, self.scoring_used + most)
                    self.scoring_bytes = <unsigned char*>_grown(self.scoring_bytes, self.scoring_cap)
                hand = <HandPart*>(self.scoring_bytes + self.scoring_used)
                hand_part_c(m, self.facts.meld_kind, self.facts.meld_tile, self.facts.n_melds, self.facts.seat_wind,
                            self.facts.round_wind, self.facts.switches, hand, <SplitPart*>(hand + 1))
                self.hand_scoring[r] = self.scoring_used
                # a multiple of 8 bytes (HandPart's alignment), so the next record is aligned too
                self.scoring_used += (sizeof(HandPart) + hand.n_splits * sizeof(SplitPart) + 7) // 8 * 8
            self.scoring_at[state] = self.hand_scoring[r]
        return <const HandPart*>(self.scoring_bytes + self.scoring_at[state])

    cdef double _score(self, int win, bint riichi, int state) except -1.0:
        """``values_py.Table.score`` of the hand in ``self.hand`` (the choice ``state``) won on ``win``."""
        cdef unsigned char m[34]
        cdef const double* p
        cdef const HandPart* hand
        cdef int i, k, dora = 0, han, fu, yakuman, base
        cdef double value
        cdef Reading best
        _merge(self.hand, m)
        for i in range(self.facts.indicators):
            dora += m[self.facts.dora_kinds[i]] + self.facts.meld_tiles[self.facts.dora_kinds[i]]
        dora += self.hand[34] + self.hand[35] + self.hand[36] + self.facts.meld_red
        if self.c_scoring:
            hand = self._scoring_of(state, m)
            if not self.have_heads:
                situation_yaku_c(TSUMO, hand.closed, &self.heads[0])
                situation_yaku_c(TSUMO | RIICHI, hand.closed, &self.heads[1])
                self.have_heads = True
            if not score_hand_c(hand, <const SplitPart*>(hand + 1), win if win < 34 else 9 * (win - 34) + 4,
                                TSUMO | (RIICHI if riichi else 0), dora, &self.heads[riichi], False,
                                &best) or not best.n_yaku:
                return 0.0
            han, fu, yakuman, base = best.han, best.fu, best.yakuman, best.base
        else:
            result = self.score_counts(PyBytes_FromStringAndSize(<char*>m, 34), self.melds,
                                       win if win < 34 else (4, 13, 22)[win - 34], TSUMO | (RIICHI if riichi else 0),
                                       self.facts.seat_wind, self.facts.round_wind, dora, self.facts.switches)
            if result is None or not result[0]:
                return 0.0
            han, fu, yakuman, base = result[1], result[2], result[3], result[4]
        if not riichi or not self.facts.indicators or yakuman or han >= 13:
            return <double>self._total(base)
        p = self._ura_of(state, m)
        value = 0.0
        for k in range(13):
            if fu < 160:
                if self.totals[han + k][fu // 5] < 0:
                    self.totals[han + k][fu // 5] = self._total(base_points_c(han + k, fu, 0, self.facts.switches))
                value += self.totals[han + k][fu // 5] * p[k]
            else:
                value += self._total(base_points_c(han + k, fu, 0, self.facts.switches)) * p[k]
        return value

    cdef int state(self, bint riichi, bint draw) except -1:
        """The draw state (``draw``: 13 tiles) or choice state (14) of the hand in ``self.hand``,
        building it and what it reaches when new."""
        cdef int v = self._find(riichi, draw)
        return v if v >= 0 else self._build(riichi, draw)

    cdef int _build(self, bint riichi, bint draw) except -1:
        """The new state of the hand in ``self.hand`` (``_find`` just missed it) and what it reaches:
        each kind the wall gives, or the hand gives up (every kind while no riichi is declared and
        the tiles taken in plus the shanten stay below ``limit``, else the kinds to follow)."""
        cdef unsigned char m[34]
        cdef long long follow
        _merge(self.hand, m)
        cdef int shanten = self._shanten(m, draw, &follow)
        cdef bint free_ = not riichi and self.distance + shanten < self.limit
        follow = _with_red(follow)
        cdef int v = self._vertex(shanten == 0, draw)
        self._store(riichi, draw, v)
        cdef int i, other
        cdef bint followed, declare
        # the hand's keys, tiles and parts (``_shanten`` looked them up), put back after each kind as they
        # were rather than worked out again: the same values, without reading the next part's record
        cdef int parts[4]
        cdef unsigned int part_key[4]
        cdef unsigned long long key0 = self.key0, key1 = self.key1, held = self.held, in_wall = self.in_wall
        cdef int distance = self.distance
        memcpy(parts, self.part_now, sizeof(parts))
        memcpy(part_key, self.part_key, sizeof(part_key))
        cdef unsigned long long kinds = self.in_wall if draw else self.held
        if not free_:
            kinds &= <unsigned long long>follow
        while kinds:
            i = ctz64(kinds)
            kinds &= kinds - 1
            followed = follow >> i & 1
            if draw:  # the draw of i wins when the hand waits on it
                self._take(i)
                other = self._find(riichi, False)
                if other < 0:
                    other = self._build(riichi, False)
                self._link(v, other, i, riichi, shanten == 0 and followed)
                self.hand[i] -= 1
                self.wall[i] += 1
            else:  # the hand holds 14 tiles again: the draw of i won when it is complete
                self._give(i)
                declare = True if self.facts.closed and shanten == 0 and followed else riichi
                other = self._find(declare, True)
                if other < 0:
                    other = self._build(declare, True)
                self.hand[i] += 1
                self.wall[i] -= 1
            self.key0 = key0
            self.key1 = key1
            self.held = held
            self.in_wall = in_wall
            self.distance = distance
            memcpy(self.part_key, part_key, sizeof(part_key))
            memcpy(self.part_now, parts, sizeof(parts))
            if not draw:
                self._link(other, v, i, riichi, shanten == -1)
        return v

    cdef inline int _link(self, int source, int target, int i, bint riichi, bint wins) except -1:
        """The edge of drawing ``i`` from the draw state ``source`` to the choice state ``target``, once:
        weighed by the copies of ``i`` in the wall before the draw, scored when the draw ``wins``
        (``self.hand`` holds the 14 tiles of ``target``)."""
        if not self.out_kinds[2 * source + riichi] >> i & 1:
            self._edge(source, target, i, riichi, self.wall[i] + 1, self._score(i, riichi, target) if wins else 0.0)
        return 0
