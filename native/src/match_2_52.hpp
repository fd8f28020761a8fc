// Match 2-52, natively: games/match_2_52 (rules.py, grid.py, specials.py) step for step, on the
// same deal and generator, with the legal actions in the same order, so that a seed and a list
// of moves give the same game in both engines, and who knows each face-down card (for the bots).
#pragma once
#include <algorithm>
#include <array>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "cards.hpp"
#include "rng.hpp"

namespace cardtable::match_2_52 {

constexpr int SLOTS = 16, WIN_AT = 12, SIX = 6, ACTIONS_PER_TURN = 2, PUBLIC = 4;
// The longest legal list: a Return per face-down slot, six Moves and a Replace per face-up one
// (a Pair per edge of the grid, 24, a Take per card of a catch zone, 13, are fewer).
constexpr int MOST_LEGAL = SLOTS * 7;
constexpr int SPECIAL_RANKS[4] = {ACE, JACK, QUEEN, KING};

enum Phase : uint8_t { ACTION, PAIR, SPECIAL, TAKE, CONSULT, TURN, OVER };
enum Kind : uint8_t { RETURN, MOVE, REPLACE, PAIR_SLOTS, SPECIAL_RANK, TAKE_CARD, CONSULT_SLOT,
                      TURN_SLOT };

struct Options {
    bool move_partner_face_up = false;
    int max_turns = 200;
    int first_player = 0;
};

struct Action {
    Kind kind;
    int8_t slot = -1, other = -1;  // slots; a special's rank in `slot`; a take's card in `other`

    std::string text() const {
        static const char *const VERBS[] = {"return", "move", "replace", "pair", "special", "take",
                                            "consult", "turn"};
        std::string head = VERBS[kind];
        switch (kind) {
            case MOVE: case PAIR_SLOTS: return head + " " + slot_name(slot) + " " + slot_name(other);
            case SPECIAL_RANK: {
                static const char *const LABELS[] = {"J", "Q", "K", "A"};
                return head + " " + LABELS[slot - JACK];
            }
            case TAKE_CARD: return head + " " + card_text(static_cast<Card>(other));
            default: return head + " " + slot_name(slot);
        }
    }

    static std::string slot_name(int slot) {
        return std::string(1, static_cast<char>('A' + slot % 4)) + static_cast<char>('1' + slot / 4);
    }
};

// The slots a card may pair with (grid.NEIGHBOURS: up, left, right, down) and move to
// (grid.LINE_PARTNERS: its row and column, in slot order).
struct Grid {
    int neighbours[SLOTS][4], n_neighbours[SLOTS];
    int partners[SLOTS][6];
    uint32_t partner_bits[SLOTS] = {};  // each slot's partners as bits
    Action moves[SLOTS][6];  // the Moves from each slot, in the legal list's order

    Grid() {
        for (int s = 0; s < SLOTS; ++s) {
            int row = s / 4, col = s % 4, n = 0;
            const int steps[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
            for (const auto &step : steps) {
                int r = row + step[0], c = col + step[1];
                if (r >= 0 && r < 4 && c >= 0 && c < 4) neighbours[s][n++] = r * 4 + c;
            }
            n_neighbours[s] = n;
            int k = 0;
            for (int o = 0; o < SLOTS; ++o)
                if (o != s && (o / 4 == row || o % 4 == col)) {
                    moves[s][k] = Action{MOVE, static_cast<int8_t>(s), static_cast<int8_t>(o)};
                    partners[s][k++] = o;
                    partner_bits[s] |= uint32_t{1} << o;
                }
        }
    }
};
inline const Grid GRID;

// The k-th (from 0) set bit of `bits`, which has more than k.
inline int nth_bit(uint32_t bits, int k) {
    for (; k > 0; --k) bits &= bits - 1;
    return __builtin_ctz(bits);
}

// The legal actions, read as a vector is (size, []). The action phase's list (a
// Return per face-down slot, the Moves of each face-up one, a Replace per face-up one: most of a
// random playout when it was made whole) is kept as the face-up slots alone and each action made
// when read; the other phases' short lists are kept whole, in place.
struct Legal {
    union { Action items[MOST_LEGAL]; };  // left uninitialised: only the first `length` are read
    int length = 0;
    bool action_list = false;     // the action phase's, made when read
    uint32_t up = 0;              // its face-up slots as bits
    int returns = 0, moves = 0;   // its Returns and Moves, the Replaces after them
    bool partner_face_up = false; // its Moves only to face-up slots (the option)

