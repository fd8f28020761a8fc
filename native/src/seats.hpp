// A seat that chooses among the legal actions (the native side of the Python `Seat`), the random
// one, and one game played between seats as the Python `Table` plays it.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rng.hpp"

namespace cardtable {

template <typename State>
using LegalOf = decltype(std::declval<const State &>().legal(0));

// The number of a list of legal actions, for every game's list type.
template <typename List>
int count_of(const List &legal) {
    if constexpr (requires { legal.count(); }) return legal.count();
    else return static_cast<int>(legal.size());
}

// A bot's settings as written after its name (`ismcts:iterations=1000` gives
// {"iterations": "1000"}), as text: each bot reads the ones it knows and refuses any other.
using Settings = std::map<std::string, std::string>;

// A seat that chooses. The native engine makes no views, so a seat is handed the whole state: a
// bot must read only what `player` may see, and each bot's file says what it reads.
template <typename State>
class Seat {
public:
    virtual ~Seat() = default;
    // The index in `legal` (the two or more legal actions of `player`) of the one to play.
    virtual int choose(const State &state, int player, const LegalOf<State> &legal) = 0;
};

template <typename State>
using Seats = std::vector<std::unique_ptr<Seat<State>>>;

// bots/random_bot.py: uniform among the legal actions, from the bot's own generator.
template <typename State>
class RandomSeat final : public Seat<State> {
public:
    explicit RandomSeat(uint64_t seed) : rng_(seed) {}
    int choose(const State &, int, const LegalOf<State> &legal) override {
        return static_cast<int>(rng_.below(static_cast<uint32_t>(count_of(legal))));
    }

private:
    Rng rng_;
};

// The seat to act first now (The Queen's Mercy lists both seats while they commit; the Python
// `Table` asks them in seat order), or -1 once the game is over.
template <typename State>
int first_seat(const State &state) {
    if constexpr (requires(int seats[2]) { state.acting(seats); }) {  // the seats without a list
        int seats[2];
        return state.acting(seats) ? seats[0] : -1;
    } else if constexpr (requires { state.to_act().empty(); }) {
        auto seats = state.to_act();
        return seats.empty() ? -1 : seats[0];
    } else {
        return state.to_act();
    }
}

// Plays `state` to its end between `seats` (one per player), as `Table.run` does: a move with
// no alternative is played without asking its seat (auto_forced), so that seat's generator draws
// nothing. `on_move(player, action)` is called before each move is applied.
template <typename State, typename OnMove>
void play_out(State &state, Seats<State> &seats, OnMove on_move) {
    while (!state.over()) {
        int player = first_seat(state);
        auto legal = state.legal(player);
        int index = count_of(legal) == 1 ? 0 : seats[player]->choose(state, player, legal);
        on_move(player, legal[index]);
        state.apply(player, legal[index]);
    }
}

// Random playouts of `games` games, each dealt from the chooser's next draw and played by
// uniform choices from it; `on_end(state)` after each game; the actions played. For the
// benchmark's `random_actions` (bind.hpp) and the drivers of benchmarks/native_drivers.
template <typename State, typename Options, typename OnEnd>
long play_randomly(const Options &options, Rng &chooser, long games, OnEnd on_end) {
    long actions = 0;
    for (long g = 0; g < games; ++g) {
        State state(options, chooser.next_u64());
        while (!state.over()) {
            int player = first_seat(state);
            auto legal = state.legal(player);
            state.apply(player, legal[chooser.below(static_cast<uint32_t>(count_of(legal)))]);
            ++actions;
        }
        on_end(state);
    }
    return actions;
}

}  // namespace cardtable
