// Match 2-52's heuristic bot (games/match_2_52/bot.py), natively: the same value of every legal
// action, worked out in the same doubles in the same order, and the same tie-break drawn from
// the bot's own generator.
//
// What it reads, for its own seat `me` only: the face-up cards, the face-down cards it may see
// (known to everybody, or looked at by it with a Jack), both catch zones, the deck's known
// bottom and the actions left in the turn; never another face-down card or the deck's unknown
// part.
#pragma once
#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "match_2_52.hpp"
#include "seats.hpp"

namespace cardtable::match_2_52 {

namespace heuristic {

constexpr double WIN = 100.0, FOLLOW_UP = 0.95, GIFT = 0.8, PROGRESS = 0.05;

// bot.JOINABLE, as bits: for each slot, the non-adjacent slots whose card one Move can bring
// beside it (or it beside them).
struct Joinable {
    unsigned bits[SLOTS] = {};

    static bool adjacent(int a, int b) {
        for (int i = 0; i < GRID.n_neighbours[a]; ++i)
            if (GRID.neighbours[a][i] == b) return true;
        return false;
    }

    Joinable() {
        for (int s = 0; s < SLOTS; ++s)
            for (int u = 0; u < SLOTS; ++u) {
                if (u == s || adjacent(s, u)) continue;
                bool joins = false;
                for (int t : GRID.partners[s]) joins |= t != u && adjacent(u, t);
                for (int t : GRID.partners[u]) joins |= t != s && adjacent(s, t);
                if (joins) bits[s] |= 1u << u;
            }
    }
};
inline const Joinable JOINABLE;

inline double pair_value(int rank, int mine, int theirs) {
    if (mine + 2 >= 12) return WIN;
    if (rank == KING) return -2.0 * (mine - theirs) - 2.0;  // the zones swap after the catch
    if (rank == ACE) {
        if (mine + 3 >= 12 && theirs) return WIN;
        return theirs ? 4.0 : 2.0;
    }
    if (rank == QUEEN) return 2.6;
    if (rank == JACK) return 2.3;
    return 2.0;
}

// The order in which Python walks `set(ranks)` of small ints first seen in `ranks`' order: in
// rank order once the set has grown past its first table of 8 slots (5 ranks or more), else in
// the order of that table, where a rank goes to slot rank % 8 or, when taken, the next of
// i -> 5i + 1 (mod 8).
inline int python_set_order(const int *ranks, int count, int *order) {
    int slots[8], distinct = 0;
    std::fill(slots, slots + 8, 0);
    bool present[15] = {};
    for (int i = 0; i < count; ++i) {
        int r = ranks[i];
        if (present[r]) continue;
        present[r] = true;
        ++distinct;
        if (distinct < 5) {
            unsigned slot = r & 7;
            while (slots[slot]) slot = (slot * 5 + 1) & 7;
            slots[slot] = r;
        }
    }
    int n = 0;
    if (distinct >= 5) {
        for (int r = 0; r < 15; ++r)
            if (present[r]) order[n++] = r;
    } else {
        for (int slot : slots)
            if (slot) order[n++] = slot;
    }
    return n;
}

// bot.Belief: a rank (0 when unknown) and a face for every slot, as `me` knows them.
class Belief {
public:
    Belief(const State &state, int me) {
        bool seen[52] = {};
        for (int s = 0; s < SLOTS; ++s) {
            up_[s] = state.up(s);
            if (state.visible(s, me)) {
                rank_[s] = rank_of(state.card(s));
                seen[state.card(s)] = true;
            }
        }
        mine_ = state.catch_zone(me).size;
        theirs_ = state.catch_zone(1 - me).size;
        for (int p = 0; p < 2; ++p) {
            const auto &zone = state.catch_zone(p);
            for (int i = 0; i < zone.size; ++i) seen[zone.items[i]] = true;
        }
        for (int i = state.deck_size() - state.deck_known(); i < state.deck_size(); ++i)
            seen[state.deck_card(i)] = true;
        int unseen[52], n = 0;
        for (Card card = 0; card < 52; ++card)
            if (!seen[card]) unseen[n++] = rank_of(card);
        int count[15] = {};
        for (int i = 0; i < n; ++i) ++count[unseen[i]];
        int order[13];
        n_chances_ = python_set_order(unseen, n, order);
        for (int i = 0; i < n_chances_; ++i)
            chances_[i] = {order[i], static_cast<double>(count[order[i]]) / n};
        actions_left_ = state.actions_left();
    }

