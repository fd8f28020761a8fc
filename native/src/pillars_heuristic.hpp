// Pillars' heuristic bot (games/pillars/bot.py), natively: the same evaluation of every legal
// action, worked out in the same doubles in the same order, and the same choice (the first of
// the best). The bot draws nothing: it needs no generator.
//
// What it reads, for its own seat `me` only: its own hand, the deck's size, both hands' sizes,
// every battle side, every scoring pile, the discard pile and the opponent's cards it knows (it
// took them back by Queen Magic); never the deck's order or the rest of the opponent's hand.
#pragma once
#include <patchlevel.h>  // PY_VERSION_HEX: how the Python built against adds floats

#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <vector>

#include "pillars.hpp"
#include "seats.hpp"

namespace cardtable::pillars {

namespace heuristic {

// bot.py's constants, by pile (♥ ♠ ♦ ♣ faces) and by face rank.
constexpr double PILE_BONUS[5] = {0.15, 0.25, 0.35, 0.25, 0.2};
inline double face_bonus(Card card) {
    switch (rank_of(card)) {
        case JACK: return 0.25;
        case QUEEN: return 0.4;
        case KING: return 0.3;
        default: return 0.0;
    }
}
constexpr double CARD_COST = 0.12, STEAL_WORTH = 0.25, ANSWER_RATE = 0.5;
inline double price(Card card) { return CARD_COST + 0.01 * number_value(card); }

// Python's sum() of floats: left to right, and from Python 3.12 with Neumaier's compensation.
inline double python_sum(const double *items, int count) {
    if (count == 0) return 0.0;
    double total = items[0];
#if PY_VERSION_HEX >= 0x030C0000
    double compensation = 0.0;
    for (int i = 1; i < count; ++i) {
        double x = items[i], t = total + x;
        if (std::fabs(total) >= std::fabs(x)) compensation += (total - t) + x;
        else compensation += (x - t) + total;
        total = t;
    }
    if (compensation != 0.0 && std::isfinite(compensation)) total += compensation;
#else
    for (int i = 1; i < count; ++i) total += items[i];
#endif
    return total;
}

// bot.Reading: what each action would change, from `me`'s seat.
class Reading {
public:
    Reading(const State &state, int me) : state_(state), me_(me) {
        for (int p = 0; p < 2; ++p)
            for (int pile = 0; pile < 5; ++pile) counts_[p][pile] = state.scored(p, pile).size;
        horizon_ = state.deck_size() >= 3 ? 1.0 : 0.0;
        uint64_t known = state.known(me);
        uint64_t seen = State::bits(state.hand(me)) | state.discarded() | known;
        for (int zone = 0; zone < 4; ++zone) seen |= State::bits(state.side(zone, 0)) | State::bits(state.side(zone, 1));
        for (int p = 0; p < 2; ++p)
            for (int pile = 0; pile < 5; ++pile) seen |= State::bits(state.scored(p, pile));
        unseen_ = 52 - std::popcount(seen);
        for (int suit = 0; suit < 4; ++suit) {
            uint64_t of_suit = ((uint64_t{1} << 13) - 1) << (13 * suit);
            seen_of_[SUIT_ZONE[suit]] = std::popcount(seen & of_suit);
            known_of_[SUIT_ZONE[suit]] = std::popcount(known & of_suit);
        }
        draws_ = std::max(0, state.hand(1 - me).size - std::popcount(known));
    }

    double worth(const Action &action) {
        switch (action.kind) {
            case ATTACK: case DEFEND: case CRAWL: {
                double prices[20];
                for (int i = 0; i < action.cards.size; ++i) prices[i] = price(action.cards.items[i]);
                double cost = python_sum(prices, action.cards.size) * horizon_;
                double penalty = action.kind == CRAWL ? 0.01 : 0.0;
                return play_change(action.zone, action.cards.size) - cost - penalty;
            }
            case TAKE: {
                Card card = action.cards.items[0];
                return gain(pile_of(card), me_) + face_bonus(card);
            }
            case SCORE: {
                double total = -0.01;
                for (int zone = 0; zone < 4; ++zone) {
                    auto [mine, theirs] = sides(zone);
                    if (mine > theirs) total += zone_gain(zone, me_) - battle(zone, mine, theirs);
                }
                return total;
            }
            case HARVEST:
                return std::min(counts_[me_][3], state_.deck_size()) * STEAL_WORTH * horizon_ - 0.02;
            case END: return 0.0;
            default: return magic(action);
        }
    }

private:
    // The chance that the opponent holds fewer than `lead` cards of the zone's suit.
    double hold(int zone, int lead) {
        if (!have_holds_[zone]) {
            hold_chances(zone);
            have_holds_[zone] = true;
        }
        return holds_[zone][std::min(lead, 13)];
    }

