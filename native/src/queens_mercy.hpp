// The Queen's Mercy, natively: games/queens_mercy (rules.py, powers.py, cards.py) step for step:
// the same Queen's Cut and deals from the same generator, the same legal commits in hand order,
// the same twenty powers and House Privileges in the same order, so that a seed and a list of
// moves give the same match in both engines. Events and texts are left to the Python engine.
#pragma once
#include <algorithm>
#include <array>
#include <string>
#include <tuple>
#include <vector>

#include "rng.hpp"

namespace cardtable::queens_mercy {

// A card: suit * 16 + rank, rank 2..14 (J 11, Q 12, K 13, A 14) or 0 for the suit's Joker;
// suits in the project's order ♠ ♥ ♦ ♣ (0 1 2 3).
using QCard = uint8_t;
constexpr int JOKER = 0, JACK = 11, QUEEN = 12, KING = 13, ACE = 14;
constexpr int SPADES = 0, HEARTS = 1, DIAMONDS = 2, CLUBS = 3;
constexpr int TRICKS = 14, HAND = 3, HALF = 7;
constexpr uint64_t FACTORIAL_14 = 87178291200ULL;
constexpr int RANKS[14] = {2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE, JOKER};
inline const char *const SUIT_TEXT[4] = {"♠", "♥", "♦", "♣"};

constexpr QCard card(int rank, int suit) { return static_cast<QCard>(suit * 16 + rank); }
constexpr int rank_of(QCard c) { return c & 15; }
constexpr int suit_of(QCard c) { return c >> 4; }

enum Phase : uint8_t { ROYAL, SHAPE, CLAIM, TRICK, ULTIMATUM, OVER };
enum Kind : uint8_t { PLAY, CHAOS, ROYAL_SHAPE, ROYAL_CLAIM, SHAPE_SUITS, CLAIM_SUIT, FOE_PLUS_1,
                      ME_MINUS_1 };
enum Predict : uint8_t { NO_PREDICTION, ODD, EVEN, FACE };

struct Options {
    bool ks_prose = true, qs_prose = true, xs_requires_win = true, cap_ends = true;
    int cap = 10;
    bool ace_is_face = true, lock_trick = true, open_chaos = false, foe_still_loses = false;
    int max_rounds = 0;  // 0: none
    int rounds_to_win = 2;
    bool tie_no_cap = false, house_rules = false, joker_predicts_face = true;
    int suits[2] = {-1, -1};  // fixed suits of a study (-1: the Queen's Cut decides)
    int shaper = 0;
    std::array<std::string, 15> labels = {"Joker", "", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                          "J", "Q", "K", "A"};  // the deck style's rank names
};

struct Action {
    Kind kind;
    QCard card = 0;
    bool privilege = false;
    Predict predict = NO_PREDICTION;
    int8_t suit = -1, other = -1;  // a claim's suit; a shape's two suits

    bool operator==(const Action &o) const {
        return kind == o.kind && card == o.card && privilege == o.privilege &&
               predict == o.predict && suit == o.suit && other == o.other;
    }
};

// The notation of an action, with cards in the deck style's names (actions.py's __str__).
inline std::string text_of(const Action &a, const Options &options) {
    static const char *const PREDICTIONS[] = {"", " odd", " even", " face"};
    switch (a.kind) {
        case PLAY: {
            std::string text = options.labels[rank_of(a.card)] + SUIT_TEXT[suit_of(a.card)];
            return a.privilege ? text + " privilege" + PREDICTIONS[a.predict] : text;
        }
        case CHAOS: return "chaos";
        case ROYAL_SHAPE: return "shape";
        case ROYAL_CLAIM: return "claim";
        case SHAPE_SUITS: return std::string("shape ") + SUIT_TEXT[a.suit] + " " + SUIT_TEXT[a.other];
        case CLAIM_SUIT: return std::string("claim ") + SUIT_TEXT[a.suit];
        case FOE_PLUS_1: return "foe+1";
        case ME_MINUS_1: return "me-1";
    }
    return "";
}

struct Hand {
    QCard items[14];
    int size = 0;
    void push(QCard c) { items[size++] = c; }
    QCard pop() { return items[--size]; }
    // A hand's card (three at most): the later ones moved down one by one, written out (as a
    // loop the compiler made it a call to memmove, two a trick).
    void erase(int index) {
        static_assert(HAND == 3);
        if (index < 1) items[0] = items[1];
        if (index < 2) items[1] = items[2];
        --size;
    }
    int find(QCard c) const {
        for (int i = 0; i < size; ++i)
            if (items[i] == c) return i;
        return -1;
    }
};

// The legal actions (rules.legal_actions), kept in place and read as a vector is (size, [],
// begin, end): at most each card of a hand of three, and with a House Privilege of each of the
// three predictions (HAND * 4). Grown in a `std::vector` at every move, the list's allocation was
// a quarter of a random playout.
struct Legal {
    static constexpr int MOST = HAND * 4;
    union { Action items[MOST]; };  // left uninitialised: only the first `length` are read
    int length = 0;

