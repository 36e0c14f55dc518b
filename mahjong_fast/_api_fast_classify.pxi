# classify and decompose in _api_fast: the hu types and the decompositions of a hand read in
# C, with its melds' bytes and flags (install_classify sets what they answer with).  Uses the
# header of _api_fast.pyx, _api_fast_reading.pxi and _api_fast_rules.pxi.

# --- classify and decompose ------------------------------------------------------

_general_classify = None
_general_decompose = None
_hu_type_of = None                       # value -> HuType
_hu_types = {}                           # its answers, remembered
_decompositions = None                   # hutype.decompositions
_decomposition_args = None               # (Decomposition, tiles, chows, pungs)
_declared_of = None                      # meld byte -> the DecomposedMeld of a declared meld
_declared = {}
_knitted = None                          # the thirds of the knitted straights, for decompose under KNITTED


def install_classify(general_classify, general_decompose, hu_type_of, decompositions,
                     decomposition_args, declared_of, knitted=None):
    """Put the fast paths in front of ``_classify``'s functions; return the fast ones.

    ``hu_type_of`` turns a kernel value into a ``HuType``; ``decompositions`` is
    the kernel's record builder with its ``decomposition_args``; ``declared_of``
    gives the decomposed meld of a declared meld byte (``kind << 6 | tile``);
    ``knitted`` is the kernel's ``knitted`` argument (without it, ``decompose``
    under rules with knitted forms is left to the general path).
    """
    global _general_classify, _general_decompose, _hu_type_of, _decompositions
    global _decomposition_args, _declared_of, _knitted
    _general_classify, _general_decompose = general_classify, general_decompose
    _hu_type_of, _decompositions = hu_type_of, decompositions
    _decomposition_args, _declared_of = tuple(decomposition_args), declared_of
    _knitted = knitted
    _hu_types.clear()
    _declared.clear()
    return classify, decompose


cdef void _meld_bytes(const Reading* r, unsigned char* out) noexcept:
    cdef int k, kind
    for k in range(r.n_melds):
        kind = r.meld_kind[k]
        if kind == KIND_KONG and r.meld_concealed[k]:
            kind = HU_CONCEALED_KONG
        out[k] = <unsigned char>(kind << 6 | r.meld_tile[k])


cdef int _meld_flags(int flags, const Reading* r) noexcept:
    """``flags`` with the suits of the declared melds locked (``Rules.lock_flags``)."""
    cdef int k
    for k in range(r.n_melds):
        if r.meld_tile[k] < FIRST_HONOR:
            flags |= 1 << (LOCK_SHIFT + r.meld_tile[k] // SUIT_SIZE)
    return flags


cdef object _classify(object hand, object melds, object self_drawn, object encoding, object wild, object fifth,
                      object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char codes[MAX_MELDS]
    cdef int value
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL:
        return _general_classify(hand, melds=melds, self_drawn=self_drawn, encoding=encoding, wild=wild,
                                 fifth=fifth, rules=rules)
    if ((self_drawn is True or self_drawn is False) and _read_options(&o, wild, fifth)
            and _read(&r, hand, melds, encoding) and _size14(&r) == MAX_HAND
            and (e is None or _rules_allow(&e.args, &r, &o))):
        _meld_bytes(&r, codes)
        if o.n_wild:
            if not shanten_ready():
                ensure_tables()
            if e is None:
                value = hu_type_wild_c(r.counts, o.wild, codes, r.n_melds, self_drawn is True, o.fifth)
            else:
                value = hu_type_wild_rules_c(r.counts, o.wild, codes, r.n_melds, self_drawn is True, o.fifth,
                                             _meld_flags(e.args.flags, &r), e.args.limits)
        elif e is None:
            value = hu_type_c(r.counts, codes, r.n_melds, self_drawn is True)
        else:
            value = hu_type_rules_c(r.counts, codes, r.n_melds, self_drawn is True, _meld_flags(e.args.flags, &r))
        if value >= 0:
            found = _hu_types.get(value)
            if found is None:
                found = _hu_types[value] = _hu_type_of(value)
            return found
    return _general_classify(hand, melds=melds, self_drawn=self_drawn, encoding=encoding,
                             wild=wild, fifth=fifth, rules=rules)


cdef object _decompose(object hand, object melds, object encoding, object rules):
    cdef Reading r
    cdef Options o
    cdef unsigned char codes[MAX_MELDS]
    cdef int k
    cdef _RuleEntry e = _fast_rules(rules)
    if e is _GENERAL or (e is not None and e.args.flags & KNITTED and _knitted is None):
        return _general_decompose(hand, melds=melds, encoding=encoding, rules=rules)
    o.n_wild = 0
    if _read(&r, hand, melds, encoding) and (e is None or _rules_allow(&e.args, &r, &o)):
        declared = ()
        if r.n_melds:
            _meld_bytes(&r, codes)
            items = []
            for k in range(r.n_melds):
                meld = _declared.get(codes[k])
                if meld is None:
                    meld = _declared[codes[k]] = _declared_of(codes[k])
                items.append(meld)
            declared = tuple(items)
        if e is None:
            return _decompositions((<char*>r.counts)[:N_KINDS], *_decomposition_args, declared)
        return _decompositions((<char*>r.counts)[:N_KINDS], *_decomposition_args, declared,
                               _meld_flags(e.args.flags, &r), _knitted)
    return _general_decompose(hand, melds=melds, encoding=encoding, rules=rules)
