# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False
"""The straight paths of Tenhou records (compiled twin of ``mjlogscan_py``).

``run`` reads an mjlog record's draw and discard tags character by character, as ``mjlogscan_py.run``
says; where each tile is (``places``, see ``mjlogscan_py``) is the caller's buffer, changed in place.
``turns`` plays a tenhou.net/6 round's plain turns, ``numbers`` reads an attribute's plain numbers,
``tag`` any tag written plainly, ``json6`` a tenhou.net/6 record's JSON written plainly.  Same answers
as the pure twin.
"""
from collections import deque as _deque

from cpython.dict cimport PyDict_SetItem
from cpython.list cimport PyList_Append
from cpython.long cimport PyLong_FromLongLong
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE

from mahjong_fast._kernels.mjlog_flags cimport GIVEN_UP, HOLDING, IN_WALL, JSON_DEPTH, PLACES


cdef extern from "Python.h":
    int PyUnicode_KIND(object text)
    void* PyUnicode_DATA(object text)
    Py_UCS4 PyUnicode_READ(int kind, void* data, Py_ssize_t index) nogil


cdef inline int _seat_of(Py_UCS4 c) noexcept:
    """0-3 a draw by that seat (``T U V W``), 4-7 a discard (``D E F G``), -1 another tag."""
    if u"T" <= c <= u"W":
        return <int>c - <int>u"T"
    if u"D" <= c <= u"G":
        return <int>c - <int>u"D" + 4
    return -1


def run(str text not None, Py_ssize_t pos, Py_ssize_t end, int n, bytearray places not None, list drawn,
        tuple plays, list events, list lines, list last, tuple calls=None):
    """Apply the draw and discard tags of ``text[pos:end]`` (and with ``calls``, the chi, pon and riichi
    tags) while the state allows; the end of the last one applied (see ``mjlogscan_py.run``)."""
    cdef Py_ssize_t i, k, length = len(text)
    cdef int who, tile, digits
    cdef Py_UCS4 c
    cdef list tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines
    cdef object t
    cdef unsigned char* place
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    if not (0 < n <= 4 and PyByteArray_GET_SIZE(places) >= PLACES and len(drawn) >= n and len(last) == 2
            and len(plays) == 6 and _long_enough(plays, 136 * n)):
        raise ValueError("places must hold 140 bytes, drawn cover the n seats, last be [seat, tile] and plays 6 "
                         "tables of 136 a seat")
    if calls is not None and not (len(calls) == 4 and type(calls[0]) is tuple and len(calls[0]) >= 136
                                  and type(calls[1]) is list and len(calls[1]) >= n and type(calls[2]) is list
                                  and len(calls[2]) >= n and type(calls[3]) is list):
        raise ValueError("calls must be (names of the 136 tiles, pons, declared, scores) covering the n seats")
    tsumo, dahai, tsumogiri, tsumo_lines, dahai_lines, tsumogiri_lines = plays
    place = <unsigned char*>PyByteArray_AS_STRING(places)
    if end > length:
        end = length
    while True:
        i = pos
        while i < end:
            c = PyUnicode_READ(kind, data, i)
            if c != u" " and c != u"\t" and c != u"\n" and c != u"\r":
                break
            i += 1
        if i + 4 >= end or PyUnicode_READ(kind, data, i) != u"<":  # the shortest play: <T0/>
            return pos
        who = _seat_of(PyUnicode_READ(kind, data, i + 1))
        if who < 0:
            if calls is None:
                return pos
            k = _call_or_riichi(text, i, end, n, place, drawn, last, calls, events, lines)
            if k < 0:
                return pos
            pos = k
            continue
        k = i + 2
        tile = 0
        digits = 0
        while k < end and digits < 4:
            c = PyUnicode_READ(kind, data, k)
            if c < u"0" or c > u"9":
                break
            tile = tile * 10 + (<int>c - 48)
            digits += 1
            k += 1
        if (digits == 0 or digits > 3 or k + 1 >= end or PyUnicode_READ(kind, data, k) != u"/"
                or PyUnicode_READ(kind, data, k + 1) != u">" or tile >= 136):
            return pos
        t = tile
        if who < 4:
            if who >= n:
                return pos
            if place[tile] != IN_WALL or place[HOLDING + who] % 3 != 1:
                return pos
            place[tile] = who + 1
            place[HOLDING + who] += 1
            drawn[who] = t
            PyList_Append(events, tsumo[who * 136 + tile])
            PyList_Append(lines, tsumo_lines[who * 136 + tile])
        else:
            who -= 4
            if who >= n:
                return pos
            if place[tile] != who + 1 or place[HOLDING + who] % 3 != 2:
                return pos
            place[tile] = GIVEN_UP
            place[HOLDING + who] -= 1
            if drawn[who] == t:
                PyList_Append(events, tsumogiri[who * 136 + tile])
                PyList_Append(lines, tsumogiri_lines[who * 136 + tile])
            else:
                PyList_Append(events, dahai[who * 136 + tile])
                PyList_Append(lines, dahai_lines[who * 136 + tile])
            drawn[who] = None
            last[0] = who
            last[1] = t
        pos = k + 2