    Legal() {}
    void clear() { length = 0; }
    void push_back(Action action) { items[length++] = action; }
    // A play of each card of `hand`, in its order, after those listed (the count kept aside:
    // an action's byte fields may alias it, so pushed one by one it was read again each time).
    void plays(const Hand &hand) {
        int n = length, cards = hand.size;
        for (int i = 0; i < cards; ++i) items[n + i] = Action{PLAY, hand.items[i]};
        length = n + cards;
    }
    size_t size() const { return static_cast<size_t>(length); }
    bool empty() const { return length == 0; }
    const Action &operator[](size_t index) const { return items[index]; }
    const Action *begin() const { return items; }
    const Action *end() const { return items + length; }
};

// cards.face_ranks
constexpr bool is_face(int rank, bool ace_is_face) {
    return rank == JACK || rank == QUEEN || rank == KING || (rank == ACE && ace_is_face);
}

// cards.beats_table (+1: the first rank wins, 0 a tie, -1 it loses) for each value of
// ace_is_face, made at compile time (a State made it when made: a twentieth of a random game).
struct Beats {
    int8_t of[15][15];
};
constexpr Beats beats_table(bool ace_is_face) {
    Beats table{};
    for (int a = 0; a < 15; ++a)
        for (int b = 0; b < 15; ++b) {
            int r = 0;
            if (a != b) {
                if (a == JOKER) r = is_face(b, ace_is_face) ? 1 : -1;
                else if (b == JOKER) r = is_face(a, ace_is_face) ? -1 : 1;
                else r = a > b ? 1 : -1;
            }
            table.of[a][b] = static_cast<int8_t>(r);
        }
    return table;
}
constexpr Beats BEATS[2] = {beats_table(false), beats_table(true)};

class State {
    friend struct Observer;  // queens_mercy_encode.hpp: what a view shows, read without copying

public:
    State(const Options &options, uint64_t seed)
        : o_(options), rng_(seed), beats_(BEATS[options.ace_is_face].of) {
        start();
    }

    bool over() const { return phase_ == OVER; }
    int moves() const { return moves_; }
    // State.step_count: the tricks resolved since the start of the match.
    int tricks_done() const { return tricks_done_; }
    const Options &options() const { return o_; }

    // The seats to act, in seat order, into `seats`; how many (to_act without making a list).
    int acting(int seats[2]) const {
        if (phase_ == TRICK) {
            bool swapped = chaos_ && o_.open_chaos;
            int n = 0;
            for (int p = 0; p < 2; ++p)
                if (!committed_[swapped ? 1 - p : p]) seats[n++] = p;
            return n;
        }
        if (phase_ == OVER) return 0;
        seats[0] = actor_;
        return 1;
    }

    // rules.to_act: the seats to act, in seat order.
    std::vector<int> to_act() const {
        int seats[2];
        return std::vector<int>(seats, seats + acting(seats));
    }

    // rules.legal_actions, in its order.
    Legal legal(int player) const {
        Legal out;
        legal(player, out);
        return out;
    }

