"""Real mjai logs, played by Mortal's own engine (``mjai.mlibriichi.arena.Match``).

The four seats are ``CallingEngine``s: they win whenever they can, declare
riichi, call kans, pons and chis with set probabilities and otherwise discard
for the lowest shanten, so a few hanchan hold every event type a log can
have.  Every choice comes from a ``random.Random`` seeded by the game's seed,
and the wall from ``Match``'s seed: the same seed writes the same log.

``mjai`` is an optional test dependency (see docs/logs.md for its install
recipe); ``have_mjai()`` tells whether it is importable.  Its tests skip without
it, unless ``MAHJONG_FAST_NEED_MJAI`` is set (CI sets it where it installs mjai):
then they run, and fail.
"""
from __future__ import annotations

import collections
import functools
import gzip
import json
import os
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NAMES = (
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m",
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s",
    "E", "S", "W", "N", "P", "F", "C",
)
"""mjai's names of the 34 kinds, written out here independently of the package."""
RED = {4: "5mr", 13: "5pr", 22: "5sr"}
"""The index34 of each five that has a red copy, and the red copy's mjai name."""
KIND = {name: i for i, name in enumerate(NAMES)} | {red: i for i, red in RED.items()}

DEFAULT_ODDS = {"pon": 0.5, "chi": 0.35, "daiminkan": 0.6, "ankan": 0.8, "kakan": 0.8, "riichi": 0.9,
                "nine_terminals": 0.5}
"""How often the engine takes each kind of call it is offered."""


NEED_MJAI = os.environ.get("MAHJONG_FAST_NEED_MJAI", "").strip().lower() in ("1", "true", "yes", "on")
"""Set where mjai must be present: its tests then fail rather than skip without it."""


def have_mjai() -> bool:
    try:
        import mjai.mlibriichi.arena  # noqa: F401
    except ImportError:
        return False
    return True


