// The native Patriarch family: its options read by their Python names, and its module.
#include "bind.hpp"
#include "patriarch.hpp"
#include "patriarch_heuristic.hpp"

namespace cardtable::patriarch {

// rules.result as sim/runner.py's GameOutcome holds it: games won by each seat and the winner;
// steps are the moves (the default step unit); no rounds.
bind::Finished finished(const State &state) {
    std::vector<int> outcome = state.outcome();
    int winner = outcome.back();
    outcome.pop_back();
    return {winner, std::vector<double>(outcome.begin(), outcome.end()), 0, state.moves(), 0, {}};
}

// An action in notation (found by `bind_game` through its arguments): a family as
// trees.to_text writes it, or "wait".
const std::string &notation(const State &state, Action action) {
    static const std::string wait = "wait";
    return action == WAIT ? wait : state.space().texts[action];
}

// The game's own heuristic bot (bot.py: the consistent guesser, the random owner). Its only
// setting is its seed, as in Python: any other is refused by name.
std::unique_ptr<Seat<State>> make_heuristic(const Options &, uint64_t seed, const Settings &settings) {
    return std::make_unique<HeuristicSeat>(bind::seed_setting("heuristic", seed, settings));
}

// The family's other bots (bot.py's BOTS), found by `make_seat` through its arguments: the
// consistent bot is the heuristic under its own name; the ones that play the stored or solved
// optimal strategies are refused by name; any other name is not the family's (nullptr).
std::unique_ptr<Seat<State>> make_own_bot(const Options &options, const std::string &name, uint64_t seed,
                                          const Settings &settings) {
    if (name == "consistent") return make_heuristic(options, seed, settings);
    for (const char *solved : {"optimal", "optimal-expected", "random-owner", "adversarial-owner"})
        if (name == solved)
            throw nanobind::value_error(("the native Patriarch has no bot " + name +
                                         " yet (it plays the optimal strategies of the solver)").c_str());
    return nullptr;
}

}  // namespace cardtable::patriarch

namespace {

using namespace cardtable;
using namespace cardtable::bind;

patriarch::Options patriarch_options(nb::dict given) {
    using O = patriarch::Options;
    auto one_of = [](nb::handle value, const char *name, const std::vector<std::string> &names) {
        std::string text = nb::cast<std::string>(value);
        for (size_t i = 0; i < names.size(); ++i)
            if (text == names[i]) return static_cast<int>(i);
        std::string known;
        for (const auto &each : names) known += (known.empty() ? "'" : ", '") + each + "'";
        throw nb::value_error((std::string(name) + " is one of " + known + ", not " + text).c_str());
    };
    static const Setters<O> setters = {
        {"variant", [one_of](O &o, nb::handle v) {
             o.variant = static_cast<patriarch::Variant>(one_of(
                 v, "variant", {"patriarch", "advanced-patriarch", "matriarch", "advanced-matriarch"}));
         }},
        {"players", [](O &o, nb::handle v) { o.players = nb::cast<int>(v); }},
        {"shape", [](O &o, nb::handle v) { o.shape = nb::cast<std::vector<int>>(v); }},
        {"per_card_feedback", [](O &o, nb::handle v) { o.per_card_feedback = nb::cast<bool>(v); }},
        {"max_guesses", [](O &o, nb::handle v) { o.max_guesses = nb::cast<int>(v); }},
        {"deal", [one_of](O &o, nb::handle v) {
             o.deal = static_cast<patriarch::Deal>(one_of(v, "deal", {"variant", "random", "choose"}));
         }},
        {"repeat_guesses", [](O &o, nb::handle v) { o.repeat_guesses = nb::cast<bool>(v); }},
        {"games", [](O &o, nb::handle v) {
             if (v.is_none()) return;  // None, one full rotation, is the default
             o.games = nb::cast<int>(v);
             if (o.games < 1) throw nb::value_error(("games must be at least 1, not " + std::to_string(o.games)).c_str());
         }},
    };
    O options = read_options("Patriarch", setters, given);
    std::string why = patriarch::problem(options);
    if (!why.empty()) throw nb::value_error(why.c_str());
    options.space = &patriarch::Space::of(options);
    return options;
}

}  // namespace

void bind_patriarch(nanobind::module_ &m) {
    bind_game<patriarch::State, patriarch::Options>(m, "patriarch", patriarch_options,
        [](const patriarch::State &state) { return state.outcome(); })
        .def_prop_ro("graded", [](const patriarch::State &state) {
                std::vector<std::tuple<int, std::string, int>> out;
                for (const auto &guess : state.graded())
                    out.emplace_back(guess.player, state.space().texts[guess.family], guess.code);
                return out;
            }, "The graded guesses of this game: (player, family, grade code as TreeSpace.code_of).");
}
