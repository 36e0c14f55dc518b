# A table of keys standing for numbers, by open addressing (``slots`` a power of two, key 0 an
# empty slot, at most half full; a key and its number side by side, so a lookup reads one cache
# line): the parts met, by a search (values_graph.pxi) and by the process (values_forms.pxi).
# Stands on: the cimports of values.pyx.

ctypedef struct _KeySlot:
    unsigned long long key
    long long number


ctypedef struct _Keys:
    _KeySlot* slot
    int slots, used


cdef inline unsigned int _key_slot(unsigned long long key, int slots) noexcept nogil:
    cdef unsigned long long h = key * 0x9e3779b97f4a7c15ULL
    return <unsigned int>((h ^ h >> 29) >> 16) & <unsigned int>(slots - 1)


cdef int _keys_grow(_Keys* t, int least=65536) except -1:
    """``t`` with twice the slots (``least``, a power of two, at first: a megabyte, on huge pages), its keys
    placed again."""
    cdef int slots = t.slots * 2 if t.slots else least, j
    cdef unsigned int at
    cdef _KeySlot* slot = <_KeySlot*>table_calloc(<size_t>slots * sizeof(_KeySlot))
    if slot == NULL:
        raise MemoryError()
    for j in range(t.slots):
        if t.slot[j].key:
            at = _key_slot(t.slot[j].key, slots)
            while slot[at].key:
                at = (at + 1) & (slots - 1)
            slot[at] = t.slot[j]
    free(t.slot)
    t.slot = slot
    t.slots = slots
    return 0


cdef inline int _keys_at(_Keys* t, unsigned long long key) except -1:
    """The slot of ``key`` (not 0) in ``t``: where it is (``t.slot[at].key == key``), else the empty
    slot where it goes (``_keys_put``); ``t`` grows first when one more key would fill it past half."""
    if 2 * (t.used + 1) > t.slots:
        _keys_grow(t)
    cdef unsigned int at = _key_slot(key, t.slots)
    while t.slot[at].key and t.slot[at].key != key:
        at = (at + 1) & <unsigned int>(t.slots - 1)
    return at


cdef inline void _keys_put(_Keys* t, int at, unsigned long long key, long long number) noexcept:
    """``key`` standing for ``number`` in the empty slot ``at`` (``_keys_at``)."""
    t.slot[at].key = key
    t.slot[at].number = number
    t.used += 1
