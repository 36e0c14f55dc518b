# Tile efficiency in _api_fast: the visible= counts and the arguments of the efficiency kernel
# (efficiency_args) read in C, and the seen tiles of discard_values (tile_list).  Uses the header
# of _api_fast.pyx, _api_fast_text.pxi, _api_fast_reading.pxi and _api_fast_rules.pxi.

# --- lists of seen tiles ------------------------------------------------------------

cdef bint _read_tile_text(object text, unsigned char* seen, unsigned char* red) noexcept:
    """Add to ``seen`` (and to ``red``, the red fives per suit) the tiles of plain text of any
    length in any notation, as the general reader reads it; False (``seen`` then undefined) for
    anything it must read itself: a meld, a fifth copy, text beyond the notations read here."""
    cdef Py_ssize_t n = _str_len(text)
    cdef Text t
    cdef unsigned char tiles[N_KINDS * MAX_COPIES]
    cdef int got, k
    if n > MAX_TEXT or not _str_ready(text):
        return False
    t.kind = _str_kind(text)
    t.data = _str_data(text)
    if not _notation_of(&t, n):
        return False
    got = _read_plain(&t, 0, n, tiles, N_KINDS * MAX_COPIES, red)
    if got < 0:
        return False
    for k in range(got):
        if seen[tiles[k]] == MAX_COPIES:
            return False
        seen[tiles[k]] += 1
    return True


cdef bint _read_index34_list(object tiles, unsigned char* seen) noexcept:
    """Add to ``seen`` a list or tuple of exact index34 ints, at most four copies a kind; False for
    anything else."""
    cdef Py_ssize_t k, n
    cdef long t
    if not (_is_list(tiles) or _is_tuple(tiles)):
        return False
    with cython.critical_section(tiles):  # free-threaded builds: no resize under us
        n = _size(tiles)
        if n > N_KINDS * MAX_COPIES:
            return False
        for k in range(n):
            item = <PyObject*>_seq_items(tiles)[k]
            if not _is_int(item):
                return False
            t = mf_small_int(item)
            if <unsigned long>t >= N_KINDS or seen[t] == MAX_COPIES:
                return False
            seen[t] += 1
    return True


cdef inline bint _read_seen_tiles(object tiles, unsigned char* seen, unsigned char* red) noexcept:
    """Add to ``seen`` and ``red`` text of any length (``_read_tile_text``) or a list or tuple of
    index34 ints (``_read_index34_list``); False for anything else."""
    if _is_str(tiles):
        return _read_tile_text(tiles, seen, red)
    return _read_index34_list(tiles, seen)


def tile_list(tiles, encoding):
    """``(34 counts as bytes, red fives per suit)`` of a list of tiles of any length, as
    ``as_hand(tiles, (), encoding)`` reads it (its ``counts`` and ``red``), read in C: text in any
    notation without melds, or a list or tuple of index34 ints (``encoding`` None); None when the
    general path must read it (it gives the answer or the error)."""
    cdef unsigned char seen[N_KINDS]
    cdef unsigned char red[3]
    memset(seen, 0, N_KINDS)
    red[0] = red[1] = red[2] = 0
    if encoding is not None or not _read_seen_tiles(tiles, seen, red):
        return None
    return (<char*>seen)[:N_KINDS], (red[0], red[1], red[2])


# --- tile efficiency ---------------------------------------------------------------

cdef bint _read_visible(object visible, object encoding, unsigned char* seen) noexcept:
    """34 counts of ``visible`` given as None, 34 counts (bytes or bytearray), text in any notation
    without melds, or a list or tuple of exact index34 ints (no ``encoding``), at most four copies
    each; False for any other form."""
    cdef const unsigned char* data
    cdef unsigned char red[3]       # red fives: not told apart in the counts
    cdef long t
    memset(seen, 0, N_KINDS)
    red[0] = red[1] = red[2] = 0
    if visible is None:
        return True
    if _is_bytes(visible) or _is_bytearray(visible):
        if _size(visible) != N_KINDS:
            return False
        data = <const unsigned char*>(_bytes_data(visible) if _is_bytes(visible) else _bytearray_data(visible))
        for t in range(N_KINDS):
            if data[t] > MAX_COPIES:
                return False
            seen[t] = data[t]
        return True
    return encoding is None and _read_seen_tiles(visible, seen, red)


def efficiency_args(hand, melds, visible, rules, wild, fifth, encoding, int residue):
    """``(held, lim, avail, wild mask or None, flags, fifth)`` for the efficiency kernel, as
    ``_efficiency._kernel_args`` computes them for a hand of 3n+``residue`` concealed tiles, read in
    C; None when the general path must read the call (it gives the answer or the error).
    ``rules`` is a preset name or a ``Rules`` (the caller passes the default for None)."""
    cdef Reading r
    cdef Options o
    cdef unsigned char seen[N_KINDS]
    cdef unsigned char lim[N_KINDS]
    cdef unsigned char avail[N_KINDS]
    cdef const unsigned char* held
    cdef int t, most = MAX_HAND - (2 - residue)
    cdef _RuleEntry e = _read_rules(rules)
    if e is None or not _read_options(&o, wild, fifth) or not _read(&r, hand, melds, encoding):
        return None
    if r.n % 3 != residue or _size14(&r) > most or not _rules_allow(&e.args, &r, &o):
        return None
    if not _read_visible(visible, encoding, seen):
        return None
    held = &r.all_counts[0] if r.n_melds else &r.counts[0]
    for t in range(N_KINDS):
        if held[t] + seen[t] > e.args.limits[t]:
            return None
        lim[t] = e.args.limits[t] - (held[t] - r.counts[t])
        avail[t] = lim[t] - seen[t]
    mask = None
    if o.n_wild:
        mask = (<char*>o.wild)[:N_KINDS]
    return ((<char*>r.counts)[:N_KINDS], (<char*>lim)[:N_KINDS], (<char*>avail)[:N_KINDS], mask,
            _meld_flags(e.args.flags, &r), o.fifth)
