# The gb (MCR) scoring: the arguments read in C (``_gb_read``, the plain melds), the fan
# kernel (fans.pxd, ``gb_fans_c``) called on them, and the Score built from its counts
# (``gb_lean_score``, ``gb_score``; the flowers, the points, the deltas' fields).  Included
# by _scoring_fast.pyx at its end; stands on the readers, _new_score and the slots before it.


cdef tuple _FLOWER_ITEM = (Fan.FLOWER_TILES, 1)
cdef tuple _GB_ITEMS = GB_ITEMS
cdef int _GB_POINTS[N_FAN_SLOTS]
_GB_POINTS[0] = 0
for _i, (_f, _p) in enumerate(GB_ITEMS):
    _GB_POINTS[_i + 1] = _p
cdef int _FLOWER_ID = Fan.FLOWER_TILES.value


cdef int _gb_read(object hand14, object win, object melds, object encoding, object seat_wind, object round_wind,
                  unsigned char* concealed, int* kinds, int* tiles, int* read) except -2:
    """``_read`` of a gb call (no riichi arguments) into C arrays: the meld count, -1 where it gives ``None``.

    ``read`` receives the winning tile, the seat and round winds (-1: ``None``) and
    whether the seat is the dealer; red fives give -1 (the general reading).
    """
    cdef int counts[N_KINDS]
    cdef bint index136 = False
    cdef int size = 0, t, n_melds = 0, kind, tile, win_tile, seat, round_, i
    cdef bint crowded = False
    cdef int red[3]
    cdef PyObject* known
    if encoding is not None:
        if encoding == "index136":
            index136 = True
        elif encoding != "index34":
            return -1
    for t in range(N_KINDS):
        counts[t] = 0
    red[0] = red[1] = red[2] = 0
    size = _hand(hand14, encoding, index136, counts, red)
    if size < 0 or red[0] or red[1] or red[2]:
        return -1
    if type(melds) is not list and type(melds) is not tuple:
        return -1
    for t in range(N_KINDS):
        concealed[t] = <unsigned char>counts[t] if counts[t] <= 4 else 5
        crowded |= counts[t] > 4
    for m in melds:
        if n_melds == 4:
            return -1
        tile = _plain_meld(<str>m, &kind) if type(m) is str else -1
        if tile < 0:
            known = PyDict_GetItem(_MELD_READS, m) if type(m) is str else NULL
            meld = <object>known if known is not NULL else _meld(m)
            if meld is None or (<tuple>meld)[2]:
                return -1
            kind = (<tuple>meld)[0]
            tile = (<tuple>meld)[1]
        _add_meld(counts, kind, tile)
        kinds[n_melds] = kind
        tiles[n_melds] = tile
        n_melds += 1
    if size + 3 * n_melds != 14 or crowded:
        return -1
    for i in range(n_melds):  # the melds changed only their own kinds' counts
        t = tiles[i]
        if counts[t] > 4 or (kinds[i] == CHOW and (counts[t + 1] > 4 or counts[t + 2] > 4)):
            return -1
    win_tile = _tile(win, index136)
    if win_tile < 0 or not concealed[win_tile]:
        return -1
    seat = _wind(seat_wind)
    round_ = _wind(round_wind)
    if seat == -3 or round_ == -3:
        return -1
    read[0] = win_tile
    read[1] = seat
    read[2] = round_
    read[3] = seat == EAST
    return n_melds


cdef dict _MELD_READS = _MELDS


cdef int _plain_meld(str m, int* kind) except -2:
    """The index34 tile of a meld in plain mpsz text (``123m``, ``5p5p5p``, ``5555s``: the twin's ``_text``)
    and its kind (score_flags') into ``kind``, as the twin's ``_meld`` reads them (a dict lookup of equal
    text costs more than the reading); -1 for any other form (red fives, brackets, ...)."""
    cdef int counts[N_KINDS]
    cdef int red[3]
    cdef int n, t
    for t in range(N_KINDS):
        counts[t] = 0
    red[0] = red[1] = red[2] = 0
    n = _text(m, counts, red)
    if (n != 3 and n != 4) or red[0] or red[1] or red[2]:
        return -1
    t = 0
    while not counts[t]:
        t += 1
    if counts[t] == n:
        kind[0] = PUNG if n == 3 else KONG
        return t
    if n == 3 and t < 27 and t % 9 <= 6 and counts[t + 1] == 1 and counts[t + 2] == 1:
        kind[0] = CHOW
        return t
    return -1


def gb_lean_score(kernel, hand14, win, melds, encoding, tsumo, seat_wind, round_wind, flowers, last_copy,
                  last_tile, kong_draw, robbing_kong):
    """``score`` under gb on the lean path; ``None``: the general path answers (see the twin)."""
    return _gb_lean(kernel, hand14, win, melds, encoding, tsumo, seat_wind, round_wind, flowers, last_copy, last_tile,
                    kong_draw, robbing_kong)


