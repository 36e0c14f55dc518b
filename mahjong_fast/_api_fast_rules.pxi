# The rules= of _api_fast: a Rules or preset name read once into a _RuleEntry (known again by
# identity), and what a rule set allows of a reading (its flags, its copies, a wild tile's
# absent waits).  Uses the header of _api_fast.pyx and _api_fast_reading.pxi.

# --- rules= ----------------------------------------------------------------------

cdef _RuleEntry _read_rules(object rules):
    """The entry of a ``rules=`` other than None, or None when the general path must read it.

    The last one read is known again by identity (a literal ``"riichi"`` is the same object
    on every call): str and ``Rules`` (frozen) are immutable, and the entry holds its key so
    no other object can take its id."""
    cdef _RuleEntry e = _last_rules[0]  # a reference of our own: another thread may replace it
    cdef object value = rules
    cdef object limits
    cdef int t
    if e is not None and e.key is rules:
        return e
    if _is_str(rules):
        value = _presets.get(rules)
        if value is None:
            return None
    elif type(rules) is not _rules_type:
        return None
    e = _RuleEntry.__new__(_RuleEntry)
    e.key = rules
    try:
        e.default = value.is_default is True
        e.args.flags = value.flags
        e.args.chows = value.chows is True
        limits = value.limits
    except Exception:
        return None
    if not _is_bytes(limits) or _size(limits) != N_KINDS:
        return None
    e.args.full = True
    for t in range(N_KINDS):
        e.args.limits[t] = <unsigned char>_bytes_data(limits)[t]
        e.args.full &= e.args.limits[t] == MAX_COPIES
    e.args.pairs_distinct = e.args.full and e.args.flags == SEVEN_PAIRS_DISTINCT | THIRTEEN_ORPHANS
    _last_rules[0] = e
    return e


cdef _RuleEntry _GENERAL = _RuleEntry()  # the answer of _fast_rules for rules only the general path reads


cdef inline _RuleEntry _fast_rules(object rules):
    """The entry a fast path plays ``rules`` by: None for the default rules (``rules=None`` or rules
    that play as it), ``_GENERAL`` when the general path must read them (``_read_rules``)."""
    cdef _RuleEntry e
    if rules is None:
        return None
    e = _read_rules(rules)
    if e is None:
        return _GENERAL
    return None if e.default else e


cdef bint _rules_allow(const RuleArgs* a, const Reading* r, const Options* o) noexcept:
    """Whether the hand (its wild kinds' copies are jokers, not tiles) and its melds hold only
    tiles and melds the rules allow; the general path raises the error otherwise."""
    cdef int t, k
    for t in range(N_KINDS):
        if not a.limits[t]:
            if r.counts[t] and not (o.n_wild and o.wild[t]):
                return False
            if r.n_melds and r.all_counts[t] > r.counts[t]:
                return False
    if not a.chows:
        for k in range(r.n_melds):
            if r.meld_kind[k] == KIND_CHOW:
                return False
    return True


cdef int _rule_flags(const RuleArgs* a, const Reading* r, const Options* o, unsigned char* counts,
                     unsigned char* limits, int* jokers) noexcept:
    """The counts without jokers, the limits (melds' and rules', the lower) and the joker count
    of a call under rules; returns the kernels' rule bits (the melds' suits locked)."""
    cdef int t
    if not r.n_melds and not o.n_wild:  # the common call: the rules' limits as they are
        memcpy(counts, r.counts, N_KINDS)
        memcpy(limits, a.limits, N_KINDS)
        jokers[0] = 0
        return a.flags
    jokers[0] = _jokers(<Reading*>r, <Options*>o, counts, limits)
    for t in range(N_KINDS):
        if a.limits[t] < limits[t]:
            limits[t] = a.limits[t]
    return _meld_flags(a.flags, r)


cdef bint _absent_wild_waits(const RuleArgs* a, const Reading* r, const Options* o,
                             const unsigned char* counts, const unsigned char* limits, int jokers, int flags,
                             unsigned char* out) noexcept:
    """Turn the kernel's waits under rules into the API's: a wild kind held four times has no
    copy to draw, and a wild kind the rules leave out (红中 jokers under Sichuan rules), no tile
    of any target, completes the hand as one more joker.  False if the kernel refuses."""
    cdef int t, won = -1
    cdef const unsigned char* held = r.counts
    if not o.n_wild:
        return True
    if r.n_melds:
        held = r.all_counts
    for t in range(N_KINDS):
        if o.wild[t]:
            if a.limits[t]:
                out[t] = out[t] and r.counts[t] < limits[t]
            elif held[t] < MAX_COPIES:
                if won < 0:
                    won = is_win_rules_c(counts, jokers + 1, o.fifth, limits, flags)
                    if won < 0:
                        return False
                out[t] = won
    return True
