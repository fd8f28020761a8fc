// The native Queen's Mercy: its options read by their Python names, and its module.
#include "bind.hpp"
#include "queens_mercy.hpp"
#include "queens_mercy_heuristic.hpp"

namespace cardtable::queens_mercy {

// rules.result as sim/runner.py's GameOutcome holds it: the round tokens, the winner, the
// tricks (step_count), the rounds and the last round's points.
bind::Finished finished(const State &state) {
    auto [t0, t1, winner, rounds, last0, last1] = state.result();
    return {winner, {double(t0), double(t1)}, 0, state.tricks_done(), rounds, {double(last0), double(last1)}};
}

// An action in notation (found by `bind_game` through its arguments).
std::string notation(const State &state, const Action &action) { return text_of(action, state.options()); }

// The game's own heuristic bot (bot.py): deterministic, its seed accepted and unused.
std::unique_ptr<Seat<State>> make_heuristic(const Options &options, uint64_t seed, const Settings &settings) {
    bind::seed_setting("heuristic", seed, settings);
    return std::make_unique<HeuristicSeat>(options);
}

}  // namespace cardtable::queens_mercy

namespace {

using namespace cardtable;
using namespace cardtable::bind;

queens_mercy::Options queens_mercy_options(nb::dict given) {
    using O = queens_mercy::Options;
    auto suit = [](nb::handle value) {
        std::string text = nb::cast<std::string>(value);
        for (int s = 0; s < 4; ++s)
            if (text == queens_mercy::SUIT_TEXT[s]) return s;
        throw nb::value_error(("not a suit: " + text).c_str());
    };
    static const Setters<O> setters = {
        {"ks_mode", [](O &o, nb::handle v) { o.ks_prose = !choice(v, "ks_mode", "prose", "table"); }},
        {"qs_mode", [](O &o, nb::handle v) { o.qs_prose = !choice(v, "qs_mode", "prose", "table"); }},
        {"xs_requires_win", [](O &o, nb::handle v) { o.xs_requires_win = nb::cast<bool>(v); }},
        {"round_end", [](O &o, nb::handle v) { o.cap_ends = !choice(v, "round_end", "cap10_or_14", "14_only"); }},
        {"cap", [](O &o, nb::handle v) { o.cap = nb::cast<int>(v); }},
        {"ace_is_face", [](O &o, nb::handle v) { o.ace_is_face = nb::cast<bool>(v); }},
        {"lock_duration", [](O &o, nb::handle v) { o.lock_trick = !choice(v, "lock_duration", "trick", "round"); }},
        {"chaos_pick", [](O &o, nb::handle v) { o.open_chaos = choice(v, "chaos_pick", "random", "foe_open_choice"); }},
        {"steal_when_stealer_locked", [](O &o, nb::handle v) {
             o.foe_still_loses = choice(v, "steal_when_stealer_locked", "none", "foe_still_loses"); }},
        {"max_rounds", [](O &o, nb::handle v) { o.max_rounds = v.is_none() ? 0 : nb::cast<int>(v); }},
        {"rounds_to_win", [](O &o, nb::handle v) { o.rounds_to_win = nb::cast<int>(v); }},
        {"tie_def", [](O &o, nb::handle v) { o.tie_no_cap = choice(v, "tie_def", "equal_scores", "no_one_reached_cap"); }},
        {"house_rules", [](O &o, nb::handle v) { o.house_rules = nb::cast<bool>(v); }},
        {"joker_predicts_face", [](O &o, nb::handle v) { o.joker_predicts_face = nb::cast<bool>(v); }},
        {"deck_style", [](O &o, nb::handle v) {
             std::string style = nb::cast<std::string>(v);
             if (style == "chevalier") {
                 o.labels[queens_mercy::JACK] = "Valet";
                 o.labels[queens_mercy::QUEEN] = "Dame";
                 o.labels[queens_mercy::KING] = "Roi";
                 o.labels[queens_mercy::ACE] = "1";
                 o.labels[queens_mercy::JOKER] = "Chevalier";
             } else if (style == "heckadeck") {
                 if (o.labels[queens_mercy::JOKER] == "Joker") o.labels[queens_mercy::JOKER] = "Beast";
             } else if (style != "standard") {
                 throw nb::value_error(("deck_style is 'standard', 'heckadeck' or 'chevalier', not " + style).c_str());
             }
         }},
        {"suits", [suit](O &o, nb::handle v) {
             if (v.is_none()) return;
             nb::sequence seats = nb::cast<nb::sequence>(v);
             if (nb::len(seats) != 2) throw nb::value_error("suits names two suits");
             o.suits[0] = suit(seats[0]);
             o.suits[1] = suit(seats[1]);
         }},
        {"shaper", [](O &o, nb::handle v) { o.shaper = nb::cast<int>(v); }},
        {"heckadeck_joker", [](O &, nb::handle v) { choice(v, "heckadeck_joker", "Beast", "0"); }},
    };
    O options = read_options("Queen's Mercy", setters, given);
    bool heckadeck = given.contains("deck_style") && nb::cast<std::string>(given["deck_style"]) == "heckadeck";
    if (heckadeck)  // the Heckadeck keeps its Beast or its 0 as the Joker
        options.labels[queens_mercy::JOKER] =
            given.contains("heckadeck_joker") ? nb::cast<std::string>(given["heckadeck_joker"]) : "Beast";
    return options;
}

}  // namespace

void bind_queens_mercy(nanobind::module_ &m) {
    bind_game<queens_mercy::State, queens_mercy::Options>(m, "queens_mercy", queens_mercy_options,
        [](const queens_mercy::State &state) { return state.result(); });
}
