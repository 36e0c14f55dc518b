# The figures of the search (``values_py.Graph.figures``): the states numbered apart by the tiles
# they hold beyond the hand (``_Graph.label``, the least draws that reach them), their edges laid
# out flat by one counting sort, and the three figures filled turn by turn from the last (tenpai
# and win as one SSE2 pair, or the three as one AVX vector, the C++'s order of sums).
# Stands on: the cimports of values.pyx and values_graph.pxi's _Graph.

cdef extern from *:
    """
    /* The figures step's loops (values_py.Graph.figures): a state's figures are MF_FIG doubles
       (tenpai, win, expected, 0), tenpai and win summed as one SSE2 pair, or the four as one AVX
       vector where the processor has it: the same products and sums, in the same order, as three
       scalars (no fused multiply-add; the fourth lane only ever holds 0).  The edges name a
       state's figures by their byte offset (its number times MF_FIG doubles, unsigned: widened by
       the load itself), so their loops read a figure without scaling a number. */
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #include <emmintrin.h>
    #define MF_FIGURES_SSE2 1
    #endif
    #if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    #include <immintrin.h>
    #define MF_FIGURES_AVX 1
    #define MF_FIGURES_INLINE static inline __attribute__((always_inline))
    #else
    #define MF_FIGURES_INLINE static inline
    #endif
    #define MF_FIG 4
    #define MF_AT(figures, offset) ((const double*)((const char*)(figures) + (offset)))
    /* out[f]: a draw state's figure f at t, now[f] + s_f / left (``now`` its figures at t + 1),
       s_f the sum over its edges j0 .. j1 - 1 of weight[j] * (x_f - now[f]), x the figures of the
       choice state at byte offset target[j] at t + 1 in ``after``, or (1, 1, max(score, x_2)) where
       the edge wins (score[j] > 0: never where ``tenpai`` is 0, which mf_draw_sums_avx reads). */
    MF_FIGURES_INLINE void mf_draw_sums(const double* after, const unsigned int* target, const double* weight,
                                        const double* score, int j0, int j1, const double* now, int tenpai,
                                        double left, double* out) {
        int j;
        double ae = 0.0, e1 = now[2], xe, sc;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        const __m128d one = _mm_set1_pd(1.0), tw1 = _mm_loadu_pd(now);
        __m128d atw = _mm_setzero_pd(), xtw;
        for (j = j0; j < j1; j++) {
            x = MF_AT(after, target[j]);
            xtw = _mm_loadu_pd(x);
            xe = x[2];
            sc = score[j];
            if (sc > 0.0) {
                xtw = one;
                if (sc > xe) xe = sc;
            }
            atw = _mm_add_pd(atw, _mm_mul_pd(_mm_set1_pd(weight[j]), _mm_sub_pd(xtw, tw1)));
            ae += weight[j] * (xe - e1);
        }
        _mm_storeu_pd(out, _mm_add_pd(tw1, _mm_div_pd(atw, _mm_set1_pd(left))));
    #else
        double at = 0.0, aw = 0.0, xt, xw, t1 = now[0], w1 = now[1];
        for (j = j0; j < j1; j++) {
            x = MF_AT(after, target[j]);
            xt = x[0];
            xw = x[1];
            xe = x[2];
            sc = score[j];
            if (sc > 0.0) {
                xt = xw = 1.0;
                if (sc > xe) xe = sc;
            }
            at += weight[j] * (xt - t1);
            aw += weight[j] * (xw - w1);
            ae += weight[j] * (xe - e1);
        }
        out[0] = t1 + at / left;
        out[1] = w1 + aw / left;
    #endif
        out[2] = e1 + ae / left;
    }
    /* best[f]: the largest of 0 and figure f of the draw states at byte offsets source[0], source[1], ...
       in ``now``, up to ``end`` (a choice state has one source or more).  maxpd(x, b) is x > b ? x : b,
       the scalar comparison. */
    MF_FIGURES_INLINE void mf_choice_best(const double* now, const unsigned int* source,
                                          const unsigned int* end, double* best) {
        double be = 0.0;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        __m128d btw = _mm_setzero_pd();
        do {
            x = MF_AT(now, *source);
            btw = _mm_max_pd(_mm_loadu_pd(x), btw);
            if (x[2] > be) be = x[2];
        } while (++source < end);
        _mm_storeu_pd(best, btw);
    #else
        double bt = 0.0, bw = 0.0;
        do {
            x = MF_AT(now, *source);
            if (x[0] > bt) bt = x[0];
            if (x[1] > bw) bw = x[1];
            if (x[2] > be) be = x[2];
        } while (++source < end);
        best[0] = bt;
        best[1] = bw;
    #endif
        best[2] = be;
    }
    #if defined(MF_FIGURES_AVX)
    /* mf_draw_sums and mf_choice_best with the four figures in one vector: lane f the same
       operations as figure f above (maxpd(sc, x_2) is sc > x_2 ? sc : x_2), but for the sign:
       the sums are of weight * (now - x) and taken away, so that the load of x is the
       subtraction's operand (one instruction an edge less).  The same figures bit for bit: a - b
       is exactly -(b - a), or both are +0 where a == b, so each sum is exactly the negated one or
       both are +0, and now - (-q) is now + q; now + 0 and now - 0 differ for now = -0 alone,
       which no figure is (they start at +0 and a sum is -0 only from -0 terms).  The scores are
       not read for a draw state short of tenpai (``tenpai`` 0: none of its draws wins). */
    __attribute__((target("avx"))) static inline void mf_draw_sums_avx(
            const double* after, const unsigned int* target, const double* weight, const double* score, int j0,
            int j1, const double* now, int tenpai, double left, double* out) {
        const __m256d ones = _mm256_set1_pd(1.0), x1 = _mm256_loadu_pd(now);
        __m256d acc = _mm256_setzero_pd(), x;
        double sc;
        int j;
        if (!tenpai)
            for (j = j0; j < j1; j++)
                acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_set1_pd(weight[j]),
                                                       _mm256_sub_pd(x1, _mm256_loadu_pd(MF_AT(after, target[j])))));
        else for (j = j0; j < j1; j++) {
            x = _mm256_loadu_pd(MF_AT(after, target[j]));
            sc = score[j];
            if (sc > 0.0)
                x = _mm256_max_pd(_mm256_set_pd(0.0, sc, 1.0, 1.0), _mm256_blend_pd(x, ones, 0x3));
            acc = _mm256_add_pd(acc, _mm256_mul_pd(_mm256_set1_pd(weight[j]), _mm256_sub_pd(x1, x)));
        }
        _mm256_storeu_pd(out, _mm256_sub_pd(x1, _mm256_div_pd(acc, _mm256_set1_pd(left))));
    }
    __attribute__((target("avx"))) static inline void mf_choice_best_avx(
            const double* now, const unsigned int* source, const unsigned int* end, double* best) {
        __m256d b = _mm256_setzero_pd();
        do  /* maxpd(b, x) is b > x ? b : x: x > b ? x : b but where x == b (no NaN) */
            b = _mm256_max_pd(b, _mm256_loadu_pd(MF_AT(now, *source)));
        while (++source < end);
        _mm256_storeu_pd(best, b);
    }
    #endif
    typedef void (*mf_draw_sums_fn)(const double*, const unsigned int*, const double*, const double*, int, int,
                                    const double*, int, double, double*);
    typedef void (*mf_choice_best_fn)(const double*, const unsigned int*, const unsigned int*, double*);
    /* One turn t: the draw states 0 .. nd - 1 (their figures at t + 1 in ``next``, the choice
       states' in ``after``) into ``now``, then the choice states 0 .. nc - 1 from them into ``best``. */
    MF_FIGURES_INLINE void mf_turn_with(mf_draw_sums_fn sums_of, mf_choice_best_fn best_of, const double* after,
                                        const unsigned int* target, const double* weight, const double* score,
                                        const int* d_first, const unsigned char* tenpai, int nd, const double* next,
                                        double* now, double left, const unsigned int* source,
                                        const int* c_end, int nc, double* best) {
        const unsigned int* start = source;
        const unsigned int* end;
        int k, ready;
        for (k = 0; k < nd; k++) {  /* tenpai[k] read once (the stores to ``now`` might alias it) */
            ready = tenpai[k];
            sums_of(after, target, weight, score, d_first[k], d_first[k + 1], next + MF_FIG * k, ready, left,
                    now + MF_FIG * k);
            if (ready)
                now[MF_FIG * k] = 1.0;
        }
        for (k = 0; k < nc; k++) {  /* a state's sources start where the last one's ended */
            end = source + c_end[k];
            best_of(now, start, end, best);
            start = end;
            best += MF_FIG;
        }
    }
    #define MF_TURN_ARGS const double* after, const unsigned int* target, const double* weight, const double* score, \
        const int* d_first, const unsigned char* tenpai, int nd, const double* next, double* now, double left, \
        const unsigned int* source, const int* c_end, int nc, double* best
    #define MF_TURN_PASS after, target, weight, score, d_first, tenpai, nd, next, now, left, source, c_end, nc, best
    static void mf_turn_plain(MF_TURN_ARGS) {
        mf_turn_with(mf_draw_sums, mf_choice_best, MF_TURN_PASS);
    }
    #if defined(MF_FIGURES_AVX)
    __attribute__((target("avx"))) static void mf_turn_avx(MF_TURN_ARGS) {
        mf_turn_with(mf_draw_sums_avx, mf_choice_best_avx, MF_TURN_PASS);
    }
    #endif
    static void mf_turn(int avx, MF_TURN_ARGS) {
    #if defined(MF_FIGURES_AVX)
        if (avx) {
            mf_turn_avx(MF_TURN_PASS);
            return;
        }
    #endif
        mf_turn_plain(MF_TURN_PASS);
    }
    /* Whether the processor (and the system) run AVX. */
    static int mf_figures_avx(void) {
    #if defined(MF_FIGURES_AVX)
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx") != 0;
    #else
        return 0;
    #endif
    }
    """
    enum: FIG "MF_FIG"
    void figures_turn "mf_turn"(int avx, const double* after, const unsigned int* target, const double* weight,
                                const double* score, const int* d_first, const unsigned char* tenpai, int nd,
                                const double* next, double* now, double left, const unsigned int* source,
                                const int* c_end, int nc, double* best) noexcept nogil
    bint figures_avx "mf_figures_avx"() noexcept nogil