    // The same into `out` (emptied first), which a search keeps from move to move.
    void legal(int player, Legal &out) const {
        out.clear();
        if (player != 0 && player != 1) return;
        if (phase_ == TRICK) {
            if (chaos_) {
                if (o_.open_chaos) {
                    if (committed_[1 - player]) return;
                    out.plays(hands_[1 - player]);
                    return;
                }
                if (!committed_[player]) out.push_back(Action{CHAOS});
                return;
            }
            if (committed_[player]) return;
            const Hand &hand = hands_[player];
            out.plays(hand);
            if (o_.house_rules && !priv_used_[player]) {  // rules._with_privileges
                for (int i = 0; i < hand.size; ++i) {
                    int rank = rank_of(hand.items[i]);
                    if (rank < 2 || rank > 10) continue;
                    if (suits_[player] == DIAMONDS)
                        for (Predict guess : {ODD, EVEN, FACE})
                            out.push_back(Action{PLAY, hand.items[i], true, guess});
                    else
                        out.push_back(Action{PLAY, hand.items[i], true});
                }
            }
            return;
        }
        if (player != actor_ || phase_ == OVER) return;
        if (phase_ == ROYAL) {
            out.push_back(Action{ROYAL_SHAPE});
            out.push_back(Action{ROYAL_CLAIM});
        } else if (phase_ == SHAPE) {
            for (int a = 0; a < 4; ++a)
                for (int b = a + 1; b < 4; ++b)
                    out.push_back(Action{SHAPE_SUITS, 0, false, NO_PREDICTION, static_cast<int8_t>(a),
                                         static_cast<int8_t>(b)});
        } else if (phase_ == CLAIM) {
            for (int s : field_) out.push_back(Action{CLAIM_SUIT, 0, false, NO_PREDICTION, static_cast<int8_t>(s)});
        } else {
            out.push_back(Action{FOE_PLUS_1});
            out.push_back(Action{ME_MINUS_1});
        }
    }

    // State.act without events.
    void apply(int player, const Action &a) {
        ++moves_;
        switch (a.kind) {
            case PLAY: commit(player, a); break;
            case CHAOS: {
                const Hand &hand = hands_[player];
                commit(player, Action{PLAY, hand.items[rng_.below(static_cast<uint32_t>(hand.size))]});
                break;
            }
            case ROYAL_SHAPE: case ROYAL_CLAIM:
                shaper_ = a.kind == ROYAL_SHAPE ? player : 1 - player;
                royal_ = a.kind == ROYAL_SHAPE ? 0 : 1;
                actor_ = shaper_;
                phase_ = SHAPE;
                break;
            case SHAPE_SUITS:
                field_[0] = a.suit;
                field_[1] = a.other;
                actor_ = 1 - player;
                phase_ = CLAIM;
                break;
            case CLAIM_SUIT: {
                int other = field_[0] == a.suit ? field_[1] : field_[0];
                suits_[0] = player == 0 ? a.suit : other;
                suits_[1] = player == 0 ? other : a.suit;
                lead_ = shaper_;
                deal();
                break;
            }
            case FOE_PLUS_1: case ME_MINUS_1: {
                if (a.kind == FOE_PLUS_1) add(1 - player, 1);
                else add(player, -1);
                run_points(pending_index_);
                end_trick();
                break;
            }
        }
    }

    // rules.result: the round tokens, the winner (-1: a draw), the rounds played and the last
    // round's scores.
    std::tuple<int, int, int, int, int, int> result() const {
        const auto &last = history_.back();
        return {tokens_[0], tokens_[1], winner_, static_cast<int>(history_.size()), last[0], last[1]};
    }

    // The table as every view shows it, for the bots (queens_mercy_heuristic.hpp): the suits,
    // scores, locks, lead, trick, Market Chaos, each seat's deck size and discard count, and a
    // seat's own hand. `unplayed` is the ranks seat p has not played this round: its hand and
    // deck hold exactly those, so this is what its discard pile tells everyone.
    int suit(int p) const { return suits_[p]; }
    int score(int p) const { return scores_[p]; }
    bool locked(int p) const { return locked_[p]; }
    int lead() const { return lead_; }
    int trick() const { return trick_; }
    bool chaos() const { return chaos_; }
    int deck_size(int p) const { return decks_[p].size; }
    int discarded(int p) const { return discards_[p]; }
    const Hand &hand(int p) const { return hands_[p]; }
    int unplayed(int p) const {
        int ranks = 0;
        for (int i = 0; i < hands_[p].size; ++i) ranks |= 1 << rank_of(hands_[p].items[i]);
        for (int i = 0; i < decks_[p].size; ++i) ranks |= 1 << rank_of(decks_[p].items[i]);
        return ranks;
    }

