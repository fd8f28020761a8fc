// Matriarchy for learning agents, natively: games/matriarchy/encoding.py number for number.
// `observe` writes the vector that encoding writes from `state.view(viewer)`. Everything in a
// Matriarchy view is public except the deck, and `observe` reads the public table only: the
// phase, the seat on turn, the deck's size (never its cards or order), where a draw may come
// from, the drawn card, the communal pile, the cards out of play, and each side's towers, Moat,
// figures and closed cards; the viewer only decides which side comes first.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>

#include "matriarchy.hpp"

namespace cardtable::matriarchy {

struct Observer {
    using GameState = State;
    using GameOptions = Options;
    static constexpr int PLAYERS = 2, ACTIONS = 9, SLOTS_56 = 56;
    // The observation's ranges (encoding.py's layout, in its order).
    static constexpr int PHASE = 0, TO_ACT = 4, TURN = 6, DECK_SIZE = 8, DRAWS = 9, DRAWN = 11,
                         DRAWN_FROM = 67, COMMUNAL_TOP = 69, COMMUNAL = 125, OUT = 181, SIDES = 237,
                         TOWER = SLOTS_56 + 14 + 1, SIDE = SLOTS * TOWER + SLOTS_56 + 5 + SLOTS_56,
                         SIZE = SIDES + 2 * SIDE;
    static constexpr double DECK = 52.0, POINTS = 100.0;

    // core/encoding.card_slot: suit by suit, the suit's Joker (none here) then 2..A.
    static int slot(Card c) { return suit_of(c) * 14 + rank_of(c) - 1; }
    static uint64_t bit(Card c) { return uint64_t{1} << c; }

    static int index(Action action) { return action; }  // the actions in notation order
    static int first_seat(const State &s) { return s.to_act(); }

    // Episode.rewards: zero until the end, then +1 win, -1 loss, 0 each for equal totals.
    static void rewards(const State &s, float *out) {
        out[0] = out[1] = 0.0f;
        if (s.phase_ != OVER) return;
        auto scores = s.final_scores();
        if (scores[0] == scores[1]) return;
        int winner = scores[0] > scores[1] ? 0 : 1;
        out[winner] = 1.0f;
        out[1 - winner] = -1.0f;
    }

    static void observe(const State &s, int me, float *v) {
        std::fill(v, v + SIZE, 0.0f);
        int place[2];
        place[me] = 0;
        place[1 - me] = 1;
        v[PHASE + s.phase_] = 1.0f;
        if (s.phase_ != OVER) v[TO_ACT + place[s.to_act()]] = 1.0f;
        v[TURN + place[s.current_]] = 1.0f;
        v[DECK_SIZE] = static_cast<float>(s.deck_.size / DECK);
        if (s.phase_ == DRAW) {
            Legal draws = s.legal(s.current_);
            for (int k = 0; k < draws.count(); ++k) v[DRAWS + draws[k]] = 1.0f;
        }
        uint64_t seen = 0;  // every card not in the deck: what is left is out of play
        bool holding = s.phase_ == ROUTE || s.phase_ == HANDOFF;
        if (holding) {
            v[DRAWN + slot(s.drawn_)] = 1.0f;
            v[DRAWN_FROM + (s.drawn_from_deck_ ? 0 : 1)] = 1.0f;
            seen |= bit(s.drawn_);
        }
        if (!s.pile_.empty()) v[COMMUNAL_TOP + slot(s.pile_.back())] = 1.0f;
        for (int i = 0; i < s.pile_.size; ++i) {
            v[COMMUNAL + slot(s.pile_.items[i])] = 1.0f;
            seen |= bit(s.pile_.items[i]);
        }
        for (int i = 0; i < s.deck_.size; ++i) seen |= bit(s.deck_.items[i]);
        for (int p = 0; p < 2; ++p) {
            float *at = v + SIDES + place[p] * SIDE;
            for (const Tower &tower : s.towers_[p]) {
                for (int i = 0; i < tower.size; ++i) {
                    at[slot(tower.items[i])] = 1.0f;
                    seen |= bit(tower.items[i]);
                }
                if (!tower.empty()) at[SLOTS_56 + slot(tower.back()) % 14] = 1.0f;
                at[SLOTS_56 + 14] = static_cast<float>(tower.size / 13.0);
                at += TOWER;
            }
            for (int i = 0; i < s.moats_[p].size; ++i) {
                at[slot(s.moats_[p].items[i])] = 1.0f;
                seen |= bit(s.moats_[p].items[i]);
            }
            at += SLOTS_56;
            auto final = s.final_scores();
            at[0] = s.sealed_[p];
            at[1] = p == s.options_.red_player;
            at[2] = static_cast<float>(s.kings_[p] / 4.0);
            at[3] = static_cast<float>(s.score_[p] / POINTS);
            at[4] = static_cast<float>(final[p] / POINTS);
            at += 5;
            for (uint64_t closed = s.closed_[p]; closed; closed &= closed - 1) {
                at[slot(static_cast<Card>(std::countr_zero(closed)))] = 1.0f;
            }
            seen |= s.closed_[p];
        }
        for (Card c = 0; c < 52; ++c)  // swept by a King or burned
            if (!(seen & bit(c))) v[OUT + slot(c)] = 1.0f;
    }
};

}  // namespace cardtable::matriarchy
