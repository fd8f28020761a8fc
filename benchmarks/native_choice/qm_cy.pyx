# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The core loop written in Cython (typed, C arrays), on the same generator."""
from libc.stdint cimport uint64_t, uint8_t

cdef int JOKER = 15

cdef inline uint64_t next_u64(uint64_t *state) noexcept nogil:
    state[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)

cdef inline int outcome(int a, int b) noexcept nogil:
    if a == b:
        return 0
    if a == JOKER:
        return 1 if b >= 11 else -1
    if b == JOKER:
        return -1 if a >= 11 else 1
    return 1 if a > b else -1

cdef struct Round:
    uint8_t deck[2][14]
    uint8_t hand[2][3]
    int next, size, tricks
    int score[2]

cdef inline void deal(Round *r, uint64_t *state) noexcept nogil:
    cdef int p, i
    cdef uint64_t j
    cdef uint8_t t
    for p in range(2):
        for i in range(13):
            r.deck[p][i] = i + 2
        r.deck[p][13] = JOKER
        for i in range(13, 0, -1):
            j = next_u64(state) % <uint64_t>(i + 1)
            t = r.deck[p][i]
            r.deck[p][i] = r.deck[p][j]
            r.deck[p][j] = t
        for i in range(3):
            r.hand[p][i] = r.deck[p][i]
    r.next = 3
    r.size = 3
    r.score[0] = 0
    r.score[1] = 0
    r.tricks = 0

cdef inline int trick(Round *r, uint64_t *state) noexcept nogil:
    cdef int i0 = next_u64(state) % <uint64_t>r.size
    cdef int i1 = next_u64(state) % <uint64_t>r.size
    cdef int o = outcome(r.hand[0][i0], r.hand[1][i1])
    r.score[0] += o > 0
    r.score[1] += o < 0
    if r.next < 14:
        r.hand[0][i0] = r.deck[0][r.next]
        r.hand[1][i1] = r.deck[1][r.next]
        r.next += 1
    else:
        r.size -= 1
        r.hand[0][i0] = r.hand[0][r.size]
        r.hand[1][i1] = r.hand[1][r.size]
    r.tricks += 1
    return o

def matches(uint64_t seed, long count):
    cdef uint64_t state = seed
    cdef Round r
    cdef long counts[3]
    cdef long tricks = 0, m
    cdef int wins0, wins1, rounds
    counts[0] = counts[1] = counts[2] = 0
    with nogil:
        for m in range(count):
            wins0 = wins1 = rounds = 0
            while rounds < 3 and wins0 < 2 and wins1 < 2:
                deal(&r, &state)
                while r.tricks < 14:
                    trick(&r, &state)
                tricks += 14
                rounds += 1
                wins0 += r.score[0] > r.score[1]
                wins1 += r.score[1] > r.score[0]
            counts[0 if wins0 > wins1 else 1 if wins1 > wins0 else 2] += 1
    return (counts[0], counts[1], counts[2]), tricks

cdef class Stepper:
    cdef uint64_t state
    cdef Round r

    def __init__(self, uint64_t seed):
        self.state = seed
        deal(&self.r, &self.state)

    def trick(self):
        if self.r.tricks == 14:
            deal(&self.r, &self.state)
        return trick(&self.r, &self.state)