    // view.deal_hidden, for State.sample_hidden: a fresh generator; then `player`'s own deck
    // order, the foe's unseen hand cards and deck (dealt from their sorted order: the view's
    // knowledge only), and the foe's face-down commitment (or, in an open Market Chaos, the
    // foe's unseen pick for `player`).
    State sample_hidden(int player, Rng &rng) const {
        State s(*this);
        s.rng_ = Rng(rng.next_u64());
        if (phase_ == ROYAL || phase_ == SHAPE || phase_ == CLAIM || phase_ == OVER) return s;
        int foe = 1 - player;
        Hand &deck = s.decks_[player];
        std::sort(deck.items, deck.items + deck.size);
        rng.shuffle(deck.items, deck.size);
        Hand known, unknown;
        const Hand &hand = hands_[foe];
        for (int i = 0; i < hand.size; ++i)
            (seen_[player] >> hand.items[i] & 1 ? known : unknown).push(hand.items[i]);
        int take = hand.size - known.size;
        for (int i = 0; i < decks_[foe].size; ++i) unknown.push(decks_[foe].items[i]);
        std::sort(unknown.items, unknown.items + unknown.size);
        rng.shuffle(unknown.items, unknown.size);
        s.hands_[foe] = known;
        s.decks_[foe].size = 0;
        for (int i = 0; i < unknown.size; ++i) (i < take ? s.hands_[foe] : s.decks_[foe]).push(unknown.items[i]);
        if (phase_ != TRICK) return s;
        if (chaos_ && o_.open_chaos) {
            if (s.committed_[player]) {  // picked for this player by the foe, unseen
                const Hand &mine = s.hands_[player];
                s.plays_[player] = Action{PLAY, mine.items[rng.below(static_cast<uint32_t>(mine.size))]};
            }
        } else if (s.committed_[foe]) {
            s.committed_[foe] = false;
            auto options = s.legal(foe);
            Action chosen = options[rng.below(static_cast<uint32_t>(options.size()))];
            if (chosen.kind != PLAY) {  // a chaos trick: the pick is a card of the hand
                const Hand &theirs = s.hands_[foe];
                chosen = Action{PLAY, theirs.items[rng.below(static_cast<uint32_t>(theirs.size))]};
            }
            s.plays_[foe] = chosen;
            s.committed_[foe] = true;
        }
        return s;
    }

    // Whether `player` sees the same in this state and `other` (view.view_body and the envelope's
    // seats to act, phase and result): true exactly when the two views compare equal, for two
    // states that share their public history (deals of one decision and the real state, after
    // the same move; the search compares no others). The discards' cards and the latest trick's
    // round and number, which the state keeps only as counts or not at all, follow from that
    // history and the latest trick compared here; the foe's cards the player saw held up are
    // kept in the foe's hand order, which that history fixes too. Never compared: the foe's
    // hand and face-down commit, either deck's order.
    bool same_view(const State &other, int player) const {
        const State &o = other;
        int seats[2], others[2];
        int n = acting(seats);
        if (n != o.acting(others) || !std::equal(seats, seats + n, others)) return false;
        if (phase_ != o.phase_ || suits_[0] != o.suits_[0] || suits_[1] != o.suits_[1] || trick_ != o.trick_ ||
            lead_ != o.lead_ || chaos_ != o.chaos_ || history_ != o.history_ || winner_ != o.winner_ ||
            cut_[0] != o.cut_[0] || cut_[1] != o.cut_[1] || royal_ != o.royal_ || shaper_ != o.shaper_ ||
            field_[0] != o.field_[0] || field_[1] != o.field_[1] || seen_[player] != o.seen_[player])
            return false;
        for (int p = 0; p < 2; ++p)
            if (scores_[p] != o.scores_[p] || tokens_[p] != o.tokens_[p] || locked_[p] != o.locked_[p] ||
                priv_used_[p] != o.priv_used_[p] || hands_[p].size != o.hands_[p].size ||
                decks_[p].size != o.decks_[p].size || discards_[p] != o.discards_[p] ||
                committed_[p] != o.committed_[p])
                return false;
        const Hand &mine = hands_[player], &theirs = o.hands_[player];
        if (!std::equal(mine.items, mine.items + mine.size, theirs.items)) return false;
        // The player's commit, or in an open Market Chaos the card they picked for the foe.
        int shown = chaos_ && o_.open_chaos && phase_ == TRICK ? 1 - player : player;
        if (committed_[shown] && !(plays_[shown] == o.plays_[shown])) return false;
        if (phase_ == ULTIMATUM && (actor_ != o.actor_ || plays_[0].card != o.plays_[0].card ||
                                    plays_[1].card != o.plays_[1].card || pre_[0] != o.pre_[0] ||
                                    pre_[1] != o.pre_[1]))
            return false;
        if (last_.shown != o.last_.shown) return false;
        if (!last_.shown) return true;
        for (int p = 0; p < 2; ++p)
            if (!(last_.plays[p] == o.last_.plays[p]) || last_.before[p] != o.last_.before[p] ||
                last_.after[p] != o.last_.after[p])
                return false;
        return last_.result == o.last_.result;
    }

private:
    bool is_face(int rank) const { return queens_mercy::is_face(rank, o_.ace_is_face); }

