# discard_values in _api_fast: the call around the value search in C (values_entry from the public
# arguments, values_call from a Hand).  It reads the common arguments, builds the separated hand and
# wall and the Situation, runs the search and makes the DiscardValues best first; None for anything
# else (a deep search included), and the general code of _values then gives the answer or the error.
# Uses the header of _api_fast.pyx, _api_fast_objects.pxi and _api_fast_efficiency.pxi.

cdef dict _values_module = {}           # _values' globals: its _search and kernels (tests swap them), read per call
cdef object _value_type = None          # _values.DiscardValue
cdef tuple _value_tiles = ()            # the Tile of each separated index (34-36: the red fives' kinds)
cdef object _situation_type = None      # _kernels.situation.Situation
cdef int _meld_code_of[3][2]           # _scoring._MELD_CODE by kind (KIND_CHOW …) and concealed
cdef int _value_switches, _riichi_flags, _deep_from, _last_turn, _max_indicators, _max_sticks
# where DiscardValue keeps tile, red, curves (tuples), tenpai, win, expected and the packed curves
cdef Py_ssize_t _value_slots[7]
cdef int[3] _RED_FIVE = [4, 13, 22]
# where Situation keeps its facts, in the order of _SITUATION_SLOTS; the dora of each indicator and
# the points of a honba and of a stick, its class's
cdef tuple _SITUATION_SLOTS = ("score_counts", "shanten", "switches", "melds", "n_melds", "meld_tiles", "meld_red",
                               "closed", "seat_wind", "round_wind", "dora_kinds", "indicators", "dealer", "bonus")
cdef Py_ssize_t _situation_slots[14]
cdef int _dora_of[N_KINDS]
cdef long _honba_points, _stick_points
# the compiled search (the values kernel, ``_values._search`` when installed) and its entry from C
# (``values.SEARCH_C``): called in place of ``search_packed`` while ``_values._search`` is that module
cdef object _compiled_search = None
cdef search_fn _search_from_facts = NULL


def install_values(module, value_type, situation_type, meld_codes, int switches, int riichi_flags, int deep_from,
                   int last_turn, int max_indicators, int max_sticks):
    """``values_entry`` and ``values_call`` for ``_values`` (``module``: its globals, whose ``_search``,
    ``_scoring_kernel``, ``_shanten_kernel`` and ``_TILE_OF`` are the ones used); ``value_type`` is ``DiscardValue``,
    ``situation_type`` the ``Situation`` class, ``meld_codes`` the scoring kernel's meld codes, the
    ints ``_values``' constants of the same names."""
    global _values_module, _value_type, _value_tiles, _situation_type
    global _value_switches, _riichi_flags, _deep_from, _last_turn, _max_indicators, _max_sticks
    cdef int k
    _values_module, _value_type, _situation_type = module, value_type, situation_type
    for (name, concealed), code in meld_codes.items():
        _meld_code_of[<int>_kind_names[name]][1 if concealed else 0] = code[0]
    _value_tiles = tuple(module["_TILE_OF"])
    _value_switches, _riichi_flags, _deep_from = switches, riichi_flags, deep_from
    if not 0 <= max_indicators <= MAX_DORA_INDICATORS:  # the search's facts keep at most that many dora
        raise ValueError(f"max_indicators must be 0-{MAX_DORA_INDICATORS}, not {max_indicators}")
    _last_turn, _max_indicators, _max_sticks = last_turn, max_indicators, max_sticks
    for k, name in enumerate(("tile", "red", "_curves", "tenpai", "win", "expected", "_figures")):
        _value_slots[k] = _slot_offset(value_type, name)
    global _honba_points, _stick_points, _compiled_search, _search_from_facts
    for k, name in enumerate(_SITUATION_SLOTS):
        _situation_slots[k] = _slot_offset(situation_type, name)
    for k in range(N_KINDS):
        _dora_of[k] = situation_type.DORA_OF[k]
    _honba_points, _stick_points = situation_type.HONBA_POINTS, situation_type.STICK_POINTS
    search = module["_search"]
    capsule = getattr(search, "SEARCH_C", None)
    _compiled_search = search if capsule is not None else None
    _search_from_facts = <search_fn>PyCapsule_GetPointer(capsule, NULL) if capsule is not None else NULL
    return values_entry, values_call


