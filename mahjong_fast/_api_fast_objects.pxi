# The objects of _api_fast: Hand and Meld filled from every input form, a hand's counts, text and
# codes, in C.  Each answers only what it vouches for (False or None otherwise: the general code of
# _hand and _notation then gives the answer or the error).  Uses the header of _api_fast.pyx,
# _api_fast_text.pxi and _api_fast_reading.pxi.

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

from mahjong_fast._counts cimport counts_in_range

import sys

cdef extern from "Python.h":
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    object _ucs4_text "PyUnicode_FromKindAndData"(int, const void*, Py_ssize_t)
    object _ascii_text "PyUnicode_DecodeLatin1"(const char*, Py_ssize_t, const char*)
    Py_ssize_t _n_args "PyVectorcall_NARGS"(size_t) noexcept

cdef extern from *:
    """
    /* A class's own call (its tp_vectorcall: never inherited, so a subclass calls __new__ and
       __init__ as usual), a new instance with every slot empty, and the call as the class would
       take it without one (type.__call__: __new__, then __init__). */
    static void mf_set_class_call(PyObject* cls, void* call) {
        ((PyTypeObject*)cls)->tp_vectorcall = (vectorcallfunc)call;
    }
    static PyObject* mf_new_instance(PyObject* cls) {
        return ((PyTypeObject*)cls)->tp_alloc((PyTypeObject*)cls, 0);
    }
    static PyObject* mf_class_call(PyObject* cls, PyObject* args, PyObject* kwargs) {
        return Py_TYPE(cls)->tp_call(cls, args, kwargs);
    }
    """
    void _set_class_call "mf_set_class_call"(object, void*)
    object _new_instance "mf_new_instance"(object)
    object _class_call "mf_class_call"(object, object, object)

cdef enum:
    NAME_WIDTH = 3                      # characters of the longest tile name written ("5mr")
    TEXT_ROOM = MAX_HAND * (NAME_WIDTH + 1)
    N_MELD_CODES = 3 * N_KINDS * 2 * 5  # _meld_code: kind, tile, concealed, red fives 0-4

cdef object _tile_type = None
cdef object _no_red = None              # the red of a hand without red fives (_tile_names.NO_RED)
cdef object _format_meld = None         # _meld.format_meld
cdef list _melds_made = [None] * N_MELD_CODES  # meld code (_meld_code) -> the Meld, made once
cdef dict _notations = {}               # notation name -> NOTE_*
cdef Py_UCS4 _names[5][N_KINDS][NAME_WIDTH]  # per notation: each tile's name, 0-padded
cdef unsigned char _name_len[5][N_KINDS]
cdef PyObject* _tile_items[N_KINDS]     # the Tile members, held by _tiles
cdef object _readers = None             # _meld.READERS: the class calls read only while it holds ours
cdef Py_ssize_t _reader_slots[2]        # where it keeps its hand and meld readers
cdef tuple _hand_arguments = ()         # the names Hand.__init__ takes, the keyword-only red last
cdef tuple _hand_defaults = ()          # and their defaults
cdef tuple _meld_arguments = ()         # the same of Meld.__init__
cdef tuple _meld_defaults = ()
cdef object _no_default = object()


