# A tenhou.net/6 round's turns on the straight path (included by mjlogscan.pyx, after mjlogscan_tags.pxi):
# ``turns`` plays each seat's draws and discards, and with ``state`` its riichi and the chi and pon of the
# discards, as ``logs._tenhou6`` plays them when nothing is wrong; anything else (a kan, a call not yet read,
# a move the state rules out) is left to ``logs._tenhou6``, which tells what is wrong.  Same answers as
# ``mjlogscan_py``.

def turns(int actor, bint draw, object drawn, int n, list takes, list discards, list hands, dict counts,
          dict kinds, dict names, dict calls, tuple plays, list events, list lines, tuple state=None):
    """The straight path of a tenhou.net/6 round's turns, while the state allows; where it stops,
    ``(actor, draw, drawn)`` (see ``mjlogscan_py.turns``); with ``state``, riichi, chi and pon too."""
    cdef list tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines, hand, pending = None
    cdef object mine, moves, take, move, name, kind, tile, seat_takes, call, found
    cdef int count, s, code, caller, source
    cdef bint riichi
    cdef Py_ssize_t place
    if not (0 < n <= 4 and len(takes) >= n and len(discards) >= n and len(hands) >= n and len(plays) == 6
            and _long_enough(plays, n)):
        raise ValueError("takes, discards and hands must cover the n seats and plays hold 6 tables a seat")
    if state is not None:
        if not (len(state) == 4 and type(state[0]) is list and len(state[0]) >= n and type(state[1]) is list
                and len(state[1]) >= n and type(state[2]) is list and len(state[2]) >= n
                and type(state[3]) is list and len(state[3]) == 1):
            raise ValueError("state must be (pons, riichi, scores, [riichi to accept]) covering the n seats")
        pending = state[3]
    tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines = plays
    while True:
        if draw:
            mine = takes[actor]
            take = _first_int(mine)
            name = None if take is None else names.get(take)
            if name is None:
                return actor, draw, drawn
            kind = kinds[name]
            count = counts.get(kind, 0)
            if count >= 4:
                return actor, draw, drawn
            mine.popleft()
            if pending is not None and pending[0] is not None:
                _accept6(pending, state, n, events, lines)
            counts[kind] = count + 1
            PyList_Append(hands[actor], name)
            PyList_Append(events, tsumo[actor][name])
            PyList_Append(lines, tsumo_lines[actor][name])
            draw = False
            drawn = name
        moves = discards[actor]
        if not moves:
            return actor, draw, drawn
        move = moves[0]
        riichi = False
        if type(move) is int:
            code = -1 if not (0 <= move <= 99) else <int>move
        elif pending is not None and _riichi_code(move):
            riichi = True
            code = int((<str>move)[1:])
        else:
            return actor, draw, drawn
        tile = drawn if code == 60 else names.get(move if not riichi else code)
        hand = hands[actor]
        if tile is None:
            return actor, draw, drawn
        place = _place(hand, tile)
        if place < 0:
            return actor, draw, drawn
        caller = -1
        for s in range(n):
            seat_takes = takes[s]
            if s != actor and seat_takes and type(seat_takes[0]) is str:
                call = calls.get(seat_takes[0])
                if type(call) is not tuple or len(<tuple>call) < 4:
                    return actor, draw, drawn
                if (<tuple>call)[2] != tile:
                    continue
                if pending is None:
                    return actor, draw, drawn
                source = _source6(s, (<tuple>call)[0], (<tuple>call)[1], n)
                if source == actor and (caller < 0 or (<tuple>call)[0] != u"c"):
                    caller = s
        found = None
        if caller >= 0:
            found = _call_of(calls[takes[caller][0]], tile, hands[caller])
            if found is None:
                return actor, draw, drawn
        elif riichi and not takes[(actor + 1) % n]:
            return actor, draw, drawn  # its stick may be down with no draw after (four riichi): the caller's
        moves.popleft()
        if riichi:
            PyList_Append(events, {u"type": u"reach", u"actor": actor})
            PyList_Append(lines, f'{{"type":"reach","actor":{actor}}}')
        del hand[place]
        if code == 60:
            PyList_Append(events, tsumogiri[actor][tile])
            PyList_Append(lines, tsumogiri_lines[actor][tile])
        else:
            PyList_Append(events, dahai[actor][tile])
            PyList_Append(lines, dahai_lines[actor][tile])
        if riichi:
            pending[0] = actor
        if caller >= 0:
            if pending[0] is not None:
                _accept6(pending, state, n, events, lines)
            (<object>takes[caller]).popleft()
            _chi_or_pon6(found, caller, actor, tile, hands[caller], state[0], kinds, events, lines)
            actor = caller
            draw = False
        else:
            actor = (actor + 1) % n
            draw = True
        drawn = None


cdef bint _riichi_code(object move):
    """``move`` is a riichi discard written plainly: ``r`` and a code of two digits, 10-69."""
    cdef str text
    if type(move) is not str or len(<str>move) != 3:
        return False
    text = <str>move
    return text[0] == u"r" and u"1" <= text[1] <= u"6" and u"0" <= text[2] <= u"9"


cdef int _source6(int seat, object letter, object place, int n):
    """The seat a chi, pon or daiminkan takes from by the letter's place (left, opposite, right), else -1."""
    cdef int side = -1
    if type(place) is not int or not 0 <= place <= 3:
        return -1
    if letter == u"c":
        return (seat + n - 1) % n if place == 0 else -1
    if letter == u"p":
        side = -1 if place == 3 else <int>place + 1
    elif letter == u"m":
        side = -1 if place == 2 else (3 if place == 3 else <int>place + 1)
    if side < 0 or (n == 3 and side == 2):
        return -1
    return (seat + n - side) % n if side != 3 else (seat + 1) % n


