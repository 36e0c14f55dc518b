# The Python-level calls of the efficiency kernel: the arguments read and checked (the errors
# name the argument and its bad value), ``useful``, ``discards`` and the ``Discards`` they answer
# (its ranking of the discards, its pickling), and the quick paths for plain lists of index34 ints
# (``quick_counts``, ``quick_useful``, ``quick_discards``) on a context built once.
# Stands on: the row path (efficiency_row_path.pxi, efficiency_two_step.pxi) and the helpers of
# efficiency.pyx before it.

cdef int _ctx_from(Ctx* ctx, object lim, object avail, object wild, int flags, bint fifth) except -1:
    if not is_counts_bytes(lim):
        lim = _read_counts(lim, "limits")
    if avail is not lim and not is_counts_bytes(avail):
        avail = _read_counts(avail, "avail")
    if wild is not None:
        wild = _read_counts(wild, "wild")
    if ctx_init(ctx, lim, avail, NULL if wild is None else <const uint8_t*><bytes>wild, flags, fifth) < 0:
        for t in range(N_KINDS):
            if avail[t] > lim[t]:
                raise ValueError(f"avail[{t}] = {avail[t]} is above limits[{t}] = {lim[t]}")
    return 0


cdef object _check_held(const Ctx* ctx, bytes held, int residue, int most, str what):
    cdef const uint8_t* h = held
    cdef int t, total = 0
    for t in range(N_KINDS):
        if h[t] > ctx.lim[t] or h[t] > ctx.avail[t]:
            if h[t] > ctx.lim[t]:
                raise ValueError(f"counts[{t}] = {h[t]} is above limits[{t}] = {ctx.lim[t]}")
            raise ValueError(f"counts[{t}] = {h[t]} is above avail[{t}] = {ctx.avail[t]}")
        total += h[t]
    if total % 3 != residue or total > most:
        raise ValueError(f"{what}, got {total} tiles")


def quick_counts(hand):
    """The 34 counts of a list or tuple of 1-14 plain index34 ints, at most 4 copies each;
    None for anything else."""
    cdef uint8_t c[N_KINDS]
    cdef Py_ssize_t i, n
    cdef long t
    if type(hand) is not list and type(hand) is not tuple:
        return None
    n = len(hand)
    if not 0 < n <= MAX_HAND:
        return None
    memset(c, 0, N_KINDS)
    for i in range(n):
        item = hand[i]
        if type(item) is not int:
            return None
        t = item
        if not 0 <= t < N_KINDS or c[t] == MAX_COPIES:
            return None
        c[t] += 1
    return (<char*>c)[:N_KINDS]


def useful(held, lim, avail, wild=None, int flags=CHINESE, bint fifth=True):
    """``(shanten, mask, total)`` of a 3n+1 hand: bit t of ``mask`` is set when drawing t lowers
    the shanten; ``total`` is the unseen copies of those draws (``avail[t] - held[t]`` each)."""
    cdef Ctx ctx
    cdef int s = 0, tot
    cdef uint64_t m = 0
    if not rows_ready:
        ensure_rows()
    if not is_counts_bytes(held):
        held = _read_counts(held, "counts")
    _ctx_from(&ctx, lim, avail, wild, flags, fifth)
    _check_held(&ctx, held, 1, MAX_HAND - 1, "useful tiles need a hand of 3n+1 tiles, at most 13")
    tot = useful_c(&ctx, held, &s, &m)
    if tot < 0:
        raise ValueError("the hand has no shanten under these limits")
    return s, m, tot