    // cards.shuffle_14: one draw, read as the digits of a Fisher-Yates shuffle.
    template <typename T>
    void shuffle_14(T *items) {
        uint64_t x = rng_.next_u64() % FACTORIAL_14;
        for (int i = 13; i > 0; --i) {
            auto j = static_cast<int>(x % static_cast<uint64_t>(i + 1));
            x /= static_cast<uint64_t>(i + 1);
            std::swap(items[i], items[j]);
        }
    }

    void start() {
        if (o_.suits[0] >= 0) {
            suits_[0] = o_.suits[0];
            suits_[1] = o_.suits[1];
            shaper_ = lead_ = o_.shaper;
            deal();
            return;
        }
        int ranks[14];
        for (int i = 0; i < 14; ++i) ranks[i] = RANKS[i];
        shuffle_14(ranks);
        int half = 1 + static_cast<int>(rng_.below(13));
        cut_[0] = ranks[0];
        cut_[1] = ranks[half];
        actor_ = beats_[ranks[0]][ranks[half]] > 0 ? 0 : 1;
        phase_ = ROYAL;
    }

    void deal() {
        for (int p = 0; p < 2; ++p) {
            QCard cards[14];
            for (int i = 0; i < 14; ++i) cards[i] = card(RANKS[i], suits_[p]);
            shuffle_14(cards);
            decks_[p].size = hands_[p].size = 0;
            for (int i = 0; i < 11; ++i) decks_[p].push(cards[i]);
            for (int i = 11; i < 14; ++i) hands_[p].push(cards[i]);
            discards_[p] = 0;
            seen_[p] = 0;
        }
        scores_[0] = scores_[1] = 0;
        locked_[0] = locked_[1] = false;
        priv_used_[0] = priv_used_[1] = false;
        chaos_ = false;
        trick_ = 1;
        committed_[0] = committed_[1] = false;
        last_.shown = false;  // its cards are back in the new round's hidden decks
        phase_ = TRICK;
    }

    void commit(int player, const Action &a) {
        int seat = chaos_ && o_.open_chaos ? 1 - player : player;
        committed_[seat] = true;
        plays_[seat] = a;
        if (!committed_[1 - seat]) return;
        if (reveal()) return;  // paused for an Ultimatum
        end_trick();
    }

    // powers.reveal: true when a Joker♠'s Ultimatum pauses the trick for the foe's answer.
    bool reveal() {
        QCard c0 = plays_[0].card, c1 = plays_[1].card;
        hands_[0].erase(hands_[0].find(c0));
        hands_[1].erase(hands_[1].find(c1));
        seen_[1] &= ~bit(c0);  // a card held up in open Market Chaos, now played
        seen_[0] &= ~bit(c1);
        pre_[0] = scores_[0];
        pre_[1] = scores_[1];
        int r = beats_[rank_of(c0)][rank_of(c1)];
        res_[0] = r;
        res_[1] = -r;
        if (plays_[0].privilege || plays_[1].privilege || special(c0) || special(c1)) {
            if (plays_[0].privilege) priv_used_[0] = true;
            if (plays_[1].privilege) priv_used_[1] = true;
            null_[0] = c1 == card(JACK, CLUBS) && is_face(rank_of(c0));
            null_[1] = c0 == card(JACK, CLUBS) && is_face(rank_of(c1));
            if (locker(c0) || locker(c1)) lock(c0, c1);
            return run_points(0);
        }
        if (r != 0) {
            int winner = r > 0 ? 0 : 1;
            if (!locked_[winner]) ++scores_[winner];
        }
        return false;
    }

    static uint64_t bit(QCard c) { return uint64_t{1} << c; }

    static bool locker(QCard c) {
        return c == card(QUEEN, HEARTS) || c == card(QUEEN, CLUBS) || c == card(JOKER, CLUBS);
    }

    // A card with a power (`power_of`, Q♠ under either reading), a lock, or K♠'s or Q♠'s check
    // after scoring: every J, Q, K and A, and every Joker but the Joker♦ (Market Chaos, read at
    // the trick's end), read from the rank rather than through `power_of` twice a trick.
    static bool special(QCard c) {
        int rank = rank_of(c);
        return rank >= JACK || (rank == JOKER && c != card(JOKER, DIAMONDS));
    }