    int rank(int slot) const { return rank_[slot]; }
    bool up(int slot) const { return up_[slot]; }
    int mine() const { return mine_; }
    int theirs() const { return theirs_; }
    int actions_left() const { return actions_left_; }

    double value(int rank) const { return pair_value(rank, mine_, theirs_); }

    // `outlook` of the table as it is, worked out once per decision.
    double table_outlook(int actions_after) {
        for (const auto &[after, value] : table_outlooks_)
            if (after == actions_after) return value;
        double value = outlook(rank_, up_, actions_after);
        table_outlooks_.push_back({actions_after, value});
        return value;
    }

    double six_value(int actions_after) const {
        if (theirs_ + 1 >= 12) return -WIN;
        return -1.0 - 0.6 * actions_after;
    }

    // What the table is worth after an action: the best sure catch of the next action, or, when
    // the turn ends, minus the best catch it leaves the opponent.
    double outlook(const int *rank, const bool *up, int actions_after) const {
        unsigned faces[15] = {};  // the face-up slots of each rank, as bits
        for (int s = 0; s < SLOTS; ++s)
            if (up[s]) faces[rank[s]] |= 1u << s;
        double best = 0.0;
        if (actions_after) {
            for (int r = 0; r < 15; ++r) {
                unsigned slots = faces[r];
                if (std::popcount(slots) < 2) continue;
                bool joins = false;
                for (int s = 0; s < SLOTS; ++s)
                    if (slots >> s & 1 && JOINABLE.bits[s] & slots) joins = true;
                if (joins) best = std::max(best, value(r));
            }
            for (int s = 0; s < SLOTS; ++s) {
                int r = rank[s];
                if (!r || r == SIX || up[s]) continue;
                for (int i = 0; i < GRID.n_neighbours[s]; ++i)
                    if (faces[r] >> GRID.neighbours[s][i] & 1) {
                        best = std::max(best, value(r));
                        break;
                    }
            }
            return FOLLOW_UP * best;
        }
        for (int r = 0; r < 15; ++r)
            if (std::popcount(faces[r]) > 1) best = std::max(best, pair_value(r, theirs_, mine_));
        return -GIFT * best;
    }

    // The expected worth of turning the card at `slot` face up.
    double reveal_value(int slot, int actions_after) {
        int known = rank_[slot];
        std::pair<int, double> certain[1] = {{known, 1.0}};
        const std::pair<int, double> *outcomes = known ? certain : chances_;
        int n_outcomes = known ? 1 : n_chances_;
        double total = 0.0;
        int rank[SLOTS];
        bool up[SLOTS];
        std::copy(rank_, rank_ + SLOTS, rank);
        std::copy(up_, up_ + SLOTS, up);
        up[slot] = true;
        bool on_table[15] = {};
        for (int r : rank_) on_table[r] = true;
        // A rank found nowhere else on the table pairs with nothing: one outlook for them all.
        bool have_lone = false;
        double lone = 0.0;
        for (int i = 0; i < n_outcomes; ++i) {
            auto [r, chance] = outcomes[i];
            if (r == SIX) {
                total += chance * six_value(actions_after);
                continue;
            }
            rank[slot] = r;
            bool pairs = false;
            for (int k = 0; k < GRID.n_neighbours[slot]; ++k) {
                int u = GRID.neighbours[slot][k];
                if (up[u] && rank[u] == r) pairs = true;
            }
            if (pairs) {
                total += chance * (value(r) + table_outlook(actions_after));
            } else if (on_table[r]) {
                total += chance * (outlook(rank, up, actions_after) + PROGRESS);
            } else {
                if (!have_lone) {
                    lone = outlook(rank, up, actions_after);
                    have_lone = true;
                }
                total += chance * (lone + PROGRESS);
            }
        }
        return total;
    }