# the figures one AVX vector a state where the processor runs it (``search(avx=False)`` the SSE2 pair)
cdef bint _AVX = figures_avx()

cdef enum:
    LINE_BYTES = 64     # a cache line: the figures' buffers start on one


cdef int _figures(_Graph g, const int* found_state, int n_found, int turn, int total,
                  double* curves, bint avx) except -1:
    """The curves of the draw states ``found_state`` (``curves[(k * T1 + t) * 3 + f]``: figure f
    of the k-th at turn t, 0 before ``turn``), filled turn by turn from the last.

    The draw states and the choice states are numbered apart by their label (the tiles they hold
    beyond the hand: the found states hold none), their edges laid out flat (a draw state's newest
    first, as they are summed; a choice state's sources, the draw states its discards leave), and
    two turns' figures kept.  At turn t only the states of label at most t - ``turn`` are filled:
    a draw adds one tile at most and a discard none, so a state filled at t reads only states
    filled at t and t + 1, and a state of label L, L draws at least from the found states, is read
    by them only at turn ``turn`` + L or later (``values_py.Graph.depths`` fills fewer, by their
    fewest draws: the same figures, without a search of the graph).  A choice state no edge
    enters is read by none and never filled.
    """
    cdef int n = g.n, nd = 0, nc = 0, k, e, t, s, c, b
    cdef int d_upto[TMAX + 1]
    cdef int c_upto[TMAX + 1]
    cdef int per_label[256]         # states by label: draw states' 128 + label, choice states' label
    cdef int place[256]             # the next number of each label
    cdef size_t m = g.m
    # what the turns read, and the states' numbers, in one block (``kept``), and the states' edge
    # counts in another (``layout``), freed before the figures' buffers are allocated: one
    # allocation each, each array at its place in it (the doubles first, so every array is aligned)
    cdef char* kept = <char*>malloc(m * 2 * (sizeof(double) + sizeof(unsigned int))
                                    + (<size_t>n * 3 + 2 + <size_t>n_found) * sizeof(int) + <size_t>n + 1)
    cdef int* layout = <int*>malloc((<size_t>n * 2 + 2) * sizeof(int))
    cdef double* d_weight = NULL
    cdef double* d_score = NULL
    # the edges' ends by the byte offsets of their figures (FIG doubles a state), not their numbers
    cdef unsigned int* d_target = NULL
    cdef unsigned int* c_source = NULL
    cdef int* at = NULL
    cdef int* d_first = NULL
    cdef int* c_end = NULL
    cdef int* found = NULL
    cdef unsigned char* d_tenpai = NULL
    cdef unsigned char* label = g.label
    cdef int* out_count = NULL      # by state, then each draw state's place for its next edge (by number)
    cdef int* in_count = NULL       # by state, then each choice state's place for its next source (by number)
    # four turns' figures (FIG a state): the draw states' at t and t + 1, the choice states' at t and t + 1;
    # allocated once the layout's arrays and the graph's edges are freed, so as to take their memory
    cdef double* buffers = NULL
    cdef void* buffers_block = NULL  # ``buffers`` as allocated: ``buffers`` is it rounded up to a cache line
    cdef double* d_now
    cdef double* d_next
    cdef double* c_now
    cdef double* c_next
    cdef double* x
    cdef double left
    try:
        if kept == NULL or layout == NULL:
            raise MemoryError()
        d_weight = <double*>kept
        d_score = d_weight + m
        d_target = <unsigned int*>(d_score + m)
        c_source = d_target + m
        at = <int*>(c_source + m)
        d_first = at + n
        c_end = d_first + n + 1
        found = c_end + n + 1
        d_tenpai = <unsigned char*>(found + n_found)
        out_count = layout
        in_count = out_count + n + 1
        if <size_t>n * FIG * sizeof(double) > <size_t>UINT_MAX:  # an offset past 32 bits (over 134 million states)
            raise MemoryError()
        memset(out_count, 0, n * sizeof(int))
        memset(in_count, 0, n * sizeof(int))
        for e in range(<int>m):
            out_count[g.e_source[e]] += 1
            in_count[g.e_target[e]] += 1
        memset(per_label, 0, sizeof(per_label))
        for s in range(n):
            if not label[s] & DRAW_LABEL and not in_count[s]:
                label[s] = UNREACHED
            per_label[label[s]] += 1
        for b in range(DRAW_LABEL):  # the numbers of each label, after the lower labels' of the same side
            place[b] = nc
            nc += per_label[b]
            place[DRAW_LABEL + b] = nd
            nd += per_label[DRAW_LABEL + b]
        for t in range(TMAX + 1):
            d_upto[t] = place[DRAW_LABEL + t] + per_label[DRAW_LABEL + t]
            c_upto[t] = place[t] + per_label[t]
        # each state's number; a draw state's edge count after its number, a choice state's at it
        d_first[0] = 0
        for s in range(n):
            k = place[label[s]]
            place[label[s]] += 1
            at[s] = k
            if label[s] & DRAW_LABEL:
                d_tenpai[k] = g.tenpai[s]
                d_first[k + 1] = out_count[s]
            else:
                c_end[k] = in_count[s]
        for k in range(nd):  # the counts summed: where each draw state's edges end, and each choice state's sources
            d_first[k + 1] += d_first[k]
            out_count[k] = d_first[k + 1]
        for k in range(nc):
            if k:
                c_end[k] += c_end[k - 1]
            in_count[k] = c_end[k]
        for e in range(<int>m):  # placed from the end back: a draw state's newest edge first
            s = at[g.e_source[e]]
            c = at[g.e_target[e]]
            out_count[s] -= 1
            k = out_count[s]
            d_target[k] = <unsigned int>(<size_t>c * FIG * sizeof(double))
            d_weight[k] = g.e_weight[e]
            d_score[k] = g.e_score[e]
            in_count[c] -= 1
            c_source[in_count[c]] = <unsigned int>(<size_t>s * FIG * sizeof(double))
        for k in range(n_found):
            found[k] = at[found_state[k]]
        g._release_edges()
        free(layout)
        layout = out_count = in_count = NULL
        # a state's figures (FIG doubles, 32 bytes) each within one cache line, read by one load:
        # malloc's 16-byte alignment would split every other state's across two lines
        buffers_block = malloc(<size_t>n * 2 * FIG * sizeof(double) + LINE_BYTES)
        if buffers_block == NULL:
            raise MemoryError()
        buffers = <double*>((<size_t>buffers_block + LINE_BYTES - 1) & ~<size_t>(LINE_BYTES - 1))
        memset(curves, 0, n_found * T1 * 3 * sizeof(double))
        # the draw states' figures at the last turn 0 (but tenpai, below), their fourth lane too: every
        # other figure is written before it is read (a state needed at turn t was needed at t + 1:
        # d_upto and c_upto grow with t), and every fourth lane is made of these (0)
        memset(buffers, 0, <size_t>nd * FIG * sizeof(double))
        d_now = buffers
        d_next = buffers + <size_t>nd * FIG
        c_now = buffers + <size_t>nd * 2 * FIG
        c_next = c_now + <size_t>nc * FIG
        with nogil:
            for k in range(nd):
                d_now[k * FIG] = 1.0 if d_tenpai[k] else 0.0
            for t in range(TMAX, turn - 1, -1):
                left = total - t
                # at TMAX only the tenpai (set above)
                figures_turn(avx, c_next, d_target, d_weight, d_score, d_first, d_tenpai,
                             d_upto[t - turn] if t < TMAX else 0, d_next, d_now, left, c_source, c_end,
                             c_upto[t - turn], c_now)
                for k in range(n_found):
                    memcpy(curves + (k * T1 + t) * 3, d_now + found[k] * FIG, 3 * sizeof(double))
                x = d_now
                d_now = d_next
                d_next = x
                x = c_now
                c_now = c_next
                c_next = x
    finally:
        free(kept)
        free(layout)
        free(buffers_block)
    return 0