def install_objects(tile_type, no_red, format_meld, names, readers=None):
    """The object builders of this module; call after ``install``.

    ``tile_type`` is ``Tile``, ``no_red`` is ``_tile_names.NO_RED``, ``format_meld`` is
    ``_meld.format_meld``; ``names`` maps each notation but mpsz to the 34 names it writes.
    Returns ``(fill_hand, fill_meld, parse_meld, parse_text, counts_of, write, encode)``.
    With ``readers`` (``_meld.READERS``) the calls of ``Hand`` and ``Meld`` themselves go to the
    builders in C while ``readers`` holds this module's ``fill_hand`` and ``fill_meld``.
    """
    global _tile_type, _no_red, _format_meld, _readers
    global _hand_arguments, _hand_defaults, _meld_arguments, _meld_defaults
    cdef int t, k, note
    _tile_type, _no_red, _format_meld = tile_type, no_red, format_meld
    if readers is not None:
        _reader_slots[0] = _slot_offset(type(readers), "hand")
        _reader_slots[1] = _slot_offset(type(readers), "meld")
        _hand_arguments, _hand_defaults = _arguments_of(_hand_type.__init__)
        _meld_arguments, _meld_defaults = _arguments_of(_meld_type.__init__)
        if len(_hand_arguments) != 4 or len(_meld_arguments) != 4:
            raise TypeError("Hand and Meld take four arguments each")
        _readers = readers
        _set_class_call(_hand_type, <void*>_hand_call)
        _set_class_call(_meld_type, <void*>_meld_call)
    for k, name in enumerate(("counts", "tiles", "red", "melds", "all_counts")):
        _hand_slots[k] = _slot_offset(_hand_type, name)
    for k, name in enumerate(("kind", "tile", "concealed", "red")):
        _meld_slots[k] = _slot_offset(_meld_type, name)
    _melds_made[:] = [None] * N_MELD_CODES
    _notations.clear()
    _notations["mpsz"] = NOTE_MPSZ
    for t in range(N_KINDS):
        _tile_items[t] = <PyObject*>_tiles[t]
    for name, note in (("botzone", NOTE_BOTZONE), ("unicode", NOTE_UNICODE), ("chinese", NOTE_CHINESE),
                       ("mjai", NOTE_MJAI)):
        for t in range(N_KINDS):
            word = names[name][t]
            if not 0 < len(word) <= NAME_WIDTH - (note == NOTE_MJAI):
                raise ValueError(f"{name} name {word!r} does not fit")
            _name_len[note][t] = len(word)
            for k in range(len(word)):
                _names[note][t][k] = ord(word[k])
        _notations[name] = note
    return fill_hand, fill_meld, parse_meld, parse_text, counts_of, write, encode


cdef tuple _arguments_of(object init):
    """The argument names of ``init`` after ``self`` (interned, as the compiler passes them) and
    their defaults (``_no_default`` for a required one)."""
    code = init.__code__
    names = code.co_varnames[1:code.co_argcount + code.co_kwonlyargcount]
    positional = init.__defaults__ or ()
    keywords = init.__kwdefaults__ or {}
    n_required = code.co_argcount - 1 - len(positional)
    defaults = [_no_default] * n_required + list(positional) + [keywords[name] for name in names[code.co_argcount - 1:]]
    return tuple([sys.intern(name) for name in names]), tuple(defaults)


cdef Py_ssize_t _slot_offset(object cls, str name) except -1:
    """Where instances of ``cls`` keep the slot ``name`` (a member of its ``__slots__``)."""
    member = cls.__dict__[name]
    if type(member).__name__ != "member_descriptor" or member.__objclass__ is not cls:
        raise TypeError(f"{cls.__name__}.{name} is not a slot")
    return (<PyMemberDescrObject*>member).d_member.offset


cdef inline PyObject* _held(object obj, Py_ssize_t offset) noexcept:
    """A slot's value in place (NULL when never set), as ``_put`` sets it."""
    return (<PyObject**>((<char*><PyObject*>obj) + offset))[0]


cdef inline void _put(object obj, Py_ssize_t offset, object value) noexcept:
    """Set a slot in place (``object.__setattr__`` without the lookup): the classes refuse ``setattr``."""
    cdef PyObject** slot = <PyObject**>((<char*><PyObject*>obj) + offset)
    cdef PyObject* old = slot[0]
    Py_INCREF(value)
    slot[0] = <PyObject*>value
    Py_XDECREF(old)


# --- reading --------------------------------------------------------------------

