// Pillars, natively: games/pillars (rules.py, plays.py, effects.py, scoring.py) step for step, on
// the same deal and generator, listing the legal actions in the same order, so that a seed and a
// list of moves give the same game in both engines.
#pragma once
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <tuple>
#include <vector>

#include "cards.hpp"
#include "rng.hpp"

namespace cardtable::pillars {

// The battle zones and suit piles in table order (♥ ♠ ♦ ♣), as card suits (♠ ♥ ♦ ♣ = 0 1 2 3);
// pile 4 is the faces pile.
constexpr int ZONE_SUIT[4] = {1, 0, 2, 3};
constexpr int SUIT_ZONE[4] = {1, 0, 2, 3};
constexpr int FACES = 4, HAND_SIZE = 7, MAX_LIMIT = 25;
constexpr int KEPT_BITS = 13, KEPT_SETS = 1 << KEPT_BITS;  // the sorted sets kept, per thread
constexpr int MOST_WALKED = 434;  // the sets of the ten numbers (values 1 to 10) worth 25 at most, and the empty one
inline const char *const ZONE_TEXT[4] = {"♥", "♠", "♦", "♣"};

struct Options {
    int face_only_value = 0;
    bool limit_by_action = false;     // limit_scope: "pile" (false) or "action"
    bool faces_any_suit = false;
    bool allow_null_magic = false;
    bool end_on_failed_draw = false;  // end_trigger: "deck_empty_after_draw" or "failed_draw"
    bool pile_values = false;         // pile_points: "cards" or "values"
    int dealer = 1;
};

enum Kind : uint8_t { ATTACK, DEFEND, CRAWL, SCORE, TAKE, HARVEST, PILE_MAGIC, JACK_MAGIC,
                      QUEEN_MAGIC, KING_MAGIC, END };

struct Action {
    Kind kind;
    int8_t zone = -1;   // the battle of a play or of a King's Magic (-1: none)
    Cards<20> cards;    // a play's cards in notation order; the card of a take or a Magic

    std::string text() const {
        auto with_cards = [this](std::string head) {
            for (int i = 0; i < cards.size; ++i) head += " " + card_text(cards.items[i]);
            return head;
        };
        switch (kind) {
            case ATTACK: return with_cards(std::string("attack ") + ZONE_TEXT[zone]);
            case DEFEND: return with_cards(std::string("defend ") + ZONE_TEXT[zone]);
            case CRAWL: return with_cards(std::string("crawl ") + ZONE_TEXT[zone]);
            case SCORE: return "score";
            case TAKE: return with_cards("take");
            case HARVEST: return "harvest";
            case PILE_MAGIC: {
                static const char *const SUITS[] = {"♠", "♥", "♦", "♣"};
                return with_cards(std::string("magic ") + SUITS[suit_of(cards.items[0])]);
            }
            case JACK_MAGIC: return with_cards("magic J");
            case QUEEN_MAGIC: return "magic Q";
            case KING_MAGIC: return zone < 0 ? "magic K" : std::string("magic K ") + ZONE_TEXT[zone];
            case END: return "end";
        }
        return "";
    }
};

inline std::string text_of(const Action &action) { return action.text(); }

// The legal actions, read as a vector is (size, [], begin, end), each kept in the few bytes that
// tell it apart and made an Action only when read: a random playout reads one of them. A play is
// its zone and its cards as bits of the zone's playable cards (kept once per zone); the list
// holds SHORT entries in place and moves to the heap only past that (Pillars' list has no useful
// bound: with faces_any_suit every set of twelve faces can be legal).
class Legal {
public:
    static constexpr Card NO_CARD = 0xFF;
    static constexpr int SHORT = 64;
    struct Entry {
        uint32_t bits;         // a play's cards: bit i the zone's number i, bit 16 + i its face i
        Kind kind;
        int8_t zone = -1;
        Card card = NO_CARD;   // the card of a take, a Crawl or a Magic
        uint8_t spare = 0;     // written, so that an entry is copied as one word
    };