    Legal() {}
    void push_back(Action action) { items[length++] = action; }
    // The action phase's list for the face-up slots `up_slots`.
    void action_phase(uint32_t up_slots, bool only_face_up) {
        action_list = true;
        up = up_slots;
        partner_face_up = only_face_up;
        int face_up = __builtin_popcount(up);
        returns = SLOTS - face_up;
        moves = 6 * face_up;
        if (only_face_up) {
            moves = 0;
            for (uint32_t bits = up; bits; bits &= bits - 1) moves += moves_to_face_up(__builtin_ctz(bits));
        }
        length = returns + moves + face_up;
    }
    int count() const { return length; }
    size_t size() const { return static_cast<size_t>(length); }
    bool empty() const { return length == 0; }
    Action operator[](size_t index) const {
        if (!action_list) return items[index];
        int i = static_cast<int>(index);
        if (i < returns) return Action{RETURN, static_cast<int8_t>(nth_bit(~up & 0xFFFF, i))};
        i -= returns;
        if (i >= moves) return Action{REPLACE, static_cast<int8_t>(nth_bit(up, i - moves))};
        if (!partner_face_up) return GRID.moves[nth_bit(up, i / 6)][i % 6];
        for (uint32_t bits = up;; bits &= bits - 1) {
            int slot = __builtin_ctz(bits), here = moves_to_face_up(slot);
            if (i >= here) {
                i -= here;
                continue;
            }
            for (int k = 0;; ++k)
                if (up >> GRID.partners[slot][k] & 1 && i-- == 0) return GRID.moves[slot][k];
        }
    }

private:
    int moves_to_face_up(int slot) const { return __builtin_popcount(up & GRID.partner_bits[slot]); }
};

using Edge = std::pair<int, int>;  // two adjacent slots, the lower first


class State {
public:
    State(const Options &options, uint64_t seed) : o_(options), rng_(seed) {
        Card cards[52];
        for (int i = 0; i < 52; ++i) cards[i] = static_cast<Card>(i);
        rng_.shuffle(cards, 52);
        for (int i = 0; i < SLOTS; ++i) grid_[i] = cards[i];
        for (int i = SLOTS; i < 52; ++i) deck_push(cards[i]);
        current_ = options.first_player;
    }

    bool over() const { return phase_ == OVER; }
    int moves() const { return moves_; }
    int to_act() const { return phase_ == OVER ? -1 : current_; }

    // rules.legal_actions, in its order.
    Legal legal(int player) const {
        Legal out;
        if (player != current_ || phase_ == OVER) return out;
        switch (phase_) {
            case ACTION: {
                uint32_t up = 0;
                for (int s = 0; s < SLOTS; ++s) up |= uint32_t{up_[s]} << s;
                out.action_phase(up, o_.move_partner_face_up);
                break;
            }
            case PAIR:
                for (const Edge &e : conflicted())
                    out.push_back(Action{PAIR_SLOTS, static_cast<int8_t>(e.first), static_cast<int8_t>(e.second)});
                break;
            case SPECIAL:
                for (int rank : SPECIAL_RANKS)
                    if (std::find(specials_.begin(), specials_.end(), rank) != specials_.end())
                        out.push_back(Action{SPECIAL_RANK, static_cast<int8_t>(rank)});
                break;
            case TAKE:
                for (Card card : cards_to_take()) out.push_back(Action{TAKE_CARD, -1, static_cast<int8_t>(card)});
                break;
            default:
                for (int s : face_down())
                    out.push_back(Action{phase_ == CONSULT ? CONSULT_SLOT : TURN_SLOT, static_cast<int8_t>(s)});
        }
        return out;
    }