cdef bint _read_value(Reading* r, object value, int enc, int table) noexcept:
    """The tiles of a hand given as text, ints in ``enc`` or counts; an empty list or tuple is no tile."""
    if _is_str(value):
        return _read_text(r, value, False)
    if enc == ENC_COUNTS:
        if _is_list(value):
            with cython.critical_section(value):
                return _read_count_items(r, _seq_items(value), _size(value))
        if _is_tuple(value):
            return _read_count_items(r, _seq_items(value), _size(value))
        if _is_bytes(value):
            return _read_count_bytes(r, <const unsigned char*>_bytes_data(value), _size(value))
        if _is_bytearray(value):
            with cython.critical_section(value):
                return _read_count_bytes(r, <const unsigned char*>_bytearray_data(value), _size(value))
        return PyObject_CheckBuffer(value) and _read_count_buffer(r, value)
    if _is_list(value):
        with cython.critical_section(value):
            return _size(value) == 0 or _read_ints(r, _seq_items(value), _size(value), enc, table)
    if _is_tuple(value):
        return _size(value) == 0 or _read_ints(r, _seq_items(value), _size(value), enc, table)
    return False


cdef inline int _meld_code(const Reading* r, int k) noexcept:
    return ((r.meld_kind[k] * N_KINDS + r.meld_tile[k]) * 2 + r.meld_concealed[k]) * 5 + r.meld_red[k]


cdef object _meld_object(const Reading* r, int k):
    """The ``Meld`` of meld ``k`` of a reading (from text), made once per meld; None if it cannot be."""
    cdef int code = _meld_code(r, k)
    meld = _melds_made[code]
    if meld is None:
        try:
            meld = _meld_type(_kind_words[r.meld_kind[k]], <object>_tile_items[r.meld_tile[k]],
                              r.meld_concealed[k] == 1, r.meld_red[k])
        except Exception:
            return None
        _melds_made[code] = meld
    return meld


cdef bint _text_meld(Reading* r, object text, list made) noexcept:
    if not _one_meld_text(r, text):
        return False
    meld = _meld_object(r, r.n_melds - 1)
    if meld is None:
        return False
    made.append(meld)
    return True


cdef bint _read_meld_list(Reading* r, object melds, list made) noexcept:
    """The melds of a ``melds=`` (text, or a list or tuple of texts and ``Meld`` objects), kept in ``made``."""
    cdef Py_ssize_t k
    if melds is ():
        return True
    if _is_str(melds):
        return _text_meld(r, melds, made)
    if not (_is_list(melds) or _is_tuple(melds)):
        return False
    items = tuple(melds)  # a list read once: no resize under us
    if _size(items) > MAX_MELDS:
        return False
    for k in range(_size(items)):
        m = items[k]
        if _is_str(m):
            if not _text_meld(r, m, made):
                return False
        elif type(m) is _meld_type:
            if not _read_meld_object(r, m):
                return False
            made.append(m)
        else:
            return False
    return True


# --- building ----------------------------------------------------------------------

cdef tuple _tiles_of(const unsigned char* counts, int n):
    """The ``Tile`` members of 34 counts, lowest first."""
    cdef tuple out = PyTuple_New(n)
    cdef int t, c, i = 0
    cdef object tile
    for t in range(N_KINDS):
        if counts[t]:
            tile = <object>_tile_items[t]
            for c in range(counts[t]):
                if i == n:
                    return out
                Py_INCREF(tile)
                PyTuple_SET_ITEM(out, i, tile)
                i += 1
    return out


cdef object _red_of(const unsigned char* red):
    if red[0] == 0 and red[1] == 0 and red[2] == 0:
        return _no_red
    return (red[0], red[1], red[2])


cdef bint _fill(object hand, Reading* r, list made) except -1:
    """Set the slots of ``hand`` from a reading checked whole (``_copies_fit``) and its melds."""
    counts = PyBytes_FromStringAndSize(<char*>r.counts, N_KINDS)
    _put(hand, _hand_slots[0], counts)
    _put(hand, _hand_slots[1], _tiles_of(r.counts, r.n))
    _put(hand, _hand_slots[2], _red_of(r.red))
    if r.n_melds:
        _put(hand, _hand_slots[3], tuple(made))
        _put(hand, _hand_slots[4], PyBytes_FromStringAndSize(<char*>r.all_counts, N_KINDS))
    else:
        _put(hand, _hand_slots[3], ())
        _put(hand, _hand_slots[4], counts)
    return True


