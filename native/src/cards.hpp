// Cards as small ints in the order of core/cards.py's `standard_deck`: suit by suit (♠ ♥ ♦ ♣),
// 2 up to the Ace, so card i is rank 2 + i % 13 of suit i / 13.
#pragma once
#include <cstdint>

namespace cardtable {

using Card = uint8_t;
constexpr int JACK = 11, QUEEN = 12, KING = 13, ACE = 14;

constexpr int rank_of(Card card) { return 2 + card % 13; }
constexpr int suit_of(Card card) { return card / 13; }
constexpr bool is_red(Card card) { return suit_of(card) == 1 || suit_of(card) == 2; }

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
};

}  // namespace cardtable