cdef bint _long_enough(tuple plays, Py_ssize_t length):
    """Every table of ``plays`` holds ``length`` entries or more."""
    cdef object p
    for p in plays:
        if len(p) < length:
            return False
    return True


cdef inline object _first_int(object queue):
    """The first of a deque when it is an int, else None."""
    if not queue:
        return None
    first = queue[0]
    return first if type(first) is int else None


cdef Py_ssize_t _place(list hand, object tile) except -2:
    """Where ``tile`` is in ``hand``, else -1: the first entry that is the very object (the names of a
    round all come from one table, so no compare of text), else the first equal one."""
    cdef Py_ssize_t i
    for i in range(len(hand)):
        if hand[i] is tile:
            return i
    for i in range(len(hand)):
        if hand[i] == tile:
            return i
    return -1


def numbers(str value not None, Py_ssize_t n, long long low, long long high):
    """The ``n`` integers (any number: -1) of an attribute's value written plainly, each ``low``-``high``,
    else None (see ``mjlogscan_py.numbers``)."""
    return _numbers(value, n, low, high)


cdef object _numbers(str value, Py_ssize_t n, long long low, long long high):
    cdef Py_ssize_t i = 0, length = len(value)
    cdef int digits
    cdef long long number
    cdef bint negative
    cdef Py_UCS4 c
    cdef list out = []
    cdef int kind = PyUnicode_KIND(value)
    cdef void* data = PyUnicode_DATA(value)
    if length == 0:
        return None
    while True:
        negative = PyUnicode_READ(kind, data, i) == u"-"
        if negative:
            i += 1
        number = 0
        digits = 0
        while i < length:
            c = PyUnicode_READ(kind, data, i)
            if c < u"0" or c > u"9":
                break
            digits += 1
            if digits > 9:  # never more than 9 digits: no overflow
                return None
            number = number * 10 + (<long long>c - 48)
            i += 1
        if digits == 0:
            return None
        if negative:
            number = -number
        if number < low or number > high:
            return None
        PyList_Append(out, number)
        if i == length:
            return out if n < 0 or len(out) == n else None
        if PyUnicode_READ(kind, data, i) != u"," or i + 1 == length:
            return None
        i += 1


cdef inline bint _blank(Py_UCS4 c) noexcept:
    return c == u" " or c == u"\t" or c == u"\n" or c == u"\r" or c == u"\f" or c == u"\v"


cdef inline bint _letter(Py_UCS4 c) noexcept:
    return u"A" <= c <= u"Z" or u"a" <= c <= u"z"


cdef inline bint _digit(Py_UCS4 c) noexcept:
    return u"0" <= c <= u"9"


def tag(str text not None, Py_ssize_t pos):
    """The tag at ``text[pos:]`` written plainly, with its attributes read, else None (see
    ``mjlogscan_py.tag``)."""
    return _tag(text, pos)


cdef object _tag(str text, Py_ssize_t pos):
    cdef Py_ssize_t length = len(text), i, start, name_end, number_end, attrs_end, key_start, key_end, value_start
    cdef Py_UCS4 c
    cdef dict attrs = {}
    cdef int kind = PyUnicode_KIND(text)
    cdef void* data = PyUnicode_DATA(text)
    if pos < 0:
        return None
    i = pos
    while i < length and _blank(PyUnicode_READ(kind, data, i)):
        i += 1
    start = i
    if i >= length or PyUnicode_READ(kind, data, i) != u"<":
        return None
    i += 1
    while i < length and _letter(PyUnicode_READ(kind, data, i)):
        i += 1
    if i == start + 1:
        return None
    name_end = i
    while i < length and _digit(PyUnicode_READ(kind, data, i)):
        i += 1
    number_end = i
    attrs_end = i
    while True:  # attributes: blanks, a name, ="value"
        key_start = i
        while i < length and _blank(PyUnicode_READ(kind, data, i)):
            i += 1
        if i == key_start or i >= length or not _letter(PyUnicode_READ(kind, data, i)):
            i = key_start
            break
        key_start = i
        i += 1
        while i < length and (_letter(PyUnicode_READ(kind, data, i)) or _digit(PyUnicode_READ(kind, data, i))):
            i += 1
        key_end = i
        if i + 1 >= length or PyUnicode_READ(kind, data, i) != u"=" or PyUnicode_READ(kind, data, i + 1) != u'"':
            return None
        i += 2
        value_start = i
        while i < length:
            c = PyUnicode_READ(kind, data, i)
            if c == u'"' or c == u"<" or c == u">" or c == u"&":
                break
            i += 1
        if i >= length or PyUnicode_READ(kind, data, i) != u'"':
            return None
        attrs[text[key_start:key_end]] = text[value_start:i]
        i += 1
        attrs_end = i
    while i < length and _blank(PyUnicode_READ(kind, data, i)):
        i += 1
    if i + 1 >= length or PyUnicode_READ(kind, data, i) != u"/" or PyUnicode_READ(kind, data, i + 1) != u">":
        return None
    return (text[start + 1:name_end], text[name_end:number_end], text[number_end:attrs_end]), attrs, start, i + 2


