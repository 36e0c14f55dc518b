# The other tags of an mjlog round on the straight path (included by mjlogscan.pyx): the INIT tag's deal
# (``deal``), the chi, pon and riichi tags (``run`` with ``calls``); each read as ``tag`` reads it and
# applied as ``logs._mjlog`` applies it when nothing is wrong; anything else (another tag, a kan, a bad
# code, a call the state rules out) is left to ``logs._mjlog``, which tells what is wrong.  Same answers
# as ``mjlogscan_py``.

_HANDS = (u"hai0", u"hai1", u"hai2", u"hai3")
_WINDS = (u"E", u"S", u"W", u"N")


cdef object _attr(dict attrs, str key, Py_ssize_t count, long long low, long long high):
    """The attribute's numbers written plainly (``numbers``), else None."""
    cdef object value = attrs.get(key)
    return _numbers(value, count, low, high) if type(value) is str else None


def deal(dict attrs not None, int n, tuple names not None):
    """The round set up by an INIT tag's attributes written plainly and making sense, else None (see
    ``mjlogscan_py.deal``)."""
    cdef object seed, ten, oya, hand
    cdef list tehais = [], scores, tiles
    cdef bytearray places = bytearray(PLACES)
    cdef unsigned char* place = <unsigned char*>PyByteArray_AS_STRING(places)
    cdef int s, k, j, t, dora, index
    cdef int ids[13]
    cdef str line
    cdef object wind, marker, kyoku, honba, kyotaku, dealer
    cdef dict event
    if not (0 < n <= 4 and len(names) >= 136):
        raise ValueError("n must be 1-4 and names those of the 136 tiles")
    seed = _attr(attrs, u"seed", 6, 0, 10**9)
    ten = _attr(attrs, u"ten", -1, -10**9, 10**9)
    oya = _attr(attrs, u"oya", 1, 0, n - 1)
    if seed is None or ten is None or oya is None or len(<list>ten) < n:
        return None
    index = (<list>seed)[0]
    dora = (<list>seed)[5]
    if index >= 16 or dora >= 136:
        return None
    for s in range(n):
        hand = _attr(attrs, _HANDS[s], 13, 0, 135)
        if hand is None:
            return None
        for k in range(13):  # sorted as they go in
            t = (<list>hand)[k]
            j = k
            while j > 0 and ids[j - 1] > t:
                ids[j] = ids[j - 1]
                j -= 1
            ids[j] = t
        for k in range(13):
            if place[ids[k]] != IN_WALL:
                return None
            place[ids[k]] = s + 1
        place[HOLDING + s] = 13
        tiles = [names[ids[k]] for k in range(13)]
        tehais.append(tiles)
    if place[dora] != IN_WALL:
        return None
    place[dora] = GIVEN_UP
    scores = [v * 100 for v in (<list>ten)[:n]]
    wind, marker, kyoku = _WINDS[index // 4], names[dora], index % 4 + 1
    honba, kyotaku, dealer = (<list>seed)[1], (<list>seed)[2], (<list>oya)[0]
    event = {u"type": u"start_kyoku", u"bakaze": wind, u"dora_marker": marker, u"kyoku": kyoku, u"honba": honba,
             u"kyotaku": kyotaku, u"oya": dealer, u"scores": scores, u"tehais": tehais}
    line = (f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{marker}","kyoku":{kyoku},'
            f'"honba":{honba},"kyotaku":{kyotaku},"oya":{dealer},"scores":[{",".join(map(str, scores))}],'
            f'"tehais":[{",".join([_names_line(tiles) for tiles in tehais])}]}}')
    return seed, scores, dealer, places, event, line


cdef Py_ssize_t _call_or_riichi(str text, Py_ssize_t i, Py_ssize_t end, int n, unsigned char* place, list drawn,
                                list last, tuple calls, list events, list lines) except -2:
    """The end of the ``<N .../>`` chi or pon, or ``<REACH .../>``, at ``text[i:]``, applied; -1 when not."""
    cdef object found
    cdef tuple read
    cdef dict attrs
    cdef Py_ssize_t tag_end
    cdef object name
    cdef Py_UCS4 first = text[i + 1]
    if first != u"N" and first != u"R":  # not read: the next round's INIT, a win (its name is neither)
        return -1
    found = _tag(text, i)
    if found is None:
        return -1
    read, attrs, _, tag_end = found
    if tag_end > end or read[1]:
        return -1
    name = read[0]
    if name == u"N":
        if not _chi_or_pon(attrs, n, place, drawn, last, calls, events, lines):
            return -1
    elif name == u"REACH":
        if not _riichi(attrs, n, calls, events, lines):
            return -1
    else:
        return -1
    return tag_end


cdef int _one(dict attrs, str key, long long low, long long high) except -2:
    """The attribute's one number written plainly, ``low``-``high``, else -1 (``low`` is never below 0)."""
    cdef object value = attrs.get(key)
    if type(value) is not str:
        return -1
    found = _numbers(value, 1, low, high)
    return -1 if found is None else <int>(<list>found)[0]


cdef str _names_line(list names):
    return u'["' + u'","'.join(names) + u'"]'


cdef bint _chi_or_pon(dict attrs, int n, unsigned char* place, list drawn, list last, tuple calls, list events,
                      list lines) except -1:
    cdef int who = _one(attrs, u"who", 0, n - 1)
    cdef int m = _one(attrs, u"m", 0, 0xFFFF)
    cdef int rel, t, called, low, k, target, kind, other, c
    cdef int ids[3]
    cdef int consumed[2]
    cdef str letters
    cdef tuple names
    cdef object pai
    cdef list eaten
    if who < 0 or m < 0:
        return False
    rel = m & 3
    if m & 0x4:
        t = (m >> 10) // 3
        called = (m >> 10) % 3
        if t >= 21 or rel != 3 or n == 3:
            return False
        low = (t // 7) * 9 + t % 7
        for k in range(3):
            ids[k] = (low + k) * 4 + (m >> (3 + 2 * k) & 3)
        target = (who + 3) % 4
        letters = u"chi"
    elif m & 0x18 == 0x8:
        kind = (m >> 9) // 3
        called = (m >> 9) % 3
        other = m >> 5 & 3
        if kind >= 34 or rel == 0 or (n == 3 and rel == 2):
            return False
        k = 0
        for c in range(4):
            if c != other:
                ids[k] = kind * 4 + c
                k += 1
        target = (who + rel - (rel == 3)) % 3 if n == 3 else (who + rel) % 4
        letters = u"pon"
    else:
        return False
    k = 0
    for c in range(3):
        if c != called:
            consumed[k] = ids[c]
            k += 1
    if not (last[0] == target and last[1] == ids[called]):
        return False
    if place[HOLDING + who] % 3 != 1 or place[consumed[0]] != who + 1 or place[consumed[1]] != who + 1:
        return False
    place[consumed[0]] = GIVEN_UP
    place[consumed[1]] = GIVEN_UP
    place[HOLDING + who] -= 2
    if letters == u"pon":
        (<dict>(<list>calls[1])[who])[ids[0] // 4] = [ids[0], ids[1], ids[2]]
    last[0] = -1
    last[1] = -1
    drawn[who] = None
    names = calls[0]
    pai = names[ids[called]]
    eaten = [names[consumed[0]], names[consumed[1]]]
    PyList_Append(events, {u"type": letters, u"actor": who, u"target": target, u"pai": pai, u"consumed": eaten})
    PyList_Append(lines, f'{{"type":"{letters}","actor":{who},"target":{target},"pai":"{pai}",'
                         f'"consumed":{_names_line(eaten)}}}')
    return True


cdef bint _riichi(dict attrs, int n, tuple calls, list events, list lines) except -1:
    cdef int who = _one(attrs, u"who", 0, n - 1)
    cdef int step = _one(attrs, u"step", 1, 2)
    cdef list declared = calls[2], scores = calls[3], deltas
    cdef object ten, values
    if who < 0 or step < 0 or declared[who] != step - 1:
        return False
    if step == 1:
        declared[who] = 1
        PyList_Append(events, {u"type": u"reach", u"actor": who})
        PyList_Append(lines, f'{{"type":"reach","actor":{who}}}')
        return True
    ten = attrs.get(u"ten")
    values = None if type(ten) is not str else _numbers(ten, -1, -10**9, 10**9)
    if values is None or len(<list>values) < n:
        return False
    scores[:] = [v * 100 for v in (<list>values)[:n]]
    declared[who] = 2
    deltas = [0] * n
    deltas[who] = -1000
    PyList_Append(events, {u"type": u"reach_accepted", u"actor": who, u"deltas": deltas, u"scores": list(scores)})
    PyList_Append(lines, f'{{"type":"reach_accepted","actor":{who},"deltas":[{",".join(map(str, deltas))}],'
                         f'"scores":[{",".join(map(str, scores))}]}}')
    return True


cdef list _tile_names(object codes, dict names):
    """The names of a list of tile codes, else None (a code that is no tile, or no list)."""
    cdef list out
    cdef object code, name
    if type(codes) is not list:
        return None
    out = []
    for code in <list>codes:
        name = names.get(code) if type(code) is int else None
        if name is None:
            return None
        PyList_Append(out, name)
    return out


def deal6(list kyoku not None, int n, dict names not None, dict kinds not None, object index=None, object honba=0,
          object sticks=0):
    """A tenhou.net/6 round's set-up when it makes sense, else None (see ``mjlogscan_py.deal6``)."""
    cdef list scores, dora, ura, hand, hands = []
    cdef dict counts = {}
    cdef object v, kind
    cdef int s, count, oya
    if not (0 < n <= 4 and len(kyoku) >= 4 + 3 * n):
        raise ValueError("n must be 1-4 and the round hold its n seats")
    if type(kyoku[1]) is not list:
        return None
    scores = (<list>kyoku[1])[:n]
    if len(scores) != n:
        return None
    for v in scores:
        if type(v) is not int:
            return None
    dora = _tile_names(kyoku[2], names)
    ura = _tile_names(kyoku[3], names)
    if not dora or ura is None:
        return None
    for s in range(n):
        hand = _tile_names(kyoku[4 + 3 * s], names)
        if hand is None or len(hand) != 13 or type(kyoku[5 + 3 * s]) is not list or type(kyoku[6 + 3 * s]) is not list:
            return None
        PyList_Append(hands, hand)
    for hand in [dora] + hands:
        for v in hand:
            kind = kinds[v]
            count = counts.get(kind, 0) + 1
            if count > 4:
                return None
            counts[kind] = count
    if index is None:
        return scores, dora, ura, hands, counts
    if type(index) is not int or not 0 <= index < 16 or index % 4 >= n:
        return None
    oya = index % 4
    wind, marker, number = _WINDS[index // 4], dora[0], oya + 1
    event = {u"type": u"start_kyoku", u"bakaze": wind, u"dora_marker": marker, u"kyoku": number, u"honba": honba,
             u"kyotaku": sticks, u"oya": oya, u"scores": list(scores), u"tehais": hands}
    line = (f'{{"type":"start_kyoku","bakaze":"{wind}","dora_marker":"{marker}","kyoku":{number},'
            f'"honba":{honba},"kyotaku":{sticks},"oya":{oya},"scores":[{",".join(map(str, scores))}],'
            f'"tehais":[{",".join([_names_line(tiles) for tiles in hands])}]}}')
    return (scores, dora, ura, hands, counts, event, line, [_deque(kyoku[5 + 3 * s]) for s in range(n)],
            [_deque(kyoku[6 + 3 * s]) for s in range(n)])