    Legal() {}
    int count() const { return length_; }
    size_t size() const { return static_cast<size_t>(length_); }
    bool empty() const { return length_ == 0; }

    Action operator[](size_t index) const {
        const Entry &entry = data()[index];
        Action action{entry.kind, entry.zone};
        if (entry.card != NO_CARD) action.cards.push(entry.card);
        if (entry.kind == ATTACK || entry.kind == DEFEND)
            for (uint32_t bits = entry.bits; bits; bits &= bits - 1) {
                int i = __builtin_ctz(bits);
                action.cards.push(i < 16 ? numbers_[entry.zone][i] : faces_[entry.zone][i - 16]);
            }
        return action;
    }

    void push_back(Entry entry) { *grow(1) = entry; }
    // `n` entries at the end, to be written by the caller.
    Entry *grow(int n) {
        int at = length_;
        length_ += n;
        if (length_ <= in_place_) return short_ + at;
        return grow_heap(at);
    }
    // The playable cards of `zone`, which its plays' bits index.
    Card *numbers(int zone) { return numbers_[zone]; }
    Card *faces(int zone) { return faces_[zone]; }

private:
    const Entry *data() const { return in_place_ ? short_ : heap_.data(); }

    Entry *grow_heap(int at) {
        if (in_place_) {
            heap_.assign(short_, short_ + at);
            in_place_ = 0;
        }
        heap_.resize(static_cast<size_t>(length_));
        return heap_.data() + at;
    }

    union { Entry short_[SHORT]; };  // left uninitialised: only the first `length_` are read
    int length_ = 0;
    int in_place_ = SHORT;  // SHORT while the entries are in `short_`, 0 once they are on the heap
    std::vector<Entry> heap_;
    Card numbers_[4][10], faces_[4][12];
};

inline bool is_face(Card card) { return rank_of(card) >= JACK && rank_of(card) <= KING; }
inline int number_value(Card card) {  // values.number_value: Ace 1, faces 0
    int rank = rank_of(card);
    return rank == ACE ? 1 : rank > 10 ? 0 : rank;
}
inline int pile_of(Card card) { return is_face(card) ? FACES : SUIT_ZONE[suit_of(card)]; }

using Pile = Cards<52>;

class State {
public:
    State(const Options &options, uint64_t seed) : options_(options), rng_(seed) {
        Cards<52> deck;
        for (Card card = 0; card < 52; ++card) deck.push(card);
        rng_.shuffle(deck.items, deck.size);
        int first = 1 - options.dealer;
        for (int i = 0; i < HAND_SIZE; ++i) {  // one at a time, starting with the non-dealer
            hands_[first].push(deck.pop());
            hands_[1 - first].push(deck.pop());
        }
        held_[0] = mask_of(hands_[0]);
        held_[1] = mask_of(hands_[1]);
        deck_ = deck;
        turn_ = first;
    }

    bool over() const { return over_; }
    int moves() const { return moves_; }
    int to_act() const { return over_ ? -1 : turn_; }

    // rules.legal_actions, in its order.
    Legal legal(int player) const {
        Legal out;
        if (over_ || player != turn_) return out;
        if (pending_.size) {
            for (int i = 0; i < pending_.size; ++i)
                for (int side = 0; side < 2; ++side) {
                    const Pile &cards = zones_[pending_.items[i]][side];
                    for (int c = 0; c < cards.size; ++c) out.push_back({0, TAKE, -1, cards.items[c]});
                }
            return out;
        }
        int cap = limit(player);
        for (int zone = 0; zone < 4; ++zone) zone_plays(player, zone, cap, held_[player], out);
        out.push_back({0, SCORE});
        out.push_back({0, HARVEST});
        const Pile *piles = scored_[player];
        if (piles[0].size || piles[FACES].size || options_.allow_null_magic) magic(player, out);
        if (acted_) out.push_back({0, END});
        return out;
    }

