# cython: language_level=3, embedsignature=True, freethreading_compatible=True
# cython: boundscheck=False, wraparound=False
"""The straight path of ``logs.analyze`` through an mjai log (compiled twin of ``logscan_py``).

``run`` takes the runs of ``tsumo`` and ``dahai`` lines a log is mostly made of, as ``logscan_py.run``
says; the seats' ``counts``, ``_reds``, ``known`` and ``face_up`` are 34-byte ``bytearray``s, read and
written in place.  Same answers as the pure twin.
"""
from cpython.array cimport array, resize_smart
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_GET_SIZE, PyByteArray_Resize
from cpython.dict cimport PyDict_GetItem
from cpython.object cimport PyObject
from libc.string cimport memcpy

from mahjong_fast._layout cimport MAX_COPIES, N_KINDS

cdef enum:
    C_TSUMO = 0
    C_TSUMO_RED = 1
    C_DAHAI = 2
    C_DAHAI_FIVE = 3
    C_DAHAI_RED = 4

TSUMO, TSUMO_RED, DAHAI, DAHAI_FIVE, DAHAI_RED = C_TSUMO, C_TSUMO_RED, C_DAHAI, C_DAHAI_FIVE, C_DAHAI_RED


cdef inline unsigned char* _bytes34(object value, str what) except NULL:
    if type(value) is not bytearray or PyByteArray_GET_SIZE(value) != N_KINDS:
        raise TypeError(f"{what} must be a bytearray of {N_KINDS} counts")
    return <unsigned char*>PyByteArray_AS_STRING(value)


cdef inline int _append(bytearray out, const unsigned char* row) except -1:
    cdef Py_ssize_t n = PyByteArray_GET_SIZE(out)
    PyByteArray_Resize(out, n + N_KINDS)
    memcpy(PyByteArray_AS_STRING(out) + n, row, N_KINDS)
    return 0


def run(list lines, Py_ssize_t i, dict ops, tuple seats, bytearray known, bytearray face_up, list bits,
        long long turn, bytearray hands, bytearray seen, array codes, object table):
    """Apply ``lines[i:]`` while they are remembered draws and discards the state allows; the index of the
    first line not applied (see ``logscan_py.run``)."""
    cdef Py_ssize_t n = len(lines), m
    cdef unsigned char* kn = _bytes34(known, "known")
    cdef unsigned char* up = _bytes34(face_up, "face_up")
    cdef unsigned char* cnt
    cdef unsigned char* rd
    cdef PyObject* found
    cdef tuple op
    cdef int kind, who, t, held
    cdef long size
    cdef object seat
    if len(bits) != len(seats) or codes.typecode != "q":
        raise ValueError("bits must hold an int per seat, and codes be an array('q')")
    while i < n:
        found = PyDict_GetItem(ops, lines[i])
        if found is NULL:
            break
        op = <tuple>found
        kind = op[0]
        if kind < C_TSUMO or kind > C_DAHAI_RED:
            break
        who = op[1]
        t = op[2]
        if not (0 <= who < len(seats) and 0 <= t < N_KINDS):
            break
        seat = seats[who]
        cnt = _bytes34(seat.counts, "counts")
        rd = _bytes34(seat._reds, "_reds")
        size = seat.size
        if kind <= C_TSUMO_RED:
            if size % 3 != 1 or kn[t] >= MAX_COPIES:
                break
            kn[t] += 1
            cnt[t] += 1
            seat.size = size + 1
            if kind == C_TSUMO_RED:
                rd[t] += 1
            table.last_discard = None
            bits[who] = bits[who] + turn
        else:
            held = cnt[t] if kind == C_DAHAI else rd[t] if kind == C_DAHAI_RED else cnt[t] - rd[t]
            if held <= 0 or size % 3 != 2:
                break
            _append(hands, cnt)
            _append(seen, up)
            m = len(codes)
            resize_smart(codes, m + 1)
            codes.data.as_longlongs[m] = <long long>op[3] | <long long>bits[who]
            cnt[t] -= 1
            seat.size = size - 1
            if kind == C_DAHAI_RED:
                rd[t] -= 1
            up[t] += 1
            table.last_discard = op[4]
        i += 1
    return i
