"""The benchmark's workloads: one group of rows on the same hands, one table entry per group.

``workloads`` is the table; the groups with many rows build them in a function of their own
(``is_win_forms`` ... ``two_step``), the peers come from ``peers``.  The first row of a group is
the baseline its ratios are quoted against: the index34 int-list call for the groups of input
forms and keywords, mahjong_fast for the groups with peers.  Builtin ``sum()`` over the same lists
and ``counts.sum(axis=1)`` are the "cost of a call" yardsticks.

>>> [w.name for w in workloads(10)][:3]
['is_win', 'shanten', 'waits']
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import mahjong_fast as mf

from .answers import (
    discard_batch,
    discard_rows,
    sorted_ints,
    two_step_rows,
    useful_answer,
    useful_batch,
    waits_mask,
)
from .hands import N_HANDS, VISIBLE, hands13, hands14, meld_tiles, melded, tile_counts, to_ids136, wild_hands, wins14
from .peers import efficiency_peers, peer_rows
from .rows import (
    Row,
    Setup,
    Workload,
    Written,
    and_seen,
    batch_array,
    bound,
    ints,
    numpy_rows,
    prebuilt,
    seen,
    star,
    text,
    whole,
    with_melds,
)
from .worth import worth_workloads

PURE_HANDS = 100
"""Hands per row without the compiled kernels."""
BATCH_ROWS = 1_000_000
PURE_BATCH_ROWS = 10_000
EFFICIENCY_BATCH_SHARE = 10
"""The efficiency batches run ``batch_rows // EFFICIENCY_BATCH_SHARE`` rows (about 1.2 µs a row)."""
PURE_EFFICIENCY_BATCH_SHARE = 500
"""The same without the compiled kernels (the pure twin takes milliseconds a row)."""
RULED_SHARE = 10
"""The useful_tiles rows under rules (and their peers) are checked on a tenth of the hands: the pure
twin, their reference, takes 30-90 ms a hand there (14-tile hands: 0.25 s under riichi rules)."""
DISCARD_SHARE = 20
"""The discard_analysis rows and their peers on a twentieth."""
TWO_STEP_SHARE = 50
"""The two-step rows on a fiftieth (the pure twin: about 1 s a hand)."""


def row(label: str, f: Callable[[Any], Any], inputs: Callable[[], Sequence[Any]],
        answer: Callable[[Any], Any] | None, reference: str | None = None, requires: str | None = None,
        fewer: int = 1) -> Row:
    """A row of ours: ``f`` mapped over ``inputs()``, each answer read by ``answer``."""
    return Row(label, requires, lambda: (f, inputs(), answer), reference=reference, fewer=fewer,
               written=isinstance(f, Written))


def coded(hands: Callable[[], Sequence[Sequence[int]]], encoding: str) -> Callable[[], list[Any]]:
    """The inputs of a row: each hand in ``encoding``."""
    return lambda: [mf.encode(list(x), encoding) for x in hands()]


def written(hands: Callable[[], Sequence[Sequence[int]]], notation: str) -> Callable[[], list[str]]:
    """The inputs of a row: each hand as text in ``notation``."""
    return lambda: text(hands(), notation)


def is_win_forms() -> list[Row]:
    """is_win on the same hands in every input form and encoding."""
    h = hands14
    return [
        row("mahjong_fast list of 14 ints", mf.is_win, lambda: ints(h()), bool),
        row("tuple of 14 ints", mf.is_win, lambda: [tuple(x) for x in h()], bool),
        row("34 counts, list", bound(mf.is_win, encoding="counts"), lambda: [tile_counts(x) for x in h()], bool),
        row("34 counts, bytes", bound(mf.is_win, encoding="counts"), lambda: [bytes(tile_counts(x)) for x in h()],
            bool),
        row("34 counts, numpy uint8 row", bound(mf.is_win, encoding="counts"), lambda: numpy_rows(h()), bool,
            requires="numpy"),
        row("index136 ids", bound(mf.is_win, encoding="index136"), lambda: [to_ids136(x) for x in h()], bool),
        *[row(f"{e} codes", bound(mf.is_win, encoding=e), coded(h, e), bool)
          for e in ("decimal", "nibble", "hex", "tenhou")],
        row("mpsz text", mf.is_win, lambda: text(h()), bool),
        row("botzone text", mf.is_win, lambda: text(h(), "botzone"), bool),
        row("unicode text", mf.is_win, lambda: text(h(), "unicode"), bool),
        row("chinese text", mf.is_win, lambda: text(h(), "chinese"), bool),
        row("mjai text", mf.is_win, lambda: text(h(), "mjai"), bool),
        row("prebuilt Hand", mf.is_win, lambda: prebuilt(h()), bool),
        row("list, fifth=False", bound(mf.is_win, fifth=False), lambda: ints(h()), bool),
    ]