cdef bint _read_hand(Reading* r, object value, object melds, object encoding, object red, list made) noexcept:
    """A hand's reading and its melds (``made``) when this module vouches for ``Hand(value, melds,
    encoding, red=red)``: a hand of at most 14 tiles, at most four copies of a tile across hand and melds."""
    cdef int enc, table, k
    _clear(r)
    if not (red is True or red is False) or not _encoding_of(encoding, &enc, &table) or encoding is None:
        return False
    r.red_ids = red is True
    if not _read_value(r, value, enc, table):
        return False
    for k in range(r.n_melds):  # the melds written in the text
        meld = _meld_object(r, k)
        if meld is None:
            return False
        made.append(meld)
    return _read_meld_list(r, melds, made) and _copies_fit(r)


def fill_hand(hand, value, melds, encoding, red):
    """Set the slots of ``hand`` as ``Hand(value, melds, encoding, red=red)`` would; False (nothing
    set) when the general reading must answer."""
    return isinstance(hand, _hand_type) and _fill_hand(hand, value, melds, encoding, red)


cdef bint _fill_hand(object hand, object value, object melds, object encoding, object red) except -1:
    cdef Reading r
    cdef int enc, table, k
    cdef list made = []
    if type(value) is _hand_type:
        if not (melds is () or ((_is_list(melds) or _is_tuple(melds)) and _size(melds) == 0)):
            return False
        if not (red is True or red is False) or encoding is None or not _encoding_of(encoding, &enc, &table):
            return False
        for k, name in enumerate(("counts", "tiles", "red", "melds", "all_counts")):
            _put(hand, _hand_slots[k], getattr(value, name))
        return True
    if not _read_hand(&r, value, melds, encoding, red, made):
        return False
    return _fill(hand, &r, made)


# --- the class calls ------------------------------------------------------------------

cdef inline bint _reader_is(int k, object reader) noexcept:
    """Whether ``_readers`` holds ``reader`` as its hand (0) or meld (1) reader."""
    return (<PyObject**>((<char*><PyObject*>_readers) + _reader_slots[k]))[0] == <PyObject*>reader


cdef bint _call_values(PyObject** values, tuple names, tuple defaults, PyObject** args, Py_ssize_t n_given,
                       PyObject* keywords) noexcept:
    """The four arguments of a class call (positional, then keywords by name) into ``values``, the
    others at their defaults; False when the call is not four known names once each with none left
    without a value (the class's own call then answers, errors included)."""
    cdef Py_ssize_t i, j, n = 4
    cdef PyObject* name
    if n_given > 3:
        return False
    for j in range(n):
        values[j] = args[j] if j < n_given else PyTuple_GET_ITEM(defaults, j)
    if keywords is not NULL:
        for i in range(PyTuple_GET_SIZE(<object>keywords)):
            name = PyTuple_GET_ITEM(<object>keywords, i)
            for j in range(n):
                if PyTuple_GET_ITEM(names, j) == name:
                    break
            else:
                return False
            if j < n_given:
                return False
            values[j] = args[n_given + i]
    for j in range(n):
        if values[j] == <PyObject*>_no_default:
            return False  # a required argument not given
    return True


cdef object _general_call(object cls, PyObject** args, Py_ssize_t n_given, PyObject* keywords):
    """The class's own call: ``__new__`` then ``__init__``, from the arguments of a vectorcall."""
    cdef Py_ssize_t i
    positional = PyTuple_New(n_given)
    for i in range(n_given):
        Py_INCREF(<object>args[i])
        PyTuple_SET_ITEM(positional, i, <object>args[i])
    named = None
    if keywords is not NULL:
        named = {}
        for i in range(PyTuple_GET_SIZE(<object>keywords)):
            named[<object>PyTuple_GET_ITEM(<object>keywords, i)] = <object>args[n_given + i]
    return _class_call(cls, positional, named)


