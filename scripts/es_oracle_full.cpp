// The value-aware discard oracle with every input and the whole curves: nekobean/mahjong-cpp 453cae05's
// ExpectedScoreCalculator with its default Config (built like ../../shared/tools/es_oracle/es_oracle.cpp,
// whose recipe this follows; scripts/make_values_fixtures.py drives it).
// usage: es_oracle_full HAND DORA|- ROUND(1-4) SEAT(1-4) TURN HONBA STICKS MELDS|-
//   MELDS: comma-separated TYPE:TILES, TYPE p (pon), c (chi), a (ankan), k (daiminkan), e.g. p:555z,c:406m
//   env ES_WALL="37 ints": the wall (34 kinds, a red five in its kind, then whether each red five is in it)
//   env ES_REPEAT=K: the calculation run K times in this process, ms= the least of them (caches warm)
// prints a header (# searched=N sum=S ms=the calculation's time, its table loading excluded), then one line
// per discard: TILE then tenpai win exp for each turn TURN..17 (%.17g)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>
#include <string>
#include "mahjong/mahjong.hpp"
using namespace mahjong;

static std::vector<int> tiles_of(const std::string &text) {
    // mpsz text read here (from_mpsz refuses 3n tiles): digits then a suit letter, 0 a red five
    std::vector<int> out, digits;
    for (char c : text) {
        if (c >= '0' && c <= '9') { digits.push_back(c - '0'); continue; }
        const int base = c == 'm' ? 0 : c == 'p' ? 9 : c == 's' ? 18 : 27;
        const int red = c == 'm' ? Tile::RedManzu5 : c == 'p' ? Tile::RedPinzu5 : Tile::RedSouzu5;
        for (int d : digits) out.push_back(d == 0 ? red : base + d - 1);
        digits.clear();
    }
    return out;
}

int main(int argc, char **argv) {
    if (argc < 9) { std::fprintf(stderr, "usage: HAND DORA|- ROUND SEAT TURN HONBA STICKS MELDS|-\n"); return 2; }
    TableConfig tc; tc.rule_flags = RuleFlag::Default; tc.game_mode = GameMode::Yonma;
    RoundState rs; rs.round_wind = Tile::East + std::atoi(argv[3]) - 1; rs.round_number = 1;
    rs.honba = std::atoi(argv[6]);
    TableState ts; ts.kyotaku = std::atoi(argv[7]);
    if (std::string(argv[2]) != "-") ts.dora_indicators = tiles_of(argv[2]);
    PlayerState p; p.hand = from_mpsz(argv[1]);
    p.seat_wind = Tile::East + std::atoi(argv[4]) - 1;
    std::string melds = argv[8];
    if (melds != "-") {
        std::stringstream ss(melds); std::string item;
        while (std::getline(ss, item, ',')) {
            Meld m; char kind = item[0];
            m.type = kind == 'p' ? MeldType::Pon : kind == 'c' ? MeldType::Chi : kind == 'a' ? MeldType::Ankan : MeldType::Daiminkan;
            m.tiles = tiles_of(item.substr(2));
            m.discarded_tile = m.tiles[0];
            m.from = kind == 'a' ? SeatType::Null : SeatType::Kamicha;
            p.melds.push_back(m);
        }
    }
    ExpectedScoreCalculator::Config cfg;
    cfg.t_min = std::atoi(argv[5]);
    MergedCount wall = create_wall(tc, ts, p, cfg.enable_reddora);
    if (const char *w = std::getenv("ES_WALL")) { std::istringstream is(w); for (int i = 0; i < 37; ++i) is >> wall[i]; }
    cfg.sum = std::accumulate(wall.begin(), wall.begin() + 34, 0);
    const char *repeat_text = std::getenv("ES_REPEAT");
    const int repeat = repeat_text ? std::max(1, std::atoi(repeat_text)) : 1;
    double least_ms = 0;
    auto timed = [&]() {
        auto t0 = std::chrono::steady_clock::now();
        auto result = ExpectedScoreCalculator::calc(cfg, tc, rs, ts, p, wall);
        auto t1 = std::chrono::steady_clock::now();
        const double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
        least_ms = least_ms == 0 ? ms : std::min(least_ms, ms);
        return result;
    };
    auto [stats, searched] = timed();
    for (int i = 1; i < repeat; ++i) timed();
    std::printf("# searched=%d sum=%d ms=%.3f\n", searched, cfg.sum, least_ms);
    for (auto &s : stats) {
        std::printf("%s", std::string(Tile::name(s.tile)).c_str());
        for (int t = cfg.t_min; t < 18; ++t)
            std::printf(" %.17g %.17g %.17g", s.tenpai_prob[t], s.win_prob[t], s.exp_score[t]);
        std::printf("\n");
    }
}
