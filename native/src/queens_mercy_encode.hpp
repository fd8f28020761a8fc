// The Queen's Mercy for learning agents, natively: games/queens_mercy/encoding.py number for
// number. `observe` writes the vector that encoding writes from `state.view(viewer)`, `index` the
// number of an action, `rewards` what the environments give at the end. The native engine makes
// no views, so `observe` reads the state itself, and only what the view of `viewer` shows: the
// public table (phase, seats to act, suits, round and trick, lead, scores, tokens, locks,
// privileges used, who committed, hand and deck sizes, discards, the last trick, a pending
// Ultimatum's two revealed cards, the Queen's Cut), the viewer's own hand and commit, and the
// foe's cards the viewer saw held up in an open Market Chaos. Never the foe's hand, either deck's
// order or the foe's face-down commit.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <tuple>  // queens_mercy.hpp uses it

#include "queens_mercy.hpp"

namespace cardtable::queens_mercy {

struct Observer {
    using GameState = State;
    using GameOptions = Options;
    static constexpr int PLAYERS = 2;
    static constexpr int SLOTS = 56, DECLARATIONS = 5, COMMIT = SLOTS + DECLARATIONS;
    // The observation's ranges (encoding.py's layout, in its order).
    static constexpr int PHASE = 0, TO_ACT = 6, SUITS = 8, PROGRESS = 16, LEAD = 18, SEATS = 20,
                         RULES = 36, MY_HAND = 38, FOE_KNOWN = 94, MY_COMMIT = 150, MY_PICK = 211,
                         MY_DISCARDS = 267, THEIR_DISCARDS = 323, LAST = 379, ULTIMATUM_AT = 507,
                         CUT = 621, SIZE = 659;
    // The actions' ranges: royal, shape, claim, commit (a card's slot x 5 declarations), chaos,
    // ultimatum.
    static constexpr int SHAPE_AT = 2, CLAIM_AT = 8, COMMIT_AT = 12, CHAOS_AT = 292,
                         ANSWER_AT = 293, ACTIONS = 295;
    static constexpr double POINTS = 10.0;

    // core/encoding.card_slot: suit by suit, the suit's Joker then 2..A.
    static int slot(QCard c) { return suit_of(c) * 14 + (rank_of(c) ? rank_of(c) - 1 : 0); }

    // What goes with a commit: plain, privilege, privilege odd / even / face.
    static int declaration(const Action &a) { return a.privilege ? 1 + a.predict : 0; }

    static int index(const Action &a) {
        static constexpr int SHAPES[4][4] = {{-1, 0, 1, 2}, {0, -1, 3, 4}, {1, 3, -1, 5}, {2, 4, 5, -1}};
        switch (a.kind) {
            case ROYAL_SHAPE: return 0;
            case ROYAL_CLAIM: return 1;
            case SHAPE_SUITS: return SHAPE_AT + SHAPES[a.suit][a.other];
            case CLAIM_SUIT: return CLAIM_AT + a.suit;
            case PLAY: return COMMIT_AT + slot(a.card) * DECLARATIONS + declaration(a);
            case CHAOS: return CHAOS_AT;
            case FOE_PLUS_1: return ANSWER_AT;
            case ME_MINUS_1: return ANSWER_AT + 1;
        }
        return -1;
    }

    // Episode.rewards: zero until the end, then +1 win, -1 loss, 0 each for a draw.
    static void rewards(const State &s, float *out) {
        out[0] = out[1] = 0.0f;
        if (s.phase_ != OVER || s.winner_ < 0) return;
        out[s.winner_] = 1.0f;
        out[1 - s.winner_] = -1.0f;
    }

    // The first seat to act, or -1 once over (seats.hpp's first_seat without making a list).
    static int first_seat(const State &s) {
        if (s.phase_ == OVER) return -1;
        if (s.phase_ != TRICK) return s.actor_;
        bool swapped = s.chaos_ && s.o_.open_chaos;
        return !s.committed_[swapped ? 1 : 0] ? 0 : !s.committed_[swapped ? 0 : 1] ? 1 : -1;
    }

