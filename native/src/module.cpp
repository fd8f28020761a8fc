// The Python face of the native engine (`cardtable_native`): each game's state with the same
// questions as the Python protocol (to_act, legal actions in notation, apply), and whole games
// between seeded random bots played without crossing back into Python.
#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <functional>
#include <map>

#include "match_2_52.hpp"
#include "matriarchy.hpp"
#include "pillars.hpp"
#include "queens_mercy.hpp"

namespace nb = nanobind;
using namespace cardtable;

namespace {

// The number of a list of legal actions, for either game's list type.
template <typename List>
int count_of(const List &legal) {
    if constexpr (requires { legal.count(); }) return legal.count();
    else return static_cast<int>(legal.size());
}

// An action in notation, and the first seat to act, for each game's types.
const std::string &notation(const matriarchy::State &, matriarchy::Action action) {
    return matriarchy::NOTATION[action];
}
std::string notation(const pillars::State &, const pillars::Action &action) { return action.text(); }
std::string notation(const queens_mercy::State &state, const queens_mercy::Action &action) {
    return queens_mercy::text_of(action, state.options());
}
std::string notation(const match_2_52::State &, const match_2_52::Action &action) { return action.text(); }
int first_to_act(const matriarchy::State &state) { return state.to_act(); }
int first_to_act(const match_2_52::State &state) { return state.to_act(); }
int first_to_act(const pillars::State &state) { return state.to_act(); }
int first_to_act(const queens_mercy::State &state) {
    std::vector<int> seats = state.to_act();
    return seats.empty() ? -1 : seats[0];
}

// Options from a dict of the Python game's option names: each name read by its setter; a name
// the native game does not know is refused (never ignored, which would change the game).
template <typename Options>
using Setters = std::map<std::string, std::function<void(Options &, nb::handle)>>;

template <typename Options>
Options read_options(const char *game, const Setters<Options> &setters, nb::dict given) {
    Options options;
    for (auto [key, value] : given) {
        std::string name = nb::cast<std::string>(key);
        auto found = setters.find(name);
        if (found == setters.end())
            throw nb::value_error(("the native " + std::string(game) + " has no option " + name).c_str());
        found->second(options, value);
    }
    return options;
}

bool choice(nb::handle value, const char *name, const char *no, const char *yes) {
    std::string text = nb::cast<std::string>(value);
    if (text != no && text != yes)
        throw nb::value_error((std::string(name) + " is '" + no + "' or '" + yes + "', not " + text).c_str());
    return text == yes;
}

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

match_2_52::Options match_2_52_options(nb::dict given) {
    using O = match_2_52::Options;
    static const Setters<O> setters = {
        {"move_partner_face_up", [](O &o, nb::handle v) { o.move_partner_face_up = nb::cast<bool>(v); }},
        {"max_turns", [](O &o, nb::handle v) { o.max_turns = nb::cast<int>(v); }},
        {"first_player", [](O &o, nb::handle v) { o.first_player = nb::cast<int>(v); }},
    };
    return read_options("Match 2-52", setters, given);
}

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

template <typename State>
std::vector<std::string> legal_texts(const State &state, int player) {
    auto legal = state.legal(player);
    std::vector<std::string> texts;
    for (int i = 0; i < count_of(legal); ++i) texts.push_back(notation(state, legal[i]));
    return texts;
}

// The legal action written `text`, applied; anything else is refused and changes nothing.
template <typename State>
void apply_text(State &state, int player, const std::string &text) {
    auto legal = state.legal(player);
    for (int i = 0; i < count_of(legal); ++i)
        if (notation(state, legal[i]) == text) {
            state.apply(player, legal[i]);
            return;
        }
    throw nb::value_error(("not a legal action of player " + std::to_string(player) + " now: " + text).c_str());
}

// play_game(game, [RandomBot(seed=a), RandomBot(seed=b)], seed): a move with no alternative is
// played without asking the bot (Table's auto_forced), so it draws nothing from its generator.
template <typename State, typename Options>
std::pair<std::vector<std::pair<int, std::string>>, State> random_game(
        const Options &options, uint64_t seed, uint64_t bot0, uint64_t bot1) {
    State state(options, seed);
    Rng bots[2] = {Rng(bot0), Rng(bot1)};
    std::vector<std::pair<int, std::string>> moves;
    while (!state.over()) {
        int player = first_to_act(state);
        auto legal = state.legal(player);
        int n = count_of(legal);
        int index = n == 1 ? 0 : static_cast<int>(bots[player].below(static_cast<uint32_t>(n)));
        moves.emplace_back(player, notation(state, legal[index]));
        state.apply(player, legal[index]);
    }
    return {moves, state};
}

// Random playouts of `games` games from `seed`; the actions played (for the benchmark).
template <typename State, typename Options>
long random_actions(const Options &options, uint64_t seed, long games) {
    nb::gil_scoped_release release;
    Rng chooser(seed);
    long actions = 0;
    for (long g = 0; g < games; ++g) {
        State state(options, chooser.next_u64());
        while (!state.over()) {
            int player = first_to_act(state);
            auto legal = state.legal(player);
            state.apply(player, legal[chooser.below(static_cast<uint32_t>(count_of(legal)))]);
            ++actions;
        }
    }
    return actions;
}

// The common face of a game's native module: State, random_game, random_actions.
template <typename State, typename Options, typename Read, typename Outcome>
nb::class_<State> bind_game(nb::module_ &m, const char *name, Read read, Outcome outcome) {
    nb::module_ game = m.def_submodule(name);
    auto state = nb::class_<State>(game, "State")
        .def("__init__", [read](State *self, uint64_t seed, nb::dict options) {
                 new (self) State(read(options), seed);
             }, nb::arg("seed"), nb::arg("options") = nb::dict())
        .def("to_act", &State::to_act, "The player(s) to act: -1 or an empty list once over.")
        .def("legal", &legal_texts<State>, nb::arg("player"), "The legal actions, in notation.")
        .def("apply", &apply_text<State>, nb::arg("player"), nb::arg("text"))
        .def("over", &State::over)
        .def_prop_ro("moves", &State::moves)
        .def("outcome", outcome, "The final scores (Matriarchy) or majorities and winner (Pillars).")
        .def("__copy__", [](const State &self) { return State(self); });
    game.def("random_game", [read, outcome](uint64_t seed, uint64_t bot0, uint64_t bot1, nb::dict options) {
                 auto [moves, state] = random_game<State, Options>(read(options), seed, bot0, bot1);
                 return std::make_pair(moves, outcome(state));
             }, nb::arg("seed"), nb::arg("bot0"), nb::arg("bot1"), nb::arg("options") = nb::dict(),
             "The moves (player, notation) and outcome of a game between seeded random bots.");
    game.def("random_actions", [read](uint64_t seed, long games, nb::dict options) {
                 return random_actions<State, Options>(read(options), seed, games);
             }, nb::arg("seed"), nb::arg("games"), nb::arg("options") = nb::dict(),
             "Random playouts of `games` games; returns the actions played.");
    return state;
}

}  // namespace

NB_MODULE(cardtable_native, m) {
    m.doc() = "cardtable's native engine: games compiled, held move for move to the Python ones.";
    bind_game<matriarchy::State, matriarchy::Options>(
        m, "matriarchy", matriarchy_options,
        [](const matriarchy::State &state) { return state.final_scores(); });
    bind_game<pillars::State, pillars::Options>(
        m, "pillars", pillars_options, [](const pillars::State &state) { return state.result(); });
    bind_game<match_2_52::State, match_2_52::Options>(
        m, "match_2_52", match_2_52_options, [](const match_2_52::State &state) { return state.result(); });
    bind_game<queens_mercy::State, queens_mercy::Options>(
        m, "queens_mercy", queens_mercy_options,
        [](const queens_mercy::State &state) { return state.result(); });
}
