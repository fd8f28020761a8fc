// The native Matriarchy: its options read by their Python names, and its module.
#include "bind.hpp"
#include "matriarchy.hpp"
#include "matriarchy_heuristic.hpp"

namespace cardtable::matriarchy {

// rules.result as sim/runner.py's GameOutcome holds it: the final scores, equal totals a draw.
bind::Finished finished(const State &state) {
    auto scores = state.final_scores();
    int winner = scores[0] == scores[1] ? -1 : scores[0] > scores[1] ? 0 : 1;
    return {winner, {double(scores[0]), double(scores[1])}, 0, state.moves()};
}

// An action in notation (found by `bind_game` through its arguments).
const std::string &notation(const State &, Action action) { return NOTATION[action]; }

// The game's own heuristic bot (bot.py; its weights are no setting in Python either).
std::unique_ptr<Seat<State>> make_heuristic(const Options &, uint64_t seed, const Settings &settings) {
    return std::make_unique<HeuristicSeat>(bind::seed_setting("heuristic", seed, settings));
}

}  // namespace cardtable::matriarchy

namespace {

using namespace cardtable;
using namespace cardtable::bind;

matriarchy::Options matriarchy_options(nb::dict given) {
    using O = matriarchy::Options;
    static const Setters<O> setters = {
        {"ace_owner", [](O &o, nb::handle v) { o.ace_owner_colour = choice(v, "ace_owner", "drawer", "color"); }},
        {"face_cards_may_start", [](O &o, nb::handle v) { o.face_cards_may_start = nb::cast<bool>(v); }},
        {"allow_voluntary_discard", [](O &o, nb::handle v) { o.allow_voluntary_discard = nb::cast<bool>(v); }},
        {"communal_take_requires_use", [](O &o, nb::handle v) { o.communal_take_requires_use = nb::cast<bool>(v); }},
        {"seal_counts_burned_kings", [](O &o, nb::handle v) { o.seal_counts_burned_kings = nb::cast<bool>(v); }},
        {"first_player", [](O &o, nb::handle v) { o.first_player = nb::cast<int>(v); }},
        {"red_player", [](O &o, nb::handle v) { o.red_player = nb::cast<int>(v); }},
        // it changes only what the events say: the drawer plays on either way
        {"handoff_mode", [](O &, nb::handle v) { choice(v, "handoff_mode", "skip", "redraw"); }},
    };
    return read_options("Matriarchy", setters, given);
}

}  // namespace

void bind_matriarchy(nanobind::module_ &m) {
    bind_game<matriarchy::State, matriarchy::Options>(m, "matriarchy", matriarchy_options,
        [](const matriarchy::State &state) { return state.final_scores(); });
}