def is_win_melds() -> list[Row]:
    """is_win on five concealed tiles beside three declared melds, as text or ``Meld`` objects."""
    ref = "is_win melds"
    return [
        row("mahjong_fast the 14 tiles as ints, no melds", mf.is_win, lambda: whole(melded(3, 5)), None),
        row("the 14 tiles as ints, melds=()", star(mf.is_win),
            lambda: [(x, ()) for x in whole(melded(3, 5))], None),
        row("5 ints + 3 melds as text", star(mf.is_win), lambda: with_melds(melded(3, 5), "text"), bool, ref),
        row("the 14 tiles as mpsz text, no melds (the next row without its melds)", mf.is_win,
            lambda: text(whole(melded(3, 5))), None),
        row("5 tiles as text + 3 melds as text", star(mf.is_win),
            lambda: with_melds(melded(3, 5), "text", "text"), bool, ref),
        row("5 ints + 3 Meld objects", star(mf.is_win), lambda: with_melds(melded(3, 5), "meld"), bool,
            ref),
    ]


def wild() -> list[Row]:
    """is_win and classify with one or two jokers (7z)."""
    ref = "is_win wild"
    return [
        row("mahjong_fast list of 14 ints, no wild", mf.is_win, lambda: ints(wild_hands(14)), None),
        row('list, wild="7z"', bound(mf.is_win, wild="7z"), lambda: ints(wild_hands(14)), bool, ref),
        row('mpsz text, wild="7z"', bound(mf.is_win, wild="7z"), lambda: text(wild_hands(14)), bool, ref),
        row('list, wild="7z", fifth=False', bound(mf.is_win, wild="7z", fifth=False),
            lambda: ints(wild_hands(14)), bool, "is_win wild no fifth"),
        row('classify, list, wild="7z"', bound(mf.classify, wild="7z"), lambda: ints(wild_hands(14)), int,
            "classify wild"),
    ]


def forms_of_13(f: Callable[..., Any], answer: Callable[[Any], Any], name: str) -> list[Row]:
    """The rows of ``f`` (``shanten`` or ``waits``) on 13 tiles in the input forms both take: text, the
    keyword lambda, counts, index136 ids, a prebuilt ``Hand``, and 10 tiles beside a meld (``name melds``)."""
    h = hands13
    return [
        row("mpsz text", f, lambda: text(h()), answer),
        row("chinese text", f, lambda: text(h(), "chinese"), answer),
        row("34 counts, bytes", bound(f, encoding="counts"), lambda: [bytes(tile_counts(x)) for x in h()], answer),
        row("index136 ids", bound(f, encoding="index136"), lambda: [to_ids136(x) for x in h()], answer),
        row("prebuilt Hand", f, lambda: prebuilt(h()), answer),
        row("the 13 tiles of the rows below as ints, melds=()", star(f),
            lambda: [(x, ()) for x in whole(melded(1, 10))], None),
        row("10 ints + 1 meld as text", star(f), lambda: with_melds(melded(1, 10), "text"), answer, f"{name} melds"),
        row("10 ints + 1 Meld object", star(f), lambda: with_melds(melded(1, 10), "meld"), answer, f"{name} melds"),
    ]


