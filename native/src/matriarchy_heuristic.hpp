// Matriarchy's heuristic bot (games/matriarchy/bot.py), natively: the same estimates in the same
// order of operations, the same tie-breaks from the same generator, so that it makes the same
// choices as the Python bot from the same seed.
//
// What it reads: everything in Matriarchy is public but the deck, and the bot reads the public
// table only (towers, Moats and their seals, the communal pile, the card drawn, the options),
// and of the deck only which cards are still in it (`State::unseen`: every card out of the deck
// is on the table, so this is what the view tells), never their order.
#pragma once
#include <algorithm>
#include <cstdint>

#include "matriarchy.hpp"
#include "pymath.hpp"
#include "seats.hpp"

namespace cardtable::matriarchy {

// bot.Weights: the bot's judgement in numbers.
struct Weights {
    double share_per_closer = 0.8, share_cap = 0.8, height_bonus = 0.25, close_height_bonus = 0.1,
           growth = 0.05, start_cost = 0.3, rescue_per_resolver = 0.25, moat_risk = 0.15,
           moat_bonus = 0.3, tempo = 0.6, pile_margin = 0.05;
};

// bot.Outlook: the numbers the bot reasons with, read once per decision.
class Outlook {
public:
    Outlook(const State &state, int player, const Weights &weights) : me(player), w(weights), state_(state) {
        const Options &options = state.options();
        red_[0] = options.red_player == 0;
        red_[1] = !red_[0];
        unseen = state.unseen();
        int queens[2] = {0, 0}, kings[2] = {0, 0};  // by colour: black 0, red 1
        for (Card card = 0; card < 52; ++card) {
            if (!(unseen >> card & 1)) continue;
            ++unseen_count;
            int rank = rank_of(card);
            if (rank == QUEEN) ++queens[is_red(card)];
            else if (rank == KING) ++kings[is_red(card)];
            else if (rank == ACE) ++aces_left_;
        }
        for (int p = 0; p < 2; ++p) {
            queens_left_[p] = queens[red_[p]];
            kings_left_[p] = kings[red_[p]];
        }
        for (int p = 0; p < 2; ++p) {
            close_share_[p] = close_share(p);
            rescue_[p] = rescue_chance(p);
        }
    }

    const int me;
    const Weights &w;
    uint64_t unseen = 0;
    int unseen_count = 0;

    // Outlook.owner
    int owner(Card card, int drawer) const {
        int rank = rank_of(card);
        if (rank <= 10 || (rank == ACE && !state_.options().ace_owner_colour)) return drawer;
        return is_red(card) == red_[0] ? 0 : 1;
    }

    // Outlook.potential, of a tower `height` high with `top` on top.
    double potential(int player, int height, int top, bool closing = false) const {
        if (height == 0) return 0.0;
        if (top == JACK) {
            double rescue = rescue_[player];
            return rescue * ((height + 1) / 2) - (1 - rescue) * (height / 2);
        }
        double share = close_share_[player];
        double bonus = closing ? w.close_height_bonus : w.height_bonus;
        return share * height * (1 + bonus * height) + share * w.growth * (10 - top) - w.start_cost;
    }

    double potential(int player, const Tower &tower, bool closing = false) const {
        return tower.empty() ? 0.0 : potential(player, tower.size, rank_of(tower.back()), closing);
    }

    // Outlook.moat_cost, of the Moat of these ranks (at most three, in any order).
    double moat_cost(int player, int *ranks, int count) const {
        for (int i = 1; i < count; ++i)  // sorted, lowest first
            for (int j = i; j > 0 && ranks[j] < ranks[j - 1]; --j) std::swap(ranks[j], ranks[j - 1]);
        PySum sum;
        for (int i = 0; i < count; ++i) sum.add(ranks[i] * (i < kings_left_[player] ? w.moat_risk : 1.0));
        return sum.value();
    }

    double moat_cost(int player, int extra = 0) const {
        const Cards<MOAT_SIZE> &moat = state_.moat(player);
        int ranks[MOAT_SIZE + 1], count = 0;
        for (int i = 0; i < moat.size; ++i) ranks[count++] = rank_of(moat.items[i]);
        if (extra) ranks[count++] = extra;
        return moat_cost(player, ranks, count);
    }

