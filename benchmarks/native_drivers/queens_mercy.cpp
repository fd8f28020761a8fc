// The Queen's Mercy's native engine alone, without Python or nanobind, for profiles (instruction
// counts under callgrind) and before/after comparisons of its headers:
//
//   g++ -O3 -DNDEBUG -std=c++20 -g -I native/src -o /tmp/qm_driver benchmarks/native_drivers/queens_mercy.cpp
//   valgrind --tool=callgrind /tmp/qm_driver random 10000 1       # then callgrind_annotate
//   /tmp/qm_driver heuristic 12000 1                               # CPU time, no valgrind
//
// `random N SEED`: N random games, each from a fresh seed, as bind.hpp's `random_actions` plays
// them (`play_randomly`: the same legal lists, the same chooser). `heuristic N SEED`: N
// single-round matches of the designer's study (benchmarks/study.py: rounds_to_win 1,
// max_rounds 1, tie_def no_one_reached_cap), heuristic bot in both seats, the twelve
// seat-ordered suit pairings in turn, as play_range plays them (`play_out`). Each prints what it
// played and a checksum of the games (their moves, tricks and winners), so that two builds are
// seen to play the same games.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>

#include "queens_mercy.hpp"
#include "queens_mercy_heuristic.hpp"
#include "seats.hpp"

using namespace cardtable;
using namespace cardtable::queens_mercy;

namespace {

struct Tally {
    long actions = 0, tricks = 0;
    uint64_t checksum = 0;

    void add(const State &state) {
        tricks += state.tricks_done();
        checksum = checksum * 1000003 + static_cast<uint64_t>(state.moves()) * 31 +
                   static_cast<uint64_t>(state.tricks_done()) * 7 + static_cast<uint64_t>(std::get<2>(state.result()) + 1);
    }
};

Tally random_games(long games, uint64_t seed) {
    Rng chooser(seed);
    Tally tally;
    tally.actions = play_randomly<State>(Options{}, chooser, games, [&](const State &state) { tally.add(state); });
    return tally;
}

Tally heuristic_games(long games, uint64_t seed) {
    Options options[12];
    int pairing = 0;
    for (int a = 0; a < 4; ++a)
        for (int b = 0; b < 4; ++b) {
            if (a == b) continue;
            Options &o = options[pairing++];
            o.rounds_to_win = 1;
            o.max_rounds = 1;
            o.tie_no_cap = true;
            o.suits[0] = a;
            o.suits[1] = b;
        }
    Rng seeds(seed);
    Tally tally;
    for (long g = 0; g < games; ++g) {
        const Options &o = options[g % 12];
        State state(o, seeds.next_u64());
        Seats<State> seats;
        seats.push_back(std::make_unique<HeuristicSeat>(o));
        seats.push_back(std::make_unique<HeuristicSeat>(o));
        play_out(state, seats, [&](int, const auto &) { ++tally.actions; });
        tally.add(state);
    }
    return tally;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 4 || (std::strcmp(argv[1], "random") != 0 && std::strcmp(argv[1], "heuristic") != 0)) {
        std::fprintf(stderr, "usage: %s random|heuristic GAMES SEED\n", argv[0]);
        return 2;
    }
    long games = std::atol(argv[2]);
    uint64_t seed = std::strtoull(argv[3], nullptr, 10);
    std::clock_t started = std::clock();
    Tally t = std::strcmp(argv[1], "random") == 0 ? random_games(games, seed) : heuristic_games(games, seed);
    double cpu = static_cast<double>(std::clock() - started) / CLOCKS_PER_SEC;
    std::printf("games=%ld actions=%ld tricks=%ld checksum=%llu cpu_s=%.3f actions_per_cpu_s=%.0f "
                "tricks_per_cpu_s=%.0f\n", games, t.actions, t.tricks, static_cast<unsigned long long>(t.checksum),
                cpu, t.actions / cpu, t.tricks / cpu);
}
