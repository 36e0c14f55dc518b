# cython: language_level=3
# C-level entry of the gb fan kernel (see fans.pyx).
#
# ``gb_fans_c`` counts the fans of arguments ``count_fans`` has checked (or a
# caller holding the same guarantees): ``c`` the 34 concealed counts, the win
# among them, concealed part plus melds 14 tiles; melds as ``kinds`` (score_flags'
# CHOW..CONCEALED_KONG) and ``tiles`` (index34, a chow's lowest); winds -1 or
# 27-30.  ``best`` receives N_FAN_SLOTS counts; False when the tiles do not win.

cdef bint gb_fans_c(const unsigned char* c, const int* kinds, const int* tiles, int n_melds, int win,
                    int situation, int seat_wind, int round_wind, int* best) noexcept nogil
