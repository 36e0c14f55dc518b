# cython: language_level=3
# The hu-type flag bits of hu_flags.py, for C; a test holds the two equal.

cdef enum:
    SHI_SAN_YAO = 1 << 0
    HAO_HUA_QI_DUI = 1 << 1
    QI_DA_DUI = 1 << 2
    QI_XIAO_DUI = 1 << 3
    DUI_DUI_HU = 1 << 4
    PING_HU = 1 << 5
    QING_YI_SE = 1 << 6
    HUN_YI_SE = 1 << 7
    ZI_YI_SE = 1 << 8
    MEN_QING = 1 << 9
    QUAN_QIU_REN = 1 << 10
    QUAN_BU_KAO = 1 << 11
    QI_XING_BU_KAO = 1 << 12
    ZU_HE_LONG = 1 << 13
