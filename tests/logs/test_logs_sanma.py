"""Three-player Tenhou records (riichi3) in every log tool: replay, decisions, to_arrays, analyze, wins.

mjx's resources hold no three-player game, so the record here is made by hand, well formed as
Tenhou writes one (``<GO type="185">``: three players, red fives, open tanyao; kita as ``N`` tags with
``m = tile << 8 | 0x20``).  Its ``AGARI`` figures (fu, points, yaku with han, score changes) are
worked out by hand from Tenhou's three-player rules, written down literally, and ``logs.wins`` must
agree with them: a ron with riichi, ippatsu and pinfu (3 han 30 fu, 3900, the riichi stick back);
a tsumo on the replacement draw after a kita, after a pon (so no chiihou): menzen tsumo, rinshan,
kita (3 han 30 fu; tsumo-son: the dealer pays 2000, the other seat 1000, the winner gets 3000).
"""
from __future__ import annotations

import json

import pytest

from mahjong_fast import logs
from mahjong_fast.logs import Action, Point

KINDS = {"m": 0, "p": 9, "s": 18}
HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}


class _Wall:
    """Tile ids (index136) for one round: each name takes the next copy of its kind not yet used,
    never copy 0 of a five (Tenhou's red five)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, name: str) -> int:
        kind = HONORS[name] if name in HONORS else KINDS[name[1]] + int(name[0]) - 1
        for copy in range(4):
            t = kind * 4 + copy
            if t in self.used or (copy == 0 and kind in (4, 13, 22)):
                continue
            self.used.add(t)
            return t
        raise AssertionError(f"no copy of {name} left")

    def hand(self, names: str) -> list[int]:
        return sorted(self.take(n) for n in names.split())


_DRAW, _DISCARD = "TUV", "DEF"


def _ids(ids: list[int]) -> str:
    return ",".join(map(str, sorted(ids)))


def sanma_record() -> str:
    """Two rounds of a three-player hanchan (see the module's docstring)."""
    tags = ['<mjloggm ver="2.3">', '<SHUFFLE seed="mt19937ar-sha512-n288-base64,x" ref=""/>',
            '<GO type="185" lobby="0"/>', '<UN n0="A" n1="B" n2="C" n3="" dan="0,0,0,0" rate="1500,1500,1500,0" '
            'sx="M,M,M,C"/>', '<TAIKYOKU oya="0"/>']
    # --- E1, dealer seat 0: seat 1 riichi, ippatsu ron on seat 0's 8s (riichi, ippatsu, pinfu: 3900)
    w = _Wall()
    hands = [w.hand("1m 1m 9m 9m 1p 9p 1s E S W P F C"), w.hand("2p 3p 4p 5p 6p 7p 2s 3s 4s 6s 7s 9s 9s"),
             w.hand("4p 4p 8p 8p 5s 5s N N W W 1p 6p 9s")]
    dora, ura = w.take("C"), w.take("E")
    tags.append(f'<INIT seed="0,0,0,1,2,{dora}" ten="350,350,350,0" oya="0" hai0="{_ids(hands[0])}" '
                f'hai1="{_ids(hands[1])}" hai2="{_ids(hands[2])}" hai3=""/>')

    def turn(who: int, draw: str, discard: str | None = None, riichi: str = "") -> int:
        t = w.take(draw)
        hands[who].append(t)
        tags.append(f"<{_DRAW[who]}{t}/>")
        if riichi:
            tags.append(f'<REACH who="{who}" step="1"/>')
        if discard is not None:
            d = t if discard == draw else next(x for x in hands[who] if _name(x) == discard)
            hands[who].remove(d)
            tags.append(f"<{_DISCARD[who]}{d}/>")
            if riichi:
                tags.append(f'<REACH who="{who}" ten="{riichi}" step="2"/>')
            return d
        return t

    turn(0, "1s", "E")
    turn(1, "C", "C")
    turn(2, "6p", "1p")
    turn(0, "S", "W")
    turn(1, "F", "F", riichi="350,340,350")
    turn(2, "9p", "9p")
    won = turn(0, "8s", "8s")
    tags.append(f'<AGARI ba="0,1" hai="{_ids(hands[1] + [won])}" machi="{won}" ten="30,3900,0" '
                f'yaku="1,1,2,1,7,1,53,0" doraHai="{dora}" doraHaiUra="{ura}" who="1" fromWho="0" '
                'sc="350,-39,340,49,350,0"/>')
    # --- E2, dealer seat 1: seat 0 pons seat 1's haku; seat 2 draws, sets a north aside, wins on the
    # replacement draw (menzen tsumo, rinshan, kita: 3 han 30 fu, 2000 from the dealer, 1000 from seat 0)
    w = _Wall()
    hands = [w.hand("P P 1m 9m 9p 1s 9s E S W F C 3p"), w.hand("2p 4p 6p 8p 2s 4s 6s 8s E S W F C"),
             w.hand("1p 2p 3p 7p 8p 9p 4s 5s 6s 1s 3s 1m N")]
    dora = w.take("E")
    tags.append(f'<INIT seed="1,0,0,3,4,{dora}" ten="311,389,350,0" oya="1" hai0="{_ids(hands[0])}" '
                f'hai1="{_ids(hands[1])}" hai2="{_ids(hands[2])}" hai3=""/>')
    haku = turn(1, "P", "P")
    pair = sorted(t for t in hands[0] if t // 4 == 31)
    unused = next(c for c in range(4) if 124 + c not in pair + [haku])
    called = sorted(pair + [haku]).index(haku)
    tags.append(f'<N who="0" m="{(31 * 3 + called) << 9 | unused << 5 | 0x8 | 1}"/>')  # from the next seat
    for t in pair:
        hands[0].remove(t)
    tags.append(f"<D{next(x for x in hands[0] if _name(x) == 'E')}/>")
    turn(1, "9s", "9s")
    turn(2, "1m")
    north = next(x for x in hands[2] if x // 4 == 30)
    hands[2].remove(north)
    tags.append(f'<N who="2" m="{north << 8 | 0x20}"/>')
    won = turn(2, "2s")
    tags.append(f'<AGARI ba="0,0" hai="{_ids(hands[2])}" machi="{won}" ten="30,3000,0" yaku="0,1,4,1,55,1" '
                f'doraHai="{dora}" who="2" fromWho="2" sc="311,-10,389,-20,350,30" '
                'owari="301,-19.9,369,16.9,380,8.0,0,0.0"/>')
    tags.append("</mjloggm>")
    return "".join(tags)


def _name(t: int) -> str:
    kind = t // 4
    if kind >= 27:
        return "ESWNPFC"[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


@pytest.fixture(scope="module")
def record() -> list[str]:
    return [sanma_record()]


def test_the_record_reads_with_three_seats_and_its_kita(record: list[str]) -> None:
    assert logs.record_rules(record) == ("riichi3", 3, True, True)
    seen = []
    for event, seats in logs.replay(record):
        assert len(seats) == 3
        if event["type"] == "nukidora":
            seen.append((event["actor"], seats[2].kita, str(seats[2].hand)))
            assert seats[2].visible[30] == 1  # the north is face up, seen by every seat
            assert seats[0].visible[30] == 1
    assert seen == [(2, 1, "11m123789p13456s")]


def test_every_win_agrees_with_the_records_own_figures(record: list[str]) -> None:
    found = list(logs.wins(record))
    assert [(w.seat, w.loser) for w in found] == [(1, 0), (2, None)]
    for w in found:
        e = w.expected
        assert e is not None
        assert (w.score.han, w.score.fu, w.score.points, w.score.limit) == (e.han, e.fu, e.points, e.limit)
        assert sorted((y.japanese, h) for y, h in w.score.items if h) == sorted(e.items)
        assert w.ours == w.deltas == e.deltas
    assert found[0].deltas == (-3900, 4900, 0)
    assert found[1].score.points == (2000, 1000) and found[1].deltas == (-1000, -2000, 3000)


def test_the_mjai_conversion_reads_the_same(record: list[str]) -> None:
    lines = [json.dumps(e) for e in logs.to_mjai(record)]
    assert logs.record_rules(lines).rules == "riichi3"
    assert [w.ours for w in logs.wins(lines)] == [w.ours for w in logs.wins(record)]
    assert list(logs.decisions(lines)) == [d._replace(log="<lines>") for d in logs.decisions(record)]
    columns = list(logs.COLUMNS[1:])
    assert logs.analyze([lines]).select(columns).equals(logs.analyze([record]).select(columns))


def test_decisions_at_three_seats(record: list[str]) -> None:
    ds = list(logs.decisions(record))
    assert {d.seat for d in ds} == {0, 1, 2}
    assert Action.CHI not in {d.action for d in ds}
    kita = [d for d in ds if d.action is Action.KITA]
    assert [(d.seat, d.point, d.tile) for d in kita] == [(2, Point.DRAW, 30)]
    offers = [(d.round, d.seat, d.action) for d in ds if d.point is Point.OFFER]
    assert offers == [(0, 2, Action.PASS), (0, 1, Action.RON), (1, 0, Action.PON)]  # W W, the ron, P P
    tsumo = [d for d in ds if d.action is Action.TSUMO]
    assert [(d.seat, d.turn) for d in tsumo] == [(2, 2)]  # the replacement draw is a turn of its own
    arrays = logs.to_arrays([record])
    assert len(arrays.seat) == len(ds) and set(arrays.seat.tolist()) == {0, 1, 2}
    assert int(Action.KITA) in arrays.action.tolist()


def test_analyze_judges_three_players_by_riichi3(record: list[str]) -> None:
    table = logs.analyze([record])
    rows = table.to_pylist()
    assert {r["seat"] for r in rows} == {0, 1, 2} and {r["player"] for r in rows} == {"A", "B", "C"}
    assert len(rows) == sum(1 for d in logs.decisions(record, offers=False) if d.action in (
        Action.DISCARD, Action.RIICHI))
    # no 2m-8m exist at three players: the useful counts never count them
    assert logs.analyze([record], rules="riichi3").equals(table)


def test_three_player_mistakes_are_value_errors(record: list[str]) -> None:
    lines = [json.dumps(e) for e in logs.to_mjai(record)]
    start = json.loads(lines[1])
    bad = {"type": "start_kyoku", **{k: v for k, v in start.items() if k != "type"}}
    bad["tehais"] = bad["tehais"] + [bad["tehais"][0]]
    with pytest.raises(ValueError, match="list of 3 hands"):
        list(logs.replay(lines[:1] + [json.dumps(bad)]))
    four = [json.dumps({"type": "start_game", "names": ["a", "b", "c", "d"]})] + [
        line for line in lines[1:] if '"nukidora"' not in line]
    with pytest.raises(ValueError, match="list of 4"):
        list(logs.replay(four))
    kita = [i for i, line in enumerate(lines) if '"nukidora"' in line][0]
    wrong = json.loads(lines[kita])
    wrong["pai"] = "E"
    with pytest.raises(ValueError, match="only a north"):
        list(logs.replay(lines[:kita] + [json.dumps(wrong)] + lines[kita + 1:]))


def test_the_seats_furiten_is_the_decisions_at_three_players(record: list[str]) -> None:
    wanted = {(d.line, d.seat): d.furiten for d in logs.decisions(record)}
    checked = 0
    for line, (_, seats) in enumerate(logs.replay(record), 1):
        for who, seat in enumerate(seats):
            if (line, who) in wanted:
                assert seat.furiten == wanted[line, who], (line, who)
                checked += 1
    assert checked == len(wanted) >= 15


def test_rinshan_after_a_kita_scores() -> None:
    from mahjong_fast import Yaku, score

    hand = "11m123789p123456s"
    won = score(hand, "2s", rules="riichi3", tsumo=True, rinshan=True, kita=1, seat_wind="S", round_wind="E")
    assert {y for y, _ in won.items} >= {Yaku.RINSHAN, Yaku.KITA, Yaku.MENZEN_TSUMO} and won.han == 3
    with pytest.raises(ValueError, match="rinshan needs a kong"):
        score(hand, "2s", rules="riichi3", tsumo=True, rinshan=True, seat_wind="S", round_wind="E")
    with pytest.raises(ValueError, match="rinshan needs a kong"):
        score(hand, "2s", tsumo=True, rinshan=True)  # four players: a kita is no kong
