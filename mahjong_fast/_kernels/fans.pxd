# cython: language_level=3
# C-level entry of the gb fan kernel (see fans.pyx).
#
# ``gb_fans_c`` counts the fans of arguments ``count_fans`` has checked (or a
# caller holding the same guarantees): ``c`` the 34 concealed counts, the win
# among them, concealed part plus melds 14 tiles; melds as ``kinds`` (score_flags'
# CHOW..CONCEALED_KONG) and ``tiles`` (index34, a chow's lowest); winds -1 or
# 27-30; the table kernel's table built (``table.ensure_table()``).  ``best``
# receives FAN_ROW counts (slot = fan id, the slots from N_FAN_SLOTS on 0),
# ``ids`` the ids of the fans counted, ascending (at most N_FAN_SLOTS); it
# returns how many, or -1 when the tiles do not win.

cdef enum:
    FAN_ROW = 88        # a win's fan counts: N_FAN_SLOTS signed chars, rounded up to whole 8-byte words

cdef int gb_fans_c(const unsigned char* c, const int* kinds, const int* tiles, int n_melds, int win,
                   int situation, int seat_wind, int round_wind, signed char* best,
                   unsigned char* ids) noexcept nogil