    // State.act without events: one legal action of `player`.
    void apply(int player, const Action &action) {
        ++moves_;
        switch (action.kind) {
            case ATTACK: case DEFEND: case CRAWL: play(player, action); break;
            case TAKE: take(player, action.cards.items[0]); break;
            case SCORE: score(player); break;
            case HARVEST: harvest(player); break;
            case PILE_MAGIC: pile_magic(player, action.cards.items[0]); break;
            case JACK_MAGIC: jack_magic(player, action.cards); break;
            case QUEEN_MAGIC: queen_magic(player); break;
            case KING_MAGIC: king_magic(player, action.zone); break;
            case END: actions_left_ = 0; closed(player); break;
        }
    }

    // What a bot may read of the table (each bot says which parts it reads, for whom).
    const Pile &hand(int player) const { return hands_[player]; }
    int deck_size() const { return deck_.size; }
    const Pile &side(int zone, int player) const { return zones_[zone][player]; }
    const Pile &scored(int player, int pile) const { return scored_[player][pile]; }
    // The cards of the opponent's hand that `player` knows (Board.known: taken from `player` by
    // Queen Magic and not played since), as bits (bit c for card c).
    uint64_t known(int player) const { return known_[player]; }
    // The discard pile as bits: the cards in no hand, deck, battle or scoring pile (every one
    // was discarded in everyone's sight).
    uint64_t discarded() const {
        uint64_t placed = bits(deck_) | bits(hands_[0]) | bits(hands_[1]);
        for (const auto &sides : zones_) placed |= bits(sides[0]) | bits(sides[1]);
        for (const auto &piles : scored_)
            for (const Pile &pile : piles) placed |= bits(pile);
        return ~placed & ((uint64_t{1} << 52) - 1);
    }
    template <int N>
    static uint64_t bits(const Cards<N> &cards) {
        uint64_t mask = 0;
        for (int i = 0; i < cards.size; ++i) mask |= uint64_t{1} << cards.items[i];
        return mask;
    }

    // scoring.final_result: each player's majorities, and the winner (-1: a draw).
    std::tuple<int, int, int> result() const {
        int points[2][5];
        for (int p = 0; p < 2; ++p)
            for (int pile = 0; pile < 5; ++pile) {
                const Pile &cards = scored_[p][pile];
                int total = cards.size;
                if (options_.pile_values && pile != FACES) {
                    total = 0;
                    for (int i = 0; i < cards.size; ++i) total += number_value(cards.items[i]);
                }
                points[p][pile] = total;
            }
        int held[2] = {0, 0};
        int diamonds = -1;
        for (int p = 0; p < 2; ++p)
            for (int pile = 0; pile < 5; ++pile)
                if (points[p][pile] > points[1 - p][pile]) {
                    ++held[p];
                    if (pile == 2) diamonds = p;
                }
        int winner = held[0] != held[1] ? (held[0] > held[1] ? 0 : 1) : diamonds;
        return {held[0], held[1], winner};
    }

    // view.redeal_hidden, for State.sample_hidden: the deck and the foe's hand cards `player`
    // does not know dealt again from their sorted order (the view's knowledge only), the known
    // ones kept, both hands in the cards' order, and a fresh generator.
    State sample_hidden(int player, Rng &rng) const {
        State sample(*this);
        int other = 1 - player;
        uint64_t hand = mask_of(hands_[other]), known = known_[player];
        int unknown = __builtin_popcountll(hand & ~known);
        Pile pool = in_order((hand & ~known) | mask_of(deck_));
        rng.shuffle(pool.items, pool.size);
        sample.hands_[player] = in_order(mask_of(hands_[player]));
        sample.hands_[other] = in_order(hand & known);
        for (int i = 0; i < unknown; ++i) sample.hands_[other].push(pool.items[i]);
        sample.held_[other] = mask_of(sample.hands_[other]);
        sample.deck_.clear();
        for (int i = unknown; i < pool.size; ++i) sample.deck_.push(pool.items[i]);
        sample.rng_ = Rng(rng.next_u64());
        return sample;
    }