cdef class Discards:
    """Every distinct discard of a 3n+2 hand, best first (see ``discards``).

    ``held`` and ``avail`` are the counts it answers; ``rows`` and ``unseen`` are None, for the
    API layer's subclass (``DiscardAnalysis``) to keep what it builds from them."""
    cdef readonly int shanten
    cdef readonly int size         # the distinct discards
    cdef readonly bint two_step
    cdef public object held
    cdef public object avail
    cdef public object rows
    cdef public object unseen
    cdef signed char sh[N_KINDS]
    cdef uint64_t mask[N_KINDS]
    cdef int tot[N_KINDS]
    cdef TwoStep two_steps[N_KINDS]
    cdef int order[N_KINDS]

    def tile(self, int i):
        """The i-th best discard (index34)."""
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self.order[i]

    def entry(self, int i):
        """``(tile, shanten, mask, total, two_step, improve, improve_total, good)`` of the i-th
        best discard; the last four are None without ``two_step`` (``good`` None off one-shanten)."""
        cdef int d
        if not 0 <= i < self.size:
            raise IndexError(i)
        d = self.order[i]
        if not self.two_step:
            return d, self.sh[d], self.mask[d], self.tot[d], None, None, None, None
        return (d, self.sh[d], self.mask[d], self.tot[d], self.two_steps[d].two_step,
                self.two_steps[d].improving if self.sh[d] == 0 else None,
                self.two_steps[d].improving_total if self.sh[d] == 0 else None,
                None if self.two_steps[d].good_shape < 0 else self.two_steps[d].good_shape)

    def after(self):
        """34 shanten values after each discard (``NOT_HELD`` where the tile is not held)."""
        return [self.sh[t] for t in range(N_KINDS)]

    def __reduce__(self):
        # Cython's own pickling turns the signed char array into a C string (cut at the first 0).
        # The rows built so far are not kept: they are built again on first access.
        return _restore_discards, (
            type(self), self.shanten, self.size, self.two_step, self.held, self.avail,
            [self.sh[t] for t in range(N_KINDS)], [self.mask[t] for t in range(N_KINDS)],
            [self.tot[t] for t in range(N_KINDS)], [self.order[t] for t in range(N_KINDS)],
            [(s.two_step, s.improving, s.improving_total, s.good_shape) for s in self.two_steps])


def _restore_discards(cls, int shanten, int size, bint two_step, held, avail, list sh, list mask,
                      list tot, list order, list two_steps):
    """A ``Discards`` (or subclass) again from what ``Discards.__reduce__`` gave."""
    cdef Discards r = cls.__new__(cls)
    cdef int t
    r.shanten, r.size, r.two_step, r.held, r.avail = shanten, size, two_step, held, avail
    for t in range(N_KINDS):
        r.sh[t], r.mask[t], r.tot[t], r.order[t] = sh[t], mask[t], tot[t], order[t]
        (r.two_steps[t].two_step, r.two_steps[t].improving, r.two_steps[t].improving_total,
         r.two_steps[t].good_shape) = two_steps[t]
    return r


cdef inline bint _before(Discards r, int a, int b) noexcept:
    """Whether discard ``a`` ranks before ``b``: lower shanten, more unseen useful copies, then
    (two-step) the larger two-step figure, then more improving copies, then the lower tile."""
    if r.sh[a] != r.sh[b]:
        return r.sh[a] < r.sh[b]
    if r.tot[a] != r.tot[b]:
        return r.tot[a] > r.tot[b]
    if r.two_step:
        if r.two_steps[a].two_step != r.two_steps[b].two_step:
            return r.two_steps[a].two_step > r.two_steps[b].two_step
        if r.two_steps[a].improving_total != r.two_steps[b].improving_total:
            return r.two_steps[a].improving_total > r.two_steps[b].improving_total
    return a < b


def discards(held, lim, avail, wild=None, int flags=CHINESE, bint fifth=True,
             bint two_step=False, cls=Discards):
    """Every distinct discard of a 3n+2 hand, as a ``Discards`` (best first), or as an instance
    of ``cls``, a subclass of it."""
    cdef Ctx ctx
    if not rows_ready:
        ensure_rows()
    if not is_counts_bytes(held):
        held = _read_counts(held, "counts")
    _ctx_from(&ctx, lim, avail, wild, flags, fifth)
    _check_held(&ctx, held, 2, MAX_HAND, "a discard analysis needs a hand of 3n+2 tiles, at most 14")
    return _discards_obj(&ctx, held, (<char*>ctx.avail)[:N_KINDS], two_step, cls)


cdef Discards _discards_obj(const Ctx* ctx, bytes held, bytes avail, bint two_step, object cls):
    cdef Discards r
    cdef uint8_t c[N_KINDS]
    cdef int t, size = 0
    if cls is not Discards and not (isinstance(cls, type) and issubclass(cls, Discards)):
        raise TypeError(f"cls must be Discards or a subclass of it, not {cls!r}")
    r = Discards.__new__(cls)
    r.shanten = discards_c(ctx, held, r.sh, r.mask, r.tot)
    if r.shanten < -1:
        raise ValueError("the hand has no shanten under these limits")
    r.two_step = two_step
    r.held = held
    r.avail = avail
    memcpy(c, <const uint8_t*>held, N_KINDS)
    for t in range(N_KINDS):
        size += c[t]
    if two_step and ctx.row_path:
        _two_step_rows(ctx, c, size, r.sh, r.mask, r.tot, r.two_steps)
    _order(r, ctx, c, size)
    return r