cdef object _DECLINED = object()


def json6(str text not None, Py_ssize_t pos):
    """``(value, end)`` of the JSON value at ``text[pos]`` written plainly, as ``json``'s ``raw_decode``
    reads it, else None (see ``mjlogscan_py.json6``)."""
    cdef Py_ssize_t at = pos
    cdef object value
    if pos < 0 or pos >= len(text):
        return None
    value = _json_value(text, PyUnicode_KIND(text), PyUnicode_DATA(text), len(text), &at, 0)
    return None if value is _DECLINED else (value, at)


cdef inline Py_ssize_t _json_space(int kind, void* data, Py_ssize_t n, Py_ssize_t i) noexcept:
    cdef Py_UCS4 c
    while i < n:
        c = PyUnicode_READ(kind, data, i)
        if c != u" " and c != u"\t" and c != u"\n" and c != u"\r":
            break
        i += 1
    return i


cdef inline bint _json_int(int kind, void* data, Py_ssize_t n, Py_ssize_t* at, long long* out) noexcept:
    """The integer at ``at[0]`` into ``out`` (``at[0]`` then its end): an optional ``-``, 1-18 digits, no
    leading zero, no fraction nor exponent after; else False."""
    cdef Py_ssize_t i = at[0], start
    cdef long long number = 0
    cdef Py_UCS4 c
    cdef bint negative = PyUnicode_READ(kind, data, i) == u"-"
    if negative:
        i += 1
    start = i
    while i < n and i - start <= 18:
        c = PyUnicode_READ(kind, data, i)
        if not u"0" <= c <= u"9":
            break
        number = number * 10 + (<int>c - <int>u"0")
        i += 1
    if i == start or i - start > 18 or (i - start > 1 and PyUnicode_READ(kind, data, start) == u"0"):
        return False
    if i < n and PyUnicode_READ(kind, data, i) in (u".", u"e", u"E"):
        return False
    at[0] = i
    out[0] = -number if negative else number
    return True


cdef object _json_value(str text, int kind, void* data, Py_ssize_t n, Py_ssize_t* at, int depth):
    """The value at ``at[0]`` (``at[0]`` then its end), else ``_DECLINED``."""
    cdef Py_ssize_t i = at[0], start
    cdef Py_UCS4 c = PyUnicode_READ(kind, data, i), close
    cdef long long number = 0
    cdef list items
    cdef dict members
    cdef object key, value
    cdef Py_ssize_t size
    if c == u'"':
        start = i + 1
        for i in range(start, n):
            c = PyUnicode_READ(kind, data, i)
            if c == u'"':
                at[0] = i + 1
                return text[start:i]
            if c == u"\\" or c < 0x20:
                return _DECLINED
        return _DECLINED
    if c == u"-" or u"0" <= c <= u"9":
        return PyLong_FromLongLong(number) if _json_int(kind, data, n, at, &number) else _DECLINED
    if c == u"[" or c == u"{":
        if depth >= JSON_DEPTH:
            return _DECLINED
        close = u"]" if c == u"[" else u"}"
        items = [] if c == u"[" else None
        members = {} if c == u"{" else None
        i = _json_space(kind, data, n, i + 1)
        if i < n and PyUnicode_READ(kind, data, i) == close:
            at[0] = i + 1
            return items if members is None else members
        while i < n:
            if members is not None:  # a key, a colon
                if PyUnicode_READ(kind, data, i) != u'"':
                    return _DECLINED
                at[0] = i
                key = _json_value(text, kind, data, n, at, depth + 1)
                if key is _DECLINED:
                    return key
                i = _json_space(kind, data, n, at[0])
                if i >= n or PyUnicode_READ(kind, data, i) != u":":
                    return _DECLINED
                i = _json_space(kind, data, n, i + 1)
                if i >= n:
                    return _DECLINED
            at[0] = i
            c = PyUnicode_READ(kind, data, i)
            if c == u"-" or u"0" <= c <= u"9":  # most of a record: read here, not by a call
                if not _json_int(kind, data, n, at, &number):
                    return _DECLINED
                value = PyLong_FromLongLong(number)
            else:
                value = _json_value(text, kind, data, n, at, depth + 1)
                if value is _DECLINED:
                    return value
            if members is None:
                PyList_Append(items, value)
            else:
                size = len(members)
                PyDict_SetItem(members, key, value)
                if len(members) == size:  # a key given twice: the json module tells it
                    return _DECLINED
            i = _json_space(kind, data, n, at[0])
            if i >= n:
                return _DECLINED
            c = PyUnicode_READ(kind, data, i)
            if c == close:
                at[0] = i + 1
                return items if members is None else members
            if c != u",":
                return _DECLINED
            i = _json_space(kind, data, n, i + 1)
        return _DECLINED
    for value, key in ((True, u"true"), (False, u"false"), (None, u"null")):
        if text.startswith(key, i):
            at[0] = i + len(key)
            return value
    return _DECLINED


include "mjlogscan_tags.pxi"
include "mjlogscan_turns.pxi"
