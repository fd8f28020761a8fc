// The Queen's Mercy's heuristic bot (games/queens_mercy/bot.py), natively: the same chances
// from the same bit masks, the same copy of a trick's resolution (`trick`, the bot's own, as
// `_trick`), the same scores in the same order of operations and the same tie-breaks, so that it
// makes the same choices as the Python bot. It is deterministic (its seed is accepted and unused,
// as in Python). What depends on the options alone (the beats tables, each suit's typical
// values: `heuristic::Rules`) is worked out once per set of rule switches and shared by every
// seat; a decision works out only the entries of each card's table that it reads (the Python
// bot memoizes whole tables by situation: looking one up costs more here than those few tricks).
//
// What it reads: the public table (suits, scores, locks, lead, trick number, Market Chaos, deck
// sizes, discard counts, which ranks the foe has not played yet: `State::unplayed`, the
// complement of the foe's discard pile), its own hand through its legal commits, and under an
// open Market Chaos the foe's hand, which that rule shows it as its legal choices.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>

#include "queens_mercy.hpp"
#include "seats.hpp"

namespace cardtable::queens_mercy {

namespace heuristic {

constexpr int NO_SUIT = -1;  // the foe's card of a typical value: a plain card of its rank
constexpr int FULL = 0b111111111111101;  // every rank's bit: the Joker (0), 2 to 14
constexpr int NUMBERS = 0b11111111100;  // 2 to 10
constexpr int POWER_RANKS[5] = {JACK, QUEEN, KING, ACE, JOKER};  // bits 0-4 of a power set
constexpr int CLAIM_ORDER[4] = {3, 1, 0, 2};  // book.CLAIM_ORDER by suit ♠ ♥ ♦ ♣: ♦ first, then ♥, ♣, ♠
constexpr double KEEP = 1.0, CAP_BONUS = 4.0;

// cards.POWER_ORDER, 9 for the ranks without one
constexpr int power_order(int rank) {
    return rank == JACK ? 1 : rank == QUEEN ? 2 : rank == KING ? 3 : rank == ACE ? 4 : rank == JOKER ? 5 : 9;
}
constexpr bool has_power(int rank) { return power_order(rank) != 9; }

// bot._Situation: the facts of the trick about to be played, the bot's value first.
struct Situation {
    int scores[2];
    int cap;
    bool locked[2] = {false, false};
    bool half_discard[2] = {false, false};  // each side's foe has discarded 7 or more
    bool half_deck[2] = {false, false};  // each side's foe holds 7 or more in their deck
    int lead = 0;
    bool near_cap() const { return std::max(scores[0], scores[1]) + 4 >= cap; }
};

// bot._add
inline void add(int scores[2], const bool locked[2], int p, int k) {
    if (!locked[p] && scores[p] + k >= 0) scores[p] += k;
}

// bot._steal
inline void steal(int scores[2], const bool locked[2], int p, bool foe_still_loses) {
    if (locked[1 - p] || scores[1 - p] < 1 || (locked[p] && !foe_still_loses)) return;
    scores[1 - p] -= 1;
    if (!locked[p]) scores[p] += 1;
}

// int.bit_count, inline (std::popcount is a library call where the build may not assume the
// processor's instruction).
constexpr int bit_count(int mask) {
    auto x = static_cast<uint32_t>(mask);
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// bot._subset_sums, one entry: the sum of the values of the set `index` (a 5-bit index), added
// as the Python bot's table adds them (its highest value first, from 0.0).
inline double subset_sum(const double values[5], int index) {
    double sum = 0.0;
    for (int i = 4; i >= 0; --i)
        if (index >> i & 1) sum += values[i];
    return sum;
}

// bot._worth: the net points of an outcome, with the cap's bonus or penalty.
inline double worth(int mine, int theirs, const Situation &x) {
    double value = mine - theirs;
    if (!x.near_cap()) return value;
    int me = x.scores[0] + mine, foe = x.scores[1] + theirs;
    if (me >= x.cap && me > foe) value += CAP_BONUS;
    else if (foe >= x.cap && foe >= me) value -= CAP_BONUS;
    return value;
}

// What the bot knows under a game's rule switches: who beats whom (cards.beats_mask), its own
// copy of a trick's resolution (`trick`) and each suit's typical values, worked out once per set
// of switches (`of`) and shared by every seat.
class Rules {
public:
    explicit Rules(const Options &options)
        : ks_table_(!options.ks_prose), qs_table_(!options.qs_prose),
          xs_requires_win_(options.xs_requires_win), foe_still_loses_(options.foe_still_loses),
          ace_is_face_(options.ace_is_face) {
        for (int a = 0; a < 15; ++a) {  // cards.beats_mask
            beats_[a] = 0;
            for (int b : RANKS) {
                bool wins = a == b ? false : a == JOKER ? is_face(b) : b == JOKER ? !is_face(a) : a > b;
                if (wins) beats_[a] |= 1 << b;
            }
        }
        for (int a = 0; a < 15; ++a) {
            loses_[a] = 0;
            for (int b : RANKS)
                if (beats_[b] >> a & 1) loses_[a] |= 1 << b;
        }
        for (int rank = 0; rank < 15; ++rank) {
            int outcomes[3] = {1, 0, -1};
            for (int k = 0; k < 3; ++k) {
                numbered_[rank][k] = 0;
                for (int r = 2; r <= 10; ++r)
                    if (result(rank, r) == outcomes[k]) {
                        numbered_[rank][k] = r;
                        break;
                    }
            }
        }
        for (int suit = 0; suit < 4; ++suit)
            for (int rank = 0; rank < 15; ++rank)
                for (int foe_suit = 0; foe_suit <= PLAIN; ++foe_suit)
                    for (int foe_rank = 0; foe_rank < 15; ++foe_rank)
                        plans_[suit][rank][foe_suit][foe_rank] = plan_of(suit, rank, foe_suit, foe_rank);
        for (int suit = 0; suit < 4; ++suit)
            for (int rank = 0; rank < 15; ++rank) typical_[suit][rank] = rank == 1 ? 0.0 : typical(suit, rank);
    }

    // The rules of `options`, made at first use and kept for the life of the process.
    static const Rules &of(const Options &options) {
        int key = options.ks_prose | options.qs_prose << 1 | options.xs_requires_win << 2 |
                  options.foe_still_loses << 3 | options.ace_is_face << 4;
        static std::once_flag made[32];
        static std::unique_ptr<const Rules> kept[32];
        std::call_once(made[key], [&] { kept[key] = std::make_unique<const Rules>(options); });
        return *kept[key];
    }

    bool is_face(int rank) const {  // cards.face_ranks: never the Joker
        return rank == JACK || rank == QUEEN || rank == KING || (rank == ACE && ace_is_face_);
    }

    // bot._result: +1 if `rank` wins against `foe_rank`, 0 for a tie, -1 if it loses.
    int result(int rank, int foe_rank) const {
        return beats_[rank] >> foe_rank & 1 ? 1 : rank == foe_rank ? 0 : -1;
    }

    // HeuristicBot._trick: the points (mine, the foe's) when my card meets the foe's: nullify,
    // locks, the powers in order, the base point, the after-scoring checks (`foe_power` false:
    // the foe's card is a plain card of its rank). What the two cards alone decide (the result,
    // the nullifications, the locks, each card's power under that result, the order of the
    // powers, the after-scoring checks) is read from the pair's `Plan`, worked out once; what
    // is left here depends on the situation's scores, locks and counts.
    std::pair<int, int> trick(int suit, int rank, int foe_suit, int foe_rank, const Situation &x,
                              bool foe_power = true) const {
        const Plan &plan = plans_[suit][rank][foe_power ? foe_suit : PLAIN][foe_rank];
        int res = plan.res;
        if (plan.simple) {  // the base point alone
            if (res == 0 || x.locked[res > 0 ? 0 : 1]) return {0, 0};
            return res > 0 ? std::pair{1, 0} : std::pair{0, 1};
        }
        int scores[2] = {x.scores[0], x.scores[1]};
        bool locked[2] = {x.locked[0] || plan.locks[0], x.locked[1] || plan.locks[1]};
        bool mine_first = plan.order == MINE_FIRST || (plan.order == BY_LEAD && x.lead == 0);
        for (int step = 0; step < 2; ++step) {
            int p = mine_first ? step : 1 - step;
            fire(plan.effects[p], p, scores, locked, x);
        }
        if (res) add(scores, locked, res > 0 ? 0 : 1, 1);
        for (int p = 0; p < 2; ++p) {
            int mine = scores[p], theirs = scores[1 - p];
            if (plan.after[p] == HEAVY_CROWN_AFTER && (mine < theirs || (mine == theirs && !ks_table_))) {
                add(scores, locked, p, -1);
            } else if (plan.after[p] == MERCY_PROSE_AFTER && mine > theirs) {
                add(scores, locked, p, 1);
                add(scores, locked, 1 - p, 2);
            }
        }
        return {scores[0] - x.scores[0], scores[1] - x.scores[1]};
    }

    // HeuristicBot._typical: the card's value in a level, early position against the foe's
    // full suit (the sum of ints, divided as Python's true division).
    double typical(int suit, int rank) const {
        Situation neutral{{3, 3}, 1000};
        int total = 0;
        for (int foe_rank : RANKS) {
            auto [mine, theirs] = trick(suit, rank, heuristic::NO_SUIT, foe_rank, neutral, false);
            total += mine - theirs;
        }
        return static_cast<double>(total) / 14;
    }

    // What a card's power does in a trick, its condition on the card's result already read.
    enum Effect : uint8_t { NO_EFFECT, STEAL, GAIN_1, GAIN_3, LOSE_1, FOE_LOSES_1, SECOND_WIND, RESTORATION,
                            RESTORATION_WON, MERCY_TABLE, MERCY_TABLE_WON, MOMENTUM, MOMENTUM_WON, EQUILIBRIUM,
                            REDISTRIBUTION, REDISTRIBUTION_PAID };
    enum After : uint8_t { NO_AFTER, HEAVY_CROWN_AFTER, MERCY_PROSE_AFTER };  // K♠, and Q♠ in prose
    enum Order : uint8_t { MINE_FIRST, FOE_FIRST, BY_LEAD };
    static constexpr int PLAIN = 4;  // the foe's suit of a plain card of its rank (NO_SUIT)

    // What two cards alone decide in `trick`, seat 0 mine, seat 1 the foe's.
    struct Plan {
        int8_t res = 0;
        bool simple = true;  // no lock, power or after-scoring check: the base point alone
        bool locks[2] = {false, false};
        Order order = MINE_FIRST;
        Effect effects[2] = {NO_EFFECT, NO_EFFECT};
        After after[2] = {NO_AFTER, NO_AFTER};
    };

    // HeuristicBot._trick's first half for my card (suit, rank) against the foe's (foe_suit, or
    // PLAIN, and foe_rank), in its order of tests.
    Plan plan_of(int suit, int rank, int foe_suit, int foe_rank) const {
        bool foe_power = foe_suit != PLAIN;
        int res = result(rank, foe_rank);
        const int s[2] = {suit, foe_power ? foe_suit : NO_SUIT}, r[2] = {rank, foe_rank}, won[2] = {res, -res};
        const bool null[2] = {foe_suit == CLUBS && foe_rank == JACK && is_face(rank) && foe_power,
                              suit == CLUBS && rank == JACK && is_face(foe_rank)};
        Plan plan;
        plan.res = static_cast<int8_t>(res);
        for (int p = 0; p < 2; ++p) {
            if (null[p]) continue;
            if ((s[p] == HEARTS && r[p] == QUEEN && won[p] < 0) || (s[p] == CLUBS && r[p] == QUEEN && won[p] >= 0))
                plan.locks[1 - p] = true;
            else if (s[p] == CLUBS && r[p] == JOKER)
                plan.locks[0] = plan.locks[1] = true;
            plan.effects[p] = effect_of(s[p], r[p], won[p], r[1 - p]);
            if (s[p] == SPADES && r[p] == KING) plan.after[p] = HEAVY_CROWN_AFTER;
            else if (s[p] == SPADES && r[p] == QUEEN && !qs_table_) plan.after[p] = MERCY_PROSE_AFTER;
        }
        int first = power_order(rank), second = power_order(foe_rank);
        plan.order = first < second ? MINE_FIRST : first > second ? FOE_FIRST : BY_LEAD;
        plan.simple = !plan.locks[0] && !plan.locks[1];
        for (int p = 0; p < 2; ++p) plan.simple = plan.simple && !plan.effects[p] && !plan.after[p];
        return plan;
    }

    // The power of a card (s, rk) whose result is w against a foe's card of rank foe_rank, as
    // HeuristicBot._trick tests them.
    Effect effect_of(int s, int rk, int w, int foe_rank) const {
        if (s == SPADES) {
            if (rk == ACE && w < 0) return STEAL;
            if (rk == KING && w > 0) return GAIN_1;
            if (rk == QUEEN && qs_table_) return w > 0 ? MERCY_TABLE_WON : MERCY_TABLE;
            if (rk == JACK && is_face(foe_rank)) return FOE_LOSES_1;
            if (rk == JOKER && (w > 0 || !xs_requires_win_)) return GAIN_1;
        } else if (s == HEARTS) {
            if (rk == ACE && w < 0) return SECOND_WIND;
            if (rk == KING && w < 0) return STEAL;
            if (rk == JACK && w >= 0) return GAIN_1;
            if (rk == JOKER) return w > 0 ? RESTORATION_WON : RESTORATION;
        } else if (s == DIAMONDS) {
            if (rk == ACE) return w > 0 ? GAIN_1 : w < 0 ? LOSE_1 : GAIN_3;
            if (rk == KING && w > 0) return STEAL;
            if (rk == QUEEN) return w > 0 ? MOMENTUM_WON : MOMENTUM;
            if (rk == JACK && w < 0) return FOE_LOSES_1;
        } else if (s == CLUBS) {
            if (rk == ACE && w <= 0) return EQUILIBRIUM;
            if (rk == KING) return w >= 0 ? REDISTRIBUTION_PAID : REDISTRIBUTION;
            if (rk == QUEEN && w < 0) return GAIN_1;
            if (rk == JACK && w == 0) return GAIN_1;
        }
        return NO_EFFECT;
    }

    // One power of seat p in HeuristicBot._trick, on the scores and locks of the trick so far.
    void fire(Effect effect, int p, int scores[2], bool locked[2], const Situation &x) const {
        int foe = 1 - p;
        switch (effect) {
            case NO_EFFECT: break;
            case STEAL: steal(scores, locked, p, foe_still_loses_); break;
            case GAIN_1: add(scores, locked, p, 1); break;
            case GAIN_3: add(scores, locked, p, 3); break;
            case LOSE_1: add(scores, locked, p, -1); break;
            case FOE_LOSES_1: add(scores, locked, foe, -1); break;
            case SECOND_WIND: add(scores, locked, p, x.half_discard[p] ? 2 : 1); break;
            case RESTORATION: case RESTORATION_WON:
                add(scores, locked, p, 2);
                if (effect == RESTORATION_WON) add(scores, locked, p, 1);
                break;
            case MERCY_TABLE: case MERCY_TABLE_WON:
                if (effect == MERCY_TABLE_WON) add(scores, locked, p, 1);
                if (scores[p] > scores[foe]) add(scores, locked, foe, 2);
                break;
            case MOMENTUM: case MOMENTUM_WON:
                if (x.scores[p] > x.scores[foe]) add(scores, locked, p, 1);
                if (effect == MOMENTUM_WON) add(scores, locked, p, 1);
                break;
            case EQUILIBRIUM: add(scores, locked, p, x.half_deck[p] ? 2 : 1); break;
            case REDISTRIBUTION: case REDISTRIBUTION_PAID:
                if (effect == REDISTRIBUTION_PAID) add(scores, locked, p, 2);
                if (scores[foe] < scores[p]) add(scores, locked, foe, 1);
                break;
        }
    }

    bool ks_table_, qs_table_, xs_requires_win_, foe_still_loses_, ace_is_face_;
    int beats_[15], loses_[15], numbered_[15][3];
    Plan plans_[4][15][5][15];  // by my suit and rank, the foe's suit (or PLAIN) and rank
    double typical_[4][15];  // HeuristicBot._typical_of, by suit and rank
};

}  // namespace heuristic

// The index of `wanted` among `legal`; -1 when it is not there.
inline int index_in(const Legal &legal, const Action &wanted) {
    for (int i = 0; i < static_cast<int>(legal.size()); ++i)
        if (legal[i] == wanted) return i;
    return -1;
}

// book.cut_choice: at a decision of the Queen's Cut, the index of the book's action among
// `legal` (claim, the strongest house offered, shape Hearts and Diamonds); -1 elsewhere.
inline int book_move(const State &, int, const Legal &legal) {
    switch (legal[0].kind) {
        case ROYAL_SHAPE: case ROYAL_CLAIM:
            return index_in(legal, Action{ROYAL_CLAIM});
        case SHAPE_SUITS:
            return index_in(legal, Action{SHAPE_SUITS, 0, false, NO_PREDICTION, HEARTS, DIAMONDS});
        case CLAIM_SUIT: {
            int best = 0;
            for (int i = 1; i < static_cast<int>(legal.size()); ++i)
                if (heuristic::CLAIM_ORDER[legal[i].suit] < heuristic::CLAIM_ORDER[legal[best].suit]) best = i;
            return best;
        }
        default:
            return -1;
    }
}

// bot.HeuristicBot
class HeuristicSeat final : public Seat<State> {
public:
    explicit HeuristicSeat(const Options &options) : cap_(options.cap), r_(heuristic::Rules::of(options)) {}

