# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False
"""The straight path of an mjlog record's draws and discards (compiled twin of ``mjlogscan_py``).

``run`` reads the tags character by character, as ``mjlogscan_py.run`` says; the hands and the wall
are the caller's sets, changed in place.  Same answers as the pure twin.
"""
from cpython.dict cimport PyDict_GetItem
from cpython.list cimport PyList_Append
from cpython.long cimport PyLong_FromVoidPtr
from cpython.object cimport PyObject
from cpython.set cimport PySet_Add, PySet_Contains, PySet_Discard, PySet_GET_SIZE


cdef inline int _seat_of(Py_UCS4 c) noexcept:
    """0-3 a draw by that seat (``T U V W``), 4-7 a discard (``D E F G``), -1 another tag."""
    if u"T" <= c <= u"W":
        return <int>c - <int>u"T"
    if u"D" <= c <= u"G":
        return <int>c - <int>u"D" + 4
    return -1


def run(str text, Py_ssize_t pos, Py_ssize_t end, int n, list held, set out, list drawn, tuple plays,
        list events, list last):
    """Apply the draw and discard tags of ``text[pos:end]`` while the state allows; the end of the last one
    applied (see ``mjlogscan_py.run``)."""
    cdef Py_ssize_t i, k, length = len(text)
    cdef int who, tile, digits
    cdef Py_UCS4 c
    cdef list tsumo, dahai, tsumogiri
    cdef object hand, t
    if not (0 < n <= 4 and len(held) >= n and len(drawn) >= n and len(last) == 2 and len(plays) == 3
            and all(len(p) >= 136 * n for p in plays) and all(type(h) is set for h in held[:n])):
        raise ValueError("held (sets) and drawn must cover the n seats, last be [seat, tile] and plays 136 a seat")
    tsumo, dahai, tsumogiri = plays
    if end > length:
        end = length
    while True:
        i = pos
        while i < end:
            c = text[i]
            if c != u" " and c != u"\t" and c != u"\n" and c != u"\r":
                break
            i += 1
        if i + 4 >= end or text[i] != u"<":  # the shortest play: <T0/>
            return pos
        who = _seat_of(text[i + 1])
        if who < 0:
            return pos
        k = i + 2
        tile = 0
        digits = 0
        while k < end and digits < 4:
            c = text[k]
            if c < u"0" or c > u"9":
                break
            tile = tile * 10 + (<int>c - 48)
            digits += 1
            k += 1
        if digits == 0 or digits > 3 or k + 1 >= end or text[k] != u"/" or text[k + 1] != u">" or tile >= 136:
            return pos
        t = tile
        if who < 4:
            if who >= n:
                return pos
            hand = held[who]
            if PySet_Contains(out, t) or PySet_GET_SIZE(hand) % 3 != 1:
                return pos
            PySet_Add(out, t)
            PySet_Add(hand, t)
            drawn[who] = t
            PyList_Append(events, tsumo[who * 136 + tile])
        else:
            who -= 4
            if who >= n:
                return pos
            hand = held[who]
            if not PySet_Contains(hand, t) or PySet_GET_SIZE(hand) % 3 != 2:
                return pos
            PySet_Discard(hand, t)
            PyList_Append(events, (tsumogiri if drawn[who] == t else dahai)[who * 136 + tile])
            drawn[who] = None
            last[0] = who
            last[1] = t
        pos = k + 2


def turns(int actor, bint draw, object drawn, int n, list takes, list discards, list hands, dict counts,
          dict kinds, dict names, tuple plays, list events):
    """The straight path of a tenhou.net/6 round's turns, while the state allows; where it stops,
    ``(actor, draw, drawn)`` (see ``mjlogscan_py.turns``)."""
    cdef list tsumo, dahai, tsumogiri, hand
    cdef object mine, moves, take, move, name, kind, tile, seat_takes
    cdef PyObject* found
    cdef int count, s
    if not (0 < n <= 4 and len(takes) >= n and len(discards) >= n and len(hands) >= n and len(plays) == 3
            and all(len(p) >= n for p in plays)):
        raise ValueError("takes, discards and hands must cover the n seats and plays hold 3 tables a seat")
    tsumo, dahai, tsumogiri = plays
    while True:
        if draw:
            mine = takes[actor]
            if not mine:
                return actor, draw, drawn
            take = mine[0]
            if type(take) is not int:
                return actor, draw, drawn
            found = PyDict_GetItem(names, take)
            if found is NULL:
                return actor, draw, drawn
            name = <object>found
            kind = kinds[name]
            found = PyDict_GetItem(counts, kind)
            count = 0 if found is NULL else <object>found
            if count >= 4:
                return actor, draw, drawn
            mine.popleft()
            counts[kind] = count + 1
            PyList_Append(hands[actor], name)
            PyList_Append(events, tsumo[actor][name])
            draw = False
            drawn = name
        moves = discards[actor]
        if not moves:
            return actor, draw, drawn
        move = moves[0]
        if type(move) is not int:
            return actor, draw, drawn
        if move == 60:
            tile = drawn
        else:
            found = PyDict_GetItem(names, move)
            tile = None if found is NULL else <object>found
        hand = hands[actor]
        if tile is None or tile not in hand:
            return actor, draw, drawn
        for s in range(n):
            seat_takes = takes[s]
            if seat_takes and type(seat_takes[0]) is str:
                return actor, draw, drawn
        moves.popleft()
        hand.remove(tile)
        PyList_Append(events, (tsumogiri if move == 60 else dahai)[actor][tile])
        actor = (actor + 1) % n
        draw = True
        drawn = None


def lines(list events, dict known, object write):
    """The mjai line of each event: ``known[id(event)]``, else ``write(event)`` (see ``mjlogscan_py.lines``)."""
    cdef list out = []
    cdef object e, key
    cdef PyObject* line
    for e in events:
        key = PyLong_FromVoidPtr(<void*>e)
        line = PyDict_GetItem(known, key)
        if line is NULL or not <object>line:
            PyList_Append(out, write(e))
        else:
            PyList_Append(out, <object>line)
    return out