cdef tuple _call_of(object call, object tile, list hand):
    """``(kind, consumed)`` of a chi or pon of ``tile`` (``call`` as read: letter, place, called, tiles)
    whose two other tiles ``hand`` holds, else None (a kan, another count of tiles, a tile not held)."""
    cdef tuple read = <tuple>call, tiles
    cdef list consumed = []
    cdef object t
    cdef bint skipped = False
    cdef Py_ssize_t first, i
    if read[0] == u"c":
        kind = u"chi"
    elif read[0] == u"p":
        kind = u"pon"
    else:
        return None
    if type(read[3]) is not tuple or len(<tuple>read[3]) != 3:
        return None
    tiles = <tuple>read[3]
    for t in tiles:
        if not skipped and t == tile:
            skipped = True
        else:
            PyList_Append(consumed, t)
    if not skipped:
        return None
    first = _place(hand, consumed[0])
    if first < 0:
        return None
    for i in range(len(hand)):
        if i != first and hand[i] == consumed[1]:
            return kind, consumed
    return None


cdef int _chi_or_pon6(tuple found, int caller, int target, object tile, list hand, list pons, dict kinds,
                      list events, list lines) except -1:
    """Apply the chi or pon ``found`` (``_call_of``): its tiles out of the caller's hand, the pon kept."""
    cdef str kind = found[0]
    cdef list consumed = found[1]
    cdef object t
    for t in consumed:
        del hand[_place(hand, t)]
    if kind == u"pon":
        (<dict>pons[caller])[kinds[tile]] = [tile] + consumed
    PyList_Append(events, {u"type": kind, u"actor": caller, u"target": target, u"pai": tile, u"consumed": consumed})
    PyList_Append(lines, f'{{"type":"{kind}","actor":{caller},"target":{target},"pai":"{tile}",'
                         f'"consumed":{_names_line(consumed)}}}')
    return 0


cdef int _accept6(list pending, tuple state, int n, list events, list lines) except -1:
    """The riichi of seat ``pending[0]`` accepted: its stick down, its score 1000 less."""
    cdef int who = pending[0]
    cdef list scores = state[2], deltas = [0] * n
    pending[0] = None
    (<list>state[1])[who] = True
    scores[who] -= 1000
    deltas[who] = -1000
    PyList_Append(events, {u"type": u"reach_accepted", u"actor": who, u"deltas": deltas, u"scores": list(scores)})
    PyList_Append(lines, f'{{"type":"reach_accepted","actor":{who},"deltas":[{",".join(map(str, deltas))}],'
                         f'"scores":[{",".join(map(str, scores))}]}}')
    return 0


cdef list _deltas6(object deltas, int n):
    """The first ``n`` score changes of a result (all of them ints), else None."""
    cdef object v
    if type(deltas) is not list or len(<list>deltas) < n:
        return None
    for v in <list>deltas:
        if type(v) is not int:
            return None
    return (<list>deltas)[:n]


cdef str _ints_line(list values):
    return u"[" + u",".join(map(str, values)) + u"]"


def finish6(object result, int n, list ura not None, list riichi not None, list dora not None, list events not None,
            list lines not None):
    """A tenhou.net/6 round's result (``和了`` and its wins, or a draw) as its ``hora`` or ``ryukyoku`` events and
    ``end_kyoku``, when it makes sense; else False, nothing added (see ``mjlogscan_py.finish6``)."""
    cdef list parts, made = [], deltas
    cdef object info
    cdef Py_ssize_t k
    cdef int who, target
    if not (0 < n <= 4 and len(riichi) >= n):
        raise ValueError("n must be 1-4 and riichi cover the n seats")
    if dora or type(result) is not list or not result or type((<list>result)[0]) is not str:
        return False
    parts = <list>result
    if parts[0] == u"和了":
        if len(parts) < 3 or len(parts) % 2 == 0:
            return False
        for k in range(1, len(parts), 2):
            info = parts[k + 1]
            deltas = _deltas6(parts[k], n)
            if (deltas is None or type(info) is not list or len(<list>info) < 2 or type((<list>info)[0]) is not int
                    or type((<list>info)[1]) is not int or not 0 <= (<list>info)[0] < n
                    or not 0 <= (<list>info)[1] < n):
                return False
            made.append((<int>(<list>info)[0], <int>(<list>info)[1], deltas))
        for who, target, deltas in made:
            hand_ura = ura if riichi[who] else []
            PyList_Append(events, {u"type": u"hora", u"actor": who, u"target": target, u"deltas": deltas,
                                   u"ura_markers": hand_ura})
            PyList_Append(lines, f'{{"type":"hora","actor":{who},"target":{target},"deltas":{_ints_line(deltas)},'
                                 f'"ura_markers":{_names_line(hand_ura) if hand_ura else "[]"}}}')
    else:
        deltas = _deltas6(parts[1], n) if len(parts) > 1 else [0] * n
        if deltas is None:
            return False
        PyList_Append(events, {u"type": u"ryukyoku", u"deltas": deltas})
        PyList_Append(lines, f'{{"type":"ryukyoku","deltas":{_ints_line(deltas)}}}')
    PyList_Append(events, {u"type": u"end_kyoku"})
    PyList_Append(lines, u'{"type":"end_kyoku"}')
    return True
