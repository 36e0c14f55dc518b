"""The kernels: each a compiled module ``NAME.pyx`` with a pure-Python twin ``NAME_py.py``.

``KERNELS`` is the one list of them.  The dispatcher (``_dispatch``) chooses a module for each
name, the tests (``tests/support/impls.py``) load each implementation's modules by it, the
kernel contract test covers each, and the table of ``docs/kernels.md`` holds one row per name,
in this order (a test checks it).

>>> KERNELS[:3]
('win', 'table', 'shanten')
"""

KERNELS = ("win", "table", "shanten", "decompose", "hutype", "batch", "efficiency", "logscan", "scoring", "fans",
           "values", "mjlogscan")
"""The kernel modules of ``mahjong_fast._kernels``, each with a ``_py`` twin."""
