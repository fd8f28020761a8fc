// Matriarchy, natively: the rules of games/matriarchy/rules.py, step for step, on the same deal
// and generator, so a seed and a list of moves give the same game in both engines. The Python
// module is the statement of the rules; every function here names the one it mirrors.
#pragma once
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "cards.hpp"
#include "rng.hpp"

namespace cardtable::matriarchy {

// Actions in notation order; `NOTATION[a]` is what a player types.
enum Action : uint8_t { DRAW_DECK, DRAW_PILE, PLACE_1, PLACE_2, PLACE_3, PLACE_4, BANK, DISCARD, BURN };
inline const std::array<std::string, 9> NOTATION = {
    "draw deck", "draw pile", "place 1", "place 2", "place 3", "place 4", "bank", "discard", "burn"};

enum Phase : uint8_t { DRAW, ROUTE, HANDOFF, OVER };
constexpr int SLOTS = 4, MOAT_SIZE = 2;

struct Options {
    bool ace_owner_colour = false;  // ace_owner: "drawer" (false) or "color" (true)
    bool face_cards_may_start = false;
    bool allow_voluntary_discard = false;
    bool communal_take_requires_use = true;
    bool seal_counts_burned_kings = true;
    int first_player = 0;
    int red_player = 0;
    // handoff_mode changes only what the events say (the drawer plays on either way).
};

using Tower = Cards<40>;  // numbers of equal or higher rank (at most 36), then a Jack

struct Legal {
    Action items[9];
    int size = 0;
    void push(Action action) { items[size++] = action; }
    int count() const { return size; }
    Action operator[](int index) const { return items[index]; }
};

inline const std::string &text_of(Action action) { return NOTATION[action]; }

class State {
    friend struct Observer;  // matriarchy_encode.hpp: what a view shows, read without copying

public:
    State(const Options &options, uint64_t seed) : options_(options), rng_(seed) {
        for (Card card = 0; card < 52; ++card) {
            int rank = rank_of(card);
            bool drawer = rank <= 10 || (rank == ACE && !options.ace_owner_colour);
            owner_[card] = drawer ? -1 : (is_red(card) ? options.red_player : 1 - options.red_player);
            deck_.push(card);
        }
        rng_.shuffle(deck_.items, deck_.size);
        current_ = options.first_player;
    }

    bool over() const { return phase_ == OVER; }
    Phase phase() const { return phase_; }
    int moves() const { return moves_; }

    // rules.to_act: -1 once the game is over.
    int to_act() const {
        if (phase_ == OVER) return -1;
        return phase_ == HANDOFF ? 1 - current_ : current_;
    }

    // rules.legal_actions, in its order.
    Legal legal(int player) const {
        Legal out;
        if (phase_ == DRAW) {
            if (player != current_) return out;
            if (!deck_.empty()) out.push(DRAW_DECK);
            if (!pile_.empty() && (deck_.empty() || !options_.communal_take_requires_use ||
                                   usable(player, pile_.back())))
                out.push(DRAW_PILE);
        } else if (phase_ == ROUTE) {
            if (player != current_) return out;
            int rank = rank_of(drawn_);
            place_actions(rank, player, out);
            if (rank <= 10 && may_bank(player)) out.push(BANK);
            if (out.size == 0 || options_.allow_voluntary_discard) out.push(dead_end());
        } else if (phase_ == HANDOFF && player != current_) {
            place_actions(rank_of(drawn_), player, out);
            if (out.size == 0) out.push(BURN);
        }
        return out;
    }

    // State.act without events: one legal action of `player`.
    void apply(int player, Action action) {
        ++moves_;
        if (action == DRAW_DECK || action == DRAW_PILE) {
            draw(player, action == DRAW_DECK);
            return;
        }
        if (action <= PLACE_4) place(player, action - PLACE_1);
        else if (action == BANK) bank(player);
        else if (action == DISCARD) pile_.push(drawn_);
        else burn(player);
        end_route();
    }

    // rules.final_scores: banked points, frozen towers and Moat cards.
    std::array<int, 2> final_scores() const {
        std::array<int, 2> scores{};
        for (int p = 0; p < 2; ++p) {
            int total = score_[p];
            for (const Tower &tower : towers_[p])
                if (!tower.empty() && rank_of(tower.back()) == JACK) total -= tower.size / 2;
            for (int i = 0; i < moats_[p].size; ++i) total -= rank_of(moats_[p].items[i]);
            scores[p] = total;
        }
        return scores;
    }

    // The table as every view shows it, for the bots (matriarchy_heuristic.hpp). The deck is the
    // one secret: `unseen` gives which cards are still in it (every other card is on the table),
    // never their order.
    const Options &options() const { return options_; }
    const Tower &tower(int player, int slot) const { return towers_[player][slot]; }
    const Cards<MOAT_SIZE> &moat(int player) const { return moats_[player]; }
    bool sealed(int player) const { return sealed_[player]; }
    const Cards<52> &pile() const { return pile_; }
    Card drawn() const { return drawn_; }
    uint64_t unseen() const {
        uint64_t cards = 0;
        for (int i = 0; i < deck_.size; ++i) cards |= uint64_t{1} << deck_.items[i];
        return cards;
    }
    bool fits(int rank, const Tower &tower) const { return can_place(rank, tower); }

    // view.hide, for State.sample_hidden: the unseen deck reshuffled from its sorted order (the
    // view's knowledge only) and a fresh generator; nothing else is hidden from either player.
    State sample_hidden(int, Rng &rng) const {
        State sample(*this);
        std::sort(sample.deck_.items, sample.deck_.items + sample.deck_.size);
        rng.shuffle(sample.deck_.items, sample.deck_.size);
        sample.rng_ = Rng(rng.next_u64());
        return sample;
    }

