// Cards as small ints in the order of core/cards.py's `standard_deck`: suit by suit (♠ ♥ ♦ ♣),
// 2 up to the Ace, so card i is rank 2 + i % 13 of suit i / 13.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

namespace cardtable {

using Card = uint8_t;
constexpr int JACK = 11, QUEEN = 12, KING = 13, ACE = 14;

constexpr int rank_of(Card card) { return 2 + card % 13; }
constexpr int suit_of(Card card) { return card / 13; }
constexpr bool is_red(Card card) { return suit_of(card) == 1 || suit_of(card) == 2; }

// A card as the notation writes it: "10♠", "A♥", "J♦" (core/cards.py's RANK_LABELS and SUITS).
inline std::string card_text(Card card) {
    static const char *const RANKS[] = {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"};
    static const char *const SUITS[] = {"♠", "♥", "♦", "♣"};
    return std::string(RANKS[card % 13]) + SUITS[suit_of(card)];
}

// A list of at most N cards, bottom first, copied by value (states are cloned by the search).
template <int N>
struct Cards {
    Card items[N];
    uint8_t size = 0;

    bool empty() const { return size == 0; }
    Card back() const { return items[size - 1]; }
    void push(Card card) { items[size++] = card; }
    Card pop() { return items[--size]; }
    void clear() { size = 0; }
    int find(Card card) const {
        for (int i = 0; i < size; ++i)
            if (items[i] == card) return i;
        return -1;
    }
    bool contains(Card card) const { return find(card) >= 0; }
    // Removes the item at `index`, keeping the order of the others (Python's list.pop(index)).
    Card take(int index) {
        Card card = items[index];
        for (int i = index + 1; i < size; ++i) items[i - 1] = items[i];
        --size;
        return card;
    }
    void remove(Card card) { take(find(card)); }
    // The same cards in the same order (what lies past `size` is not compared).
    bool operator==(const Cards &other) const {
        return size == other.size && std::equal(items, items + size, other.items);
    }
};

}  // namespace cardtable