    // Whether `player` sees the same in this state and `other` (view.view_body and the envelope's
    // seats to act and phase): true exactly when the two views compare equal, for two states that
    // share their public history (deals of one decision and the real state, after the same move;
    // the search compares no others). The discard pile's order and the latest move, which the
    // state does not keep, follow from that history; the player's own hand and the foe's cards
    // they know are shown sorted, so they are compared as sets; the deck and the foe's other
    // cards only by their number.
    bool same_view(const State &other, int player) const {
        if (over_ != other.over_ || turn_ != other.turn_ || actions_left_ != other.actions_left_ ||
            acted_ != other.acted_ || !(pending_ == other.pending_) || deck_.size != other.deck_.size ||
            hands_[0].size != other.hands_[0].size || hands_[1].size != other.hands_[1].size ||
            mask_of(hands_[player]) != mask_of(other.hands_[player]) || known_[player] != other.known_[player] ||
            discarded() != other.discarded())
            return false;
        for (int zone = 0; zone < 4; ++zone)
            for (int p = 0; p < 2; ++p)
                if (!(zones_[zone][p] == other.zones_[zone][p])) return false;
        for (int p = 0; p < 2; ++p)
            for (int pile = 0; pile < 5; ++pile)
                if (!(scored_[p][pile] == other.scored_[p][pile])) return false;
        return true;
    }

private:
    static uint64_t mask_of(const Pile &cards) {
        uint64_t mask = 0;
        for (int i = 0; i < cards.size; ++i) mask |= uint64_t{1} << cards.items[i];
        return mask;
    }
    static Pile in_order(uint64_t mask) {  // the cards of `mask` in the cards' own order
        Pile cards;
        for (Card card = 0; card < 52; ++card)
            if (mask >> card & 1) cards.push(card);
        return cards;
    }

    int limit(int player) const { return 15 + scored_[player][1].size; }  // 15 + scored ♠

    bool engaged(int zone) const { return zones_[zone][0].size + zones_[zone][1].size > 0; }

    // The numbers of each pattern (bits by value, Ace first) as the cards of the suit's first
    // (the 2♠ is 0): their count, then their places in the suit in value order.
    struct NumberCards { uint8_t count; uint8_t ranks[10]; };
    static constexpr std::array<NumberCards, 1024> NUMBER_CARDS = [] {
        std::array<NumberCards, 1024> made{};
        for (int pattern = 0; pattern < 1024; ++pattern)
            for (int value = 1; value <= 10; ++value)
                if (pattern >> (value - 1) & 1)
                    made[pattern].ranks[made[pattern].count++] = static_cast<uint8_t>((value == 1 ? ACE : value) - 2);
        return made;
    }();

