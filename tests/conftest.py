"""The one fixture that chooses an implementation: ``impl``.

Every test that takes ``impl`` runs once per implementation: ``c-extension``
(the compiled kernels; left out when ``MAHJONG_FAST_NO_EXTENSIONS`` is set) and
``pure-python`` (their twins).  ``impl.NAME`` is the kernel module NAME, for every name of
``mahjong_fast._kernels.KERNELS`` (``impl.win``, ``impl.shanten``, ``impl.efficiency``...).  Everything else
(the public API, classify, the batch layer) is tested as it is dispatched; CI
runs the whole suite again under pure Python.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

from support.impls import IMPL_IDS, Impl, load_impl  # noqa: E402

# No test asserts a duration (speed lives in bench/): hypothesis's per-example deadline is off everywhere.
settings.register_profile("mahjong_fast", deadline=None)
settings.load_profile("mahjong_fast")


@pytest.fixture(scope="session", params=IMPL_IDS)
def impl(request: pytest.FixtureRequest) -> Impl:
    return load_impl(request.param)
