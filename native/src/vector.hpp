// N games stepped together for learning agents (the native side of cardtable.rl.vector): each
// step takes one action number per game, for the seat to act there, and writes every game's
// next observation, mask, rewards, end flag and seat to act into arrays the caller owns. No
// Python object is made on the way.
//
// One seat acts per step, the first of those that must act (Python's `Table`, the AEC adapter):
// at a simultaneous commit seat 0 commits, then seat 1, whose view shows that seat 0 committed
// but not what. A finished game is dealt again in the same step (Gymnasium's SAME_STEP
// autoreset): its rewards and end flag are those of the game that ended, its observation, mask
// and seat are the new game's first.
//
// Seeds: env i draws its games' seeds from its own generator, seeded with the i-th number of
// Rng(seed), so env i plays the games of Episode.reset(seed=that number) then seedless resets.
//
// `Observer` says how a game is seen: GameState, GameOptions, PLAYERS, SIZE (observation),
// ACTIONS, `first_seat(state)`, `index(action)`, `observe(state, viewer, out)`, `rewards(state, out)`.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "rng.hpp"
#include "seats.hpp"

namespace cardtable {

// Where a step writes, each array with one row per game: observations [N, SIZE] of the seat to
// act, masks [N, ACTIONS], rewards [N, PLAYERS], terminated [N], players [N].
struct VectorOut {
    float *observations;
    int8_t *masks;
    float *rewards;
    bool *terminated;
    int32_t *players;
};

template <typename Observer>
class VectorEnv {
public:
    using State = typename Observer::GameState;
    using Options = typename Observer::GameOptions;

    VectorEnv(const Options &options, int size) : options_(options), size_(size) {
        if (size < 1) throw std::invalid_argument("num_envs is at least 1");
    }

    int size() const { return size_; }

    // Every game dealt anew from `seed`; the rewards and end flags are zero.
    void reset(uint64_t seed, VectorOut out) {
        Rng master(seed);
        seeds_.clear();
        states_.clear();
        legal_.assign(size_, {});
        chosen_.assign(size_, 0);
        players_.assign(size_, 0);
        for (int i = 0; i < size_; ++i) {
            seeds_.emplace_back(master.next_u64());
            states_.emplace_back(options_, seeds_[i].next_u64());
            out.terminated[i] = false;
            write(i, out);
            for (int p = 0; p < Observer::PLAYERS; ++p) out.rewards[i * Observer::PLAYERS + p] = 0.0f;
        }
    }

    // Plays actions[i] for the seat to act in game i. Every number is checked against its mask
    // first: one outside it throws and changes nothing.
    void step(const int64_t *actions, VectorOut out) {
        if (states_.empty()) throw std::logic_error("reset() the environment before step()");
        std::vector<int> &chosen = chosen_;
        for (int i = 0; i < size_; ++i) {
            chosen[i] = find(i, actions[i]);
            if (chosen[i] < 0)
                throw std::invalid_argument("env " + std::to_string(i) + ": number " + std::to_string(actions[i]) +
                                            " is not legal for player " + std::to_string(players_[i]) +
                                            " now (see the mask)");
        }
        for (int i = 0; i < size_; ++i) {
            State &state = states_[i];
            state.apply(players_[i], legal_[i][chosen[i]]);
            float *rewards = out.rewards + i * Observer::PLAYERS;
            out.terminated[i] = state.over();
            Observer::rewards(state, rewards);
            if (state.over()) state = State(options_, seeds_[i].next_u64());
            write(i, out);
        }
    }

    // Every game seen by `seat`, acting or not, with the mask of its legal actions (all zero
    // when it need not act; at a simultaneous commit both seats' masks are set, as the parallel
    // adapter shows them): for learners that want every seat's view, and for tests.
    void observe(int seat, float *observations, int8_t *masks) const {
        if (seat < 0 || seat >= Observer::PLAYERS) throw std::invalid_argument("no such seat");
        if (states_.empty()) throw std::logic_error("reset() the environment before observe()");
        for (int i = 0; i < size_; ++i) {
            Observer::observe(states_[i], seat, observations + static_cast<long>(i) * Observer::SIZE);
            mark(states_[i].legal(seat), masks + static_cast<long>(i) * Observer::ACTIONS);
        }
    }

private:
    // The index in legal_[i] of the action numbered `number`, or -1.
    int find(int i, int64_t number) const {
        const auto &legal = legal_[i];
        for (int k = 0; k < count_of(legal); ++k)
            if (Observer::index(legal[k]) == number) return k;
        return -1;
    }

    static void mark(const LegalOf<State> &legal, int8_t *mask) {
        std::fill(mask, mask + Observer::ACTIONS, int8_t{0});
        for (int k = 0; k < count_of(legal); ++k) mask[Observer::index(legal[k])] = 1;
    }

    // Game i's seat to act, its legal actions, mask and observation.
    void write(int i, VectorOut out) {
        const State &state = states_[i];
        int player = Observer::first_seat(state);
        players_[i] = player;
        out.players[i] = player;
        legal_[i] = state.legal(player);
        mark(legal_[i], out.masks + static_cast<long>(i) * Observer::ACTIONS);
        Observer::observe(state, player, out.observations + static_cast<long>(i) * Observer::SIZE);
    }

    Options options_;
    int size_;
    std::vector<Rng> seeds_;
    std::vector<State> states_;
    std::vector<LegalOf<State>> legal_;
    std::vector<int> players_, chosen_;
};

}  // namespace cardtable