    // plays.ZonePlays: every set of the playable cards, in the walk's order, sorted (stably) by
    // what it would bring the side to; those within the limit, then the Crawls.
    void zone_plays(int player, int zone, int cap, uint64_t held, Legal &out) const {
        int suit = ZONE_SUIT[zone];
        // The numbers held, Ace first, as bits by value (`pattern`: the 2 to 10 of the suit are
        // bits 0 to 8 of its 13, the Ace bit 12), then the faces in play order.
        uint64_t suit_held = held >> (suit * 13);
        int pattern = static_cast<int>((suit_held >> 12 & 1) | (suit_held & 0x1FF) << 1);
        Card *numbers = out.numbers(zone), *faces = out.faces(zone);
        const NumberCards &held_numbers = NUMBER_CARDS[pattern];
        int n = held_numbers.count, f = 0;
        // The suit's first card added to every place at once, eight and two bytes a word (no
        // sum passes a byte).
        uint64_t head;
        uint16_t tail;
        std::memcpy(&head, held_numbers.ranks, 8);
        std::memcpy(&tail, held_numbers.ranks + 8, 2);
        head += uint64_t(suit * 13) * 0x0101010101010101ULL;
        tail = static_cast<uint16_t>(tail + suit * 13 * 0x0101);
        std::memcpy(numbers, &head, 8);
        std::memcpy(numbers + 8, &tail, 2);
        if (!options_.faces_any_suit) {  // the J, Q, K of the suit are bits 9 to 11 of its 13
            for (int bits = static_cast<int>(suit_held >> 9 & 7); bits; bits &= bits - 1)
                faces[f++] = static_cast<Card>(suit * 13 + 9 + __builtin_ctz(bits));
        } else {
            for (int rank = JACK; rank <= KING; ++rank)
                for (int other : ZONE_SUIT) {
                    Card card = static_cast<Card>(other * 13 + rank - 2);
                    if (held >> card & 1) faces[f++] = card;
                }
        }
        if (n + f == 0) return;
        bool is_engaged = engaged(zone);
        int room = cap, base_top = 0, base_faces = 0;
        if (!options_.limit_by_action) {  // the limit weighs the side after the play
            const SideSum &sum = sums_[zone][player];
            room -= sum.total;
            base_top = sum.top;
            base_faces = sum.faces;
        }
        const SortedSets &sorted = sorted_sets(pattern, n, f, base_top, base_faces);
        const uint32_t *sets = sorted.sets.data();
        int fits = room < 0 ? 0 : static_cast<int>(sorted.within[std::min(room, MAX_LIMIT)]);
        Kind kind = is_engaged ? DEFEND : ATTACK;
        Legal::Entry *plays = out.grow(fits);
        const Legal::Entry play{0, kind, static_cast<int8_t>(zone)};
        for (int k = 0; k < fits; ++k) {
            plays[k] = play;
            plays[k].bits = sets[k];
        }
        if (is_engaged) {
            Legal::Entry *crawls = out.grow(n + f);
            for (int i = 0; i < n; ++i) crawls[i] = {0, CRAWL, static_cast<int8_t>(zone), numbers[i]};
            for (int i = 0; i < f; ++i) crawls[n + i] = {0, CRAWL, static_cast<int8_t>(zone), faces[i]};
        }
    }

    // plays.SetTable, sorted for one kind of side: every set of the numbers held (`pattern`, bits
    // by value, Ace first) and of `f` faces, in the walk's order sorted stably by the cost it
    // brings the side to, each as the bits of its numbers (in `numbers` order) and of its faces
    // (shifted by 16); those within a room are the first `within[room]`. They depend on nothing
    // else, and hands repeat their patterns very often, so each is made once and kept (as
    // plays.py keeps its tables), in a table by key where a newer one replaces an older one of
    // the same place.
    struct SortedSets {
        uint64_t key = ~uint64_t{0};
        bool latest = false;  // the one of its two places used last
        std::vector<uint32_t> sets;
        uint32_t within[MAX_LIMIT + 1];
    };

