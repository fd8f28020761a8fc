// The native Match 2-52: its options read by their Python names, and its module.
#include "bind.hpp"
#include "match_2_52.hpp"
#include "match_2_52_heuristic.hpp"
#include "match_2_52_value.hpp"

namespace cardtable::match_2_52 {

// rules.result as sim/runner.py's GameOutcome holds it: each catch zone's size and the winner.
bind::Finished finished(const State &state) {
    auto [caught0, caught1, winner] = state.result();
    return {winner, {double(caught0), double(caught1)}, 0, state.moves()};
}

// An action in notation (found by `bind_game` through its arguments).
std::string notation(const State &, const Action &action) { return action.text(); }

// The game's own heuristic bot (bot.py), natively. It takes no setting but its seed, as in
// Python.
std::unique_ptr<Seat<State>> make_heuristic(const Options &, uint64_t seed, const Settings &settings) {
    return std::make_unique<HeuristicSeat>(bind::seed_setting("heuristic", seed, settings));
}

}  // namespace cardtable::match_2_52

namespace {

using namespace cardtable;
using namespace cardtable::bind;

match_2_52::Options match_2_52_options(nb::dict given) {
    using O = match_2_52::Options;
    static const Setters<O> setters = {
        {"move_partner_face_up", [](O &o, nb::handle v) { o.move_partner_face_up = nb::cast<bool>(v); }},
        {"max_turns", [](O &o, nb::handle v) { o.max_turns = nb::cast<int>(v); }},
        {"first_player", [](O &o, nb::handle v) { o.first_player = nb::cast<int>(v); }},
    };
    return read_options("Match 2-52", setters, given);
}

}  // namespace

void bind_match_2_52(nanobind::module_ &m) {
    auto state = bind_game<match_2_52::State, match_2_52::Options>(m, "match_2_52", match_2_52_options,
        [](const match_2_52::State &state) { return state.result(); });
    state.def("evaluate", [](const match_2_52::State &self) { return match_2_52::evaluate(self); },
              "Each player's chance to win, as Match252Game.evaluate gives it (None once over).");
    nb::module_ game = nb::borrow<nb::module_>(m.attr("match_2_52"));
    game.def("win_chance_table", [] {
                 std::vector<std::vector<double>> rows;
                 for (const auto &row : match_2_52::WIN_CHANCE) rows.emplace_back(std::begin(row), std::end(row));
                 return rows;
             },
             "The mover's chance by catch counts (mine, theirs) that `evaluate` reads, as value.table() holds it.");
}
