// The project's generator (core/rng.py): SplitMix64, with `below` and Fisher-Yates exactly as
// there, so that a seed deals and draws the same in the native engine as in the Python one.
#pragma once
#include <cstdint>
#include <utility>

namespace cardtable {

struct Rng {
    uint64_t state;

    explicit Rng(uint64_t seed = 0) : state(seed) {}

    uint64_t next_u64() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    // A uniform int in [0, n), n >= 1 (the modulo bias is below n / 2**64).
    uint32_t below(uint32_t n) { return static_cast<uint32_t>(next_u64() % n); }

    // A double in [0, 1): the top 53 bits of a draw, as core/rng.py's `random`.
    double random() { return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0); }

    // Fisher-Yates in place, from the last item down, as core/rng.py's `shuffle`.
    template <typename T>
    void shuffle(T *items, int count) {
        for (int i = count - 1; i > 0; --i) {
            auto j = static_cast<int>(next_u64() % static_cast<uint64_t>(i + 1));
            std::swap(items[i], items[j]);
        }
    }
};

}  // namespace cardtable
