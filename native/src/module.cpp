// The Python face of the native engine (`cardtable_native`): one submodule per game, each bound
// in its own file (bind_<game>.cpp) so that a change to one game recompiles only that game.
#include <nanobind/nanobind.h>

void bind_vector(nanobind::module_ &m);  // bind_vector.cpp: the vectorised environments
void bind_matriarchy(nanobind::module_ &m);
void bind_pillars(nanobind::module_ &m);
void bind_match_2_52(nanobind::module_ &m);
void bind_queens_mercy(nanobind::module_ &m);
void bind_patriarch(nanobind::module_ &m);

NB_MODULE(cardtable_native, m) {
    m.doc() = "cardtable's native engine: games compiled, held move for move to the Python ones.";
    bind_vector(m);
    bind_matriarchy(m);
    bind_pillars(m);
    bind_match_2_52(m);
    bind_queens_mercy(m);
    bind_patriarch(m);
}
