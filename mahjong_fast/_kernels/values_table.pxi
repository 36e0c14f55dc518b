# A table of keys standing for numbers, by open addressing (``slots`` a power of two, key 0 an
# empty slot, at most half full): the parts met and the merged hands whose forms are kept
# (values_graph.pxi) are looked up in one.
# Stands on: the cimports of values.pyx.

ctypedef struct _Keys:
    unsigned long long* key
    int* number
    int slots, used


cdef inline unsigned int _key_slot(unsigned long long key, int slots) noexcept nogil:
    cdef unsigned long long h = key * 0x9e3779b97f4a7c15ULL
    return <unsigned int>((h ^ h >> 29) >> 16) & <unsigned int>(slots - 1)


cdef int _keys_grow(_Keys* t, int least=1024) except -1:
    """``t`` with twice the slots (``least``, a power of two, at first), its keys placed again."""
    cdef int slots = t.slots * 2 if t.slots else least, j
    cdef unsigned int at
    cdef unsigned long long* key = <unsigned long long*>calloc(slots, sizeof(unsigned long long))
    cdef int* number = <int*>malloc(slots * sizeof(int))
    if key == NULL or number == NULL:
        free(key)
        free(number)
        raise MemoryError()
    for j in range(t.slots):
        if t.key[j]:
            at = _key_slot(t.key[j], slots)
            while key[at]:
                at = (at + 1) & (slots - 1)
            key[at] = t.key[j]
            number[at] = t.number[j]
    free(t.key)
    free(t.number)
    t.key = key
    t.number = number
    t.slots = slots
    return 0


cdef inline int _keys_at(_Keys* t, unsigned long long key) except -1:
    """The slot of ``key`` (not 0) in ``t``: where it is (``t.key[at] == key``), else the empty
    slot where it goes (``_keys_put``); ``t`` grows first when one more key would fill it past half."""
    if 2 * (t.used + 1) > t.slots:
        _keys_grow(t)
    cdef unsigned int at = _key_slot(key, t.slots)
    while t.key[at] and t.key[at] != key:
        at = (at + 1) & <unsigned int>(t.slots - 1)
    return at


cdef inline void _keys_put(_Keys* t, int at, unsigned long long key, int number) noexcept:
    """``key`` standing for ``number`` in the empty slot ``at`` (``_keys_at``)."""
    t.key[at] = key
    t.number[at] = number
    t.used += 1