    void lock(QCard c0, QCard c1) {
        QCard cards[2] = {c0, c1};
        for (int p = 0; p < 2; ++p) {
            if (null_[p]) continue;
            QCard c = cards[p];
            if ((c == card(QUEEN, HEARTS) && res_[p] < 0) || (c == card(QUEEN, CLUBS) && res_[p] >= 0))
                locked_[1 - p] = true;
            else if (c == card(JOKER, CLUBS))
                locked_[0] = locked_[1] = true;
        }
    }

    // powers.add and powers.steal: locks, never below zero, steal only what is there.
    void add(int p, int k) {
        if (locked_[p]) return;
        int value = scores_[p] + k;
        if (value >= 0) scores_[p] = value;
    }

    void steal(int p) {
        int f = 1 - p;
        if (locked_[f] || scores_[f] < 1) return;
        if (locked_[p]) {
            if (o_.foe_still_loses) --scores_[f];
            return;
        }
        --scores_[f];
        ++scores_[p];
    }

    enum Power : uint8_t { NONE, POWER_GRAB, HEAVY_CROWN, MERCY_TABLE, INTIMIDATE, ULTIMATUM_POWER,
                           SECOND_WIND, TRIUMPH, RESTORATION, DOUBLE_OR_NOTHING, HOSTILE_TAKEOVER,
                           MOMENTUM, SHORT_SELL, EQUILIBRIUM, REDISTRIBUTION, STASIS, COUNTERPOISE,
                           STEADFAST_HEART };

    // powers.point_powers
    Power power_of(QCard c) const {
        switch (suit_of(c)) {
            case SPADES:
                switch (rank_of(c)) {
                    case ACE: return POWER_GRAB;
                    case KING: return HEAVY_CROWN;
                    case JACK: return INTIMIDATE;
                    case JOKER: return ULTIMATUM_POWER;
                    case QUEEN: return o_.qs_prose ? NONE : MERCY_TABLE;
                }
                return NONE;
            case HEARTS:
                switch (rank_of(c)) {
                    case ACE: return SECOND_WIND;
                    case KING: return POWER_GRAB;
                    case JACK: return TRIUMPH;
                    case JOKER: return RESTORATION;
                }
                return NONE;
            case DIAMONDS:
                switch (rank_of(c)) {
                    case ACE: return DOUBLE_OR_NOTHING;
                    case KING: return HOSTILE_TAKEOVER;
                    case QUEEN: return MOMENTUM;
                    case JACK: return SHORT_SELL;
                }
                return NONE;
            default:
                switch (rank_of(c)) {
                    case ACE: return EQUILIBRIUM;
                    case KING: return REDISTRIBUTION;
                    case QUEEN: return STASIS;
                    case JACK: return COUNTERPOISE;
                }
                return NONE;
        }
    }

    // One point-phase power of seat p; true when it pauses for an Ultimatum.
    bool fire(Power power, int p, int res, QCard foe) {
        switch (power) {
            case NONE: break;
            case POWER_GRAB: if (res < 0) steal(p); break;
            case HEAVY_CROWN: if (res > 0) add(p, 1); break;
            case MERCY_TABLE:
                if (res > 0) add(p, 1);
                if (scores_[p] > scores_[1 - p]) add(1 - p, 2);
                break;
            case INTIMIDATE: if (is_face(rank_of(foe))) add(1 - p, -1); break;
            case ULTIMATUM_POWER: return res > 0 || !o_.xs_requires_win;
            case SECOND_WIND: if (res < 0) add(p, discards_[1 - p] >= HALF ? 2 : 1); break;
            case TRIUMPH: if (res >= 0) add(p, 1); break;
            case RESTORATION: add(p, 2); if (res > 0) add(p, 1); break;
            case DOUBLE_OR_NOTHING: add(p, res > 0 ? 1 : res < 0 ? -1 : 3); break;
            case HOSTILE_TAKEOVER: if (res > 0) steal(p); break;
            case MOMENTUM:
                if (pre_[p] > pre_[1 - p]) add(p, 1);
                if (res > 0) add(p, 1);
                break;
            case SHORT_SELL: if (res < 0) add(1 - p, -1); break;
            case EQUILIBRIUM: if (res <= 0) add(p, decks_[1 - p].size >= HALF ? 2 : 1); break;
            case REDISTRIBUTION:
                if (res >= 0) add(p, 2);
                if (scores_[1 - p] < scores_[p]) add(1 - p, 1);
                break;
            case STASIS: if (res < 0) add(p, 1); break;
            case COUNTERPOISE: if (res == 0) add(p, 1); break;
            case STEADFAST_HEART: if (res < 0) add(p, 1); break;
        }
        return false;
    }

