"""The straight paths of Tenhou records beyond the draws and discards, compiled and pure: an mjlog
round's INIT set-up (``mjlogscan.deal``), chi, pon and riichi tags (``mjlogscan.run`` with ``calls``)
and a tenhou.net/6 round's set-up (``mjlogscan.deal6``) give the events, lines and errors of the general
path (``logs._mjlog``, ``logs._tenhou6`` with the kernel declining every such tag), on the real records
and on records damaged at random where those tags are.
"""
from __future__ import annotations

import gzip
import importlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from mahjong_fast.logs import _mjlog, _tenhou6
from mahjong_fast.logs._reader import read_source, stream_events
from mahjong_fast.logs._record import ID_NAMES, RED_ID_NAMES

from support.impls import NO_EXTENSIONS

DATA = Path(__file__).resolve().parents[1] / "data" / "tenhou"
MJLOGS = sorted((DATA / "mjlog").glob("*.mjlog"))
JSONS = sorted((DATA / "json").glob("*.json"))
_TAGS = re.compile(r"<(N|REACH|INIT)\b[^>]*/>")
_NUMBER = re.compile(r"-?[0-9]+")


def _scans() -> list[Any]:
    names = ["mahjong_fast._kernels.mjlogscan_py"] + ([] if NO_EXTENSIONS else ["mahjong_fast._kernels.mjlogscan"])
    return [importlib.import_module(name) for name in names]


class _General:
    """A kernel that declines the new straight paths: every INIT, chi, pon and riichi tag and every
    tenhou.net/6 set-up goes the general way."""

    def __init__(self, scan: Any) -> None:
        self.scan = scan

    def __getattr__(self, name: str) -> Any:
        return getattr(self.scan, name)

    def run(self, *args: Any) -> int:
        return int(self.scan.run(*args[:11]))

    def deal(self, *args: Any) -> None:
        return None

    def deal6(self, *args: Any) -> None:
        return None


