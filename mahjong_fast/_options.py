"""The keyword options of a public call, read and checked once: ``Options``.

Every public function of the API layer (``is_win``, ``waits``, ``shanten``, ``classify``,
``decompose``, ``useful_tiles``, ``discard_analysis``) takes the same keyword options —
``melds``, ``rules``, ``wild``, ``fifth``, ``encoding`` and, for tile efficiency, ``visible``.
It turns them into one frozen ``Options`` with ``read_options`` and passes that down; nothing
below the public function reads a keyword again.  The checks run in one order for every
function: ``wild``, ``fifth``, ``rules``, ``encoding``, ``melds``, then ``visible``.
"""
from __future__ import annotations

import array
from collections.abc import Iterable
from typing import NamedTuple, Union

from ._counts import read_counts
from ._hand import Hand, as_hand, read_melds
from ._layout import N_KINDS
from ._meld import Meld, MeldLike
from ._rules import Rules, RulesLike, as_rules
from ._tile_names import check_encoding
from ._tiles import Tile, as_tile

Wild = Union[None, int, str, Tile, Iterable[Union[int, str, Tile]]]

NO_TILES = bytes(N_KINDS)
"""34 zero counts: nothing seen."""


class Options(NamedTuple):
    """The keyword options of one public call, checked (see ``read_options``).

    >>> o = read_options(rules="riichi", wild="7z")
    >>> o.rules.name, o.wild, o.fifth, o.melds
    ('riichi', (7z,), True, ())
    >>> o.hand_of("123m456p789s1122z")
    Hand('123m456p789s1122z')
    """

    melds: tuple[Meld, ...]
    """The declared melds, read."""
    rules: Rules
    """The rule set (``None`` read as the default, Chinese, rules)."""
    wild: tuple[Tile, ...]
    """The joker kinds, sorted, each once."""
    fifth: bool
    """Whether a joker may stand for a fifth copy of a tile."""
    encoding: str | None
    """How ints in the hand are read (``None``: index34)."""
    visible: bytes
    """34 counts of the tiles seen outside the hand and its melds (all zero when none)."""

    def hand_of(self, hand: object, name: str = "hand") -> Hand:
        """``hand`` with these melds, read in this encoding; errors name ``name``."""
        return as_hand(hand, self.melds, self.encoding, name)


_WILD_KINDS: dict[object, tuple[Tile, ...]] = {}


def wild_kinds(wild: Wild) -> tuple[Tile, ...]:
    """The tile kinds named by ``wild=``: one tile or a list, in any tile form.

    A str or int (the usual ``"5z"``) is read once and remembered.
    """
    if wild is None:
        return ()
    if type(wild) is str or type(wild) is int:
        found = _WILD_KINDS.get(wild)
        if found is None:
            found = _read_wild(wild)
            if len(_WILD_KINDS) < 1024:
                _WILD_KINDS[wild] = found
        return found
    return _read_wild(wild)


def _read_wild(wild: object) -> tuple[Tile, ...]:
    items = [wild] if isinstance(wild, (str, int)) else wild
    if isinstance(items, (dict, set, frozenset, bytes)) or not hasattr(items, "__iter__"):
        raise TypeError(f"wild must be a tile or a list of tiles, not {type(wild).__name__}")
    kinds = set()
    for w in items:
        kinds.add(as_tile(w, "wild"))
    return tuple(sorted(kinds))


def check_bool(value: object, name: str) -> bool:
    """``value`` if it is a bool, else ``TypeError`` naming ``name``."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return value


def visible_counts(visible: object, encoding: str | None) -> bytes:
    """34 counts of ``visible``: tiles in any form (text, a list of tiles, a ``Hand``), or 34
    counts as ``bytes``/``bytearray``/a 1-D integer buffer such as a numpy row."""
    if visible is None:
        return NO_TILES
    if isinstance(visible, Hand):
        return visible.all_counts
    if isinstance(visible, (bytes, bytearray, memoryview, array.array)) or hasattr(visible, "__array_interface__"):
        return read_counts(visible, "visible")
    if isinstance(visible, (list, tuple)) and not visible:
        return NO_TILES
    try:
        h = as_hand(visible, (), encoding, "visible")
    except ValueError as exc:  # the hand reader's words, said of visible (a list of ints is tiles here)
        raise ValueError(str(exc).replace("in the hand", "in visible").split("; did you mean")[0]) from None
    return h.all_counts


def read_options(
    *,
    melds: Iterable[MeldLike] = (),
    rules: RulesLike = None,
    wild: Wild = None,
    fifth: object = True,
    encoding: str | None = None,
    visible: object = None,
) -> Options:
    """Check the keyword options of a public call, in one order, and read them once.

    ``TypeError``/``ValueError`` name the bad argument, as the public functions document.

    >>> read_options(fifth=1)
    Traceback (most recent call last):
    TypeError: fifth must be a bool, not int
    """
    kinds = wild_kinds(wild)
    check_bool(fifth, "fifth")
    r = as_rules(rules)
    if encoding is not None:
        check_encoding(encoding)
    read = read_melds(melds)
    return Options(read, r, kinds, fifth, encoding, visible_counts(visible, encoding))  # type: ignore[arg-type]
