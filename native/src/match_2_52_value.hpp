// Match 2-52's estimate of a position (games/match_2_52/value.py, Match252Game.evaluate), natively:
// each player's chance to win, read from the two catch counts and whose turn it is, in the same
// doubles. The search's short playouts (ismcts.hpp, depth=N) are scored with it.
//
// What it reads: the two catch zones' sizes and the player to act, both seen by everybody.
#pragma once
#include <algorithm>
#include <array>
#include <optional>

#include "match_2_52.hpp"

namespace cardtable::match_2_52 {

// value_table.json's "win_chance" (made by scripts/match_value_table.py): WIN_CHANCE[mine][theirs]
// is the mover's chance with those counts. Each literal is the double Python's float() reads from
// the same text; tests/native/test_match_2_52.py holds the copy to the file, entry by entry.
inline constexpr double WIN_CHANCE[WIN_AT][WIN_AT] = {
    {0.503, 0.45, 0.398, 0.347, 0.298, 0.252, 0.209, 0.169, 0.131, 0.094, 0.057, 0.017},
    {0.561, 0.508, 0.455, 0.402, 0.349, 0.299, 0.25, 0.204, 0.16, 0.116, 0.071, 0.022},
    {0.618, 0.567, 0.514, 0.46, 0.405, 0.35, 0.297, 0.245, 0.194, 0.143, 0.088, 0.027},
    {0.674, 0.626, 0.574, 0.52, 0.465, 0.408, 0.35, 0.293, 0.235, 0.175, 0.11, 0.035},
    {0.726, 0.682, 0.634, 0.582, 0.527, 0.469, 0.409, 0.347, 0.283, 0.214, 0.137, 0.044},
    {0.775, 0.736, 0.692, 0.644, 0.591, 0.534, 0.473, 0.408, 0.338, 0.261, 0.171, 0.056},
    {0.82, 0.786, 0.748, 0.705, 0.656, 0.602, 0.543, 0.477, 0.403, 0.318, 0.214, 0.073},
    {0.86, 0.833, 0.801, 0.764, 0.721, 0.673, 0.617, 0.553, 0.478, 0.388, 0.269, 0.097},
    {0.897, 0.876, 0.851, 0.821, 0.786, 0.745, 0.695, 0.637, 0.565, 0.473, 0.343, 0.132},
    {0.932, 0.917, 0.899, 0.877, 0.851, 0.819, 0.78, 0.732, 0.669, 0.583, 0.449, 0.191},
    {0.964, 0.956, 0.946, 0.933, 0.918, 0.899, 0.874, 0.842, 0.799, 0.733, 0.614, 0.316},
    {0.992, 0.991, 0.988, 0.986, 0.982, 0.978, 0.972, 0.963, 0.951, 0.931, 0.887, 0.695},
};

// Match252Game.evaluate: each player's chance to win a game not yet over (value.win_chances);
// none once it is over, as in Python. Found by the search through its argument.
inline std::optional<std::array<double, 2>> evaluate(const State &state) {
    if (state.over()) return std::nullopt;
    int mover = state.to_act();
    int mine = std::min(int{state.catch_zone(mover).size}, WIN_AT - 1);
    int theirs = std::min(int{state.catch_zone(1 - mover).size}, WIN_AT - 1);
    double chance = WIN_CHANCE[mine][theirs];
    if (mover == 0) return std::array<double, 2>{chance, 1.0 - chance};
    return std::array<double, 2>{1.0 - chance, chance};
}

}  // namespace cardtable::match_2_52