    int choose(const State &state, int me, const Legal &legal) override {
        const Action &first = legal[0];
        switch (first.kind) {
            case PLAY:
                return state.chaos() ? pick_for_foe(legal) : commit(state, me, legal);
            case ROYAL_SHAPE: case ROYAL_CLAIM: case SHAPE_SUITS: case CLAIM_SUIT:
                return std::max(book_move(state, me, legal), 0);
            case CHAOS:
                return 0;
            default:
                return answer_ultimatum(state, me, legal);
        }
    }

private:
    using Situation = heuristic::Situation;

    // HeuristicBot._answer_ultimatum: the choice that changes nothing; else keep the Joker's
    // owner off the cap.
    int answer_ultimatum(const State &state, int me, const Legal &legal) const {
        int foe = 1 - me;
        Kind give = FOE_PLUS_1, lose = ME_MINUS_1, answer;
        if (state.locked(me) || state.score(me) == 0) answer = lose;
        else if (state.locked(foe)) answer = give;
        else answer = state.score(foe) + 1 >= cap_ || state.score(me) > state.score(foe) ? lose : give;
        return std::max(index_in(legal, Action{answer}), 0);
    }

    // HeuristicBot._situation
    static Situation situation(const State &state, int me, int cap) {
        int foe = 1 - me;
        Situation x{{state.score(me), state.score(foe)}, cap};
        x.locked[0] = state.locked(me);
        x.locked[1] = state.locked(foe);
        x.half_discard[0] = state.discarded(foe) >= 7;
        x.half_discard[1] = state.discarded(me) >= 7;
        x.half_deck[0] = state.deck_size(foe) >= 7;
        x.half_deck[1] = state.deck_size(me) >= 7;
        x.lead = state.lead() == me ? 0 : 1;
        return x;
    }