    double move_value(int slot, int to, int actions_after) {
        int rank[SLOTS];
        bool up[SLOTS];
        std::copy(rank_, rank_ + SLOTS, rank);
        std::copy(up_, up_ + SLOTS, up);
        std::swap(rank[slot], rank[to]);
        std::swap(up[slot], up[to]);
        double caught = 0.0;
        for (int s : {slot, to}) {
            int r = rank[s];
            if (!up[s]) continue;
            for (int k = 0; k < GRID.n_neighbours[s]; ++k) {
                int u = GRID.neighbours[s][k];
                if (up[u] && rank[u] == r) {
                    caught += value(r);
                    break;
                }
            }
        }
        if (caught != 0.0) return caught + table_outlook(actions_after);
        return outlook(rank, up, actions_after);
    }

    double replace_value(int slot, int actions_after) const {
        int rank[SLOTS];
        bool up[SLOTS];
        std::copy(rank_, rank_ + SLOTS, rank);
        std::copy(up_, up_ + SLOTS, up);
        rank[slot] = 0;
        up[slot] = false;
        return outlook(rank, up, actions_after) - PROGRESS;
    }

private:
    int rank_[SLOTS] = {};
    bool up_[SLOTS] = {};
    int mine_, theirs_, actions_left_;
    std::pair<int, double> chances_[13];  // each unseen rank's chance, in Python's dict order
    int n_chances_;
    std::vector<std::pair<int, double>> table_outlooks_;
};

}  // namespace heuristic

// bot.HeuristicBot: greedy on the values, ties broken by its own seeded generator.
class HeuristicSeat final : public Seat<State> {
public:
    explicit HeuristicSeat(uint64_t seed) : rng_(seed) {}

    int choose(const State &state, int player, const LegalOf<State> &legal) override {
        heuristic::Belief belief(state, player);
        int count = static_cast<int>(legal.size());
        scores_.resize(count);
        for (int i = 0; i < count; ++i) scores_[i] = score(belief, legal[i]);
        double best = *std::max_element(scores_.begin(), scores_.end());
        ties_.clear();
        for (int i = 0; i < count; ++i)
            if (scores_[i] >= best - 1e-9) ties_.push_back(i);
        return ties_[rng_.below(static_cast<uint32_t>(ties_.size()))];
    }

private:
    static double score(heuristic::Belief &belief, const Action &action) {
        int after = belief.actions_left() - 1;
        switch (action.kind) {
            case MOVE: return belief.move_value(action.slot, action.other, after);
            case RETURN: return belief.reveal_value(action.slot, after);
            case REPLACE: return belief.replace_value(action.slot, after);
            case TURN_SLOT: return belief.reveal_value(action.slot, belief.actions_left());  // free
            case CONSULT_SLOT: return consult_value(belief, action.slot);
            case SPECIAL_RANK: return special_value(belief, action.slot);
            default: return 0.0;  // a Take or a Pair: every choice gives the same count
        }
    }

    // Look where knowing helps: an unknown card beside face-up cards.
    static double consult_value(const heuristic::Belief &belief, int slot) {
        if (belief.rank(slot)) return -1.0;
        double beside = 0.0;
        for (int i = 0; i < GRID.n_neighbours[slot]; ++i)
            if (belief.up(GRID.neighbours[slot][i])) beside += 1.0;
        return beside + 0.1 * GRID.n_neighbours[slot];
    }

    // Kings before Aces, Jacks next, Queens last; an Ace that wins goes first.
    static double special_value(const heuristic::Belief &belief, int rank) {
        if (rank == ACE && belief.mine() + 1 >= 12 && belief.theirs()) return 10.0;
        switch (rank) {
            case KING: return 4.0;
            case ACE: return 3.0;
            case JACK: return 2.0;
            default: return 1.0;
        }
    }

    Rng rng_;
    std::vector<double> scores_;
    std::vector<int> ties_;
};

}  // namespace cardtable::match_2_52
