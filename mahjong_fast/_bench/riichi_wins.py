"""Random riichi winning situations, and the ``mahjong`` package's score of each (Tenhou's settings).

``random_win(rng, players)`` builds one consistent situation: a 14-tile
winning hand (closed, open with every meld kind, concealed kongs, seven
pairs, thirteen orphans, yakuman shapes at a useful rate), red fives by
tile identity, the situational flags the contract allows together, dora and
ura indicators, honba and sticks.  It is a dict: ``hand`` (mpsz text of the
concealed part, red fives as 0), ``win`` (text), ``melds`` (texts) and the
keyword arguments of ``mf.score``, plus ``ids`` (index136 ids of every tile,
for the package) and ``meld_ids``.  ``package_score`` runs ``HandCalculator``.
"""
from __future__ import annotations

import random
from typing import Any

WINDS = (27, 28, 29, 30)
GREEN = (19, 20, 21, 23, 25, 32)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
RED_IDS = {4: 16, 13: 52, 22: 88}


def _text(tiles: list[tuple[int, bool]]) -> str:
    out = []
    for t, red in sorted(tiles):
        out.append(("0" if red else str(t % 9 + 1) if t < 27 else str(t - 26)) + "mpsz"[min(t // 9, 3)])
    return "".join(out)


def _pool(rng: random.Random, players: int) -> list[int]:
    """The kinds a hand is built from: all, or a flavour that makes some yaku likely."""
    kinds = [t for t in range(34) if players == 4 or not 1 <= t <= 7]
    style = rng.random()
    if style < 0.35:
        return kinds
    if style < 0.5:  # one suit, maybe honours
        suit = rng.choice([0, 1, 2] if players == 4 else [1, 2])
        return [t for t in kinds if t // 9 == suit or (t >= 27 and rng.random() < 0.5)]
    if style < 0.6:
        return [t for t in kinds if t < 27 and t % 9 not in (0, 8)]  # simples
    if style < 0.7:
        return [t for t in kinds if t >= 27 or t % 9 in (0, 8, 1, 7, 2, 6)]  # outside-ish
    if style < 0.76:
        return [t for t in kinds if t >= 27]  # honours
    if style < 0.8:
        return [t for t in GREEN]
    if style < 0.82:
        return [t for t in kinds if t in ORPHANS]
    if style < 0.84:
        return [t for t in kinds if t in ORPHANS and t < 27]
    if style < 0.92:  # winds / dragons heavy
        return [t for t in kinds if t >= 27 or rng.random() < 0.2]
    return [t for t in kinds if rng.random() < 0.35] or kinds


def _standard(rng: random.Random, players: int) -> tuple[list[int], list[tuple[str, int]], int] | None:
    """Concealed kinds, declared melds ``(kind, tile)`` and the pair, or None when the pool runs dry."""
    pool = _pool(rng, players)
    counts = [0] * 34
    n_melds = rng.choice([0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 4])
    chow_rate = 0.0 if players == 3 else rng.choice([0.2, 0.6, 0.9, 1.0])
    groups: list[tuple[str, int, bool]] = []  # kind, tile, declared
    template: list[int] = []
    if players == 4 and rng.random() < 0.15:  # sanshoku or ittsu chows
        n = rng.randrange(7)
        s = 9 * rng.randrange(3)
        template = [n, n + 9, n + 18] if rng.random() < 0.5 else [s, s + 3, s + 6]
    for g in range(4):
        declared = g < n_melds
        if g < len(template):
            t = template[g]
            groups.append(("chow", t, declared))
            for i in range(3):
                counts[t + i] += 1
            continue
        for _ in range(20):
            t = rng.choice(pool)
            if rng.random() < chow_rate and t < 27 and t % 9 <= 6 and all(counts[t + i] < 4 for i in range(3)):
                if players == 3 and t // 9 == 0:
                    continue
                groups.append(("chow", t, declared))
                for i in range(3):
                    counts[t + i] += 1
                break
            kong = declared and rng.random() < 0.3 or (not declared and rng.random() < 0.03)
            need = 4 if kong else 3
            if counts[t] + need <= 4:
                kind = "kong" if kong else "pung"
                groups.append((kind, t, declared or kong))
                counts[t] += need
                break
        else:
            return None
    for _ in range(20):
        pair = rng.choice(pool)
        if counts[pair] + 2 <= 4:
            counts[pair] += 2
            break
    else:
        return None
    concealed = [pair, pair]
    melds = []
    for kind, t, declared in groups:
        if declared:
            concealed_kong = kind == "kong" and (not any(d for k, _, d in groups if k != "kong") and rng.random() < 0.5
                                                 or rng.random() < 0.3)
            melds.append(("ckong" if concealed_kong else kind, t))
        else:
            concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
    return concealed, melds, pair


def _seven_pairs(rng: random.Random, players: int) -> list[int]:
    pool = _pool(rng, players)
    if len(pool) < 7:
        pool = [t for t in range(34) if players == 4 or not 1 <= t <= 7]
    return [t for t in rng.sample(pool, 7) for _ in range(2)]


def _orphans(rng: random.Random) -> list[int]:
    return list(ORPHANS) + [rng.choice(ORPHANS)]


def _nine_gates(rng: random.Random, players: int) -> list[int]:
    s = 9 * rng.choice([0, 1, 2] if players == 4 else [1, 2])
    return [s] * 3 + [s + i for i in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]


def random_win(rng: random.Random, players: int = 4) -> dict[str, Any] | None:
    """One random winning situation (see the module docstring), or None when a draw fails."""
    form = rng.random()
    melds: list[tuple[str, int]] = []
    if form < 0.1:
        concealed = _seven_pairs(rng, players)
    elif form < 0.13:
        concealed = _orphans(rng)
    elif form < 0.15:
        concealed = _nine_gates(rng, players)
    else:
        built = _standard(rng, players)
        if built is None:
            return None
        concealed, melds, _ = built
    # index136 ids: a red five is copy 0 of its five, used first when drawn red, else last
    reds_wanted = {t: rng.random() < 0.4 for t in RED_IDS}
    order = {t: [t * 4 + c for c in (1, 2, 3, 0)] if t in RED_IDS and not reds_wanted[t]
             else [t * 4 + c for c in range(4)] for t in range(34)}
    next_copy = [0] * 34

    def take(t: int) -> tuple[int, bool]:
        i = order[t][next_copy[t]]
        next_copy[t] += 1
        return i, i == RED_IDS.get(t)

    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    for kind, t in melds:
        if kind == "chow":
            for i in range(3):
                counts[t + i] += 1
        else:
            counts[t] += 4 if kind in ("kong", "ckong") else 3
    if max(counts) > 4:
        return None
    concealed_ids = [take(t) for t in concealed]
    meld_ids = []
    for kind, t in melds:
        if kind == "chow":
            meld_ids.append((kind, [take(t + i) for i in range(3)]))
        else:
            meld_ids.append((kind, [take(t) for _ in range(4 if kind in ("kong", "ckong") else 3)]))
    win_id, win_red = rng.choice(concealed_ids)
    has_kong = any(k in ("kong", "ckong") for k, _ in melds)
    closed = all(k == "ckong" for k, _ in melds)
    seat = rng.choice(WINDS[:players] + (None,))
    round_ = rng.choice((27, 28, 27, 28, 29, 30, None) if players == 4 else (27, 28, None))
    dealer = seat == 27
    tsumo = rng.random() < 0.5
    flags = dict(tsumo=tsumo, riichi=False, double_riichi=False, ippatsu=False, haitei=False, houtei=False,
                 rinshan=False, chankan=False, tenhou=False, chiihou=False)
    if closed and rng.random() < 0.5:
        if rng.random() < 0.15:
            flags["double_riichi"] = True
        flags["riichi"] = True
        flags["ippatsu"] = rng.random() < 0.2
    if tsumo:
        if has_kong and rng.random() < 0.2 and not flags["ippatsu"]:
            flags["rinshan"] = True
        elif rng.random() < 0.08:
            flags["haitei"] = True
        if not melds and not flags["riichi"] and rng.random() < 0.05:
            if dealer:
                flags["tenhou"] = True
            else:
                flags["chiihou"] = True
    else:
        r = rng.random()
        if r < 0.08:
            flags["houtei"] = True
        elif r < 0.14:
            flags["chankan"] = True
    n_dora = rng.choice([0, 1, 1, 1, 2, 3, 5])
    pool_ind = [t for t in range(34) if players == 4 or not 1 <= t <= 7]
    dora = [rng.choice(pool_ind) for _ in range(n_dora)]
    ura = [rng.choice(pool_ind) for _ in range(rng.randint(0, n_dora))] if flags["riichi"] else []
    kita = 0
    if players == 3 and rng.random() < 0.4:
        kita = rng.randint(0, max(0, 4 - counts[30]))
    win_kind = win_id // 4
    return {
        "hand": _text(concealed_ids_text(concealed_ids)),
        "win": _text([(win_kind, win_red)]),
        "melds": [("{" if kind == "ckong" else "[") + _text([(i // 4, red) for i, red in ids])
                  + ("}" if kind == "ckong" else "]") for (kind, _), (_, ids) in zip(melds, meld_ids)],
        "ids": [i for i, _ in concealed_ids] + [i for _, ids in meld_ids for i, _ in ids],
        "win_id": win_id,
        "meld_ids": [(kind, [i for i, _ in ids]) for kind, ids in meld_ids],
        "rules": "riichi" if players == 4 else "riichi3",
        "seat_wind": seat, "round_wind": round_, "dora": dora, "ura": ura, "kita": kita,
        "honba": rng.choice([0, 0, 1, 2, 5]), "riichi_sticks": rng.choice([0, 0, 1, 3]),
        **flags,
    }


def concealed_ids_text(ids: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
    return [(i // 4, red) for i, red in ids]


SCORE_KEYS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
              "chiihou", "seat_wind", "round_wind", "dora", "ura", "kita", "honba", "riichi_sticks", "rules", "melds")


def score_args(s: dict[str, Any]) -> dict[str, Any]:
    return {k: s[k] for k in SCORE_KEYS}


_NAMES = {
    "Tsumo": "MENZEN_TSUMO", "Riichi": "RIICHI", "Ippatsu": "IPPATSU", "Chankan": "CHANKAN", "Rinshan": "RINSHAN",
    "Haitei": "HAITEI", "Houtei": "HOUTEI", "DaburuRiichi": "DOUBLE_RIICHI", "Pinfu": "PINFU", "Tanyao": "TANYAO",
    "Iipeiko": "IIPEIKOU", "Haku": "HAKU", "Hatsu": "HATSU", "Chun": "CHUN",
    "SeatWindEast": "SEAT_EAST", "SeatWindSouth": "SEAT_SOUTH", "SeatWindWest": "SEAT_WEST",
    "SeatWindNorth": "SEAT_NORTH", "RoundWindEast": "ROUND_EAST", "RoundWindSouth": "ROUND_SOUTH",
    "RoundWindWest": "ROUND_WEST", "RoundWindNorth": "ROUND_NORTH", "Sanshoku": "SANSHOKU", "Ittsu": "ITTSU",
    "Chantai": "CHANTA", "Honroto": "HONROUTOU", "Toitoi": "TOITOI", "Sanankou": "SANANKOU",
    "SanKantsu": "SANKANTSU", "SanshokuDoukou": "SANSHOKU_DOUKOU", "Chiitoitsu": "CHIITOITSU",
    "Shosangen": "SHOUSANGEN", "Honitsu": "HONITSU", "Junchan": "JUNCHAN", "Ryanpeikou": "RYANPEIKOU",
    "Chinitsu": "CHINITSU", "KokushiMusou": "KOKUSHI", "ChuurenPoutou": "CHUUREN", "Suuankou": "SUUANKOU",
    "Daisangen": "DAISANGEN", "Shousuushii": "SHOUSUUSHII", "Ryuuiisou": "RYUUIISOU", "Suukantsu": "SUUKANTSU",
    "Tsuuiisou": "TSUUIISOU", "Chinroutou": "CHINROUTOU", "DaiSuushii": "DAISUUSHII",
    "DaburuKokushiMusou": "KOKUSHI_13", "SuuankouTanki": "SUUANKOU_TANKI",
    "DaburuChuurenPoutou": "JUNSEI_CHUUREN", "Tenhou": "TENHOU", "Chiihou": "CHIIHOU", "Dora": "DORA",
    "AkaDora": "AKA_DORA", "UraDora": "URA_DORA",
}


def indicator_ids(s: dict[str, Any]) -> tuple[list[int], list[int]]:
    """index136 ids of the dora and ura indicators of ``s``: copies the hand does not hold where they are left."""
    used = set(s["ids"])

    def id_of(t: int) -> int:
        for c in range(4):
            if t * 4 + c not in used:
                used.add(t * 4 + c)
                return t * 4 + c
        return t * 4

    return [id_of(t) for t in s["dora"]], [id_of(t) for t in s["ura"]]


def package_score(s: dict[str, Any]) -> dict[str, Any] | None:
    """The ``mahjong`` package's figures for situation ``s``, in ``Score``'s terms (None: it finds no win)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld

    options = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                            kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=False, fu_for_open_pinfu=True,
                            fu_for_pinfu_tsumo=False, is_three_player=s["rules"] == "riichi3")
    config = HandConfig(
        is_tsumo=s["tsumo"], is_riichi=s["riichi"] and not s["double_riichi"], is_ippatsu=s["ippatsu"],
        is_rinshan=s["rinshan"], is_chankan=s["chankan"], is_haitei=s["haitei"], is_houtei=s["houtei"],
        is_daburu_riichi=s["double_riichi"], is_tenhou=s["tenhou"], is_chiihou=s["chiihou"],
        player_wind=s["seat_wind"], round_wind=s["round_wind"], tsumi_number=s["honba"],
        kyoutaku_number=s["riichi_sticks"], options=options, num_nuki_dora=s["kita"],
    )
    kinds = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN, "ckong": Meld.KAN}
    melds = [Meld(meld_type=kinds[k], tiles=ids, opened=k != "ckong") for k, ids in s["meld_ids"]]
    dora, ura = indicator_ids(s)
    r = HandCalculator.estimate_hand_value(s["ids"], s["win_id"], melds=melds, dora_indicators=dora,
                                           config=config, ura_dora_indicators=ura)
    if r.error:
        return {"error": r.error}
    items = []
    for y in r.yaku or ():
        name = _NAMES[type(y).__name__]
        han = y.han_open if r.is_open_hand else y.han_closed
        items.append((name, han))
    return {"han": r.han, "fu": r.fu, "items": items, "cost": r.cost}


def riichienv_score(s: dict[str, Any], *, wrapper: bool = False) -> tuple[bool, int, int, object, bool]:
    """riichienv's ``(is_win, han, fu, points, yakuman)`` for a situation with both winds set.

    Points as ``Score.points`` (no honba).  ``wrapper=False`` calls the Rust
    ``HandEvaluator`` under riichienv's Python one, whose tile count takes a
    hand with two kongs for a 13-tile hand (``test_riichienv_wrapper_two_kongs``).
    """
    import riichienv.hand as rh
    from riichienv import Conditions, Meld, MeldType

    kinds = {"chow": MeldType.Chi, "pung": MeldType.Pon, "kong": MeldType.Daiminkan, "ckong": MeldType.Ankan}
    n_meld_ids = sum(len(ids) for _, ids in s["meld_ids"])
    concealed = s["ids"][:len(s["ids"]) - n_meld_ids]
    melds = [Meld(kinds[k], ids, k != "ckong") for k, ids in s["meld_ids"]]
    dora, ura = indicator_ids(s)
    conditions = Conditions(
        tsumo=s["tsumo"], riichi=s["riichi"], double_riichi=s["double_riichi"], ippatsu=s["ippatsu"],
        haitei=s["haitei"], houtei=s["houtei"], rinshan=s["rinshan"], chankan=s["chankan"],
        tsumo_first_turn=s["tenhou"] or s["chiihou"], player_wind=s["seat_wind"] - 27,
        round_wind=s["round_wind"] - 27,
    )
    if s["rules"] == "riichi3":
        conditions = Conditions(**{**conditions.__dict__, "kita_count": s["kita"], "is_sanma": True, "num_players": 3})
        return _result(s, rh.rust_core.HandEvaluator3P(concealed, melds).calc(
            s["win_id"], dora, ura, rh._to_rust_conditions(conditions)))
    if wrapper:
        r = rh.HandEvaluator(concealed, melds).calc(s["win_id"], dora, conditions, ura)
    else:
        r = rh.rust_core.HandEvaluator(concealed, melds).calc(s["win_id"], dora, ura,
                                                              rh._to_rust_conditions(conditions))
    return _result(s, r)


def _result(s: dict[str, Any], r: Any) -> tuple[bool, int, int, object, bool]:
    dealer = s["seat_wind"] == 27
    if not s["tsumo"]:
        points: object = r.ron_agari
    elif dealer:
        points = (0, r.tsumo_agari_ko)
    else:
        points = (r.tsumo_agari_oya, r.tsumo_agari_ko)
    return r.is_win, r.han, r.fu, points, r.yakuman
