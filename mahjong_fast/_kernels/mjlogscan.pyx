# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False
"""The straight path of an mjlog record's draws and discards (compiled twin of ``mjlogscan_py``).

``run`` reads the tags character by character, as ``mjlogscan_py.run`` says; the hands and the wall
are the caller's sets, changed in place.  Same answers as the pure twin.
"""
from cpython.list cimport PyList_Append
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