    // HeuristicBot._commit: the card whose value now most exceeds its typical value (the first
    // of equal scores), then perhaps its House Privilege. A card's table (HeuristicBot._card_table)
    // is worked out only where the foe's unplayed cards read it: against the numbered cards it
    // beats, ties and loses to (each where the foe holds some), and against the foe's unplayed
    // powers, when the bot leads and, for a power card of the foe's rank, when the foe does.
    int commit(const State &state, int me, const Legal &legal) const {
        using namespace heuristic;
        int foe = 1 - me, suit = state.suit(me), foe_suit = state.suit(foe);
        int foe_mask = state.unplayed(foe);
        int n = heuristic::bit_count(foe_mask);
        int numbers = foe_mask & NUMBERS;
        int count = heuristic::bit_count(numbers);
        int powers = (foe_mask >> JACK) | (foe_mask & 1) << 4;  // J Q K A X as bits 0-4
        int by_lead = state.lead() == me ? 0 : 1;
        Situation x = situation(state, me, cap_);
        x.lead = 0;
        const double *typical = r_.typical_[suit];
        int best = 0;
        double best_score = -1e9;
        for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
            if (legal[i].privilege) continue;
            int rank = rank_of(legal[i].card);
            int wins = heuristic::bit_count(r_.beats_[rank] & numbers);
            int ties = numbers >> rank & 1;
            int held[3] = {wins, ties, count - wins - ties};
            double outcomes[3] = {0.0, 0.0, 0.0};  // a count of none reads none (0.0 for it: the
            for (int k = 0; k < 3; ++k) {            // same sum, but for the sign of a zero)
                int foe_rank = r_.numbered_[rank][k];
                if (!held[k] || !foe_rank) continue;
                auto [mine, theirs] = r_.trick(suit, rank, foe_suit, foe_rank, x);
                outcomes[k] = worth(mine, theirs, x);
            }
            double pairs[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
            for (int p = 0; p < 5; ++p) {
                if (!(powers >> p & 1)) continue;
                bool foe_leads = by_lead == 1 && has_power(rank) && POWER_RANKS[p] == rank;
                x.lead = foe_leads ? 1 : 0;
                auto [mine, theirs] = r_.trick(suit, rank, foe_suit, POWER_RANKS[p], x);
                pairs[p] = worth(mine, theirs, x);
            }
            x.lead = 0;
            double value = held[0] * outcomes[0] + held[1] * outcomes[1] + held[2] * outcomes[2] +
                           subset_sum(pairs, powers);
            double score = value / n - KEEP * typical[rank];
            if (score > best_score) {
                best = i;
                best_score = score;
            }
        }
        if (static_cast<int>(legal.size()) > state.hand(me).size)
            return privilege(state, me, suit, best, legal, foe_mask);
        return best;
    }

