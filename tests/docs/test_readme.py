"""The README and the guides show what the REPL and the command print; DESIGN.md is there and names the API."""
from __future__ import annotations

import enum
import importlib.util
import os
import re
import shlex

import pytest

import mahjong_fast as mf
from mahjong_fast import HuType
from mahjong_fast._cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
README = os.path.join(ROOT, "README.md")
DESIGN = os.path.join(ROOT, "DESIGN.md")


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def _blocks(text: str, lang: str) -> list[str]:
    """The bodies of the fenced blocks whose info string is ``lang``."""
    blocks, body, info = [], None, ""
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if body is None:
                body, info = [], line[3:].strip()
            else:
                if info == lang:
                    blocks.append("".join(body))
                body = None
        elif body is not None:
            body.append(line)
    return blocks


# ---------------------------------------------------------------- README and guides
# Their ``>>>`` blocks run in tests/docs/test_doctests.py (the blocks of a page share one namespace).

DOCS = os.path.join(ROOT, "docs")
GUIDES = [README, *sorted(os.path.join(DOCS, n) for n in os.listdir(DOCS) if n.endswith(".md"))]


def _readme_doctests() -> list[str]:
    return [b for b in _blocks(_read(README), "python") if ">>>" in b]


def test_readme_has_doctest_examples():
    assert len(_readme_doctests()) >= 5


def test_readme_leads_and_stays_short():
    """At most ~250 lines; the tour in the order a bot author needs it, then rule sets, speed, docs."""
    text = _read(README)
    assert len(text.splitlines()) <= 250
    order = ["## Quick start", "## A tour for a bot author", "mf.parse(", "riichi.shanten(", "riichi.waits(",
             "discard_analysis(", "riichi.score(", "mf.classify(", "is_win_batch(", "mahjong_fast.logs", "## Rule sets",
             "## Speed", "<!-- speed -->", "## Documentation"]
    places = [text.index(word) for word in order]
    assert places == sorted(places), order


def _cli_sessions() -> list[tuple[list[str], str]]:
    sessions = []
    for path in GUIDES:
        for block in _blocks(_read(path), ""):
            if block.startswith("$ mahjong-fast "):
                command, output = block.split("\n", 1)
                sessions.append((shlex.split(command[2:])[1:], output))
    return sessions


def test_guides_have_cli_sessions():
    assert _cli_sessions()


@pytest.mark.parametrize("argv, output", _cli_sessions(), ids=lambda x: " ".join(x) if isinstance(x, list) else "")
def test_cli_session_prints_what_it_shows(capsys, argv, output):
    assert main(argv) == 0
    assert capsys.readouterr().out == output


def test_guides_meld_constructors_are_the_real_ones():
    for path in GUIDES:
        text = _read(path)
        assert "Meld.chow/pung/kong(tile, concealed=" not in text
        for call in re.findall(r"`(Meld\.\w+\([^`]*\))`", text):
            if "==" in call or "!=" in call:
                assert eval(call, {"Meld": mf.Meld}) is True, call
            else:
                assert isinstance(eval(call, {"Meld": mf.Meld}), mf.Meld), call


def test_guides_state_the_shanten_rule_beside_melds():
    text = _read(os.path.join(ROOT, "docs", "waits.md"))
    assert 'mf.shanten("5m", melds=["555m", "123p", "456p", "789p"])` is `1`' in text
    assert mf.shanten("5m", melds=["555m", "123p", "456p", "789p"]) == 1
    assert mf.waits("5m", melds=["555m", "123p", "456p", "789p"]) == []


def test_readme_tells_how_to_see_the_implementation():
    text = _read(README)
    assert "mf.implementation" in text and "mahjong-fast --version" in text
    assert "MAHJONG_FAST_NO_EXTENSIONS" in text


# ---------------------------------------------------------------- HuType reads by name


WIN = HuType.PING_HU | HuType.QING_YI_SE | HuType.MEN_QING


def test_hutype_repr_names_the_flags_shape_first():
    assert repr(WIN) == "HuType.PING_HU|QING_YI_SE|MEN_QING"
    assert repr(HuType.MEN_QING | HuType.PING_HU) == "HuType.PING_HU|MEN_QING"
    assert repr(HuType.QI_XIAO_DUI) == "HuType.QI_XIAO_DUI"
    assert repr(HuType(0)) == "HuType(0)"


def test_hutype_str_print_and_format_read_by_name():
    text = "平胡 Plain Win, 清一色 Full Flush, 门清 Concealed Hand"
    assert str(WIN) == text
    assert format(WIN) == text and f"{WIN}" == text and "{}".format(WIN) == text  # noqa: UP032
    assert f"{WIN:>60}" == text.rjust(60)
    assert str(HuType(0)) == "HuType(0)"


def test_hutype_numeric_formats_give_the_number():
    assert f"{WIN:d}" == "608" and f"{WIN:x}" == "260" and f"{WIN:08b}" == format(608, "08b")
    assert int(WIN) == 608 and WIN == 608


def test_hutype_is_still_an_intflag():
    assert isinstance(WIN, enum.IntFlag)
    assert mf.classify("11123456789999m") is WIN or mf.classify("11123456789999m") == WIN


def test_decomposition_text():
    d = mf.decompose("11m", melds=["123p", "{7777z}"])
    assert [str(x) for x in d] == ["11m + [123p] {7777z}"]
    assert repr(d[0]) == "<Decomposition 11m + [123p] {7777z}>"
    assert str(mf.decompose("11m")[0]) == "11m"


# ---------------------------------------------------------------- DESIGN.md


def test_design_is_in_the_repository_and_linked():
    assert os.path.isfile(DESIGN)
    for target in re.findall(r"\]\((DESIGN\.md[^)]*)\)", _read(README)):
        path, _, anchor = target.partition("#")
        assert os.path.isfile(os.path.join(ROOT, path))
        if anchor:
            headings = re.findall(r"^#+ (.*)$", _read(DESIGN), re.MULTILINE)
            slugs = {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in headings}
            assert anchor in slugs, anchor


def test_design_names_every_public_name():
    text = _read(DESIGN)
    for name in mf.__all__:
        if name != "__version__":
            assert re.search(rf"\b{re.escape(name)}\b", text), name
    assert "__version__" in text


def _built(section: str) -> bool:
    """Whether the package holds the public names of a DESIGN.md contract section."""
    if section == "Game logs":
        return importlib.util.find_spec("mahjong_fast.logs") is not None
    return hasattr(mf, {"Rule sets": "Rules", "Tile efficiency": "useful_tiles"}[section])


@pytest.mark.parametrize("section", ["Rule sets", "Tile efficiency", "Game logs"])
def test_design_marks_a_section_planned_exactly_while_it_is_not_built(section):
    heading = next(line for line in _read(DESIGN).splitlines() if line.startswith("## " + section))
    planned = "Planned" in heading and "not yet implemented" in heading
    assert planned != _built(section), heading


def test_design_states_the_switch_values():
    text = _read(DESIGN)
    for value in ("`1`, `true`, `yes` or `on`", "`0`, `false`, `no`, `off`"):
        assert value in text
