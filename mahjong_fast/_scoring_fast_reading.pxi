# The lean reading of the four-player (riichi) scoring: ``read_score``, ``finish`` and
# ``lean_score`` (the arguments read in C into a Call, then the kernel and the Score), the
# path _scoring takes when the switches allow it.  Included by _scoring_fast.pyx after the
# public entry; stands on the tile readers and Call before it, and on the Score builders
# (_score_of, _reading_score) after it.

def read_score(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
               chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks):
    """``score``'s four-player arguments as the kernel takes them, or ``None`` (see ``_scoring_fast_py``)."""
    cdef Call c
    if not _read(&c, hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                 chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks):
        return None
    return _call_tuple(&c)


def finish(kernel, int switches, int red_fives, tuple read, int kita, bint tsumo, honba, riichi_sticks,
           int players):
    """The ``Score`` of read arguments; ``None`` when the tiles do not win (see ``_scoring_fast_py``)."""
    return _finish(kernel, switches, red_fives, read, kita, tsumo, honba, riichi_sticks, players)


def lean_score(kernel, int switches, int red_fives, hand14, win, melds, encoding, tsumo, riichi, double_riichi,
               ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita,
               honba, riichi_sticks):
    """``score`` of a four-player call on the lean path; ``None``: the general path answers (see the twin)."""
    read = read_score(hand14, win, melds, encoding, tsumo, riichi, double_riichi, ippatsu, haitei, houtei, rinshan,
                      chankan, tenhou, chiihou, seat_wind, round_wind, dora, ura, kita, honba, riichi_sticks)
    if read is None:
        return None
    return _finish(kernel, switches, red_fives, <tuple>read, 0, tsumo is True, honba, riichi_sticks, 4)


cdef object _finish(object kernel, int switches, int red_fives, tuple read, int kita, bint tsumo, object honba,
                    object riichi_sticks, int players):
    cdef int dora = read[6], ura = read[7], red = read[8] if red_fives else 0
    result = kernel(read[0], read[1], read[2], read[3], read[4], read[5], dora + ura + red + kita, switches)
    if result is None:
        return None
    return _score_of(<tuple>result, dora, ura, red, kita, tsumo, read[9], honba, riichi_sticks, players)


cdef tuple _call_tuple(const Call* c):
    """The twin's ``read_score`` tuple of a read call."""
    return (c.concealed[:N_KINDS], tuple([(c.meld_kind[i], c.meld_tile[i]) for i in range(c.n_melds)]), c.win,
            c.situation, c.seat, c.round_, c.dora, c.ura, c.red, c.dealer)


cdef bint _read(Call* c, object hand14, object win, object melds, object encoding, object tsumo, object riichi,
                object double_riichi, object ippatsu, object haitei, object houtei, object rinshan, object chankan,
                object tenhou, object chiihou, object seat_wind, object round_wind, object dora, object ura,
                object kita, object honba, object riichi_sticks) except -1:
    """Read a four-player call into ``c`` as the twin's ``read_score`` does; False where it gives ``None``."""
    cdef int counts[N_KINDS]
    cdef int red[3]
    cdef bint index136 = False, open_hand = False, kong = False
    cdef bint b_tsumo, b_riichi, b_ippatsu, b_haitei, b_houtei, b_rinshan, b_chankan, b_tenhou, b_chiihou
    cdef int size = 0, situation = 0, t, i, seat, round_, n_dora, n_ura, kind, tile, meld_red, n_melds = 0
    cdef bint dealer, ron
    cdef PyObject* known
    cdef PyObject* flags[10]
    if encoding is not None:
        if encoding == "index136":
            index136 = True
        elif encoding != "index34":
            return False
    if type(kita) is not int or kita != 0:
        return False
    if type(honba) is not int or honba < 0 or type(riichi_sticks) is not int or riichi_sticks < 0:
        return False
    flags[:] = [<PyObject*>tsumo, <PyObject*>riichi, <PyObject*>double_riichi, <PyObject*>ippatsu, <PyObject*>haitei,
                <PyObject*>houtei, <PyObject*>rinshan, <PyObject*>chankan, <PyObject*>tenhou, <PyObject*>chiihou]
    for i in range(10):
        if flags[i] == <PyObject*>_TRUE:
            situation |= _FLAG_BITS[i]
        elif flags[i] != <PyObject*>_FALSE:
            return False
    b_tsumo = tsumo is True
    b_riichi = riichi is True or double_riichi is True
    if double_riichi is True:
        situation |= RIICHI
    b_ippatsu = ippatsu is True
    b_haitei = haitei is True
    b_houtei = houtei is True
    b_rinshan = rinshan is True
    b_chankan = chankan is True
    b_tenhou = tenhou is True
    b_chiihou = chiihou is True
    for t in range(N_KINDS):
        counts[t] = 0
    red[0] = red[1] = red[2] = 0
    size = _hand(hand14, encoding, index136, counts, red)
    if size < 0:
        return False
    if type(melds) is not list and type(melds) is not tuple:
        return False
    for t in range(N_KINDS):
        c.concealed[t] = <unsigned char>counts[t] if counts[t] <= 4 else 5
    for m in melds:
        if n_melds == 4:
            return False  # five melds never make 14 tiles
        known = PyDict_GetItem(_MELD_READS, m) if type(m) is str else NULL
        read = <object>known if known is not NULL else _meld(m)
        if read is None:
            return False
        kind = (<tuple>read)[0]
        tile = (<tuple>read)[1]
        meld_red = (<tuple>read)[2]
        c.meld_kind[n_melds] = kind
        c.meld_tile[n_melds] = tile
        n_melds += 1
        _add_meld(counts, kind, tile)
        if meld_red:
            red[tile // 9] += meld_red
        if not (<tuple>read)[3]:
            open_hand = True
        if kind >= KONG:
            kong = True
    c.n_melds = n_melds
    if size + 3 * n_melds != 14:
        return False
    for t in range(N_KINDS):
        if counts[t] > 4:
            return False
    if red[0] > 1 or red[1] > 1 or red[2] > 1:
        return False
    c.win = _tile(win, index136)
    if c.win < 0 or not c.concealed[c.win]:
        return False
    seat = _wind(seat_wind)
    round_ = _wind(round_wind)
    if seat == -3 or round_ == -3:
        return False
    dealer = seat == EAST
    ron = not b_tsumo
    if ((b_ippatsu and (not b_riichi or b_rinshan)) or (ron and (b_haitei or b_rinshan or b_tenhou or b_chiihou))
            or (b_tsumo and (b_houtei or b_chankan)) or (b_rinshan and not kong) or (b_tenhou and not dealer)
            or (b_chiihou and dealer) or ((b_tenhou or b_chiihou) and (n_melds > 0 or b_riichi))
            or (b_riichi and open_hand) or (b_haitei and b_rinshan) or (b_houtei and b_chankan)):
        return False
    c.dora = _dora(dora, index136, counts, &n_dora)
    c.ura = _dora(ura, index136, counts, &n_ura)
    if c.dora < 0 or c.ura < 0 or n_dora > 5 or n_ura > n_dora or (n_ura and not b_riichi):
        return False
    c.situation = situation
    c.seat = seat
    c.round_ = round_
    c.red = red[0] + red[1] + red[2]
    c.dealer = dealer
    return True