    // MatchState.apply_unchecked without events.
    void apply(int, const Action &a) {
        ++moves_;
        switch (a.kind) {
            case MOVE: move(a.slot, a.other); break;
            case RETURN: --actions_left_; reveal(a.slot); break;
            case REPLACE: replace(a.slot); break;
            case PAIR_SLOTS: choose_pair({a.slot, a.other}); break;
            case SPECIAL_RANK:
                specials_.erase(std::find(specials_.begin(), specials_.end(), a.slot));
                start_special(a.slot);
                break;
            case TAKE_CARD: take(static_cast<Card>(a.other)); break;
            case CONSULT_SLOT: know_[a.slot] |= 1 << current_; next_special(); break;
            case TURN_SLOT: reveal(a.slot); break;
        }
    }

    // What a bot may read of the table (each bot says which parts it reads, for whom).
    int actions_left() const { return actions_left_; }
    Card card(int slot) const { return grid_[slot]; }
    bool up(int slot) const { return up_[slot]; }
    // view.visible: whether `player` may see the card at `slot` (face up, or face down and known
    // to everybody or to them).
    bool visible(int slot, int player) const { return up_[slot] || (know_[slot] & (PUBLIC | 1 << player)); }
    const Cards<52> &catch_zone(int player) const { return catch_[player]; }
    int deck_size() const { return deck_size_; }
    // The deck's known bottom (put there in everyone's sight): its cards are the last
    // `deck_known()` of the deck, `deck_card(i)` counting from the top.
    int deck_known() const { return deck_known_; }
    Card deck_card(int i) const { return deck_[(deck_head_ + i) % 64]; }

    // rules.result: each catch zone's size and the winner (-1: a draw).
    std::tuple<int, int, int> result() const { return {catch_[0].size, catch_[1].size, winner_}; }

    // Whether `player` sees the same in this state and `other` (view.view_body and the envelope's
    // seats to act, phase and result): true exactly when the two views compare equal, for two
    // states that share their public history (deals of one decision and the real state, after
    // the same move; the search compares no others). The latest move's public facts, which the
    // state does not keep, follow from that history and what is compared here: every slot's
    // side, its card where the player may see it, who knows it face down; the deck's size, its
    // known bottom in order; both catch zones, the pairs and specials waiting.
    bool same_view(const State &other, int player) const {
        if (phase_ != other.phase_ || current_ != other.current_ || turns_played_ != other.turns_played_ ||
            actions_left_ != other.actions_left_ || winner_ != other.winner_ || specials_ != other.specials_ ||
            deck_size_ != other.deck_size_ || deck_known_ != other.deck_known_ ||
            !(catch_[0] == other.catch_[0]) || !(catch_[1] == other.catch_[1]))
            return false;
        if (phase_ == PAIR && conflicted() != other.conflicted()) return false;
        for (int s = 0; s < SLOTS; ++s) {
            if (up_[s] != other.up_[s] || (visible(s, player) && grid_[s] != other.grid_[s])) return false;
            if (!up_[s])  // board.knowers: who knows it (a card known to everybody counts for both)
                for (int p = 0; p < 2; ++p)
                    if (bool(know_[s] & (PUBLIC | 1 << p)) != bool(other.know_[s] & (PUBLIC | 1 << p))) return false;
        }
        for (int i = deck_size_ - deck_known_; i < deck_size_; ++i)
            if (deck_card(i) != other.deck_card(i)) return false;
        return true;
    }

    // view.deal_hidden, for State.sample_hidden: the face-down cards `player` does not know and
    // the unknown top of the deck dealt again from their sorted order (the view's knowledge
    // only), and a fresh generator.
    State sample_hidden(int player, Rng &rng) const {
        State sample(*this);
        int slots[SLOTS], hidden = 0;
        for (int s = 0; s < SLOTS; ++s)
            if (!up_[s] && !(know_[s] & (PUBLIC | 1 << player))) slots[hidden++] = s;
        int deck_hidden = deck_size_ - deck_known_;
        Card pool[52];
        int size = 0;
        for (int i = 0; i < hidden; ++i) pool[size++] = grid_[slots[i]];
        for (int i = 0; i < deck_hidden; ++i) pool[size++] = deck_[(deck_head_ + i) % 64];
        std::sort(pool, pool + size);
        rng.shuffle(pool, size);
        for (int i = 0; i < hidden; ++i) sample.grid_[slots[i]] = pool[i];
        for (int i = 0; i < deck_hidden; ++i) sample.deck_[(deck_head_ + i) % 64] = pool[hidden + i];
        sample.rng_ = Rng(rng.next_u64());
        return sample;
    }

private:
    // The deck, top first, as a ring: cards leave from the top and go under at the bottom.
    void deck_push(Card card) { deck_[(deck_head_ + deck_size_++) % 64] = card; }
    Card deck_pop_top() {
        Card card = deck_[deck_head_];
        deck_head_ = (deck_head_ + 1) % 64;
        --deck_size_;
        return card;
    }

