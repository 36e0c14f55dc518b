# The options of _api_fast: wild= (the last str/int read, known again by identity) and fifth=
# into Options, and the jokers of a reading.  Uses the header of _api_fast.pyx and
# _api_fast_reading.pxi.

_last_wild = [None]                      # the last str/int wild= read, and what it read to
cdef unsigned char _last_wild_mask[N_KINDS]
cdef int _last_wild_count = 0


cdef bint _read_options(Options* o, object wild, object fifth) noexcept:
    cdef Py_ssize_t k, n
    cdef PyObject** items
    o.n_wild = 0  # the wild flags are only meaningful when n_wild > 0
    if fifth is True:
        o.fifth = True
    elif fifth is False:
        o.fifth = False
    else:
        return False
    if wild is None:
        return True
    global _last_wild_count
    if wild is _last_wild[0]:  # the same str or int object as the last call (a literal "7z", say)
        memcpy(o.wild, _last_wild_mask, N_KINDS)
        o.n_wild = _last_wild_count
        return True
    memset(o.wild, 0, N_KINDS)
    if _is_list(wild) or _is_tuple(wild):
        n = _size(wild)
        if n > MAX_WILD:
            return False
        items = _seq_items(wild)
        for k in range(n):
            if not _wild_kind(o, <object>items[k]):
                return False
        return True
    if not _wild_kind(o, wild):
        return False
    if _is_str(wild) or type(wild) is int:  # immutable: safe to know again by identity
        _last_wild[0] = wild
        memcpy(_last_wild_mask, o.wild, N_KINDS)
        _last_wild_count = o.n_wild
    return True


cdef bint _wild_kind(Options* o, object w) noexcept:
    cdef int t
    cdef Reading one
    if _is_str(w):
        memset(&one, 0, sizeof(Reading))
        if not _read_text(&one, w, False) or one.n != 1 or one.n_melds:
            return False
        for t in range(N_KINDS):
            if one.counts[t]:
                break
    else:
        t = _int_value(<PyObject*>w)
        if not 0 <= t < N_KINDS:
            return False
    if not o.wild[t]:
        o.wild[t] = 1
        o.n_wild += 1
    return True


cdef int _jokers(Reading* r, Options* o, unsigned char* counts, unsigned char* limits) noexcept:
    """Counts without the wild kinds and the per-tile limits; the number of jokers."""
    cdef int t, jokers = 0
    memcpy(counts, r.counts, N_KINDS)
    for t in range(N_KINDS):
        limits[t] = MAX_COPIES - (r.all_counts[t] - r.counts[t]) if r.n_melds else MAX_COPIES
        if o.n_wild and o.wild[t]:
            jokers += counts[t]
            counts[t] = 0
    return jokers


cdef inline int _size14(Reading* r) noexcept:
    return r.n + 3 * r.n_melds