    // Outlook.place_gain
    double place_gain(int player, int slot, int rank) const {
        const Tower &tower = state_.tower(player, slot);
        double before = potential(player, tower);
        if (rank <= 10 || rank == JACK) return potential(player, tower.size + 1, rank) - before;
        if (rank == KING) {
            const Cards<MOAT_SIZE> &moat = state_.moat(player);
            if (moat.empty()) return -before;
            int ranks[MOAT_SIZE], count = moat.size;
            for (int i = 0; i < count; ++i) ranks[i] = rank_of(moat.items[i]);
            int low = 0;
            for (int i = 1; i < count; ++i)
                if (ranks[i] < ranks[low]) low = i;
            int rest[MOAT_SIZE], left = 0, low_rank = ranks[low];
            for (int i = 0; i < count; ++i)
                if (i != low) rest[left++] = ranks[i];
            return potential(player, 1, low_rank) - before + moat_cost(player) - moat_cost(player, rest, left);
        }
        // towers.close_points: the count with the closer; half of it over a Jack or by an Ace
        int count = tower.size + 1;
        bool clean = tower.empty() || rank_of(tower.back()) != JACK;
        int points = rank == QUEEN && clean ? count : count / 2;
        return points - potential(player, tower, true);
    }

    // Outlook.bank_gain
    double bank_gain(int player, int rank) const {
        double after = moat_cost(player, rank);
        return moat_cost(player) - after + w.moat_bonus;
    }

    // Outlook.best_gain: Python's max, the first of equal gains kept.
    double best_gain(int player, int rank, bool may_bank = true) const {
        double best = 0.0;
        bool any = false;
        auto consider = [&](double gain) {
            if (!any || gain > best) best = gain;
            any = true;
        };
        for (int slot = 0; slot < SLOTS; ++slot)
            if (state_.fits(rank, state_.tower(player, slot))) consider(place_gain(player, slot, rank));
        if (may_bank && rank <= 10 && !state_.sealed(player) && state_.moat(player).size < MOAT_SIZE)
            consider(bank_gain(player, rank));
        if (rank <= 10 || !any) consider(0.0);  // a number card may always be discarded
        return best;
    }

    // Outlook.card_value
    double card_value(Card card, int drawer) const {
        int owner = this->owner(card, drawer);
        if (owner == drawer) return best_gain(drawer, rank_of(card));
        return w.tempo - best_gain(owner, rank_of(card), false);
    }

private:
    // Outlook._close_share
    double close_share(int player) const {
        double closers = queens_left_[player] + 0.25 * aces_left_;
        int empty = 0;
        for (int slot = 0; slot < SLOTS; ++slot) empty += state_.tower(player, slot).empty();
        int open_towers = std::max(1, SLOTS - empty);
        return std::min(w.share_cap, w.share_per_closer * closers / open_towers);
    }

    // Outlook._rescue_chance
    double rescue_chance(int player) const {
        double resolvers = queens_left_[player] + kings_left_[player] + 0.5 * aces_left_;
        return std::min(0.8, w.rescue_per_resolver * resolvers);
    }

    const State &state_;
    bool red_[2];
    int queens_left_[2], kings_left_[2], aces_left_ = 0;
    double close_share_[2], rescue_[2];
};

// bot.HeuristicBot: greedy on the estimate, ties broken at random from its own seed.
class HeuristicSeat final : public Seat<State> {
public:
    explicit HeuristicSeat(uint64_t seed, const Weights &weights = Weights()) : rng_(seed), w_(weights) {}

    int choose(const State &state, int player, const Legal &legal) override {
        Outlook table(state, player, w_);
        if (legal[0] == DRAW_DECK || legal[0] == DRAW_PILE) return choose_draw(table, state, legal);
        int rank = rank_of(state.drawn());
        int best = 0;
        double best_gain = 0.0, best_draw = 0.0;
        for (int i = 0; i < legal.count(); ++i) {  // max by (gain, draw), the first kept
            Action action = legal[i];
            double gain = action >= PLACE_1 && action <= PLACE_4 ? table.place_gain(player, action - PLACE_1, rank)
                          : action == BANK ? table.bank_gain(player, rank)
                                           : 0.0;
            double draw = rng_.random();
            if (i == 0 || gain > best_gain || (gain == best_gain && draw > best_draw)) {
                best = i;
                best_gain = gain;
                best_draw = draw;
            }
        }
        return best;
    }

private:
    // HeuristicBot._choose_draw: the communal top when it is worth more than an average unseen
    // card (each card's value summed in the deck's standard order, as the Python bot sums them).
    int choose_draw(const Outlook &table, const State &state, const Legal &legal) const {
        int deck = 0, pile = legal.count() - 1;
        if (table.unseen_count == 0 || state.pile().empty()) return pile;
        PySum sum;
        for (Card card = 0; card < 52; ++card)
            if (table.unseen >> card & 1) sum.add(table.card_value(card, table.me));
        double expected = sum.value() / table.unseen_count;
        return table.card_value(state.pile().back(), table.me) > expected + w_.pile_margin ? pile : deck;
    }

    Rng rng_;
    Weights w_;
};

}  // namespace cardtable::matriarchy