def shanten_forms() -> list[Row]:
    """shanten by form, and in its input forms."""
    h = hands13
    return [
        row("mahjong_fast list of 13 ints", mf.shanten, lambda: ints(h()), int),
        row('form="standard"', bound(mf.shanten, form="standard"), lambda: ints(h()), int, "shanten standard"),
        row('form="seven_pairs"', bound(mf.shanten, form="seven_pairs"), lambda: ints(h()), int,
            "shanten seven pairs"),
        row('form="thirteen_orphans"', bound(mf.shanten, form="thirteen_orphans"), lambda: ints(h()), int,
            "shanten thirteen orphans"),
        *forms_of_13(mf.shanten, int, "shanten"),
    ]


def waits_forms() -> list[Row]:
    """waits in its input forms and with jokers."""
    h = hands13
    return [
        row("mahjong_fast list of 13 ints", mf.waits, lambda: ints(h()), sorted_ints),
        *forms_of_13(mf.waits, sorted_ints, "waits"),
        row('list with 1-2 jokers, wild="7z"', bound(mf.waits, wild="7z"), lambda: ints(wild_hands(13)),
            sorted_ints, "waits wild"),
    ]


def classify() -> list[Row]:
    """classify and decompose on winning hands, beside is_win on them."""
    return [
        row("mahjong_fast is_win, list of 14 ints", mf.is_win, lambda: ints(wins14()), bool, "is_win wins"),
        row("classify, list of 14 ints", mf.classify, lambda: ints(wins14()), int, "classify"),
        row("classify, mpsz text", mf.classify, lambda: text(wins14()), int, "classify"),
        row("classify, prebuilt Hand", mf.classify, lambda: prebuilt(wins14()), int, "classify"),
        row("decompose, list of 14 ints", mf.decompose, lambda: ints(wins14()), len, "decompose"),
        row("decompose, mpsz text", mf.decompose, lambda: text(wins14()), len, "decompose"),
        row("decompose, prebuilt Hand", mf.decompose, lambda: prebuilt(wins14()), len, "decompose"),
    ]


def tiles() -> list[Row]:
    """parse, format, Hand, Meld, to_counts and Hand.encode beside is_win, in every input form."""
    h = hands14
    return [
        row("mahjong_fast is_win, list of 14 ints", mf.is_win, lambda: ints(h()), bool),
        row("parse(mpsz text)", mf.parse, lambda: text(h()), None),
        row("parse(botzone text)", bound(mf.parse, notation="botzone"), lambda: text(h(), "botzone"), None),
        *[row(f"parse({n} text)", mf.parse, written(h, n), None) for n in ("unicode", "chinese", "mjai")],
        row("parse(5 tiles + 3 melds as text)", mf.parse, lambda: [
            " ".join((mf.format(list(c)), *(mf.format(meld_tiles(m)) for m in ms))) for c, ms in melded(3, 5)],
            None),
        row("Hand(list of 14 ints)", mf.Hand, lambda: ints(h()), None),
        row("Hand(tuple of 14 ints)", mf.Hand, lambda: [tuple(x) for x in h()], None),
        row("Hand(mpsz text)", mf.Hand, lambda: text(h()), None),
        row("Hand(34 counts, bytes)", bound(mf.Hand, encoding="counts"), lambda: [bytes(tile_counts(x)) for x in h()],
            None),
        row("Hand(34 counts, list)", bound(mf.Hand, encoding="counts"), lambda: [tile_counts(x) for x in h()], None),
        row("Hand(34 counts, numpy uint8 row)", bound(mf.Hand, encoding="counts"), lambda: numpy_rows(h()), None,
            requires="numpy"),
        row("Hand(index136 ids)", bound(mf.Hand, encoding="index136"), lambda: [to_ids136(x) for x in h()], None),
        *[row(f"Hand({e} codes)", bound(mf.Hand, encoding=e), coded(h, e), None)
          for e in ("decimal", "nibble", "hex", "tenhou")],
        row("Hand(Hand)", mf.Hand, lambda: prebuilt(h()), None),
        row("Hand(5 ints, 3 melds as text)", star(mf.Hand), lambda: with_melds(melded(3, 5), "text"), None),
        row("Hand(5 ints, 3 Meld objects)", star(mf.Hand), lambda: with_melds(melded(3, 5), "meld"), None),
        row("format(list of 14 ints)", mf.format, lambda: ints(h()), None),
        row("format(Hand)", mf.format, lambda: prebuilt(h()), None),
        *[row(f"format(Hand, {n!r})", bound(mf.format, notation=n), lambda: prebuilt(h()), None)
          for n in ("botzone", "unicode", "chinese", "mjai")],
        row("format(mpsz text)", mf.format, lambda: text(h()), None),
        row("str(Hand)", str, lambda: prebuilt(h()), None),
        row("to_counts(list of 14 ints)", mf.to_counts, lambda: ints(h()), None),
        row("to_counts(mpsz text)", mf.to_counts, lambda: text(h()), None),
        row("to_counts(index136 ids)", bound(mf.to_counts, encoding="index136"), lambda: [to_ids136(x) for x in h()],
            None),
        row("Hand.encode()", mf.Hand.encode, lambda: prebuilt(h()), None),
        *[row(f"Hand.encode({e!r})", bound(mf.Hand.encode, encoding=e), lambda: prebuilt(h()), None)
          for e in ("index136", "tenhou", "decimal", "counts")],
        row("hash(Hand)", hash, lambda: prebuilt(h()), None),
        row("Meld.parse(text)", mf.Meld.parse, lambda: [mf.format(meld_tiles(m)) for _, ms in melded(3, 5) for m in ms]
            [:N_HANDS], None),
        row("Meld.chow(tile)", mf.Meld.chow, lambda: [t for _, ms in melded(3, 5) for k, t in ms if k == "chow"], None),
        row("Meld.pung(tile)", mf.Meld.pung, lambda: [t for _, ms in melded(3, 5) for k, t in ms if k == "pung"], None),
        row('Meld("kong", tile, True)', lambda t: mf.Meld("kong", t, True), lambda: [x[0] for x in h()], None),
    ]