    std::vector<int> face_down() const {
        std::vector<int> slots;
        for (int s = 0; s < SLOTS; ++s)
            if (!up_[s]) slots.push_back(s);
        return slots;
    }

    std::vector<Card> cards_to_take() const {  // sorted(set(...)): cards are distinct
        const Cards<52> &zone = catch_[1 - current_];
        std::vector<Card> cards(zone.items, zone.items + zone.size);
        std::sort(cards.begin(), cards.end());
        return cards;
    }

    // grid.conflicted: the pairs sharing a card with another, in slot order.
    std::vector<Edge> conflicted() const {
        int count[SLOTS] = {};
        for (const Edge &e : edges_) {
            ++count[e.first];
            ++count[e.second];
        }
        std::vector<Edge> out;
        for (const Edge &e : edges_)
            if (count[e.first] > 1 || count[e.second] > 1) out.push_back(e);
        std::sort(out.begin(), out.end());
        return out;
    }

    void add_pairs_touching(std::initializer_list<int> changed) {
        for (int slot : changed) {
            if (!up_[slot]) continue;
            int rank = rank_of(grid_[slot]);
            for (int i = 0; i < GRID.n_neighbours[slot]; ++i) {
                int other = GRID.neighbours[slot][i];
                if (up_[other] && rank_of(grid_[other]) == rank) {
                    Edge edge = slot < other ? Edge{slot, other} : Edge{other, slot};
                    if (std::find(edges_.begin(), edges_.end(), edge) == edges_.end()) edges_.push_back(edge);
                }
            }
        }
    }

    void refill(int slot) {  // a card from the known bottom stays known to everybody
        bool known = deck_known_ == deck_size_;
        if (known) --deck_known_;
        grid_[slot] = deck_pop_top();
        up_[slot] = false;
        know_[slot] = known ? PUBLIC : 0;
    }

    void move(int slot, int to) {
        --actions_left_;
        std::swap(grid_[slot], grid_[to]);
        std::swap(up_[slot], up_[to]);
        std::swap(know_[slot], know_[to]);
        add_pairs_touching({slot, to});
        settle();
    }

    void replace(int slot) {
        --actions_left_;
        deck_push(grid_[slot]);
        ++deck_known_;
        up_[slot] = false;
        refill(slot);
        finish_step();
    }

    // rules._reveal: a Return or the Queens' turn; a 6 is a gift to the opponent and ends the turn.
    void reveal(int slot) {
        Card card = grid_[slot];
        up_[slot] = true;
        know_[slot] = 0;
        if (rank_of(card) == SIX) {
            int opponent = 1 - current_;
            catch_[opponent].push(card);
            refill(slot);
            if (!check_win(opponent)) end_turn();
            return;
        }
        add_pairs_touching({slot});
        settle();
    }

    void choose_pair(Edge edge) {
        chosen_.push_back(edge);
        std::vector<Edge> kept;
        for (const Edge &e : edges_)
            if (e.first != edge.first && e.second != edge.first && e.first != edge.second &&
                e.second != edge.second)
                kept.push_back(e);
        edges_ = kept;
        settle();
    }