class CallingEngine:
    """An ``mjai-log`` engine for ``Match``: eager to call, win and declare."""

    engine_type = "mjai-log"

    def __init__(self, name: str, seed: int, odds: dict[str, float] | None = None) -> None:
        self.name = name
        self.player_ids: list[int] = []
        self.rng = random.Random(seed)
        self.odds = DEFAULT_ODDS if odds is None else odds

    def set_player_ids(self, player_ids: list[int]) -> None:
        self.player_ids = player_ids

    def start_game(self, game_idx: int) -> None:
        pass

    def end_kyoku(self, game_idx: int) -> None:
        pass

    def end_game(self, game_idx: int, scores: list[int]) -> None:
        pass

    def react_batch(self, game_states: list[Any]) -> list[str]:
        return [self.react(self.player_ids[g.game_index], g.state) for g in game_states]

    def react(self, me: int, state: Any) -> str:
        cans = state.last_cans
        for candidate in self.candidates(me, state, cans):
            text = json.dumps(candidate, separators=(",", ":"))
            try:
                state.validate_reaction(text)
            except Exception:  # the engine's own word on an illegal move: try the next
                continue
            return text
        return '{"type":"none"}'

    def take(self, what: str) -> bool:
        return self.rng.random() < self.odds[what]

    def candidates(self, me: int, state: Any, cans: Any) -> Iterator[dict[str, Any]]:
        target = cans.target_actor
        if cans.can_tsumo_agari:
            yield {"type": "hora", "actor": me, "target": me, "pai": state.last_self_tsumo()}
        if cans.can_ron_agari:
            yield {"type": "hora", "actor": me, "target": target, "pai": state.last_kawa_tile()}
        if cans.can_ryukyoku and self.take("nine_terminals"):
            yield {"type": "ryukyoku", "actor": me}
        if cans.can_riichi and self.take("riichi"):
            yield {"type": "reach", "actor": me}
        if cans.can_ankan and self.take("ankan"):
            for name in state.ankan_candidates():
                yield {"type": "ankan", "actor": me, "consumed": self.copies(state, KIND[name], 4)}
        if cans.can_kakan and self.take("kakan"):
            for name in state.kakan_candidates():
                kind = KIND[name]
                pai = RED[kind] if kind in RED and state.akas_in_hand[kind // 9] else NAMES[kind]
                rest = [NAMES[kind]] * 3
                if kind in RED and pai == NAMES[kind]:
                    rest[0] = RED[kind]
                yield {"type": "kakan", "actor": me, "pai": pai, "consumed": rest}
                yield {"type": "kakan", "actor": me, "pai": pai, "consumed": [NAMES[kind]] * 3}
        if cans.can_discard:
            yield from self.discards(me, state)
            return
        called = state.last_kawa_tile() if (cans.can_pon or cans.can_chi or cans.can_daiminkan) else None
        if cans.can_daiminkan and self.take("daiminkan"):
            yield {"type": "daiminkan", "actor": me, "target": target, "pai": called,
                   "consumed": self.copies(state, KIND[called], 3)}
        if cans.can_pon and self.take("pon"):
            yield {"type": "pon", "actor": me, "target": target, "pai": called,
                   "consumed": self.copies(state, KIND[called], 2)}
        if cans.can_chi and self.take("chi"):
            kind = KIND[called]
            shapes = [(1, 2), (-1, 1), (-2, -1)]
            self.rng.shuffle(shapes)
            for a, b in shapes:
                yield {"type": "chi", "actor": me, "target": target, "pai": called,
                       "consumed": self.copies(state, kind + a, 1) + self.copies(state, kind + b, 1)}

    def copies(self, state: Any, kind: int, n: int) -> list[str]:
        """``n`` names of ``kind`` from the hand, the red five among them when the hand has it."""
        if not 0 <= kind < len(NAMES):
            return []
        names = [NAMES[kind]] * n
        if kind in RED and state.akas_in_hand[kind // 9]:
            names[0] = RED[kind]
        return names

    def discards(self, me: int, state: Any) -> Iterator[dict[str, Any]]:
        drawn = state.last_self_tsumo()
        if state.self_riichi_accepted and drawn:
            yield {"type": "dahai", "actor": me, "pai": drawn, "tsumogiri": True}
            return
        tehai = list(state.tehai)
        forbidden = state.forbidden_tiles
        scored = sorted((worth(tehai, kind), self.rng.random(), kind)
                        for kind, n in enumerate(tehai) if n and not forbidden[kind])
        for _, _, kind in scored:
            names = [NAMES[kind]]
            if kind in RED and state.akas_in_hand[kind // 9]:
                names = [RED[kind], NAMES[kind]] if tehai[kind] == 1 else [NAMES[kind], RED[kind]]
            for name in names:
                yield {"type": "dahai", "actor": me, "pai": name, "tsumogiri": name == drawn}


def worth(tehai: list[int], kind: int) -> int:
    """How much ``kind`` holds the hand together: copies, then neighbours (the lowest is discarded).

    A plain heuristic of its own, so the games do not depend on the package under test.
    """
    score = 4 * (tehai[kind] - 1)
    if kind < 27:
        rank = kind % 9
        for step, weight in ((-2, 1), (-1, 2), (1, 2), (2, 1)):
            if 0 <= rank + step < 9 and tehai[kind + step]:
                score += weight
        score += 1 if 0 < rank < 8 else 0
    return score


def play(seed: int, log_dir: Path | str, odds: dict[str, float] | None = None) -> Path:
    """Play one hanchan with ``seed``; the path of the gzipped mjai log ``Match`` wrote."""
    from mjai.mlibriichi.arena import Match

    log_dir = Path(log_dir)
    with tempfile.TemporaryDirectory(dir=log_dir) as tmp:
        engines = [CallingEngine(str(seat), seed * 4 + seat, odds) for seat in range(4)]
        Match(log_dir=tmp).py_match(*engines, seed_start=(seed, 0))
        (written,) = Path(tmp).glob("*.json.gz")
        if '"reason":"error"' in gzip.open(written, "rt", encoding="utf-8").read():
            raise RuntimeError(f"an engine failed in the game of seed {seed}")
        path = log_dir / f"game_{seed:05d}.json.gz"
        written.replace(path)
    return path


def play_many(seeds: range | list[int], log_dir: Path | str) -> list[Path]:
    return [play(seed, log_dir) for seed in seeds]


def read_lines(path: Path | str) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return f.read().splitlines()


# --- the oracle: mjai's own PlayerState beside the package's replay ---------------------------

_SKIP = ("start_game", "end_kyoku", "end_game")
_KANS = ("ankan", "daiminkan", "kakan")


def _their_melds(ps: Any) -> list[tuple[str, int, bool]]:
    return sorted([("chow", t, False) for t in ps.chis] + [("pung", t, False) for t in ps.pons]
                  + [("kong", t, False) for t in ps.minkans] + [("kong", t, True) for t in ps.ankans])


def _offered(candidate: Any) -> bool:
    return bool(candidate.can_pon or candidate.can_chi or candidate.can_daiminkan or candidate.can_ron_agari)


def check_against_player_state(path: Path | str, *, shanten: bool = True) -> dict[str, int]:
    """Replay ``path`` with ``mahjong_fast.logs`` and with one ``PlayerState`` per seat; assert they agree.

    After every event and for every seat: the concealed counts and red fives
    (``tehai``, ``akas_in_hand``), the melds (``chis``, ``pons``, ``minkans``,
    ``ankans``), the tiles seen (``tiles_seen`` = concealed + own melds +
    ``visible``) and riichi (``self_riichi_accepted``).  With ``shanten``:
    ``PlayerState.shanten`` against ``mf.shanten`` on every 3n+1 hand (but
    between the seat's own kan and its next draw, where PlayerState has not judged it yet, and
    after a kan in riichi, which PlayerState never judges), and
    ``PlayerState.waits`` against ``mf.waits`` right after each of the seat's own
    discards outside riichi (PlayerState refreshes its waits there, and drops
    those of which all four copies are in sight).  Every call or win
    PlayerState offers after a discard must be an ``OFFER`` decision of the
    package.  And the rows ``analyze`` reads (``discard_rows``: its own straight path through the
    log) must hold, at each discard, the seat's ``tehai`` and ``tiles_seen - tehai`` (all face up)
    before the discard, its seat and its tile.  Returns counts of what was compared.
    """
    from mjai.mlibriichi.state import PlayerState

    from mahjong_fast import logs
    from mahjong_fast.logs._analysis import discard_rows

    lines = read_lines(path)
    decided = {(d.line, d.seat): d for d in logs.decisions(path)}
    offers = {key for key, d in decided.items() if d.point is logs.Point.OFFER}
    checked: collections.Counter[str] = collections.Counter()
    states: list[Any] = []
    cache: dict[bytes, int] = {}
    after_kan = [False] * 4
    discards: list[tuple[bytes, bytes, int, int]] = []
    for lineno, (line, (event, seats)) in enumerate(zip(lines, logs.replay(path)), 1):
        kind = event["type"]
        if kind == "start_game":
            states = [PlayerState(i) for i in range(4)]
        if kind == "dahai":
            ps = states[event["actor"]]
            discards.append((bytes(ps.tehai), _less(bytes(ps.tiles_seen), bytes(ps.tehai)), event["actor"],
                             NAMES.index(event["pai"].rstrip("r"))))
        furiten = [ps.at_furiten for ps in states]  # before the event: what an offer on its tile sees
        candidates = [ps.update(line) for ps in states]
        if kind in _SKIP:
            continue
        if kind == "tsumo":  # the drawer's furiten as PlayerState has it after the draw
            assert decided[lineno, event["actor"]].furiten == states[event["actor"]].at_furiten, (path, lineno)
            checked["furiten"] += 1
        for i, (ps, seat, candidate) in enumerate(zip(states, seats, candidates)):
            where = f"{path}, line {lineno}, seat {i}: {line}"
            concealed = seat.concealed
            assert concealed == bytes(ps.tehai), where
            assert [bool(seat.reds[k]) for k in RED] == list(ps.akas_in_hand), where
            assert sorted((m.kind, int(m.tile), m.concealed) for m in seat.melds) == _their_melds(ps), where
            seen = _add(concealed, seat.meld_counts, seat.visible)
            assert seen == bytes(ps.tiles_seen), where
            assert seat.riichi == ps.self_riichi_accepted, where
            checked["seat states"] += 1
            if kind in ("dahai", "kakan") and event["actor"] != i and _offered(candidate):
                assert (lineno, i) in offers, f"PlayerState offers a call the package does not: {where}"
                checked["offers"] += 1
            if kind in ("dahai", "kakan") and event["actor"] != i:
                offer = decided.get((lineno, i))
                if offer is not None:
                    assert offer.furiten == furiten[i], f"furiten {offer.furiten}: {where}"
                    checked["furiten"] += 1
                tile = NAMES.index(event["pai"].rstrip("r"))
                with_tile = bytearray(concealed)
                with_tile[tile] += 1
                calls = kind == "dahai" and not seat.riichi and _call_shape(concealed, tile, event["actor"], i)
                if not calls and riichi_shanten(bytes(with_tile)) == -1:  # a win by shape: offered when legal
                    assert (offer is not None) == candidate.can_ron_agari, f"ron offer: {where}"
                    checked["ron judged"] += 1
            if kind in _KANS and event["actor"] == i:
                after_kan[i] = True
            elif kind == "start_kyoku" or (kind == "tsumo" and event["actor"] == i and not seat.riichi):
                after_kan[i] = False
            if not shanten or sum(concealed) % 3 != 1 or after_kan[i]:
                continue
            value = cache.get(concealed)
            if value is None:
                value = cache[concealed] = riichi_shanten(concealed)
            assert value == ps.shanten, f"shanten {value} != {ps.shanten}: {where}"
            checked["shanten"] += 1
            if kind == "dahai" and event["actor"] == i and not seat.riichi:
                waits = riichi_waits(concealed) if value == 0 else []
                waits = [t for t in waits if ps.tiles_seen[t] < 4]
                assert waits == [t for t, w in enumerate(ps.waits) if w], f"waits {waits}: {where}"
                checked["waits"] += 1
    rows, hands, face_up = discard_rows(path)
    assert len(discards) == len(rows["seat"]), path
    for i, (hand, seen, seat, tile) in enumerate(discards):
        where = f"{path}, discard {i}"
        assert (hands[i].tobytes(), face_up[i].tobytes(), int(rows["seat"][i]), int(rows["tile"][i])) == (
            hand, seen, seat, tile), where
        checked["discard rows"] += 1
    return dict(checked)


def _call_shape(concealed: bytes, tile: int, discarder: int, seat: int) -> bool:
    """The seat could pon or chi ``tile`` by shape (the package offers those without judging kuikae)."""
    if concealed[tile] >= 2:
        return True
    if seat != (discarder + 1) % 4 or tile >= 27:
        return False
    rank = tile % 9

    def held(step: int) -> bool:
        return 0 <= rank + step < 9 and concealed[tile + step] > 0

    return (held(-2) and held(-1)) or (held(-1) and held(1)) or (held(1) and held(2))


def _less(counts: bytes, less: bytes) -> bytes:
    """``counts - less``, byte by byte (no byte of ``less`` exceeds its twin)."""
    return (int.from_bytes(counts, "big") - int.from_bytes(less, "big")).to_bytes(len(counts), "big")


def _add(*counts: bytes) -> bytes:
    """The sum of 34-count rows, byte by byte (no byte reaches 256, so no carry crosses bytes)."""
    return sum(int.from_bytes(c, "big") for c in counts).to_bytes(len(counts[0]), "big")


@functools.cache
def _takes_rules(function: Any) -> bool:
    import inspect

    return "rules" in inspect.signature(function).parameters


def riichi_shanten(counts: bytes) -> int:
    """``mf.shanten`` under riichi's rules: with ``rules="riichi"`` once the package takes it; until then
    the minimum of its standard and thirteen-orphans forms and riichi's seven pairs (seven different
    pairs: 6 - pairs + the kinds missing to seven), counted here."""
    import mahjong_fast as mf

    if _takes_rules(mf.shanten):
        return int(mf.shanten(counts, encoding="counts", rules="riichi"))
    value = mf.shanten(counts, encoding="counts", form="standard")
    if sum(counts) >= 13:
        pairs = sum(1 for n in counts if n >= 2)
        kinds = sum(1 for n in counts if n)
        value = min(value, mf.shanten(counts, encoding="counts", form="thirteen_orphans"),
                    6 - pairs + max(0, 7 - kinds))
    return int(value)


def riichi_waits(counts: bytes) -> list[int]:
    """The tiles that complete a ready hand under riichi's rules (see ``riichi_shanten``)."""
    import mahjong_fast as mf

    if _takes_rules(mf.waits):
        return [int(t) for t in mf.waits(counts, encoding="counts", rules="riichi")]
    out = []
    for t in mf.waits(counts, encoding="counts"):
        more = bytearray(counts)
        more[t] += 1
        if riichi_shanten(bytes(more)) == -1:
            out.append(int(t))
    return out


def play_and_check(seeds: list[int], log_dir: str, shanten_games: int) -> dict[str, int]:
    """Play the games of ``seeds`` into ``log_dir`` and check each against ``PlayerState``; the
    shanten and waits of the first ``shanten_games`` of them too.  Runs in a worker process."""
    total: collections.Counter[str] = collections.Counter()
    for n, seed in enumerate(seeds):
        total.update(check_against_player_state(play(seed, log_dir), shanten=n < shanten_games))
        total["games"] += 1
    return dict(total)


def first_discards(path: Path | str, discards: int) -> list[str]:
    """The log up to its ``discards``-th discard, closed there by an abortive draw: a short whole log."""
    lines = read_lines(path)
    dahai = [i for i, line in enumerate(lines) if json.loads(line)["type"] == "dahai"]
    return lines[: dahai[discards - 1] + 1] + ['{"type":"ryukyoku","deltas":[0,0,0,0]}', '{"type":"end_kyoku"}',
                                               '{"type":"end_game"}']