    // Whether `player` sees the same in this state and `other` (view.view_body, the same for
    // every viewer, and the envelope's seats to act and phase): true exactly when the two views
    // compare equal, for two states that share their public history (deals of one decision and
    // the real state, after the same move; the search compares no others). What a view shows
    // that the state does not keep (the cards out of play in their order, the latest move)
    // follows from that history; everything else is compared here but the deck's order.
    bool same_view(const State &other, int) const {
        if (phase_ != other.phase_ || current_ != other.current_ || deck_.size != other.deck_.size ||
            !(pile_ == other.pile_))
            return false;
        if ((phase_ == ROUTE || phase_ == HANDOFF) &&  // the card drawn and its source, until routed
            (drawn_ != other.drawn_ || drawn_from_deck_ != other.drawn_from_deck_))
            return false;
        for (int p = 0; p < 2; ++p) {
            if (!(moats_[p] == other.moats_[p]) || sealed_[p] != other.sealed_[p] || kings_[p] != other.kings_[p] ||
                score_[p] != other.score_[p] || closed_[p] != other.closed_[p])
                return false;
            for (int slot = 0; slot < SLOTS; ++slot)
                if (!(towers_[p][slot] == other.towers_[p][slot])) return false;
        }
        return true;
    }

private:
    // towers.can_place
    bool can_place(int rank, const Tower &tower) const {
        if (tower.empty()) return rank <= 10 || (options_.face_cards_may_start && rank != ACE);
        int top = rank_of(tower.back());
        if (rank <= 10) return top <= rank;
        if (rank == JACK) return top != JACK;
        return true;
    }

    void place_actions(int rank, int player, Legal &out) const {
        for (int slot = 0; slot < SLOTS; ++slot)
            if (can_place(rank, towers_[player][slot])) out.push(static_cast<Action>(PLACE_1 + slot));
    }

    bool may_bank(int player) const { return !sealed_[player] && moats_[player].size < MOAT_SIZE; }

    // rules.usable: whether the communal top could be placed or banked (any card while the
    // Moat has room, as the Python rule reads).
    bool usable(int player, Card card) const {
        if (may_bank(player)) return true;
        for (const Tower &tower : towers_[player])
            if (can_place(rank_of(card), tower)) return true;
        return false;
    }

    Action dead_end() const {
        return rank_of(drawn_) > 10 || (!drawn_from_deck_ && deck_.empty()) ? BURN : DISCARD;
    }

    void draw(int player, bool from_deck) {
        drawn_ = from_deck ? deck_.pop() : pile_.pop();
        drawn_from_deck_ = from_deck;
        int owner = owner_[drawn_];
        phase_ = owner < 0 || owner == player ? ROUTE : HANDOFF;
    }

    void place(int player, int slot) {
        Tower &tower = towers_[player][slot];
        int rank = rank_of(drawn_);
        if (rank <= 10 || rank == JACK) {
            tower.push(drawn_);
            return;
        }
        if (rank == KING) {
            tower.clear();
            Cards<MOAT_SIZE> &moat = moats_[player];
            if (!moat.empty()) {
                tower.push(moat.items[0]);
                moat.items[0] = moat.items[1];
                --moat.size;
            }
            king_resolved(player);
            return;
        }
        int count = tower.size + 1;  // towers.close_points
        bool clean = tower.empty() || rank_of(tower.back()) != JACK;
        score_[player] += rank == QUEEN && clean ? count : count / 2;
        for (int i = 0; i < tower.size; ++i) closed_[player] |= uint64_t{1} << tower.items[i];
        closed_[player] |= uint64_t{1} << drawn_;
        tower.clear();
    }

    // rules.bank: the Moat keeps its cards lowest first (equal ranks in suit order).
    void bank(int player) {
        Cards<MOAT_SIZE> &moat = moats_[player];
        moat.push(drawn_);
        if (moat.size == 2 && order(moat.items[1]) < order(moat.items[0]))
            std::swap(moat.items[0], moat.items[1]);
    }
    static int order(Card card) { return rank_of(card) * 4 + suit_of(card); }

    void burn(int player) {
        if (rank_of(drawn_) == KING && options_.seal_counts_burned_kings) king_resolved(player);
    }

    void king_resolved(int player) {
        if (++kings_[player] >= 2) sealed_[player] = true;
    }

    void end_route() {
        bool handoff = phase_ == HANDOFF;
        phase_ = DRAW;
        if (deck_.empty() && pile_.empty()) phase_ = OVER;
        else if (!handoff) current_ = 1 - current_;
    }

    Options options_;
    Rng rng_;
    int8_t owner_[52];
    Cards<52> deck_, pile_;
    Tower towers_[2][SLOTS];
    Cards<MOAT_SIZE> moats_[2];
    bool sealed_[2] = {false, false};
    int kings_[2] = {0, 0}, score_[2] = {0, 0};
    int current_ = 0, moves_ = 0;
    Phase phase_ = DRAW;
    Card drawn_ = 0;
    bool drawn_from_deck_ = true;
    uint64_t closed_[2] = {0, 0};  // for views only: the cards of the towers each player closed
};


// For the search (ismcts.hpp): a number that tells the actions apart, and each player's return (1 a
// win, 0 a loss, 1/2 each for a draw).
inline uint64_t search_key(Action action) { return action; }
inline std::array<double, 2> search_returns(const State &state) {
    std::array<int, 2> scores = state.final_scores();
    if (scores[0] == scores[1]) return {0.5, 0.5};
    return scores[0] > scores[1] ? std::array<double, 2>{1.0, 0.0} : std::array<double, 2>{0.0, 1.0};
}

}  // namespace cardtable::matriarchy