    static int power_order(int rank) {  // cards.POWER_ORDER
        return rank == JACK ? 1 : rank == QUEEN ? 2 : rank == KING ? 3 : rank == ACE ? 4 : 5;
    }

    // powers.point_steps: (seat, power) in resolution order.
    int point_steps(std::pair<int, Power> steps[4]) const {
        int n = 0;
        for (int p = 0; p < 2; ++p)
            if (plays_[p].privilege && suits_[p] == HEARTS) steps[n++] = {p, STEADFAST_HEART};
        Power f0 = null_[0] ? NONE : power_of(plays_[0].card);
        Power f1 = null_[1] ? NONE : power_of(plays_[1].card);
        if (f0 != NONE && f1 != NONE) {
            int k0 = power_order(rank_of(plays_[0].card)), k1 = power_order(rank_of(plays_[1].card));
            if (k0 < k1 || (k0 == k1 && lead_ == 0)) {
                steps[n++] = {0, f0};
                steps[n++] = {1, f1};
            } else {
                steps[n++] = {1, f1};
                steps[n++] = {0, f0};
            }
        } else if (f0 != NONE) {
            steps[n++] = {0, f0};
        } else if (f1 != NONE) {
            steps[n++] = {1, f1};
        }
        return n;
    }

    // powers.run_points: true when it pauses (the foe of the Joker♠'s owner answers).
    bool run_points(int start) {
        std::pair<int, Power> steps[4];
        int n = point_steps(steps);
        QCard foes[2] = {plays_[1].card, plays_[0].card};
        for (int i = start; i < n; ++i) {
            auto [p, power] = steps[i];
            if (fire(power, p, res_[p], foes[p])) {
                pending_index_ = i + 1;
                phase_ = ULTIMATUM;
                actor_ = 1 - p;
                return true;
            }
        }
        finish();
        return false;
    }

    bool declared(int suit) const {
        return (plays_[0].privilege && suits_[0] == suit) || (plays_[1].privilege && suits_[1] == suit);
    }

    // powers.finish: base scoring, Press the Attack, the wager, then K♠ and Q♠.
    void finish() {
        int r = res_[0];
        int winner = r > 0 ? 0 : r < 0 ? 1 : -1;
        bool privileged = plays_[0].privilege || plays_[1].privilege;
        if (winner >= 0) {
            if (!(privileged && declared(CLUBS))) add(winner, 1);
            if (privileged && plays_[winner].privilege && suits_[winner] == SPADES &&
                pre_[winner] < pre_[1 - winner])
                add(winner, 1);
        }
        if (privileged)
            for (int p = 0; p < 2; ++p)
                if (plays_[p].predict != NO_PREDICTION && suits_[p] == DIAMONDS &&
                    prediction(rank_of(plays_[1 - p].card)) == plays_[p].predict)
                    add(p, 2);
        for (int p = 0; p < 2; ++p) {
            QCard c = plays_[p].card;
            if (null_[p]) continue;
            int mine = scores_[p], theirs = scores_[1 - p];
            if (c == card(KING, SPADES)) {
                if (mine < theirs || (mine == theirs && o_.ks_prose)) add(p, -1);
            } else if (c == card(QUEEN, SPADES) && o_.qs_prose && mine > theirs) {
                add(p, 1);
                add(1 - p, 2);
            }
        }
    }

    Predict prediction(int rank) const {  // cards.prediction_class
        if (rank == JOKER) return o_.joker_predicts_face ? FACE : NO_PREDICTION;
        if (rank > 10) return FACE;
        return rank % 2 == 0 ? EVEN : ODD;
    }

