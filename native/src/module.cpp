// The Python face of the native engine (`cardtable_native`): each game's state with the same
// questions as the Python protocol (to_act, legal actions in notation, apply), and whole games
// between seeded random bots played without crossing back into Python.
#include <nanobind/nanobind.h>
#include <nanobind/stl/array.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include "matriarchy.hpp"

namespace nb = nanobind;
using namespace cardtable;

namespace {

matriarchy::Options matriarchy_options(nb::dict given) {
    matriarchy::Options options;
    for (auto [key, value] : given) {
        std::string name = nb::cast<std::string>(key);
        if (name == "ace_owner") {
            std::string owner = nb::cast<std::string>(value);
            if (owner != "drawer" && owner != "color")
                throw nb::value_error(("ace_owner is 'drawer' or 'color', not " + owner).c_str());
            options.ace_owner_colour = owner == "color";
        } else if (name == "face_cards_may_start") {
            options.face_cards_may_start = nb::cast<bool>(value);
        } else if (name == "allow_voluntary_discard") {
            options.allow_voluntary_discard = nb::cast<bool>(value);
        } else if (name == "communal_take_requires_use") {
            options.communal_take_requires_use = nb::cast<bool>(value);
        } else if (name == "seal_counts_burned_kings") {
            options.seal_counts_burned_kings = nb::cast<bool>(value);
        } else if (name == "first_player") {
            options.first_player = nb::cast<int>(value);
        } else if (name == "red_player") {
            options.red_player = nb::cast<int>(value);
        } else if (name != "handoff_mode") {  // it changes only the events' words
            throw nb::value_error(("the native Matriarchy has no option " + name).c_str());
        }
    }
    return options;
}

std::vector<std::string> legal_texts(const matriarchy::State &state, int player) {
    matriarchy::Legal legal = state.legal(player);
    std::vector<std::string> texts;
    for (int i = 0; i < legal.size; ++i) texts.push_back(matriarchy::NOTATION[legal.items[i]]);
    return texts;
}

// play_game(game, [RandomBot(seed=a), RandomBot(seed=b)], seed): a move with no alternative is
// played without asking the bot (Table's auto_forced), so it draws nothing from its generator.
std::tuple<std::vector<std::pair<int, int>>, std::array<int, 2>> random_game(
        const matriarchy::Options &options, uint64_t seed, uint64_t bot0, uint64_t bot1) {
    matriarchy::State state(options, seed);
    Rng bots[2] = {Rng(bot0), Rng(bot1)};
    std::vector<std::pair<int, int>> moves;
    while (!state.over()) {
        int player = state.to_act();
        matriarchy::Legal legal = state.legal(player);
        auto chosen = legal.size == 1 ? legal.items[0]
                                      : legal.items[bots[player].below(static_cast<uint32_t>(legal.size))];
        moves.emplace_back(player, static_cast<int>(chosen));
        state.apply(player, chosen);
    }
    return {moves, state.final_scores()};
}

}  // namespace

NB_MODULE(cardtable_native, m) {
    m.doc() = "cardtable's native engine: games compiled, held move for move to the Python ones.";
    nb::module_ mx = m.def_submodule("matriarchy", "Matriarchy, natively.");
    mx.attr("NOTATION") = matriarchy::NOTATION;
    nb::class_<matriarchy::State>(mx, "State")
        .def("__init__", [](matriarchy::State *self, uint64_t seed, nb::dict options) {
                 new (self) matriarchy::State(matriarchy_options(options), seed);
             }, nb::arg("seed"), nb::arg("options") = nb::dict())
        .def("to_act", &matriarchy::State::to_act, "The player to act, -1 once over.")
        .def("legal", &legal_texts, nb::arg("player"), "The legal actions, in notation.")
        .def("apply", [](matriarchy::State &self, int player, const std::string &text) {
                 matriarchy::Legal legal = self.legal(player);
                 for (int i = 0; i < legal.size; ++i)
                     if (matriarchy::NOTATION[legal.items[i]] == text) {
                         self.apply(player, legal.items[i]);
                         return;
                     }
                 throw nb::value_error(("not a legal action of player " + std::to_string(player) +
                                        " now: " + text).c_str());
             }, nb::arg("player"), nb::arg("text"))
        .def("over", &matriarchy::State::over)
        .def_prop_ro("moves", &matriarchy::State::moves)
        .def("final_scores", &matriarchy::State::final_scores)
        .def("__copy__", [](const matriarchy::State &self) { return matriarchy::State(self); });
    mx.def("random_game", [](uint64_t seed, uint64_t bot0, uint64_t bot1, nb::dict options) {
              return random_game(matriarchy_options(options), seed, bot0, bot1);
          }, nb::arg("seed"), nb::arg("bot0"), nb::arg("bot1"), nb::arg("options") = nb::dict(),
          "The moves (player, action number) and final scores of a game between random bots.");
    mx.def("random_actions", [](uint64_t seed, long games, nb::dict given) {
              matriarchy::Options options = matriarchy_options(given);
              long actions = 0;
              {
                  nb::gil_scoped_release release;
                  Rng chooser(seed);
                  for (long g = 0; g < games; ++g) {
                      matriarchy::State state(options, chooser.next_u64());
                      while (!state.over()) {
                          int player = state.to_act();
                          matriarchy::Legal legal = state.legal(player);
                          state.apply(player, legal.items[chooser.below(static_cast<uint32_t>(legal.size))]);
                          ++actions;
                      }
                  }
              }
              return actions;
          }, nb::arg("seed"), nb::arg("games"), nb::arg("options") = nb::dict(),
          "Random playouts of `games` games; returns the actions played (for the benchmark).");
}
