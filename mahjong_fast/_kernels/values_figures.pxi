# The figures of the search (``values_py.Graph.figures`` and ``depths``): the states numbered by
# their fewest draws from the discards' states, the edges laid out flat, and the three figures
# filled turn by turn from the last (tenpai and win as one SSE2 pair, the C++'s order of sums).
# Stands on: the cimports of values.pyx and values_graph.pxi's _Graph.

cdef extern from *:
    """
    /* The figures step's two inner loops (values_py.Graph.figures), tenpai and win as one SSE2 pair:
       the same products and sums, in the same order, as three scalars (no fused multiply-add). */
    #if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
    #include <emmintrin.h>
    #define MF_FIGURES_SSE2 1
    #endif
    /* sums[f]: over the edges j0 .. j1 - 1 of a draw state (figures ``now`` at t + 1), the sum of
       weight[j] * (x_f - now[f]), x the figures of the choice state target[j] at t + 1 in
       ``after`` (3 a state), or (1, 1, max(score, x_2)) where the edge wins (score[j] > 0). */
    static inline void mf_draw_sums(const double* after, const int* target, const double* weight,
                                    const double* score, int j0, int j1, const double* now, double* sums) {
        int j;
        double ae = 0.0, e1 = now[2], xe, sc;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        const __m128d one = _mm_set1_pd(1.0), tw1 = _mm_loadu_pd(now);
        __m128d atw = _mm_setzero_pd(), xtw;
        for (j = j0; j < j1; j++) {
            x = after + 3 * target[j];
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
        _mm_storeu_pd(sums, atw);
    #else
        double at = 0.0, aw = 0.0, xt, xw, t1 = now[0], w1 = now[1];
        for (j = j0; j < j1; j++) {
            x = after + 3 * target[j];
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
        sums[0] = at;
        sums[1] = aw;
    #endif
        sums[2] = ae;
    }
    /* best[f]: the largest of 0 and figure f of the draw states source[j0 .. j1 - 1] in ``now``
       (3 a state); maxpd(x, b) is x > b ? x : b, the scalar comparison. */
    static inline void mf_choice_best(const double* now, const int* source, int j0, int j1, double* best) {
        int j;
        double be = 0.0;
        const double* x;
    #if defined(MF_FIGURES_SSE2)
        __m128d btw = _mm_setzero_pd();
        for (j = j0; j < j1; j++) {
            x = now + 3 * source[j];
            btw = _mm_max_pd(_mm_loadu_pd(x), btw);
            if (x[2] > be) be = x[2];
        }
        _mm_storeu_pd(best, btw);
    #else
        double bt = 0.0, bw = 0.0;
        for (j = j0; j < j1; j++) {
            x = now + 3 * source[j];
            if (x[0] > bt) bt = x[0];
            if (x[1] > bw) bw = x[1];
            if (x[2] > be) be = x[2];
        }
        best[0] = bt;
        best[1] = bw;
    #endif
        best[2] = be;
    }
    """
    void draw_sums "mf_draw_sums"(const double* after, const int* target, const double* weight, const double* score,
                                  int j0, int j1, const double* now, double* sums) noexcept nogil
    void choice_best "mf_choice_best"(const double* now, const int* source, int j0, int j1,
                                      double* best) noexcept nogil


cdef int _depths(_Graph g, const int* starts, int n_starts, int* at, int* d_state, int* c_state, int* d_upto,
                 int* c_upto) noexcept:
    """``values_py.Graph.depths``: the draw states ``starts`` and each state they reach, numbered
    apart in the order of their fewest draws from ``starts`` (``at[v]``, -1 where not reached;
    ``d_state``, ``c_state`` the states by number); ``d_upto[o]`` (``c_upto[o]``) the draw
    (choice) states at most ``o`` draws away, o = 0 … TMAX.  Returns the draw states reached."""
    cdef int n = g.n, nd = 0, nc = 0, head = 0, k, v, c, e, f, o
    cdef int* depth = at  # at[v] holds the depth until the numbering below
    for v in range(n):
        depth[v] = -1
    for k in range(n_starts):
        if depth[starts[k]] < 0:
            depth[starts[k]] = 0
            d_state[nd] = starts[k]
            nd += 1
    while head < nd:
        v = d_state[head]
        head += 1
        e = g.first_out[v]
        while e >= 0:
            c = g.e_target[e]
            if depth[c] < 0:
                depth[c] = depth[v] + 1
                c_state[nc] = c
                nc += 1
                f = g.first_in[c]
                while f >= 0:
                    if depth[g.e_source[f]] < 0:
                        depth[g.e_source[f]] = depth[v] + 1
                        d_state[nd] = g.e_source[f]
                        nd += 1
                    f = g.e_next_in[f]
            e = g.e_next_out[e]
    k = 0
    for o in range(TMAX + 1):
        while k < nd and depth[d_state[k]] <= o:
            k += 1
        d_upto[o] = k
    k = 0
    for o in range(TMAX + 1):
        while k < nc and depth[c_state[k]] <= o:
            k += 1
        c_upto[o] = k
    for v in range(n):
        at[v] = -1
    for k in range(nd):
        at[d_state[k]] = k
    for k in range(nc):
        at[c_state[k]] = k
    return nd