def _convert(text: str) -> tuple[list[str], list[str], str]:
    """A record's lines, its events as json writes them, and its error ('' when none)."""
    lines: list[str] = []
    events: list[str] = []
    try:
        name, read, converted, _ = read_source([text])
        for _, line, event in stream_events(name, read, converted):
            lines.append(line)
            events.append(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
    except ValueError as exc:
        return lines, events, str(exc)
    return lines, events, ""


def _damaged_mjlogs(rng: random.Random) -> list[str]:
    texts = []
    for path in MJLOGS[::12]:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        texts.append(text)
        tags = list(_TAGS.finditer(text))
        for m in rng.sample(tags, min(12, len(tags))):
            tag = m.group()
            numbers = list(_NUMBER.finditer(tag))
            choice = rng.randrange(5)
            if choice == 0 and numbers:  # a number changed
                n = rng.choice(numbers)
                flipped = int(n.group()) ^ 1 << rng.randrange(16)
                new = str(rng.choice([0, 1, 2, 3, 4, 5, -1, 135, 136, 65535, 65536, flipped]))
                tag = tag[:n.start()] + new + tag[n.end():]
            elif choice == 1:  # the tag dropped
                tag = ""
            elif choice == 2:  # given twice
                tag += tag
            elif choice == 3:  # an attribute dropped
                attrs = list(re.finditer(r' [A-Za-z0-9]+="[^"]*"', tag))
                if attrs:
                    a = rng.choice(attrs)
                    tag = tag[:a.start()] + tag[a.end():]
            else:  # written otherwise
                tag = tag.replace('="', rng.choice(['= "', '="+', '=" ', '="0', '="\t']), 1)
            texts.append(text[:m.start()] + tag + text[m.end():])
    return texts


def _damaged_jsons(rng: random.Random) -> list[str]:
    texts = []
    for path in JSONS[::4]:
        objects = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        texts.append(path.read_text(encoding="utf-8"))
        for _ in range(12):
            copy = json.loads(json.dumps(objects))
            kyoku = rng.choice(rng.choice(copy)["log"])
            place = rng.choice([1, 2, 3, 4, 5, 6, 7, 10, 13])
            value = kyoku[place]
            if isinstance(value, list) and value and rng.random() < 0.8:
                i = rng.randrange(len(value))
                value[i] = rng.choice([0, 11, 15, 19, 41, 51, 60, 99, "x", None, True, 1.5, value[i]])
                if rng.random() < 0.3:
                    del value[i]
            else:
                kyoku[place] = rng.choice([[], None, "a", 5, [11] * 13])
            texts.append("\n".join(json.dumps(o, ensure_ascii=False) for o in copy))
    return texts


@pytest.mark.parametrize("form", ["mjlog", "tenhou6"])
def test_straight_set_up_and_calls_agree_with_the_general_path(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    rng = random.Random(23)
    texts = _damaged_mjlogs(rng) if form == "mjlog" else _damaged_jsons(rng)
    found = []
    for scan in _scans():
        results = []
        for kernel in (scan, _General(scan)):
            monkeypatch.setattr(_mjlog, "mjlogscan", kernel)
            monkeypatch.setattr(_tenhou6, "mjlogscan", kernel)
            results.append([_convert(text) for text in texts])
        assert results[0] == results[1]
        for lines, events, _ in results[0]:
            assert lines == events
        found.append(results[0])
    assert all(f == found[0] for f in found)  # the twins
    errors = sum(1 for _, _, error in found[0] if error)
    assert 20 <= errors < len(texts)


def test_deal_declines() -> None:
    """``deal`` and ``deal6`` set up only a round that makes sense; anything else is the caller's."""
    init = {"seed": "0,0,0,3,3,20", "ten": "250,250,250,250", "oya": "0",
            "hai0": "34,11,120,19,83,79,69,12,1,99,128,85,73", "hai1": "57,27,17,119,14,134,126,44,117,68,114,82,109",
            "hai2": "78,93,90,48,100,41,40,81,60,53,92,75,98", "hai3": "6,104,127,88,87,35,65,135,97,122,25,5,121"}
    kyoku: list[Any] = [[0, 0, 0], [25000] * 4, [19], [], *([11] * 4 + [12] * 4 + [13] * 4 + [14], [], []) * 4]
    kyoku[7] = [15] * 4 + [16] * 4 + [17] * 4 + [18]
    kyoku[10] = [21] * 4 + [22] * 4 + [23] * 4 + [24]
    kyoku[13] = [31] * 4 + [32] * 4 + [33] * 4 + [34]
    for scan in _scans():
        dealt = scan.deal(init, 4, RED_ID_NAMES)
        assert dealt[:3] == ([0, 0, 0, 3, 3, 20], [25000] * 4, 0) and len(dealt[4]) == 53
        assert dealt[5]["tehais"][0][:2] == ["1m", "3m"] and dealt[6].startswith('{"type":"start_kyoku","bakaze":"E"')
        for key, value in (("seed", "16,0,0,3,3,20"), ("seed", "0,0,0,3,3,136"), ("seed", "0,0,0,3,3,34"),
                           ("ten", "250,250,250"), ("oya", "4"), ("hai1", "34,27"), ("hai2", " 78"), ("oya", None)):
            changed = {k: v for k, v in {**init, key: value}.items() if v is not None}
            assert scan.deal(changed, 4, ID_NAMES) is None, (key, value)
        assert scan.deal(init, 3, ID_NAMES) is not None  # hai3 is not read at three players
        counts = {"9m": 1, "1m": 4, "2m": 4, "3m": 4, "4m": 1, "5m": 4, "6m": 4, "7m": 4, "8m": 1}
        counts.update({f"{r}{suit}": 4 if r < 4 else 1 for suit in "ps" for r in range(1, 5)})
        assert scan.deal6(kyoku, 4, _tenhou6._NAMES, _tenhou6._KINDS)[4] == counts
        for place, value in ((1, [25000] * 3), (1, (25000,) * 4), (2, []), (2, [16, 10]), (3, [True]), (4, [11] * 12),
                             (5, "x"), (6, None), (2, [11])):
            changed = list(kyoku)
            changed[place] = value
            assert scan.deal6(changed, 4, _tenhou6._NAMES, _tenhou6._KINDS) is None, (place, value)
        with pytest.raises(ValueError, match="1-4"):
            scan.deal(init, 5, RED_ID_NAMES)
        with pytest.raises(ValueError, match="1-4"):
            scan.deal6(kyoku[:10], 4, _tenhou6._NAMES, _tenhou6._KINDS)
