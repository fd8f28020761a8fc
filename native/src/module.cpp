// The Python face of the native engine (`cardtable_native`): one submodule per game, each bound
// in its own file (bind_<game>.cpp) so that a change to one game recompiles only that game.
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "sha256.hpp"

void bind_vector(nanobind::module_ &m);  // bind_vector.cpp: the vectorised environments
void bind_matriarchy(nanobind::module_ &m);
void bind_pillars(nanobind::module_ &m);
void bind_match_2_52(nanobind::module_ &m);
void bind_queens_mercy(nanobind::module_ &m);
void bind_patriarch(nanobind::module_ &m);
void bind_patriarch_solver(nanobind::module_ &m);  // bind_patriarch_solver.cpp: the solver's count

NB_MODULE(cardtable_native, m) {
    m.doc() = "cardtable's native engine: games compiled, held move for move to the Python ones.";
    m.def("derive_seed", [](const std::string &seed, const std::vector<std::string> &labels) {
              std::string text = seed;
              for (const auto &label : labels) text += ":" + label;
              return cardtable::seed_of_text(text);
          }, nanobind::arg("seed"), nanobind::arg("labels"),
          "core/rng.py's derive_seed of the texts of a seed and its labels (str of each).");
    bind_vector(m);
    bind_matriarchy(m);
    bind_pillars(m);
    bind_match_2_52(m);
    bind_queens_mercy(m);
    bind_patriarch(m);
    bind_patriarch_solver(m);
}