    // HeuristicBot._privilege: declare the House Privilege with the chosen numbered card when it
    // likely pays.
    int privilege(const State &state, int me, int suit, int best, const Legal &legal,
                  int foe_mask) const {
        int rank = rank_of(legal[best].card);
        if (rank < 2 || rank > 10) return best;
        int n = heuristic::bit_count(foe_mask);
        if (n == 0) n = 1;
        double win = static_cast<double>(heuristic::bit_count(r_.beats_[rank] & foe_mask)) / n;
        double lose = static_cast<double>(heuristic::bit_count(r_.loses_[rank] & foe_mask)) / n;
        bool late = state.trick() >= 11;
        Predict predict = NO_PREDICTION;
        bool use;
        if (suit == DIAMONDS) {
            int odd = 0, even = 0;
            for (int r : {3, 5, 7, 9}) odd += foe_mask >> r & 1;
            for (int r : {2, 4, 6, 8, 10}) even += foe_mask >> r & 1;
            int face = n - odd - even;
            int most = odd;  // max of the counts in the order odd, even, face: the first kept
            predict = ODD;
            if (even > most) {
                most = even;
                predict = EVEN;
            }
            if (face > most) {
                most = face;
                predict = FACE;
            }
            use = static_cast<double>(most) / n >= 0.45 || late;
        } else if (suit == HEARTS) {
            use = lose >= 0.5 || late;
        } else if (suit == SPADES) {
            use = (state.score(me) < state.score(1 - me) && win >= 0.5) || late;
        } else {
            use = lose >= 0.6 || late;
        }
        if (!use) return best;
        Action wanted{PLAY, legal[best].card, true, predict};
        for (int i = 0; i < static_cast<int>(legal.size()); ++i)
            if (legal[i] == wanted) return i;
        return best;
    }

    // HeuristicBot._pick_for_foe: under an open Market Chaos, the foe's card worth least to
    // them (the first of equal values).
    int pick_for_foe(const Legal &legal) const {
        const double *typical = r_.typical_[suit_of(legal[0].card)];  // the foe's suit
        int best = 0;
        for (int i = 1; i < static_cast<int>(legal.size()); ++i)
            if (typical[rank_of(legal[i].card)] < typical[rank_of(legal[best].card)]) best = i;
        return best;
    }

    int cap_;
    const heuristic::Rules &r_;
};

}  // namespace cardtable::queens_mercy