    // rules.end_trick
    void end_trick() {
        QCard c0 = plays_[0].card, c1 = plays_[1].card;
        bool round_over = trick_ == TRICKS || (o_.cap_ends && (scores_[0] >= o_.cap || scores_[1] >= o_.cap));
        ++tricks_done_;
        ++discards_[0];
        ++discards_[1];
        if (decks_[0].size) hands_[0].push(decks_[0].pop());
        if (decks_[1].size) hands_[1].push(decks_[1].pop());
        if (o_.lock_trick) locked_[0] = locked_[1] = false;
        if (res_[0] != 0) lead_ = res_[0] > 0 ? 1 : 0;  // the loser leads
        keep_last();
        committed_[0] = committed_[1] = false;
        phase_ = TRICK;
        pending_index_ = 0;
        if (round_over) {
            end_round();
            return;
        }
        ++trick_;
        chaos_ = c0 == card(JOKER, DIAMONDS) || c1 == card(JOKER, DIAMONDS);
        if (chaos_ && o_.open_chaos) {  // both hands held up: each seat sees the foe's
            seen_[0] = seen_[1] = 0;
            for (int i = 0; i < hands_[1].size; ++i) seen_[0] |= bit(hands_[1].items[i]);
            for (int i = 0; i < hands_[0].size; ++i) seen_[1] |= bit(hands_[0].items[i]);
        }
    }

    // The latest trick, for the views: written field by field (as one aggregate it was made
    // aside and copied, a twentieth of `end_trick`).
    void keep_last() {
        last_.shown = true;
        last_.result = res_[0];
        for (int p = 0; p < 2; ++p) {
            last_.plays[p] = plays_[p];
            last_.before[p] = pre_[p];
            last_.after[p] = scores_[p];
        }
    }

    void end_round() {
        int s0 = scores_[0], s1 = scores_[1];
        int won = (o_.tie_no_cap && std::max(s0, s1) < o_.cap) || s0 == s1 ? -1 : s0 > s1 ? 0 : 1;
        if (won >= 0) ++tokens_[won];
        history_.push_back({s0, s1});
        if (std::max(tokens_[0], tokens_[1]) >= o_.rounds_to_win ||
            (o_.max_rounds > 0 && static_cast<int>(history_.size()) >= o_.max_rounds)) {
            winner_ = tokens_[0] == tokens_[1] ? -1 : tokens_[0] > tokens_[1] ? 0 : 1;
            phase_ = OVER;
            chaos_ = false;
            seen_[0] = seen_[1] = 0;  // no hand is held up once the match is over
            return;
        }
        deal();
    }

    Options o_;
    Rng rng_;
    const int8_t (*beats_)[15];  // BEATS[o_.ace_is_face]
    Phase phase_ = ROYAL;
    int moves_ = 0, actor_ = 0, shaper_ = 0, lead_ = 0, trick_ = 1, pending_index_ = 0;
    int field_[2] = {-1, -1}, suits_[2] = {-1, -1};
    int scores_[2] = {0, 0}, tokens_[2] = {0, 0}, pre_[2] = {0, 0}, res_[2] = {0, 0};
    bool locked_[2] = {false, false}, null_[2] = {false, false}, priv_used_[2] = {false, false};
    bool chaos_ = false, committed_[2] = {false, false};
    Action plays_[2] = {Action{PLAY}, Action{PLAY}};
    Hand hands_[2], decks_[2];
    int discards_[2] = {0, 0};
    // Kept for views only (the rules never read them): the Queen's Cut's two ranks (-1: fixed
    // suits) and the royal choice (0 shape, 1 claim, -1 not yet), the foe's cards each seat saw
    // held up in an open Market Chaos and still in the foe's hand (bits by card), the latest trick.
    int cut_[2] = {-1, -1}, royal_ = -1;
    uint64_t seen_[2] = {0, 0};
    struct Last {
        bool shown;
        Action plays[2];
        int result;  // seat 0's: +1 won, 0 tied, -1 lost
        int before[2], after[2];
    } last_ = {false, {Action{PLAY}, Action{PLAY}}, 0, {0, 0}, {0, 0}};
    std::vector<std::array<int, 2>> history_;
    int winner_ = -1;
    int tricks_done_ = 0;
};


// For the search (ismcts.hpp): a number that tells the actions apart, and each player's return (1 a
// win, 0 a loss, 1/2 each for a draw).
inline uint64_t search_key(const Action &a) {
    return a.kind | static_cast<uint64_t>(a.card) << 8 | static_cast<uint64_t>(a.privilege) << 16 |
           static_cast<uint64_t>(a.predict) << 20 | static_cast<uint64_t>(a.suit + 1) << 24 |
           static_cast<uint64_t>(a.other + 1) << 32;
}
inline std::array<double, 2> search_returns(const State &state) {
    int winner = std::get<2>(state.result());
    if (winner < 0) return {0.5, 0.5};
    return winner == 0 ? std::array<double, 2>{1.0, 0.0} : std::array<double, 2>{0.0, 1.0};
}

}  // namespace cardtable::queens_mercy
