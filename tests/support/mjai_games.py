"""Real mjai logs, played by Mortal's own engine (``mjai.mlibriichi.arena.Match``).

The four seats are ``CallingEngine``s: they win whenever they can, declare
riichi, call kans, pons and chis with set probabilities and otherwise discard
for the lowest shanten, so a few hanchan hold every event type a log can
have.  Every choice comes from a ``random.Random`` seeded by the game's seed,
and the wall from ``Match``'s seed: the same seed writes the same log.

``mjai`` is an optional test dependency (see docs/logs.md for its install
recipe); ``have_mjai()`` tells whether it is importable.
"""
from __future__ import annotations

import gzip
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mahjong_fast as mf

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
        scored = []
        for kind, n in enumerate(tehai):
            if not n or forbidden[kind]:
                continue
            tehai[kind] -= 1
            after = mf.shanten(bytes(tehai), encoding="counts")
            tehai[kind] += 1
            scored.append((after, self.rng.random(), kind))
        scored.sort()
        for _, _, kind in scored:
            names = [NAMES[kind]]
            if kind in RED and state.akas_in_hand[kind // 9]:
                names = [RED[kind], NAMES[kind]] if tehai[kind] == 1 else [NAMES[kind], RED[kind]]
            for name in names:
                yield {"type": "dahai", "actor": me, "pai": name, "tsumogiri": name == drawn}


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