cdef object _hand_call(object cls, PyObject** args, size_t nargsf, PyObject* keywords):
    """``Hand(...)``: the hand filled here when ``fill_hand`` would vouch for it, else the class's own call."""
    cdef PyObject* values[4]
    cdef Py_ssize_t n_given = _n_args(nargsf)
    if (cls is _hand_type and _reader_is(0, fill_hand)
            and _call_values(values, _hand_arguments, _hand_defaults, args, n_given, keywords)):
        hand = _new_instance(cls)
        if _fill_hand(hand, <object>values[0], <object>values[1], <object>values[2], <object>values[3]):
            return hand
    return _general_call(cls, args, n_given, keywords)


cdef object _meld_call(object cls, PyObject** args, size_t nargsf, PyObject* keywords):
    """``Meld(...)``: the meld filled here when ``fill_meld`` would vouch for it, else the class's own call."""
    cdef PyObject* values[4]
    cdef Py_ssize_t n_given = _n_args(nargsf)
    if (cls is _meld_type and _reader_is(1, fill_meld)
            and _call_values(values, _meld_arguments, _meld_defaults, args, n_given, keywords)):
        meld = _new_instance(cls)
        if _fill_meld(meld, <object>values[0], <object>values[1], <object>values[2], <object>values[3]):
            return meld
    return _general_call(cls, args, n_given, keywords)


cdef int _detected(object text) noexcept:
    """The notation ``_read_text`` reads ``text`` in, or -1."""
    cdef Text t
    if not _str_ready(text):
        return -1
    t.kind = _str_kind(text)
    t.data = _str_data(text)
    return t.notation if _notation_of(&t, _str_len(text)) else -1


def parse_text(text, notation):
    """The ``Hand`` ``parse(text, notation)`` gives, when this module vouches for it, else None."""
    cdef Reading r
    cdef list made = []
    if not _is_str(text):
        return None
    if notation is not None:
        if not _is_str(notation) or _notations.get(notation, -2) != _detected(text):
            return None
    if not _read_hand(&r, text, (), "index34", False, made):
        return None
    hand = _new_instance(_hand_type)
    _fill(hand, &r, made)
    return hand


def fill_meld(meld, kind, tile, concealed, red):
    """Set the slots of ``meld`` as ``Meld(kind, tile, concealed, red)`` would; False when the
    general constructor must answer (it raises the error)."""
    return isinstance(meld, _meld_type) and _fill_meld(meld, kind, tile, concealed, red)


cdef bint _fill_meld(object meld, object kind, object tile, object concealed, object red) except -1:
    cdef int k, t, rank, fives
    cdef Reading one
    if not _is_str(kind) or not (concealed is True or concealed is False) or type(red) is not int:
        return False
    if kind == "chow":
        k = KIND_CHOW
    elif kind == "pung":
        k = KIND_PUNG
    elif kind == "kong":
        k = KIND_KONG
    else:
        return False
    if type(tile) is int or type(tile) is _tile_type:
        t = _int_value(<PyObject*>tile)
        if not 0 <= t < N_KINDS:
            return False
    elif _is_str(tile):
        _clear(&one)
        if not _read_text(&one, tile, False) or one.n != 1 or one.n_melds:
            return False
        for t in range(N_KINDS):
            if one.counts[t]:
                break
        if one.red[0] or one.red[1] or one.red[2]:
            if red < 1:
                red = 1
    else:
        return False
    rank = t % SUIT_SIZE
    if k == KIND_CHOW and (t >= FIRST_HONOR or rank > SUIT_SIZE - 3):
        return False
    if concealed is True and k != KIND_KONG:
        return False
    if red:
        fives = 0
        if t < FIRST_HONOR:
            if k == KIND_CHOW:
                fives = rank <= 4 <= rank + 2
            elif rank == 4:
                fives = 4 if k == KIND_KONG else 3
        if not 0 <= red <= fives:
            return False
    _put(meld, _meld_slots[0], kind)
    _put(meld, _meld_slots[1], <object>_tile_items[t])
    _put(meld, _meld_slots[2], concealed)
    _put(meld, _meld_slots[3], red)
    return True