def by_rules(f: Callable[..., Any], hands: Callable[[], Sequence[Sequence[int]]], answer: Callable[[Any], Any],
             name: str) -> list[Row]:
    """The rows of ``f`` with no ``rules=`` (directly and through the keyword lambda), ``rules=None``,
    ``"riichi"`` and ``"gb"``; their references ``name``, ``name riichi``, ``name gb``."""
    return [
        row("mahjong_fast no rules=", f, lambda: ints(hands()), answer, name),
        *[row(label, bound(f, rules=rules), lambda: ints(hands()), answer, reference)
          for label, rules, reference in (("rules=None", None, name), ('rules="riichi"', "riichi", f"{name} riichi"),
                                          ('rules="gb"', "gb", f"{name} gb"))],
    ]


def rules_is_win() -> Workload:
    """is_win under the rule sets beside the default, and the peer that plays riichi."""
    return Workload("rules_is_win", "is_win under rules, 14 tiles", [
        *by_rules(mf.is_win, hands14, bool, "is_win"),
        row('rules="riichi", mpsz text', bound(mf.is_win, rules="riichi"), lambda: text(hands14()), bool,
            "is_win riichi"),
        *peer_rows("rules is_win"),
    ])


def rules_shanten() -> Workload:
    """shanten under the rule sets beside the default, and the peers that play them."""
    return Workload("rules_shanten", "shanten under rules, 13 tiles", [
        *by_rules(mf.shanten, hands13, int, "shanten"),
        row('rules=RULES["gb"]', bound(mf.shanten, rules=mf.RULES["gb"]), lambda: ints(hands13()), int,
            "shanten gb"),
        *peer_rows("rules shanten"),
    ])


def rules_waits() -> Workload:
    """waits under the rule sets beside the default, and the peers that play riichi."""
    r = "riichi"
    return Workload("rules_waits", "waits under rules, 13 tiles", [
        row("mahjong_fast no rules=", mf.waits, lambda: ints(hands13()), sorted_ints, "waits"),
        row("rules=None", bound(mf.waits, rules=None), lambda: ints(hands13()), sorted_ints, "waits"),
        row('rules="riichi"', bound(mf.waits, rules=r), lambda: ints(hands13()), sorted_ints,
            "waits riichi"),
        row('rules="gb"', bound(mf.waits, rules="gb"), lambda: ints(hands13()), sorted_ints, "waits gb"),
        *peer_rows("rules waits"),
    ])


