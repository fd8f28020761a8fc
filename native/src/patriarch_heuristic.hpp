// The Patriarch family's heuristic bot (bot.py's "heuristic": the consistent guesser and the
// random owner), natively, drawing from its generator exactly as the Python bot does.
//
// What it reads: whether its seat owns the game, the graded guesses and their grades (public),
// the queued guesses' players (public) and the size of the family list. Never the secret.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "patriarch.hpp"
#include "rng.hpp"
#include "seats.hpp"

namespace cardtable::patriarch {

class HeuristicSeat final : public Seat<State> {
public:
    explicit HeuristicSeat(uint64_t seed) : rng_(seed) {}

    // PatriarchBot.choose with the consistent guesser and the random owner.
    int choose(const State &state, int player, const Legal &legal) override {
        const Space &space = state.space();
        if (state.owner() == player)  // random_owner: the owner acts only to choose the secret
            return index_of(legal, static_cast<int>(rng_.below(static_cast<uint32_t>(space.size()))));
        std::vector<int> cands = consistent(space, state.graded(), state.options().per_card_feedback);
        bool mine = std::any_of(state.queue().begin(), state.queue().end(),
                                [player](const Queued &guess) { return guess.player == player; });
        if (mine && cands.size() > 1) return legal.count() - 1;  // WAIT: learn from our queued guess first
        // consistent: a family among those every grade allows
        return index_of(legal, cands[rng_.below(static_cast<uint32_t>(cands.size()))]);
    }

private:
    // The place of `family` in `legal`, which skips the spent families.
    static int index_of(const Legal &legal, int family) {
        auto before = std::lower_bound(legal.spent.begin(), legal.spent.end(), family);
        if (before != legal.spent.end() && *before == family)
            throw std::logic_error("the Patriarch heuristic chose a spent family");
        return family - static_cast<int>(before - legal.spent.begin());
    }

    Rng rng_;
};

}  // namespace cardtable::patriarch