cdef object _gb_lean(object kernel, object hand14, object win, object melds, object encoding, object tsumo,
                     object seat_wind, object round_wind, object flowers, object last_copy, object last_tile,
                     object kong_draw, object robbing_kong):
    cdef unsigned char concealed[N_KINDS]
    cdef int kinds[4]
    cdef int tiles[4]
    cdef int read[4]
    cdef signed char best[FAN_ROW]
    cdef unsigned char ids[FAN_ROW]
    cdef int situation = 0, win_tile, n_melds, i, n
    if (type(flowers) is not int or not 0 <= flowers <= 8 or type(last_copy) is not bool
            or type(last_tile) is not bool or type(kong_draw) is not bool or type(robbing_kong) is not bool
            or type(tsumo) is not bool):
        return None
    n_melds = _gb_read(hand14, win, melds, encoding, seat_wind, round_wind, concealed, kinds, tiles, read)
    if n_melds < 0:
        return None
    win_tile = read[0]
    if last_copy and concealed[win_tile] > 1:
        return None
    if kong_draw:
        if not tsumo:
            return None
        for i in range(n_melds):
            if kinds[i] >= KONG:
                break
        else:
            return None
    if robbing_kong:
        if tsumo or concealed[win_tile] > 1:
            return None
        for i in range(n_melds):
            if (tiles[i] <= win_tile <= tiles[i] + 2) if kinds[i] == CHOW else tiles[i] == win_tile:
                return None
    if tsumo:
        situation |= GB_SELF_DRAWN
    if last_copy:
        situation |= GB_LAST_COPY
    if kong_draw or robbing_kong:
        situation |= GB_KONG
    if last_tile:
        situation |= GB_WALL_LAST
    if kernel is _count_fans:  # the GIL kept: releasing it costs more than the count on a busy machine
        if not table_ready():
            _ensure_table()
        n = gb_fans_c(concealed, kinds, tiles, n_melds, win_tile, situation, read[1], read[2], best, ids)
        if n < 0:
            return None
    else:
        fans = kernel(concealed[:N_KINDS], tuple([(kinds[i], tiles[i]) for i in range(n_melds)]), win_tile,
                      situation, read[1], read[2])
        if fans is None:
            return None
        n = _fan_counts(fans, best, ids)
    return _gb_score(best, ids, n, flowers, tsumo is True, read[3])


cdef int _fan_counts(tuple fans, signed char* best, unsigned char* ids) except -1:
    """The kernel's ``(fan id, count)`` pairs (ascending ids) as ``gb_fans_c`` answers them: the counts
    ``best``, the ids ``ids``, how many."""
    cdef int i = 0, fan
    memset(best, 0, FAN_ROW)
    for pair in fans:
        fan = (<tuple>pair)[0]
        best[fan] = <signed char>(<int>(<tuple>pair)[1])
        ids[i] = <unsigned char>fan
        i += 1
    return i


def gb_score(tuple fans, int flowers, bint tsumo, bint dealer):
    """The ``Score`` of the fan kernel's ``(fan id, count)`` pairs and the flowers (see the twin)."""
    cdef signed char best[FAN_ROW]
    cdef unsigned char ids[FAN_ROW]
    cdef int n = _fan_counts(fans, best, ids)
    return _gb_score(best, ids, n, flowers, tsumo, dealer)


cdef object _gb_score(const signed char* best, const unsigned char* ids, int n_ids, int flowers, bint tsumo,
                      bint dealer):
    """The ``Score`` of the fans ``ids`` (ascending, ``n_ids`` of them) counted ``best`` times, and the flowers."""
    cdef int before = 0, i, j, n, _k, size = flowers, at = 0, total
    cdef bint placed = flowers == 0
    for j in range(n_ids):
        size += best[ids[j]]
    items = PyTuple_New(size)  # filled in place: no list to grow and copy
    for j in range(n_ids):
        i = ids[j]
        n = best[i]
        if not placed and i > _FLOWER_ID:
            for _k in range(flowers):
                _set_item(items, at, _FLOWER_ITEM)
                at += 1
            placed = True
        item = (<tuple>_GB_ITEMS)[i - 1]
        before += _GB_POINTS[i] * n
        for _k in range(n):
            _set_item(items, at, item)
            at += 1
    if not placed:
        for _k in range(flowers):
            _set_item(items, at, _FLOWER_ITEM)
            at += 1
    total = before + flowers
    points = 0
    if before >= 8 and tsumo:
        points = (total + 8, total + 8)
    elif before >= 8:
        points = total + 8
    return _new_score(before >= 8, <tuple>items, 0, 0, 0, "", points, tsumo, dealer, 0, 0, 4)