    void hold_chances(int zone) {
        double share = unseen_ ? static_cast<double>(13 - seen_of_[zone]) / unseen_ : 0.0;
        share = std::min(share, 0.999);
        int known = known_of_[zone], draws = draws_;
        // the opponent's cards of the suit: the known ones plus binomial(draws, share)
        double below = 0.0, term = std::pow(1 - share, static_cast<double>(draws));
        for (int count = 0; count < 14; ++count) {
            holds_[zone][count] = below;
            int held = count - known;
            if (0 <= held && held <= draws) {
                below += term;
                term = term * (draws - held) / (held + 1) * share / (1 - share);
            }
        }
    }

    // What one card more (change 1) or less (-1) in `pile` means to `player`.
    double gain(int pile, int player, int change = 1) const {
        int margin = counts_[player][pile] - counts_[1 - player][pile];
        if (change < 0) margin -= 1;
        double value = margin == 0 || margin == -1 ? 1.0 : 0.3 / (margin > 0 ? margin : -margin - 1);
        return value + PILE_BONUS[pile];
    }

    // What winning the battle of `zone` is worth to `player` (the best card in it).
    double zone_gain(int zone, int player) {
        double &known = gains_[zone][player];
        if (!have_gains_[zone][player]) {
            double best = 0.0;
            for (int side = 0; side < 2; ++side) {
                const Pile &cards = state_.side(zone, side);
                for (int i = 0; i < cards.size; ++i) {
                    Card card = cards.items[i];
                    double value = gain(pile_of(card), player) + face_bonus(card);
                    if (value > best) best = value;
                }
            }
            known = best != 0.0 ? best : gain(zone, player);
            have_gains_[zone][player] = true;
        }
        return known;
    }

    // One battle after my action (the opponent moves next).
    double battle(int zone, int mine, int theirs) {
        if (mine > theirs) {
            double kept = 1 - (1 - hold(zone, mine - theirs)) * ANSWER_RATE;
            return zone_gain(zone, me_) * kept * horizon_;
        }
        if (theirs > mine) return -zone_gain(zone, 1 - me_) * 0.9;
        return 0.0;
    }

    // How the battle of `zone` changes when I add `count` cards to my side.
    double play_change(int zone, int count) {
        auto [mine, theirs] = sides(zone);
        return battle(zone, mine + count, theirs) - battle(zone, mine, theirs);
    }

    std::pair<int, int> sides(int zone) const {
        return {state_.side(zone, me_).size, state_.side(zone, 1 - me_).size};
    }

    double magic(const Action &action) {
        if (action.kind == PILE_MAGIC) {
            Card card = action.cards.items[0];
            double loss = gain(SUIT_ZONE[suit_of(card)], me_, -1);
            return suit_of(card) == 1 ? -loss : -loss - 1;
        }
        double loss = gain(FACES, me_, -1);
        switch (action.kind) {
            case JACK_MAGIC:
                if (action.cards.size) return gain(pile_of(action.cards.items[0]), 1 - me_, -1) - loss;
                break;
            case QUEEN_MAGIC:
                return std::min(3, static_cast<int>(state_.hand(1 - me_).size)) * STEAL_WORTH * 2 - loss;
            case KING_MAGIC:
                if (action.zone >= 0) {
                    auto [mine, theirs] = sides(action.zone);
                    return -battle(action.zone, mine, theirs) - loss;
                }
                break;
            default: break;
        }
        return -loss;
    }

    const State &state_;
    int me_;
    int counts_[2][5];
    double horizon_;
    int unseen_, draws_, seen_of_[4], known_of_[4];
    double holds_[4][14];
    bool have_holds_[4] = {};
    double gains_[4][2];
    bool have_gains_[4][2] = {};
};

}  // namespace heuristic

// bot.HeuristicBot: greedy over the Reading; ties go to the first legal action.
class HeuristicSeat final : public Seat<State> {
public:
    int choose(const State &state, int player, const Legal &legal) override {
        heuristic::Reading reading(state, player);
        int count = static_cast<int>(legal.size());
        values_.resize(count);
        for (int i = 0; i < count; ++i) values_[i] = reading.worth(legal[i]);
        // ♥ Magic is worth the extra action: about the second-best other action
        others_.clear();
        bool magic = false;
        for (int i = 0; i < count; ++i) {
            if (hearts_magic(legal[i])) magic = true;
            else others_.push_back(values_[i]);
        }
        if (magic) {
            double second = 0.0;
            if (others_.size() > 1) {
                std::nth_element(others_.begin(), others_.begin() + 1, others_.end(), std::greater<double>());
                second = others_[1];
            }
            double extra = second > 0.0 ? second : 0.0;
            for (int i = 0; i < count; ++i)
                if (hearts_magic(legal[i])) values_[i] += extra;
        }
        int best = 0;
        for (int i = 1; i < count; ++i)
            if (values_[i] > values_[best]) best = i;
        return best;
    }

private:
    static bool hearts_magic(const Action &action) {
        return action.kind == PILE_MAGIC && suit_of(action.cards.items[0]) == 1;
    }

    std::vector<double> values_, others_;
};

}  // namespace cardtable::pillars