cdef int _value_wind(object value) noexcept:
    """A wind's index34 tile as ``_scoring._wind`` reads it, -1 for None; -2 for any other form."""
    cdef Py_ssize_t n
    cdef Py_UCS4 a
    if value is None:
        return -1
    if _is_int(<PyObject*>value):
        return <int>value if 27 <= value <= 30 else -2
    if not _is_str(value):
        return -2
    n = _str_len(value)
    a = (<str>value)[0] if n else 0
    if n == 1:
        return 27 if a == u"E" else 28 if a == u"S" else 29 if a == u"W" else 30 if a == u"N" else -2
    if n == 2 and (<str>value)[1] == u"z" and u"1" <= a <= u"4":
        return 27 + (<int>a - 49)
    return -2


cdef inline bint _small_count(object value) noexcept:
    """An exact int 0 … ``_values.MAX_STICKS`` (``honba``, ``riichi_sticks``)."""
    return _is_int(<PyObject*>value) and 0 <= value <= _max_sticks


cdef bint _value_seen(object value, unsigned char* seen, unsigned char* red) noexcept:
    """34 counts and red fives of ``dora`` or ``visible`` as ``_values._tiles_counts`` reads them
    (``encoding`` None); False when the general reading must run."""
    memset(seen, 0, N_KINDS)
    red[0] = red[1] = red[2] = 0
    return value is None or _read_seen_tiles(value, seen, red)


cdef inline bint _ranks_before(double e1, double w1, int k1, double e2, double w2, int k2) noexcept:
    """Whether discard 1 comes before discard 2: larger expected, then larger win, then the lower
    tile, plain before red (``_values._best_first``, the general sort's key)."""
    cdef int t1 = _RED_FIVE[k1 - N_KINDS] if k1 >= N_KINDS else k1
    cdef int t2 = _RED_FIVE[k2 - N_KINDS] if k2 >= N_KINDS else k2
    if e1 != e2:
        return e1 > e2
    if w1 != w2:
        return w1 > w2
    if t1 != t2:
        return t1 < t2
    return k1 < k2


def values_entry(hand14, melds, rules, turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding):
    """``_values.discard_values``' answer for its arguments as given, when ``values_call`` answers
    for the ``Hand`` they make: ``rules`` the text ``"riichi"``, ``turn`` an int, a hand that
    ``Hand``'s reader in C vouches for (``fill_hand``); None for anything else.  A call then costs
    no Python frame but ``discard_values``' own (``_values._rules`` and ``as_hand`` run on the way
    back only)."""
    if (encoding is not None or type(turn) is not int or not _is_str(rules) or rules != u"riichi"
            or not _reader_is(0, fill_hand)):
        return None
    if not 1 <= turn <= _last_turn:
        return None
    cdef Reading r
    cdef list made = []
    if type(hand14) is _hand_type:
        hand = _new_instance(_hand_type)
        if not _fill_hand(hand, hand14, melds, u"index34", False):
            return None
        return _values_of(hand, <int>turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding)
    if not _read_hand(&r, hand14, melds, u"index34", False, made):  # what Hand(hand14, melds) holds, no Hand made
        return None
    return _values_read(r.counts, r.red, made, <int>turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks)


def values_call(hand, int turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding):
    """``_values._general_values``' answer for a ``Hand`` ``hand`` 0-1 from ready (``turn`` checked) and the common
    forms of the rest: ``dora`` and ``visible`` None, text or index34 lists, winds None,
    ``"E"``-``"N"``, ``"1z"``-``"4z"`` or 27-30, ``honba`` and ``riichi_sticks`` ints, no
    ``encoding``; None for anything else, or for what the general code refuses."""
    return _values_of(hand, turn, dora, seat_wind, round_wind, visible, honba, riichi_sticks, encoding)


cdef object _values_of(object hand, int turn, object dora, object seat_wind, object round_wind, object visible,
                       object honba, object riichi_sticks, object encoding):
    """``values_call``, for the calls in this module: the counts, red fives and melds of a ``Hand``."""
    cdef PyObject* slot
    cdef unsigned char held_red[3]
    cdef int s
    if encoding is not None or type(hand) is not _hand_type or not 1 <= turn <= _last_turn:
        return None
    slot = _held(hand, _hand_slots[0])
    if slot == NULL or not _is_bytes(<object>slot) or _size(<object>slot) != N_KINDS:
        return None
    if _held(hand, _hand_slots[2]) == NULL or _held(hand, _hand_slots[3]) == NULL:  # a Hand never initialised
        return None
    red = <object>_held(hand, _hand_slots[2])
    melds = <object>_held(hand, _hand_slots[3])
    if type(red) is not tuple or len(red) != 3 or type(melds) is not tuple:
        return None
    for s in range(3):
        if not 0 <= red[s] <= MAX_COPIES:
            return None
        held_red[s] = red[s]
    return _values_read(<const unsigned char*>_bytes_data(<object>slot), held_red, melds, turn, dora, seat_wind,
                        round_wind, visible, honba, riichi_sticks)


