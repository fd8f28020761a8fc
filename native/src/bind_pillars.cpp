// The native Pillars: its options read by their Python names, and its module.
#include "bind.hpp"
#include "pillars.hpp"
#include "pillars_heuristic.hpp"

namespace cardtable::pillars {

// scoring.final_result as sim/runner.py's GameOutcome holds it: the majorities and the winner.
bind::Finished finished(const State &state) {
    auto [held0, held1, winner] = state.result();
    return {winner, {double(held0), double(held1)}, 0, state.moves()};
}

// An action in notation (found by `bind_game` through its arguments).
std::string notation(const State &, const Action &action) { return action.text(); }

// The game's own heuristic bot (bot.py), natively. Its only setting is its seed, as in Python,
// which it accepts and does not use: it draws nothing.
std::unique_ptr<Seat<State>> make_heuristic(const Options &, uint64_t seed, const Settings &settings) {
    bind::seed_setting("heuristic", seed, settings);  // deterministic: the seed is accepted, unused
    return std::make_unique<HeuristicSeat>();
}

}  // namespace cardtable::pillars

namespace {

using namespace cardtable;
using namespace cardtable::bind;

pillars::Options pillars_options(nb::dict given) {
    using O = pillars::Options;
    static const Setters<O> setters = {
        {"face_only_value", [](O &o, nb::handle v) { o.face_only_value = nb::cast<int>(v); }},
        {"limit_scope", [](O &o, nb::handle v) { o.limit_by_action = choice(v, "limit_scope", "pile", "action"); }},
        {"faces_any_suit", [](O &o, nb::handle v) { o.faces_any_suit = nb::cast<bool>(v); }},
        {"allow_null_magic", [](O &o, nb::handle v) { o.allow_null_magic = nb::cast<bool>(v); }},
        {"end_trigger", [](O &o, nb::handle v) {
             o.end_on_failed_draw = choice(v, "end_trigger", "deck_empty_after_draw", "failed_draw"); }},
        {"pile_points", [](O &o, nb::handle v) { o.pile_values = choice(v, "pile_points", "cards", "values"); }},
        {"dealer", [](O &o, nb::handle v) { o.dealer = nb::cast<int>(v); }},
    };
    return read_options("Pillars", setters, given);
}

}  // namespace

void bind_pillars(nanobind::module_ &m) {
    bind_game<pillars::State, pillars::Options>(m, "pillars", pillars_options,
        [](const pillars::State &state) { return state.result(); });
}