def parse_meld(text):
    """``Meld.parse(text)`` when this module vouches for it (a ``Meld`` made once per meld), else None."""
    cdef Reading r
    if not _is_str(text):
        return None
    _clear(&r)
    if not _one_meld_text(&r, text):
        return None
    return _meld_object(&r, 0)


def counts_of(value, encoding):
    """``to_counts(value, encoding)`` when this module vouches for it, else None."""
    cdef Reading r
    cdef list made = []
    cdef int enc, table
    if encoding is not None and _is_str(encoding) and encoding == "counts":
        if _is_bytes(value) and _size(value) == N_KINDS and counts_in_range(<const unsigned char*>_bytes_data(value)):
            return value
        _clear(&r)
        if (_is_list(value) or _is_tuple(value)) and _read_value(&r, value, ENC_COUNTS, 0):
            return PyBytes_FromStringAndSize(<char*>r.counts, N_KINDS)
        return None
    if type(value) is _hand_type:
        return value.counts
    if not _read_hand(&r, value, (), "index34" if encoding is None else encoding, False, made):
        return None
    return PyBytes_FromStringAndSize(<char*>r.counts, N_KINDS)


# --- writing --------------------------------------------------------------------------

cdef object _write_mpsz(const unsigned char* counts, const unsigned char* red):
    cdef char out[TEXT_ROOM]
    cdef int n = 0, part, t, c, lo, hi, reds, start
    cdef const char* letters = b"mpsz"
    for part in range(N_SUITS + 1):
        lo = part * SUIT_SIZE
        hi = N_KINDS if part == N_SUITS else lo + SUIT_SIZE
        reds = red[part] if part < N_SUITS else 0
        start = n
        for t in range(lo, hi):
            for c in range(counts[t]):
                if n >= TEXT_ROOM - 1:
                    return None
                if reds and t == lo + 4:
                    out[n] = 48  # 0: a red five
                    reds -= 1
                else:
                    out[n] = <char>(49 + t - lo)
                n += 1
        if n > start:
            out[n] = letters[part]
            n += 1
    return _ascii_text(out, n, NULL)


cdef object _write_names(const unsigned char* counts, const unsigned char* red, int note):
    cdef Py_UCS4 out[TEXT_ROOM]
    cdef int n = 0, t, c, k, suit
    cdef int reds[3]
    reds[0], reds[1], reds[2] = red[0], red[1], red[2]
    for t in range(N_KINDS):
        for c in range(counts[t]):
            if n + NAME_WIDTH + 1 > TEXT_ROOM:
                return None
            if n and note != NOTE_UNICODE:
                out[n] = 32
                n += 1
            for k in range(_name_len[note][t]):
                out[n] = _names[note][t][k]
                n += 1
            if note == NOTE_MJAI and t < FIRST_HONOR and t % SUIT_SIZE == 4:
                suit = t // SUIT_SIZE
                if reds[suit]:
                    reds[suit] -= 1
                    out[n] = 114  # r: a red five
                    n += 1
    return _ucs4_text(4, out, n)


cdef object _write(const unsigned char* counts, const unsigned char* red, object melds, int note):
    text = _write_mpsz(counts, red) if note == NOTE_MPSZ else _write_names(counts, red, note)
    if text is None or not melds:
        return text
    name = "mpsz" if note == NOTE_MPSZ else ("botzone", "unicode", "chinese", "mjai")[note - 1]
    parts = [text] if text else []
    for meld in melds:
        parts.append(_format_meld(meld, name))
    return " ".join(parts)