    //
    // Sides of the same sets are kept under one key: without faces in the play or on the side
    // (the most common kind), a set costs its number total, whatever the side's highest number
    // and face_only_value, and each pattern has its own place; otherwise the side's highest
    // number counts only past the lowest number held or for the faces played alone, and
    // face_only_value only for those (the only sets that can have no price).
    const SortedSets &sorted_sets(int pattern, int n, int f, int base_top, int base_faces) const {
        if (f == 0 && base_faces == 0) {
            thread_local std::vector<SortedSets> by_pattern(1 << 10);
            SortedSets &place = by_pattern[static_cast<size_t>(pattern)];
            if (place.key != uint64_t(pattern)) make_sorted_sets(place, pattern, pattern, n, f, base_top, base_faces);
            return place;
        }
        thread_local std::vector<SortedSets> kept(KEPT_SETS);
        int lowest = pattern ? __builtin_ctz(pattern) + 1 : 0;
        int top_key = f == 0 && base_top <= lowest ? 0 : base_top;
        int free_key = f == 0 || base_top > 0 ? 0 : options_.face_only_value;
        uint64_t key = uint64_t(pattern) | uint64_t(f) << 10 | uint64_t(top_key) << 14 |
                       uint64_t(base_faces) << 18 | uint64_t(uint32_t(free_key)) << 32;
        // Two places a key, the one used less lately made again.
        SortedSets *pair = &kept[(key * 0x9E3779B97F4A7C15ULL) >> (64 - KEPT_BITS) & ~uint64_t{1}];
        int which = pair[0].key == key ? 0 : pair[1].key == key ? 1 : -1;
        if (which < 0) {
            which = pair[0].latest ? 1 : 0;
            make_sorted_sets(pair[which], key, pattern, n, f, base_top, base_faces);
        }
        pair[which].latest = true;
        pair[1 - which].latest = false;
        return pair[which];
    }

    void make_sorted_sets(SortedSets &place, uint64_t key, int pattern, int n, int f, int base_top,
                          int base_faces) const {
        place.key = key;
        place.sets.clear();
        // The walk: number sets depth first, each with every choice of faces. A set's cost is
        // at least its number total, so the walk stops where the total passes the highest
        // limit: the sets kept, and their order, are the same.
        Walked walked[MOST_WALKED];
        walked[0] = {0, 0, 0};
        int count = 1, values[10], v = 0;
        for (int value = 0; value < 10; ++value)
            if (pattern >> value & 1) values[v++] = value + 1;
        walk(values, n, 0, walked[0], MAX_LIMIT, walked, count);
        // A stable sort by cost, by counting, in two passes (every cost kept is 0 to 25): the
        // first counts each cost, the second writes each set in its place.
        auto each_set = [&](auto use) {
            for (int w = 0; w < count; ++w) {
                const Walked set = walked[w];
                int price = set.top > base_top ? set.top : base_top;
                if (!price) price = options_.face_only_value;
                for (FaceChoice extra : face_choices(f)) {
                    if (!set.bits && !extra.bits) continue;
                    int cost = set.total + (base_faces + extra.count) * price;
                    if (cost >= 0 && cost <= MAX_LIMIT) use(cost, set.bits | uint32_t{extra.bits} << 16);
                }
            }
        };
        int starts[MAX_LIMIT + 1] = {};
        each_set([&](int cost, uint32_t) { ++starts[cost]; });
        for (int cost = 0, total = 0; cost <= MAX_LIMIT; ++cost) {
            total += starts[cost];
            place.within[cost] = static_cast<uint32_t>(total);
            starts[cost] = total - starts[cost];
        }
        place.sets.resize(place.within[MAX_LIMIT]);
        each_set([&](int cost, uint32_t bits) { place.sets[static_cast<size_t>(starts[cost]++)] = bits; });
    }

    // A set of numbers walked: its total, its highest value and its cards as bits of `numbers`.
    struct Walked { uint8_t total, top; uint16_t bits; };

    static void walk(const int *values, int n, int start, Walked from, int most, Walked *walked,
                     int &count) {
        for (int index = start; index < n; ++index) {
            int value = values[index];
            if (from.total + value > most) break;  // the later cards are higher still
            Walked next{static_cast<uint8_t>(from.total + value),
                        static_cast<uint8_t>(std::max<int>(from.top, value)),
                        static_cast<uint16_t>(from.bits | 1 << index)};
            walked[count++] = next;
            walk(values, n, index + 1, next, most, walked, count);
        }
    }

