// What every game's binding shares: options read by name, legal actions and moves in notation,
// whole random games and random playouts, and `bind_game`, which gives a game's native module its
// common face. Each game's own file (bind_<game>.cpp) supplies, in its own namespace (found by
// argument-dependent lookup), `notation(state, action)` and `make_heuristic(options, seed, settings)`.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>
#include <nanobind/stl/map.h>
#include <nanobind/stl/optional.h>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ismcts.hpp"
#include "rng.hpp"
#include "seats.hpp"
#include "sha256.hpp"

namespace cardtable::bind {

namespace nb = nanobind;

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

inline bool choice(nb::handle value, const char *name, const char *no, const char *yes) {
    std::string text = nb::cast<std::string>(value);
    if (text != no && text != yes)
        throw nb::value_error((std::string(name) + " is '" + no + "' or '" + yes + "', not " + text).c_str());
    return text == yes;
}

// The seed of a bot whose only setting is its seed (`heuristic:seed=3` overrides the seat's seed,
// as Python's make_bot does); any other setting is refused by name.
inline uint64_t seed_setting(const char *bot, uint64_t seed, const Settings &settings) {
    for (const auto &[key, text] : settings) {
        if (key != "seed")
            throw nb::value_error((std::string("bot ") + bot + " has no setting '" + key + "' (its settings: seed)").c_str());
        try {
            size_t used = 0;
            long long value = std::stoll(text, &used);
            if (used != text.size()) throw std::invalid_argument(text);
            seed = static_cast<uint64_t>(value);  // as core/rng.py keeps it: modulo 2**64
        } catch (const std::exception &) {
            throw nb::value_error(("bot setting seed takes an int, not '" + text + "'").c_str());
        }
    }
    return seed;
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

// A bot named as in Python (`random`, `heuristic`, ...) with its seed and settings, for the game
// whose options are `options`. Each game's file supplies `make_heuristic(options, seed,
// settings)` in its own namespace.
template <typename State, typename Options>
std::unique_ptr<Seat<State>> make_seat(const Options &options, const std::string &name, uint64_t seed,
                                       const Settings &settings) {
    if constexpr (requires { make_own_bot(options, name, seed, settings); })  // a game's other bots
        if (auto seat = make_own_bot(options, name, seed, settings)) return seat;
    if (name == "random") {
        if (!settings.empty()) throw nb::value_error("the random bot takes no setting but its seed");
        return std::make_unique<RandomSeat<State>>(seed);
    }
    if (name == "heuristic") return make_heuristic(options, seed, settings);
    if (name == "ismcts") {  // its rollout=heuristic plays the game's own heuristic bot
        if constexpr (Searchable<State>)
            return std::make_unique<IsmctsSeat<State>>(seed, read_ismcts_settings(settings, Evaluates<State>), [options](uint64_t bot_seed) {
                return make_heuristic(options, bot_seed, Settings{});
            });
        else
            throw nb::value_error("the native ismcts does not search this game yet (it searches games with a search_key and search_returns)");
    }
    throw nb::value_error(("the native engine has no bot named " + name).c_str());
}

// One seat as Python gives it: (bot name, seed, settings as text).
using SeatSpec = std::tuple<std::string, uint64_t, Settings>;

// The seats of the game of `options` where its State says (a game for more than two: The
// Patriarch's two to eight); 0 where it has no say (the two-player games).
template <typename State, typename Options>
int players_of(const Options &options) {
    if constexpr (requires(const State &state) { state.players(); }) return State(options, 0).players();
    else return 0;
}

// A table of `seats` for a game of `players` (players_of), refused unless the game has that many,
// as Python's table refuses it, rather than played past its last seat.
inline void check_seats(int players, size_t seats) {
    if (players != 0 && static_cast<int>(seats) != players)
        throw nb::value_error(("this game has " + std::to_string(players) + " seats, not " +
                               std::to_string(seats)).c_str());
}

// play_game(game, bots, seed) between the named bots: the moves (player, notation) and the state.
template <typename State, typename Options>
std::pair<std::vector<std::pair<int, std::string>>, State> seated_game(
        const Options &options, uint64_t seed, const std::vector<SeatSpec> &specs) {
    State state(options, seed);
    if constexpr (requires { state.players(); }) check_seats(state.players(), specs.size());
    Seats<State> seats;
    for (const auto &[name, bot_seed, settings] : specs) seats.push_back(make_seat<State>(options, name, bot_seed, settings));
    std::vector<std::pair<int, std::string>> moves;
    play_out(state, seats, [&](int player, const auto &action) { moves.emplace_back(player, notation(state, action)); });
    return {moves, state};
}

// What sim/runner.py's GameOutcome holds of a finished game, as the Python engine gives it:
// the winner (-1: a draw), each seat's score, the moves played, the progress in the game's unit
// (State.step_count), and for games played in rounds the rounds and the last round's points.
// Each game's file supplies `finished(state)` (its Result and step_count) in its own namespace.
struct Finished {
    int winner = -1;
    std::vector<double> scores;
    int length = 0;
    int steps = 0;
    int rounds = 0;
    std::vector<double> round_scores;
};

// Why the native engine cannot seat the bot `name` with `settings` here, or "" if it can.
template <typename State, typename Options>
std::string seat_refusal(const Options &options, const std::string &name, const Settings &settings) {
    try {
        make_seat<State>(options, name, 0, settings);
        return "";
    } catch (const std::exception &error) {
        return error.what();
    }
}

// play_games: many games in one call, game i dealt from seeds[i] between the seats seats[i].
// Every seat is made first (a bot the engine cannot seat is refused before any game is
// played), then the games are played without the GIL.
template <typename State, typename Options>
std::vector<Finished> play_games(const Options &options, const std::vector<uint64_t> &seeds,
                                 const std::vector<std::vector<SeatSpec>> &specs) {
    if (seeds.size() != specs.size()) throw nb::value_error("one list of seats per seed");
    std::vector<Seats<State>> tables(specs.size());
    const int players = players_of<State>(options);  // one State made, not one a game
    for (size_t g = 0; g < specs.size(); ++g) {
        check_seats(players, specs[g].size());
        for (const auto &[name, bot_seed, settings] : specs[g])
            tables[g].push_back(make_seat<State>(options, name, bot_seed, settings));
    }
    std::vector<Finished> results(seeds.size());
    nb::gil_scoped_release release;
    for (size_t g = 0; g < seeds.size(); ++g) {
        State state(options, seeds[g]);
        int length = 0;
        play_out(state, tables[g], [&](int, const auto &) { ++length; });
        results[g] = finished(state);
        results[g].length = length;
        tables[g].clear();
    }
    return results;
}

// One entrant of a simulation as Python gives it: the bot's name, the seed its spec sets (none:
// the seat's seed, derived), and its other settings as text.
using EntrantSpec = std::tuple<std::string, std::optional<uint64_t>, Settings>;

// A range of games' outcomes, column by column (game by game, and seat by seat within a game in
// the columns with one value a seat): what sim/runner.py's GameOutcome holds, without an object a
// game.
struct Columns {
    std::vector<int> winners, lengths, steps, rounds, entrants, points_held;
    std::vector<double> scores, points;
};

// play_range: games start to stop - 1 of a simulation whose seed is written `seed` (Python's
// str(seed)), seeded as sim/runner.py's run_games seeds them: game i dealt from derive_seed(seed,
// i), the bot in seat s from derive_seed(that seed, "bot", s) unless its spec sets its own; with
// `alternate`, entrant (s + i % n) % n sits in seat s (runner.seating), else entrant s. Every
// seat is made first (a bot the engine cannot seat is refused before any game), then the games
// are played without the GIL.
template <typename State, typename Options>
Columns play_range(const Options &options, const std::string &seed, int64_t start, int64_t stop,
                   const std::vector<EntrantSpec> &entrants, bool alternate) {
    if (start < 0 || stop < start) throw nb::value_error("play_range takes 0 <= start <= stop");
    if (entrants.empty()) throw nb::value_error("play_range takes one entrant a seat");
    check_seats(players_of<State>(options), entrants.size());
    const size_t games = static_cast<size_t>(stop - start), n = entrants.size();
    std::vector<uint64_t> deals(games);
    std::vector<Seats<State>> tables(games);
    Columns out;
    for (size_t g = 0; g < games; ++g) {
        int64_t index = start + static_cast<int64_t>(g);
        deals[g] = derive_seed(seed, {std::to_string(index)});
        std::string deal = std::to_string(deals[g]);
        size_t shift = alternate ? static_cast<size_t>(index % static_cast<int64_t>(n)) : 0;
        for (size_t s = 0; s < n; ++s) {
            size_t entrant = (s + shift) % n;
            const auto &[name, own, settings] = entrants[entrant];
            uint64_t bot_seed = own ? *own : derive_seed(deal, {"bot", std::to_string(s)});
            tables[g].push_back(make_seat<State>(options, name, bot_seed, settings));
            out.entrants.push_back(static_cast<int>(entrant));
        }
    }
    nb::gil_scoped_release release;
    for (size_t g = 0; g < games; ++g) {
        State state(options, deals[g]);
        int length = 0;
        play_out(state, tables[g], [&](int, const auto &) { ++length; });
        tables[g].clear();
        Finished f = finished(state);
        out.winners.push_back(f.winner);
        out.lengths.push_back(length);
        out.steps.push_back(f.steps);
        out.rounds.push_back(f.rounds);
        out.scores.insert(out.scores.end(), f.scores.begin(), f.scores.end());
        out.points_held.push_back(static_cast<int>(f.round_scores.size()));
        out.points.insert(out.points.end(), f.round_scores.begin(), f.round_scores.end());
    }
    return out;
}

// Random playouts of `games` games from `seed`; the actions played (for the benchmark).
template <typename State, typename Options>
long random_actions(const Options &options, uint64_t seed, long games) {
    nb::gil_scoped_release release;
    Rng chooser(seed);
    return play_randomly<State>(options, chooser, games, [](const State &) {});
}

// The batch face of a game that says what its finished games hold (`finished`): `play_games`
// for the simulations, and `seat_refusal` and `bots` to ask which bots the engine can seat.
template <typename State, typename Options, typename Read>
void bind_batch(nb::module_ &game, Read read) {
    game.def("play_games", [read](const std::vector<uint64_t> &seeds,
                                  const std::vector<std::vector<SeatSpec>> &seats, nb::dict options) {
                 std::vector<std::tuple<int, std::vector<double>, int, int, int, std::vector<double>>> out;
                 for (auto &f : play_games<State, Options>(read(options), seeds, seats))
                     out.emplace_back(f.winner, std::move(f.scores), f.length, f.steps, f.rounds,
                                      std::move(f.round_scores));
                 return out;
             }, nb::arg("seeds"), nb::arg("seats"), nb::arg("options") = nb::dict(),
             "Game i dealt from seeds[i] between seats[i] (each seat (name, seed, settings as "
             "text)), the GIL released: for each game (winner or -1 for a draw, scores, moves, "
             "steps in the game's unit, rounds, the last round's points), as sim/runner.py's "
             "GameOutcome holds them.");
    game.def("play_range", [read](const std::string &seed, int64_t start, int64_t stop,
                                  const std::vector<EntrantSpec> &entrants, bool alternate, nb::dict options) {
                 Columns c = play_range<State, Options>(read(options), seed, start, stop, entrants, alternate);
                 return std::make_tuple(std::move(c.winners), std::move(c.lengths), std::move(c.steps),
                                        std::move(c.rounds), std::move(c.entrants), std::move(c.scores),
                                        std::move(c.points_held), std::move(c.points));
             }, nb::arg("seed"), nb::arg("start"), nb::arg("stop"), nb::arg("entrants"), nb::arg("alternate"),
             nb::arg("options") = nb::dict(),
             "Games start to stop - 1 of a simulation whose seed is written `seed` (str(seed)) between "
             "`entrants` (each (name, its own seed or None, settings as text)), seeded and seated as "
             "sim/runner.py's run_games does, the GIL released: columns (winners, -1 for a draw; moves; "
             "steps; rounds; each seat's entrant; each seat's score; how many last-round points each "
             "game has; those points), as sim/runner.py's GameOutcome holds them.");
    game.def("seat_refusal", [read](const std::string &name, const Settings &settings, nb::dict options) {
                 return seat_refusal<State, Options>(read(options), name, settings);
             }, nb::arg("name"), nb::arg("settings") = Settings(), nb::arg("options") = nb::dict(),
             "Why the engine cannot seat this bot here, or an empty string if it can.");
    game.def("bots", [read](const std::vector<std::string> &names, nb::dict options) {
                 Options given = read(options);
                 std::vector<std::string> seated;
                 for (const auto &name : names)
                     if (seat_refusal<State, Options>(given, name, {}).empty()) seated.push_back(name);
                 return seated;
             }, nb::arg("names"), nb::arg("options") = nb::dict(),
             "Those of the bots `names` (the Python engine's, for this game) the engine plays.");
}

// A search seat kept from one decision to the next, as a Python bot is (so its tree may be
// reused): `Search(seed, settings, options).choose(state)` (for the tests).
template <typename State>
struct Searcher {
    std::unique_ptr<Seat<State>> seat;
    IsmctsSeat<State> &search() { return dynamic_cast<IsmctsSeat<State> &>(*seat); }
};

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
    if constexpr (Searchable<State>) {
        state.def("sample_hidden", [](const State &self, int player, uint64_t seed) {
                 Rng rng(seed);
                 return self.sample_hidden(player, rng);
             }, nb::arg("player"), nb::arg("seed"),
             "A state `player` cannot tell from this one, dealt as Python's sample_hidden(player, Rng(seed)).");
        state.def("same_view", [](const State &self, const State &other, int player) {
                 return self.same_view(other, player);
             }, nb::arg("other"), nb::arg("player"),
             "Whether `player` sees the same in both states (their views compare equal), for two states "
             "sharing their public history, as the search's tree reuse compares them.");
        nb::class_<Searcher<State>>(game, "Search")
            .def("__init__", [read](Searcher<State> *self, uint64_t seed, const Settings &settings, nb::dict options) {
                     new (self) Searcher<State>{make_seat<State>(read(options), "ismcts", seed, settings)};
                 }, nb::arg("seed"), nb::arg("settings") = Settings{}, nb::arg("options") = nb::dict())
            .def("choose", [](Searcher<State> &self, const State &state, int player) {
                     if (player < 0) player = first_seat(state);
                     else if (!acts(state, player))
                         throw std::invalid_argument("player " + std::to_string(player) + " is not to act");
                     auto legal = state.legal(player);
                     int index = 0;
                     if (count_of(legal) > 1) {
                         nb::gil_scoped_release release;  // a table's other games go on meanwhile
                         index = self.seat->choose(state, player, legal);
                     }
                     return std::make_pair(notation(state, legal[index]), self.search().last_iterations());
                 }, nb::arg("state"), nb::arg("player") = -1,
                 "The choice of `player` (by default the seat to act first) in `state`, in notation, and "
                 "the deals searched (a single legal action is played without asking, as play_game does). "
                 "The search runs without the interpreter's lock.")
            .def("draw_solved", [](Searcher<State> &self, const std::vector<double> &shares) {
                     if (shares.empty()) throw std::invalid_argument("draw_solved needs at least one share");
                     return self.search().draw_solved(shares);
                 }, nb::arg("shares"),
                 "The index of a move drawn from an exact mix (`endgame=exact`, solved in Python) as "
                 "Python's draw_mixed draws it from the search's generator; the kept tree is dropped.")
            .def_prop_ro("reused", [](Searcher<State> &self) { return self.search().reused(); },
                         "The decisions that went on from the tree kept at the one before.");
    }
    game.def("random_game", [read, outcome](uint64_t seed, uint64_t bot0, uint64_t bot1, nb::dict options) {
                 std::vector<SeatSpec> specs = {{"random", bot0, {}}, {"random", bot1, {}}};
                 auto [moves, state] = seated_game<State, Options>(read(options), seed, specs);
                 return std::make_pair(moves, outcome(state));
             }, nb::arg("seed"), nb::arg("bot0"), nb::arg("bot1"), nb::arg("options") = nb::dict(),
             "The moves (player, notation) and outcome of a game between seeded random bots.");
    game.def("play_game", [read, outcome](uint64_t seed, const std::vector<SeatSpec> &seats, nb::dict options) {
                 auto [moves, state] = seated_game<State, Options>(read(options), seed, seats);
                 return std::make_pair(moves, outcome(state));
             }, nb::arg("seed"), nb::arg("seats"), nb::arg("options") = nb::dict(),
             "The moves (player, notation) and outcome of a game between bots, each seat given as "
             "(name, seed, settings as text), as Python's play_game plays it.");
    game.def("choose", [read](const State &state, const std::string &name, uint64_t seed, const Settings &settings,
                              nb::dict options) {
                 auto seat = make_seat<State>(read(options), name, seed, settings);
                 int player = first_seat(state);
                 auto legal = state.legal(player);
                 int index = count_of(legal) == 1 ? 0 : seat->choose(state, player, legal);
                 long searched = 0;
                 if constexpr (Searchable<State>)
                     if (auto *search = dynamic_cast<IsmctsSeat<State> *>(seat.get())) searched = search->last_iterations();
                 return std::make_pair(notation(state, legal[index]), searched);
             }, nb::arg("state"), nb::arg("name"), nb::arg("seed"), nb::arg("settings") = Settings{},
             nb::arg("options") = nb::dict(),
             "The choice of a bot (name, seed, settings as text) for the seat to act first in `state` (made "
             "with `options`), in notation, and the deals it searched (an ismcts bot; else 0).");
    game.def("random_actions", [read](uint64_t seed, long games, nb::dict options) {
                 return random_actions<State, Options>(read(options), seed, games);
             }, nb::arg("seed"), nb::arg("games"), nb::arg("options") = nb::dict(),
             "Random playouts of `games` games; returns the actions played.");
    if constexpr (requires(const State &done) { finished(done); }) bind_batch<State, Options>(game, read);
    return state;
}

}  // namespace cardtable::bind