cdef bint _hand_counts(object hand, unsigned char* red) noexcept:
    """Whether a filled ``Hand`` holds 34 counts (``bytes``), its melds and three red counts (then
    in ``red``): False for a hand whose slots are not so (the general code then reads it)."""
    cdef PyObject* counts = _held(hand, _hand_slots[0])
    cdef PyObject* reds = _held(hand, _hand_slots[2])
    cdef PyObject* melds = _held(hand, _hand_slots[3])
    cdef int k
    if counts == NULL or reds == NULL or melds == NULL or not _is_bytes(<object>counts):
        return False
    if _size(<object>counts) != N_KINDS or not _is_tuple(<object>reds) or _size(<object>reds) != 3:
        return False
    for k in range(3):
        item = <object>PyTuple_GET_ITEM(<object>reds, k)
        if type(item) is not int or not 0 <= item <= MAX_COPIES:
            return False
        red[k] = item
    return True


def write(hand, notation):
    """``format(hand, notation)`` when this module vouches for it, else None."""
    cdef Reading r
    cdef list made = []
    cdef unsigned char red[3]
    cdef int note
    cdef object counts, reds
    if not _is_str(notation):
        return None
    note = _notations.get(notation, -1)
    if note < 0:
        return None
    if type(hand) is _hand_type:
        if not _hand_counts(hand, red):
            return None
        return _write(<const unsigned char*>_bytes_data(<object>_held(hand, _hand_slots[0])), red,
                      <object>_held(hand, _hand_slots[3]), note)
    if _is_str(hand):
        if not _read_hand(&r, hand, (), "index34", False, made):
            return None
        return _write(r.counts, r.red, made, note)
    if _is_list(hand) or _is_tuple(hand):  # index34 ints, never red
        _clear(&r)
        if not _read_value(&r, hand, ENC_INDEX34, 0):
            return None
        return _write(r.counts, r.red, None, note)
    return None


def encode(hand, encoding, red):
    """``hand.encode(encoding, red=red)`` of a ``Hand`` when this module vouches for it, else None."""
    cdef int enc, table, t, c, suit, i = 0, n, copy
    cdef object code
    cdef unsigned char reds[3]
    cdef unsigned char plain[N_KINDS]
    cdef const unsigned char* counts
    if not (red is True or red is False) or encoding is None or not _encoding_of(encoding, &enc, &table):
        return None
    if not isinstance(hand, _hand_type) or not _hand_counts(hand, reds):
        return None
    held = <object>_held(hand, _hand_slots[0])
    if enc == ENC_COUNTS:
        return held
    counts = <const unsigned char*>_bytes_data(held)
    n = 0
    for t in range(N_KINDS):
        n += counts[t]
    for suit in range(3):
        if reds[suit] > counts[suit * SUIT_SIZE + 4]:
            return None
        if enc == ENC_INDEX136 and red is True and (reds[suit] > 1 or counts[suit * SUIT_SIZE + 4] - reds[suit] > 3):
            return None  # the general path raises: index136 has one red five of a suit
    out = PyList_New(n)
    memset(plain, 0, N_KINDS)
    for t in range(N_KINDS):
        suit = t // SUIT_SIZE if t < FIRST_HONOR and t % SUIT_SIZE == 4 else -1
        for c in range(counts[t]):
            if enc == ENC_INDEX34:
                code = t
            elif enc == ENC_TABLE:
                code = _encode[table][t]
            elif enc == ENC_TENHOU:
                if suit >= 0 and reds[suit]:
                    reds[suit] -= 1
                    code = 51 + suit
                else:
                    code = (t // SUIT_SIZE + 1) * 10 + t % SUIT_SIZE + 1 if t < FIRST_HONOR else 41 + t - FIRST_HONOR
            else:  # index136: copies numbered in order, with red=True a red five is copy 0 of its five
                if red is True and suit >= 0:
                    if reds[suit]:
                        reds[suit] -= 1
                        code = t * MAX_COPIES
                    else:
                        copy = plain[t] + 1
                        plain[t] += 1
                        code = t * MAX_COPIES + copy
                else:
                    code = t * MAX_COPIES + plain[t]
                    plain[t] += 1
            Py_INCREF(code)
            PyList_SET_ITEM(out, i, code)
            i += 1
    return out