def useful() -> Workload:
    """useful_tiles in its input forms and under rules, beside the peers."""
    r, h13, by_rules = "riichi", hands13, RULED_SHARE
    return Workload("useful", "useful_tiles, 13 tiles", [
        row("mahjong_fast list of 13 ints", mf.useful_tiles, lambda: ints(h13()), useful_answer),
        row("mpsz text", mf.useful_tiles, lambda: text(h13()), useful_answer),
        row(f"visible= list of {VISIBLE} ints", seen(mf.useful_tiles), lambda: and_seen(13), useful_answer,
            "useful visible"),
        row('rules="riichi"', bound(mf.useful_tiles, rules=r), lambda: ints(h13()),
            useful_answer, "useful riichi", fewer=by_rules),
        row('rules="gb"', bound(mf.useful_tiles, rules="gb"), lambda: ints(h13()),
            useful_answer, "useful gb", fewer=by_rules),
        *efficiency_peers("useful", by_rules),
    ])


def discards() -> Workload:
    """discard_analysis in its input forms and keywords, beside the peers."""
    r, h14, d = "riichi", hands14, DISCARD_SHARE
    return Workload("discards", "discard_analysis, 14 tiles", [
        row("mahjong_fast list of 14 ints", mf.discard_analysis, lambda: ints(h14()), discard_rows, fewer=d),
        row("list of 14 ints, every row read", lambda x: discard_rows(mf.discard_analysis(x)), lambda: ints(h14()),
            tuple, fewer=d),
        row("mpsz text", mf.discard_analysis, lambda: text(h14()), discard_rows, fewer=d),
        row(f"visible= list of {VISIBLE} ints", seen(mf.discard_analysis), lambda: and_seen(14), discard_rows,
            "discards visible", fewer=d),
        row('rules="riichi"', bound(mf.discard_analysis, rules=r), lambda: ints(h14()), discard_rows,
            "discards riichi", fewer=d),
        row("prebuilt Hand", mf.discard_analysis, lambda: prebuilt(h14()), discard_rows, fewer=d),
        *efficiency_peers("discards", d),
    ])


def two_step() -> Workload:
    """discard_analysis with the two-step figures, beside a peer without them."""
    h14, two = hands14, TWO_STEP_SHARE
    return Workload("two_step", "discard_analysis two_step=True", [
        row("mahjong_fast list of 14 ints", bound(mf.discard_analysis, two_step=True), lambda: ints(h14()),
            two_step_rows, fewer=two),
        *efficiency_peers("two_step", two),
    ])


def batch(f: str, threads: int, rows: int, size: int = 14, dtype: str = "uint8", rules: str | None = None,
          seen: bool = False) -> Callable[[], Setup]:
    """A batch function's row: one call on ``rows`` rows of uint8 counts (or ``dtype``)."""

    def setup() -> Setup:
        call = getattr(mf, f)
        array = batch_array(rows, size)
        if dtype != "uint8":
            array = array.astype(dtype)
        read = {"waits_batch": waits_mask, "useful_tiles_batch": useful_batch,
                "discard_analysis_batch": discard_batch}.get(f, lambda a: a)
        if seen:
            sees = batch_array(rows, size, seen=True)
            return (lambda a: call(a, visible=sees, threads=threads, rules=rules)), [array], read
        return (lambda a: call(a, threads=threads, rules=rules)), [array], read

    return setup


def batch_sum(rows: int) -> Callable[[], Setup]:
    """numpy's ``counts.sum(axis=1)`` on the same rows: the cost of one pass over them."""
    return lambda: ((lambda a: a.sum(axis=1)), [batch_array(rows)], None)