cdef int _figures(_Graph g, const int* found_state, int n_found, int turn, int total,
                  double* curves) except -1:
    """The curves of the draw states ``found_state`` (``curves[(k * T1 + t) * 3 + f]``: figure f
    of the k-th at turn t, 0 before ``turn``), filled turn by turn from the last.

    The draw states and the choice states the found ones reach are numbered apart by their
    fewest draws from them (``_depths``), their edges laid out flat (a draw state's newest first,
    as they are summed), and two turns' figures kept; at turn t only the states at most
    t - ``turn`` draws away are filled, the others being read at later turns only.
    """
    cdef int n = g.n, nd = 0, nc = 0, k, j, e, t
    cdef int d_upto[TMAX + 1]
    cdef int c_upto[TMAX + 1]
    cdef size_t m = g.m
    cdef int* at = <int*>malloc(n * sizeof(int) + 1)
    cdef int* d_state = <int*>malloc(n * sizeof(int) + 1)
    cdef int* c_state = <int*>malloc(n * sizeof(int) + 1)
    cdef unsigned char* d_tenpai = <unsigned char*>malloc(n + 1)
    cdef int* d_first = <int*>malloc((n + 1) * sizeof(int))
    cdef int* c_first = <int*>malloc((n + 1) * sizeof(int))
    cdef int* d_target = <int*>malloc(m * sizeof(int) + 1)
    cdef int* c_source = <int*>malloc(m * sizeof(int) + 1)
    cdef double* d_weight = <double*>malloc(m * sizeof(double) + 1)
    cdef double* d_score = <double*>malloc(m * sizeof(double) + 1)
    cdef int* found = <int*>malloc(n_found * sizeof(int) + 1)
    # four turns' figures (3 a state): the draw states' at t and t + 1, the choice states' at t and t + 1
    cdef double* buffers = <double*>malloc(<size_t>n * 4 * 3 * sizeof(double) + 1)
    cdef double* d_now
    cdef double* d_next
    cdef double* c_now
    cdef double* c_next
    cdef double* x
    cdef double left
    cdef double sums[3]
    try:
        if (at == NULL or d_state == NULL or c_state == NULL or d_tenpai == NULL or d_first == NULL
                or c_first == NULL or d_target == NULL or c_source == NULL or d_weight == NULL or d_score == NULL
                or found == NULL or buffers == NULL):
            raise MemoryError()
        nd = _depths(g, found_state, n_found, at, d_state, c_state, d_upto, c_upto)
        nc = c_upto[TMAX]
        j = 0
        for k in range(nd):
            d_tenpai[k] = g.tenpai[d_state[k]]
            d_first[k] = j
            e = g.first_out[d_state[k]]
            while e >= 0:
                d_target[j] = at[g.e_target[e]]
                d_weight[j] = g.e_weight[e]
                d_score[j] = g.e_score[e]
                j += 1
                e = g.e_next_out[e]
        d_first[nd] = j
        j = 0
        for k in range(nc):
            c_first[k] = j
            e = g.first_in[c_state[k]]
            while e >= 0:
                c_source[j] = at[g.e_source[e]]
                j += 1
                e = g.e_next_in[e]
        c_first[nc] = j
        for k in range(n_found):
            found[k] = at[found_state[k]]
        memset(curves, 0, n_found * T1 * 3 * sizeof(double))
        memset(buffers, 0, <size_t>nd * 3 * sizeof(double))  # the last turn's; every other is written before read
        d_now = buffers
        d_next = buffers + <size_t>nd * 3
        c_now = buffers + <size_t>nd * 6
        c_next = c_now + <size_t>nc * 3
        with nogil:
            for k in range(nd):
                d_now[k * 3] = 1.0 if d_tenpai[k] else 0.0
            for t in range(TMAX, turn - 1, -1):
                left = total - t
                for k in range(d_upto[t - turn] if t < TMAX else 0):  # at TMAX only the tenpai (set above)
                    draw_sums(c_next, d_target, d_weight, d_score, d_first[k], d_first[k + 1], d_next + k * 3, sums)
                    d_now[k * 3] = 1.0 if d_tenpai[k] else d_next[k * 3] + sums[0] / left
                    d_now[k * 3 + 1] = d_next[k * 3 + 1] + sums[1] / left
                    d_now[k * 3 + 2] = d_next[k * 3 + 2] + sums[2] / left
                for k in range(c_upto[t - turn]):
                    choice_best(d_now, c_source, c_first[k], c_first[k + 1], c_now + k * 3)
                for k in range(n_found):
                    memcpy(curves + (k * T1 + t) * 3, d_now + found[k] * 3, 3 * sizeof(double))
                x = d_now
                d_now = d_next
                d_next = x
                x = c_now
                c_now = c_next
                c_next = x
    finally:
        free(at)
        free(d_state)
        free(c_state)
        free(d_tenpai)
        free(d_first)
        free(c_first)
        free(d_target)
        free(c_source)
        free(d_weight)
        free(d_score)
        free(found)
        free(buffers)
    return 0