cdef object _values_read(const unsigned char* counts, const unsigned char* held_red, object melds, int turn,
                         object dora, object seat_wind, object round_wind, object visible, object honba,
                         object riichi_sticks):
    """``_values_of`` for a hand's 34 concealed counts, its red fives (per suit) and its ``Meld``s (a list
    or tuple, ``turn`` checked): the separated hand and wall, the search's facts, the search (from C
    when ``_values._search`` is the compiled kernel, else through a ``Situation``), its discards best first."""
    cdef unsigned char shown[N_KINDS]
    cdef unsigned char shown_red[3]
    cdef unsigned char seen[N_KINDS]
    cdef unsigned char seen_red[3]
    cdef unsigned char limits[N_KINDS]
    cdef unsigned char separated_hand[40]
    cdef unsigned char separated_wall[40]
    cdef int wall[N_KINDS]
    cdef int red_wall[3]
    cdef int meld_red[3]
    cdef int t, s, k, n, size = 0, total = 0, seat, round_, kind
    cdef bint concealed
    cdef SearchFacts facts
    cdef int kinds[40]
    cdef double expected[40]
    cdef double win[40]
    cdef double figures[3]
    cdef int order[40]
    seat = _value_wind(seat_wind)
    round_ = _value_wind(round_wind)
    if seat == -2 or round_ == -2 or not _small_count(honba) or not _small_count(riichi_sticks):
        return None
    if not _value_seen(dora, shown, shown_red) or not _value_seen(visible, seen, seen_red):
        return None
    if len(melds) > MAX_MELDS:
        return None
    facts.n_melds = len(melds)
    facts.meld_red = facts.indicators = 0
    facts.closed = True
    for s in range(3):
        meld_red[s] = 0
    for t in range(N_KINDS):
        facts.meld_tiles[t] = 0
    melds_code = []
    for k in range(facts.n_melds):  # a Meld's slots read, its tiles those of its kind from its lowest
        m = melds[k]
        kind = _kind_names[m.kind]
        concealed = m.concealed
        t = m.tile
        for s in range(MAX_COPIES if kind == KIND_KONG else 3):
            facts.meld_tiles[t + s if kind == KIND_CHOW else t] += 1
        if m.red:
            facts.meld_red += 1
            meld_red[t // 9] += m.red
        set_search_meld(&facts, k, _meld_code_of[kind][concealed], t)
        melds_code.append((_meld_code_of[kind][concealed], t))
        facts.closed = facts.closed and kind == KIND_KONG and concealed
    for t in range(N_KINDS):
        size += counts[t]
        facts.indicators += shown[t]
    if size + 3 * facts.n_melds != 14 or facts.indicators > _max_indicators:
        return None
    for t in range(N_KINDS):
        wall[t] = MAX_COPIES - counts[t] - facts.meld_tiles[t] - shown[t] - seen[t]
        if wall[t] < 0:
            return None
        total += wall[t]
    for s in range(3):
        red_wall[s] = 1 - held_red[s] - meld_red[s] - shown_red[s] - seen_red[s]
        if red_wall[s] < 0 or wall[_RED_FIVE[s]] < red_wall[s] or counts[_RED_FIVE[s]] < held_red[s]:
            return None
    if total <= _last_turn:
        return None
    for t in range(N_KINDS):
        separated_hand[t] = counts[t]
        separated_wall[t] = wall[t]
    for s in range(3):
        separated_wall[_RED_FIVE[s]] -= red_wall[s]
        separated_wall[N_KINDS + s] = red_wall[s]
        separated_hand[_RED_FIVE[s]] -= held_red[s]
        separated_hand[N_KINDS + s] = held_red[s]
    k = 0
    for t in range(N_KINDS):
        for s in range(shown[t]):
            facts.dora_kinds[k] = _dora_of[t]
            k += 1
    facts.switches = _value_switches
    facts.seat_wind = seat
    facts.round_wind = round_
    facts.dealer = seat == FIRST_HONOR
    facts.bonus = _honba_points * <long>honba + _stick_points * <long>riichi_sticks
    score_counts = _values_module["_scoring_kernel"].score_counts
    search = _values_module["_search"]
    if search is _compiled_search:  # None for a deep search (its own thread), or a hand the general code refuses
        found = _search_from_facts(&facts, score_counts, tuple(melds_code), separated_hand, separated_wall, turn,
                                   _deep_from)
        if found is None:
            return None
        found = found[0]
    else:  # a search swapped in (a test's): the Situation it reads, for a hand the search takes here
        memset(limits, MAX_COPIES, N_KINDS)
        if not shanten_ready():
            ensure_tables()
        if shanten_rules_c(counts, 0, 0, True, limits, _riichi_flags) >= _deep_from:
            return None
        found = _searched(search, &facts, score_counts, tuple(melds_code), separated_hand, separated_wall, turn)
    n = len(found)
    if n > N_KINDS + 3:
        return None
    for k in range(n):  # the key of each discard, then its place: insertion, the fewer than 40 of them
        kinds[k] = found[k][0]
        _first_figures(found[k][1], figures)
        expected[k] = figures[2]
        win[k] = figures[1]
        if expected[k] != expected[k] or win[k] != win[k]:  # NaN: the general sort's order
            return _made_values(found, list(range(n)), True)
        t = k
        while t > 0 and _ranks_before(expected[k], win[k], kinds[k], expected[order[t - 1]], win[order[t - 1]],
                                      kinds[order[t - 1]]):
            order[t] = order[t - 1]
            t -= 1
        order[t] = k
    return _made_values(found, [order[k] for k in range(n)], False)


cdef list _searched(object search, const SearchFacts* facts, object score_counts, tuple melds_code,
                    const unsigned char* hand, const unsigned char* wall, int turn):
    """The discards ``search`` finds, given a ``Situation`` made of ``facts`` slot by slot as
    ``Situation.__init__`` makes it."""
    cdef int t
    cdef list meld_tiles = [], dora_kinds = [], separated_hand = [], separated_wall = []
    for t in range(N_KINDS):
        meld_tiles.append(facts.meld_tiles[t])
    for t in range(facts.indicators):
        dora_kinds.append(facts.dora_kinds[t])
    for t in range(N_KINDS + 3):
        separated_hand.append(hand[t])
        separated_wall.append(wall[t])
    situation = _new_instance(_situation_type)
    cdef tuple made = (score_counts, _values_module["_shanten_kernel"].shanten_counts, facts.switches, melds_code,
                       facts.n_melds, meld_tiles, facts.meld_red, facts.closed == 1, facts.seat_wind,
                       facts.round_wind, dora_kinds, facts.indicators, facts.dealer == 1, facts.bonus)
    for t in range(14):
        _put(situation, _situation_slots[t], made[t])
    packed = getattr(search, "search_packed", None)  # a search swapped in by a test may have only search
    return (search.search if packed is None else packed)(situation, separated_hand, separated_wall, turn)[0]


cdef int _first_figures(object curve, double* figures) except -1:
    """``figures``: the first triple of a curve, packed (``bytes`` of doubles) or a tuple of triples."""
    cdef const double* packed
    if _is_bytes(curve):
        packed = <const double*>_bytes_data(curve)
        figures[0], figures[1], figures[2] = packed[0], packed[1], packed[2]
    else:
        first = curve[0]
        figures[0], figures[1], figures[2] = first[0], first[1], first[2]
    return 0


cdef tuple _made_values(list found, list order, bint sort):
    """The ``DiscardValue`` of each ``(kind, curve)`` of ``found`` in ``order`` (``sort``: sorted after
    by the general code's key, ``_values._best_first``), each made as ``DiscardValue.__init__`` makes it
    (a packed curve kept as it is, its tuples made when ``curves`` is first read)."""
    cdef Py_ssize_t k, n = len(order)
    cdef double figures[3]
    made = PyTuple_New(n) if not sort else None
    result = []
    for k in range(n):
        kind, curve = found[<Py_ssize_t>order[k]]
        _first_figures(curve, figures)
        packed = _is_bytes(curve)
        value = _new_instance(_value_type)
        _put(value, _value_slots[0], _value_tiles[kind])
        _put(value, _value_slots[1], kind >= N_KINDS)
        _put(value, _value_slots[2], None if packed else curve)
        _put(value, _value_slots[3], figures[0])
        _put(value, _value_slots[4], figures[1])
        _put(value, _value_slots[5], figures[2])
        _put(value, _value_slots[6], curve if packed else None)
        if sort:
            result.append(value)
        else:
            Py_INCREF(value)
            PyTuple_SET_ITEM(made, k, value)
    if sort:
        result.sort(key=_values_module["_best_first"])
        return tuple(result)
    return made