def workloads(batch_rows: int = BATCH_ROWS) -> list[Workload]:
    """The benchmark workloads, each with one row per library or input form (peers may be missing)."""
    n = batch_rows
    pure = mf.implementation != "compiled"
    e = max(2, n // (PURE_EFFICIENCY_BATCH_SHARE if pure else EFFICIENCY_BATCH_SHARE))  # 1 row reads as 1 hand
    d = DISCARD_SHARE
    return [
        Workload("is_win", "is_win, 14 tiles", [row("mahjong_fast", mf.is_win, lambda: ints(hands14()), bool),
                                                 *peer_rows("is_win")]),
        Workload("shanten", "shanten, 13 tiles", [row("mahjong_fast", mf.shanten, lambda: ints(hands13()), int),
                                                   *peer_rows("shanten")]),
        Workload("waits", "waits, 13 tiles", [row("mahjong_fast", mf.waits, lambda: ints(hands13()), sorted_ints),
                                               *peer_rows("waits")]),
        Workload("is_win_forms", "is_win, input forms", is_win_forms(), "is_win"),
        Workload("is_win_melds", "is_win, 3 declared melds", is_win_melds()),
        Workload("wild", "wild 7z, 1-2 jokers in 14", wild()),
        Workload("shanten_forms", "shanten, forms and inputs", shanten_forms(), "shanten"),
        Workload("waits_forms", "waits, inputs and keywords", waits_forms(), "waits"),
        Workload("classify", "classify/decompose, wins", classify()),
        Workload("tiles", "parse, format, Hand", tiles(), "is_win"),
        rules_is_win(),
        rules_shanten(),
        rules_waits(),
        useful(),
        discards(),
        two_step(),
        *worth_workloads(),
        Workload("is_win_batch", f"is_win_batch, {n:,} rows", [
            Row("mahjong_fast 1 thread", "numpy", batch("is_win_batch", 1, n), n, "is_win"),
            Row("mahjong_fast 2 threads", "numpy", batch("is_win_batch", 2, n), n, "is_win"),
            Row("int64 input, 1 thread", "numpy", batch("is_win_batch", 1, n, dtype="int64"), n, "is_win"),
            Row("numpy counts.sum(axis=1)", "numpy", batch_sum(n), n),
        ]),
        Workload("shanten_batch", f"shanten/waits_batch, {n:,} rows", [
            Row("mahjong_fast shanten_batch 1 thread", "numpy", batch("shanten_batch", 1, n, 13), n, "shanten"),
            Row("shanten_batch 2 threads", "numpy", batch("shanten_batch", 2, n, 13), n, "shanten"),
            Row("waits_batch 1 thread", "numpy", batch("waits_batch", 1, n, 13), n, "waits"),
            Row("waits_batch 2 threads", "numpy", batch("waits_batch", 2, n, 13), n, "waits"),
            Row('shanten_batch rules="riichi" 1 thread', "numpy", batch("shanten_batch", 1, n, 13, rules="riichi"), n,
                "shanten riichi"),
            Row('shanten_batch rules="gb" 1 thread', "numpy", batch("shanten_batch", 1, n, 13, rules="gb"), n,
                "shanten gb"),
            Row('waits_batch rules="riichi" 1 thread', "numpy", batch("waits_batch", 1, n, 13, rules="riichi"), n,
                "waits riichi"),
        ]),
        Workload("efficiency_batch", f"efficiency batches, {e:,} rows", [
            Row("mahjong_fast discard_analysis_batch 1 thread", "numpy",
                batch("discard_analysis_batch", 1, e), e, "discards batch", d),
            Row("discard_analysis_batch 2 threads", "numpy", batch("discard_analysis_batch", 2, e), e,
                "discards batch", d),
            Row("discard_analysis_batch visible= (N, 34), 1 thread", "numpy",
                batch("discard_analysis_batch", 1, e, seen=True), e, "discards visible batch", d),
            Row('discard_analysis_batch rules="riichi" 1 thread', "numpy",
                batch("discard_analysis_batch", 1, e, rules="riichi"), e, "discards riichi batch", d),
            Row("useful_tiles_batch 1 thread", "numpy", batch("useful_tiles_batch", 1, e, 13), e,
                "useful batch"),
            Row("useful_tiles_batch 2 threads", "numpy", batch("useful_tiles_batch", 2, e, 13), e,
                "useful batch"),
        ]),
    ]