    // Every choice of faces among `f`, smallest first, each size in itertools.combinations'
    // order, as bit sets with their number of faces: made once per count.
    struct FaceChoice { uint16_t bits; uint8_t count; };
    static const std::vector<FaceChoice> &face_choices(int f) {
        static const std::array<std::vector<FaceChoice>, 13> choices = [] {
            std::array<std::vector<FaceChoice>, 13> made;
            for (int count = 0; count <= 12; ++count)
                for (int size = 0; size <= count; ++size) combinations(count, size, 0, 0, 0, made[count]);
            return made;
        }();
        return choices[f];
    }

    // itertools.combinations(range(f), size), in its order, as bit sets.
    static void combinations(int f, int size, int start, int chosen, uint16_t bits,
                             std::vector<FaceChoice> &out) {
        if (chosen == size) {
            out.push_back({bits, static_cast<uint8_t>(size)});
            return;
        }
        for (int i = start; i < f; ++i)
            combinations(f, size, i + 1, chosen + 1, static_cast<uint16_t>(bits | 1 << i), out);
    }

    // rules.magic_actions
    void magic(int player, Legal &out) const {
        const Pile *piles = scored_[player];
        for (int i = 0; i < piles[0].size; ++i) out.push_back({0, PILE_MAGIC, -1, piles[0].items[i]});
        if (options_.allow_null_magic)
            for (int pile : {1, 2, 3})
                for (int i = 0; i < piles[pile].size; ++i) out.push_back({0, PILE_MAGIC, -1, piles[pile].items[i]});
        bool ranks[3] = {false, false, false};
        for (int i = 0; i < piles[FACES].size; ++i) ranks[rank_of(piles[FACES].items[i]) - JACK] = true;
        if (ranks[0]) {
            int before = out.count();
            for (const Pile &pile : scored_[1 - player])
                for (int i = 0; i < pile.size; ++i) out.push_back({0, JACK_MAGIC, -1, pile.items[i]});
            if (out.count() == before) out.push_back({0, JACK_MAGIC});
        }
        if (ranks[1]) out.push_back({0, QUEEN_MAGIC});
        if (ranks[2]) {
            int before = out.count();
            for (int zone = 0; zone < 4; ++zone)
                if (engaged(zone)) out.push_back({0, KING_MAGIC, static_cast<int8_t>(zone)});
            if (out.count() == before) out.push_back({0, KING_MAGIC});
        }
    }

    // effects.py
    void spend() {
        acted_ = true;
        --actions_left_;
    }

    void play(int player, const Action &action) {
        Pile &side = zones_[action.zone][player];
        SideSum &sum = sums_[action.zone][player];
        for (int i = 0; i < action.cards.size; ++i) {
            Card card = action.cards.items[i];
            hands_[player].remove(card);
            held_[player] &= ~(uint64_t{1} << card);
            side.push(card);
            if (is_face(card)) {
                ++sum.faces;
            } else {
                sum.total = static_cast<uint8_t>(sum.total + number_value(card));
                sum.top = static_cast<uint8_t>(std::max(int(sum.top), number_value(card)));
            }
        }
        known_[1 - player] &= ~bits(action.cards);
        spend();
        if (actions_left_ <= 0) end_turn(player);
    }

    void score(int player) {
        pending_.clear();
        for (int zone = 0; zone < 4; ++zone)
            if (zones_[zone][player].size > zones_[zone][1 - player].size) pending_.push(static_cast<Card>(zone));
        spend();
        closed(player);
    }

    void take(int player, Card card) {
        for (int i = 0; i < pending_.size; ++i) {
            int zone = pending_.items[i];
            if (zones_[zone][0].contains(card) || zones_[zone][1].contains(card)) {
                pending_.take(i);
                scored_[player][pile_of(card)].push(card);
                clear_zone(zone);
                break;
            }
        }
        closed(player);
    }