cdef void _order(Discards r, const Ctx* ctx, uint8_t* c, int size) noexcept:
    """Two-step figures when asked for off the row path, and the order of the discards, best first."""
    cdef int t, j, n = 0
    for t in range(N_KINDS):
        if c[t]:
            if r.two_step and not ctx.row_path:
                c[t] -= 1
                _two_step_general(ctx, c, size - 1, r.sh[t], r.mask[t], &r.two_steps[t])
                c[t] += 1
            j = n
            while j > 0 and _before(r, t, r.order[j - 1]):
                r.order[j] = r.order[j - 1]
                j -= 1
            r.order[j] = t
            n += 1
    r.size = n


cdef Ctx QUICK_CTX
cdef uint8_t _full_limits[N_KINDS]
memset(_full_limits, MAX_COPIES, N_KINDS)
cdef bytes _FULL_BYTES = (<char*>_full_limits)[:N_KINDS]
ctx_init(&QUICK_CTX, _full_limits, _full_limits, NULL, CHINESE, True)


cdef Py_ssize_t _quick_read(object hand, uint8_t* c) except -2:
    """Tiles in a list or tuple of 1-14 plain index34 ints with at most 4 copies each, counted
    into ``c``; -1 for any other input."""
    cdef Py_ssize_t i, n
    cdef long t
    if type(hand) is not list and type(hand) is not tuple:
        return -1
    n = len(hand)
    if not 0 < n <= MAX_HAND:
        return -1
    memset(c, 0, N_KINDS)
    for i in range(n):
        item = hand[i]
        if type(item) is not int:
            return -1
        t = item
        if not 0 <= t < N_KINDS or c[t] == MAX_COPIES:
            return -1
        c[t] += 1
    return n


cdef bint _quick_ctx(Ctx* ctx, const uint8_t* c, int flags, object limits) except -1:
    """The context of a quick call: ``QUICK_CTX`` for the default rules (``limits`` None), else
    one of ``limits`` (34 bytes) and ``flags``; False when the hand holds more of a tile than its
    limit (the general path names it)."""
    cdef const uint8_t* lim
    cdef int t
    if limits is None:
        ctx[0] = QUICK_CTX
        return True
    if not is_counts_bytes(limits):
        raise TypeError("limits must be 34 counts as bytes")
    lim = <const uint8_t*><bytes>limits
    if memcmp(lim, _full_limits, N_KINDS) == 0:     # 4 of every tile: the default's context
        ctx[0] = QUICK_CTX
        ctx.flags = flags
        ctx.row_path = _plain_forms_only(flags)
        ctx.knitted_rows = (flags & KNITTED) != 0 and _plain_forms_only(flags & ~KNITTED)
        return True
    for t in range(N_KINDS):
        if c[t] > lim[t]:
            return False
    if ctx_init(ctx, lim, lim, NULL, flags, True) < 0:
        raise ValueError("limits above 4")
    return True


def quick_useful(hand, int flags=CHINESE, limits=None):
    """``useful(held, limits, limits, flags=flags) + (held,)`` for a list or tuple of 3n+1 plain
    index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of every tile; ``held``:
    their 34 counts as bytes); None for any other input."""
    cdef uint8_t c[N_KINDS]
    cdef int s = 0, tot
    cdef uint64_t m = 0
    cdef Ctx ctx
    if _quick_read(hand, c) % 3 != 1 or not _quick_ctx(&ctx, c, flags, limits):
        return None
    if not rows_ready:
        ensure_rows()
    tot = useful_c(&ctx, c, &s, &m)
    if tot < 0:
        raise ValueError("the hand has no shanten under these limits")
    return s, m, tot, (<char*>c)[:N_KINDS]


def quick_discards(hand, cls=Discards, int flags=CHINESE, limits=None, bint two_step=False):
    """``discards(held, limits, limits, flags=flags, two_step=two_step, cls=cls)`` for a list or
    tuple of 3n+2 plain index34 ints, at most 4 copies each and at most ``limits`` (None: 4 of
    every tile; ``held``: their 34 counts); None for any other input."""
    cdef uint8_t c[N_KINDS]
    cdef Ctx ctx
    if _quick_read(hand, c) % 3 != 2 or not _quick_ctx(&ctx, c, flags, limits):
        return None
    if not rows_ready:
        ensure_rows()
    return _discards_obj(&ctx, (<char*>c)[:N_KINDS], _FULL_BYTES if limits is None else limits, two_step, cls)
