/* The Queen's Mercy's core loop (the physical-limit loop's rules: two 14-card suits, hands of
 * three, uniformly random cards, +1 a trick, best of three rounds; no powers), driven by the
 * project's own generator (SplitMix64, `below(n)` = next % n, Fisher-Yates as in core/rng.py),
 * so that every implementation here plays the same matches from the same seed as the Python
 * reference in `reference.py`. Shared by the C extension and the C++ (nanobind) module. */
#ifndef QM_LOOP_H
#define QM_LOOP_H
#include <stdint.h>

#define QM_JOKER 15

typedef struct { uint64_t state; } qm_rng;

static inline uint64_t qm_next(qm_rng *rng) {
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint32_t qm_below(qm_rng *rng, uint32_t n) { return (uint32_t)(qm_next(rng) % n); }

static inline int qm_outcome(int a, int b) {
    if (a == b) return 0;
    if (a == QM_JOKER) return b >= 11 ? 1 : -1;
    if (b == QM_JOKER) return a >= 11 ? -1 : 1;
    return a > b ? 1 : -1;
}

/* One round in progress: decks, hands and scores; `trick` plays one random trick. */
typedef struct {
    uint8_t deck[2][14], hand[2][3];
    int next, size, score[2], tricks;
} qm_round;

static inline void qm_deal(qm_round *round, qm_rng *rng) {
    for (int p = 0; p < 2; p++) {
        uint8_t *d = round->deck[p];
        for (int i = 0; i < 13; i++) d[i] = (uint8_t)(i + 2);
        d[13] = QM_JOKER;
        for (int i = 13; i > 0; i--) {
            uint32_t j = (uint32_t)(qm_next(rng) % (uint64_t)(i + 1));
            uint8_t t = d[i]; d[i] = d[j]; d[j] = t;
        }
        for (int i = 0; i < 3; i++) round->hand[p][i] = d[i];
    }
    round->next = 3; round->size = 3; round->score[0] = round->score[1] = 0; round->tricks = 0;
}

/* Plays one trick; returns +1, -1 or 0 for the trick's winner. */
static inline int qm_trick(qm_round *round, qm_rng *rng) {
    uint32_t i0 = qm_below(rng, (uint32_t)round->size), i1 = qm_below(rng, (uint32_t)round->size);
    int r = qm_outcome(round->hand[0][i0], round->hand[1][i1]);
    round->score[0] += r > 0;
    round->score[1] += r < 0;
    if (round->next < 14) {
        round->hand[0][i0] = round->deck[0][round->next];
        round->hand[1][i1] = round->deck[1][round->next];
        round->next++;
    } else {
        round->size--;
        round->hand[0][i0] = round->hand[0][round->size];
        round->hand[1][i1] = round->hand[1][round->size];
    }
    round->tricks++;
    return r;
}

/* Plays `matches` best-of-three matches; counts[0..2] += player 0 wins, player 1 wins, draws;
 * returns the tricks played. */
static inline long qm_matches(uint64_t seed, long matches, long counts[3]) {
    qm_rng rng = {seed};
    qm_round round;
    long tricks = 0;
    for (long m = 0; m < matches; m++) {
        int wins[2] = {0, 0}, rounds = 0;
        while (rounds < 3 && wins[0] < 2 && wins[1] < 2) {
            qm_deal(&round, &rng);
            while (round.tricks < 14) qm_trick(&round, &rng);
            tricks += 14;
            rounds++;
            wins[0] += round.score[0] > round.score[1];
            wins[1] += round.score[1] > round.score[0];
        }
        counts[wins[0] > wins[1] ? 0 : wins[1] > wins[0] ? 1 : 2]++;
    }
    return tricks;
}
#endif