    // encoding.observe(state.view(me)): `v` holds SIZE floats, all written.
    static void observe(const State &s, int me, float *v) {
        std::fill(v, v + SIZE, 0.0f);
        const int seats[2] = {me, 1 - me};
        int place[2];
        place[me] = 0;
        place[1 - me] = 1;
        auto fraction = [](int value, double over) { return static_cast<float>(value / over); };
        v[PHASE + s.phase_] = 1.0f;
        if (s.phase_ == TRICK) {  // public: who has still to commit (rules.to_act)
            bool swapped = s.chaos_ && s.o_.open_chaos;
            for (int p = 0; p < 2; ++p)
                if (!s.committed_[swapped ? 1 - p : p]) v[TO_ACT + place[p]] = 1.0f;
        } else if (s.phase_ != OVER) {
            v[TO_ACT + place[s.actor_]] = 1.0f;
        }
        bool dealt = s.suits_[0] >= 0;
        if (dealt)
            for (int i = 0; i < 2; ++i) v[SUITS + 4 * i + s.suits_[seats[i]]] = 1.0f;
        int rounds = static_cast<int>(s.history_.size());
        v[PROGRESS] = fraction(s.phase_ == OVER ? rounds : rounds + 1, 5.0);
        v[PROGRESS + 1] = fraction(s.trick_, TRICKS);
        v[LEAD + place[s.lead_]] = 1.0f;
        for (int i = 0; i < 2; ++i) {  // public per seat: counts and flags, never cards
            int seat = seats[i];
            float *at = v + SEATS + 8 * i;
            at[0] = fraction(s.scores_[seat], POINTS);
            at[1] = fraction(s.tokens_[seat], 2.0);
            at[2] = s.locked_[seat];
            at[3] = s.priv_used_[seat];
            at[4] = s.committed_[seat];
            at[5] = fraction(s.hands_[seat].size, HAND);
            at[6] = fraction(s.decks_[seat].size, TRICKS);
        }
        v[RULES] = s.chaos_;
        v[RULES + 1] = s.o_.house_rules;
        const Hand &hand = s.hands_[me];  // the viewer's own hand
        for (int i = 0; i < hand.size; ++i) v[MY_HAND + slot(hand.items[i])] = 1.0f;
        for (uint64_t seen = s.seen_[me]; seen; seen &= seen - 1)  // held up to the viewer
            v[FOE_KNOWN + slot(static_cast<QCard>(std::countr_zero(seen)))] = 1.0f;
        if (s.chaos_ && s.o_.open_chaos && s.phase_ == TRICK) {
            if (s.committed_[1 - me])  // the card the viewer picked from the foe's hand
                v[MY_PICK + slot(s.plays_[1 - me].card)] = 1.0f;
        } else if (s.committed_[me]) {  // the viewer's own commit, never the foe's
            v[MY_COMMIT + slot(s.plays_[me].card)] = 1.0f;
            v[MY_COMMIT + SLOTS + declaration(s.plays_[me])] = 1.0f;
        }
        if (dealt)  // public: a seat's discards are its suit less its hand and deck (and, while
            for (int i = 0; i < 2; ++i) {  // an Ultimatum waits, less the revealed card)
                int seat = seats[i];
                uint64_t gone = 0;
                for (int k = 0; k < s.hands_[seat].size; ++k) gone |= State::bit(s.hands_[seat].items[k]);
                for (int k = 0; k < s.decks_[seat].size; ++k) gone |= State::bit(s.decks_[seat].items[k]);
                if (s.phase_ == ULTIMATUM) gone |= State::bit(s.plays_[seat].card);
                float *pile = v + (i == 0 ? MY_DISCARDS : THEIR_DISCARDS);
                for (int rank : RANKS)
                    if (!(gone & State::bit(card(rank, s.suits_[seat])))) pile[slot(card(rank, s.suits_[seat]))] = 1.0f;
            }
        if (s.last_.shown) {  // public: the latest trick, both cards revealed
            const auto &last = s.last_;
            for (int i = 0; i < 2; ++i) {
                v[LAST + i * COMMIT + slot(last.plays[seats[i]].card)] = 1.0f;
                v[LAST + i * COMMIT + SLOTS + declaration(last.plays[seats[i]])] = 1.0f;
            }
            float *at = v + LAST + 2 * COMMIT;
            if (last.result != 0) at[place[last.result > 0 ? 0 : 1]] = 1.0f;
            for (int i = 0; i < 2; ++i) {
                at[2 + i] = fraction(last.before[seats[i]], POINTS);
                at[4 + i] = fraction(last.after[seats[i]], POINTS);
            }
        }
        if (s.phase_ == ULTIMATUM) {  // public: both cards are revealed before a Joker♠ pauses
            v[ULTIMATUM_AT] = 1.0f;
            v[ULTIMATUM_AT + 1] = s.actor_ == me;
            for (int i = 0; i < 2; ++i) v[ULTIMATUM_AT + 2 + i * SLOTS + slot(s.plays_[seats[i]].card)] = 1.0f;
        }
        if (s.cut_[0] >= 0) {  // public: the Queen's Cut
            for (int i = 0; i < 2; ++i) {
                int rank = s.cut_[seats[i]];
                v[CUT + i * 14 + (rank ? rank - 1 : 0)] = 1.0f;
            }
            float *at = v + CUT + 28;
            at[place[s.beats_[s.cut_[0]][s.cut_[1]] > 0 ? 0 : 1]] = 1.0f;
            if (s.royal_ >= 0) at[2 + s.royal_] = 1.0f;
            at[4 + place[s.shaper_]] = 1.0f;
            if (s.field_[0] >= 0) at[6 + s.field_[0]] = at[6 + s.field_[1]] = 1.0f;
        }
    }
};

}  // namespace cardtable::queens_mercy