    void harvest(int player) {
        int count = std::min<int>(scored_[player][3].size, deck_.size);
        for (int i = 0; i < count; ++i) draw(player);
        spend();
        closed(player);
    }

    void pile_magic(int player, Card card) {
        scored_[player][pile_of(card)].remove(card);
        if (suit_of(card) == 1) actions_left_ += 2;  // ♥: two more actions
        spend();
        closed(player);
    }

    void discard_face(int player, int rank) {  // the earliest scored face of `rank`
        Pile &faces = scored_[player][FACES];
        for (int i = 0; i < faces.size; ++i)
            if (rank_of(faces.items[i]) == rank) {
                faces.take(i);
                break;
            }
        spend();
    }

    void jack_magic(int player, const Cards<20> &target) {
        discard_face(player, JACK);
        if (target.size) scored_[1 - player][pile_of(target.items[0])].remove(target.items[0]);
        closed(player);
    }

    void queen_magic(int player) {
        discard_face(player, QUEEN);
        Pile &hand = hands_[1 - player];
        int count = std::min<int>(3, hand.size);
        for (int i = 0; i < count; ++i) {
            Card card = hand.take(static_cast<int>(rng_.below(static_cast<uint32_t>(hand.size))));
            hands_[player].push(card);
            held_[1 - player] &= ~(uint64_t{1} << card);
            held_[player] |= uint64_t{1} << card;
            known_[player] &= ~(uint64_t{1} << card);
            known_[1 - player] |= uint64_t{1} << card;
        }
        closed(player);
    }

    void king_magic(int player, int zone) {
        discard_face(player, KING);
        if (zone >= 0) clear_zone(zone);
        closed(player);
    }

    void clear_zone(int zone) {
        for (int p = 0; p < 2; ++p) {
            zones_[zone][p].clear();
            sums_[zone][p] = {};
        }
    }

    void draw(int player) {
        Card card = deck_.pop();
        hands_[player].push(card);
        held_[player] |= uint64_t{1} << card;
    }

    void closed(int player) {
        if (actions_left_ <= 0 && !pending_.size) end_turn(player);
    }

    void end_turn(int player) {
        bool ends;
        if (deck_.size) {
            draw(player);
            ends = !deck_.size && !options_.end_on_failed_draw;
        } else {
            ends = true;
        }
        actions_left_ = 0;
        if (ends) {
            over_ = true;
            return;
        }
        turn_ = 1 - player;
        actions_left_ = 1;
        acted_ = false;
    }

    Options options_;
    Rng rng_;
    Pile hands_[2], deck_, zones_[4][2], scored_[2][5];
    // Each side's number total, highest number and faces, as the limit and the costs read them.
    struct SideSum { uint8_t total = 0, top = 0, faces = 0; };
    SideSum sums_[4][2];
    Cards<4> pending_;  // the zones a Score won that wait for their take, in table order
    uint64_t known_[2] = {0, 0};  // Board.known, as bits
    uint64_t held_[2] = {0, 0};   // each hand as bits, kept as it changes: each zone tests its cards in it
    int turn_ = 0, actions_left_ = 1, moves_ = 0;
    bool acted_ = false, over_ = false;
};


// For the search (ismcts.hpp): a number that tells the actions (kind, zone, cards) apart, and each player's return (1 a
// win, 0 a loss, 1/2 each for a draw).
inline uint64_t search_key(const Action &action) {
    uint64_t cards = 0;
    for (int i = 0; i < action.cards.size; ++i) cards |= uint64_t{1} << action.cards.items[i];
    return action.kind | static_cast<uint64_t>(action.zone + 1) << 4 | cards << 8;
}
inline std::array<double, 2> search_returns(const State &state) {
    int winner = std::get<2>(state.result());
    if (winner < 0) return {0.5, 0.5};
    return winner == 0 ? std::array<double, 2>{1.0, 0.0} : std::array<double, 2>{0.0, 1.0};
}

}  // namespace cardtable::pillars