    void settle() {
        if (!edges_.empty()) {
            if (!conflicted().empty()) {
                phase_ = PAIR;
                return;
            }
            chosen_.insert(chosen_.end(), edges_.begin(), edges_.end());
            edges_.clear();
        }
        if (chosen_.empty()) {
            next_special();
            return;
        }
        Cards<52> &zone = catch_[current_];
        std::vector<Edge> caught = chosen_;
        chosen_.clear();
        bool won = false;
        std::vector<int> emptied;
        for (const Edge &e : caught) {
            zone.push(grid_[e.first]);
            zone.push(grid_[e.second]);
            emptied.push_back(e.first);
            emptied.push_back(e.second);
            int rank = rank_of(grid_[e.first]);
            if (rank == ACE || rank == JACK || rank == QUEEN || rank == KING) specials_.push_back(rank);
            if (zone.size >= WIN_AT) {
                won = true;
                break;
            }
        }
        for (int slot : emptied) refill(slot);
        if (won) {
            check_win(current_);
            return;
        }
        next_special();
    }

    void next_special() {
        if (specials_.empty()) {
            finish_step();
            return;
        }
        bool several = std::any_of(specials_.begin(), specials_.end(),
                                   [this](int rank) { return rank != specials_[0]; });
        if (several) {
            phase_ = SPECIAL;
            return;
        }
        int rank = specials_.back();
        specials_.pop_back();
        start_special(rank);
    }

    void start_special(int rank) {
        if (rank == KING) {
            std::swap(catch_[0], catch_[1]);
            next_special();
        } else if (rank == ACE) {
            std::vector<Card> cards = cards_to_take();
            if (cards.size() > 1) phase_ = TAKE;
            else if (cards.size() == 1) take(cards[0]);
            else next_special();
        } else {
            std::vector<int> hidden = face_down();
            if (hidden.size() > 1) phase_ = rank == JACK ? CONSULT : TURN;
            else if (hidden.empty()) next_special();
            else if (rank == JACK) {
                know_[hidden[0]] |= 1 << current_;
                next_special();
            }
            else reveal(hidden[0]);
        }
    }

    void take(Card card) {
        catch_[1 - current_].remove(card);
        catch_[current_].push(card);
        if (!check_win(current_)) next_special();
    }

    void finish_step() {
        if (actions_left_ > 0) phase_ = ACTION;
        else end_turn();
    }

    void end_turn() {
        specials_.clear();
        edges_.clear();
        chosen_.clear();
        if (++turns_played_ >= o_.max_turns) {
            int mine = catch_[0].size, theirs = catch_[1].size;
            winner_ = mine == theirs ? -1 : mine > theirs ? 0 : 1;
            phase_ = OVER;
            return;
        }
        current_ = 1 - current_;
        actions_left_ = ACTIONS_PER_TURN;
        phase_ = ACTION;
    }

    bool check_win(int player) {
        if (catch_[player].size < WIN_AT) return false;
        winner_ = player;
        phase_ = OVER;
        specials_.clear();
        edges_.clear();
        return true;
    }

    Options o_;
    Rng rng_;
    Card grid_[SLOTS];
    bool up_[SLOTS] = {};
    uint8_t know_[SLOTS] = {};  // who knows each face-down card (board.PUBLIC, 1 << player)
    int deck_known_ = 0;        // the cards at the deck's bottom put there in everyone's sight
    Card deck_[64];
    int deck_head_ = 0, deck_size_ = 0;
    Cards<52> catch_[2];
    int current_ = 0, actions_left_ = ACTIONS_PER_TURN, turns_played_ = 0, winner_ = -1, moves_ = 0;
    Phase phase_ = ACTION;
    std::vector<Edge> edges_, chosen_;
    std::vector<int> specials_;
};


// For the search (ismcts.hpp): a number that tells the actions apart, and each player's return (1 a
// win, 0 a loss, 1/2 each for a draw).
inline uint64_t search_key(const Action &action) {
    return action.kind | static_cast<uint64_t>(action.slot + 1) << 8 | static_cast<uint64_t>(action.other + 1) << 16;
}
inline std::array<double, 2> search_returns(const State &state) {
    int winner = std::get<2>(state.result());
    if (winner < 0) return {0.5, 0.5};
    return winner == 0 ? std::array<double, 2>{1.0, 0.0} : std::array<double, 2>{0.0, 1.0};
}

}  // namespace cardtable::match_2_52
