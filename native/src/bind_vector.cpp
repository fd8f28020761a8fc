// The vectorised environments (cardtable.rl.vector): one class per game that has a native
// encoder, each stepping N games into NumPy arrays the Python side allocates once.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <string>

#include "matriarchy_encode.hpp"
#include "queens_mercy_encode.hpp"
#include "vector.hpp"

namespace nb = nanobind;

// Each game's options by their Python names (bind_<game>.cpp).
namespace cardtable::queens_mercy {
Options read_options(nb::dict given);
}
namespace cardtable::matriarchy {
Options read_options(nb::dict given);
}

namespace {

using namespace cardtable;

template <typename T>
using Rows = nb::ndarray<T, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
template <typename T>
using Column = nb::ndarray<T, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

template <typename T>
T *rows(Rows<T> array, size_t count, size_t width, const char *name) {
    if (array.shape(0) != count || array.shape(1) != width)
        throw nb::value_error((std::string(name) + " has the wrong shape").c_str());
    return array.data();
}

template <typename T>
T *column(Column<T> array, size_t count, const char *name) {
    if (array.shape(0) != count) throw nb::value_error((std::string(name) + " has the wrong shape").c_str());
    return array.data();
}

// The step's outputs, checked against the number of games and the game's sizes.
template <typename Observer>
VectorOut outputs(size_t n, Rows<float> observations, Rows<int8_t> masks, Rows<float> rewards,
                  Column<bool> terminated, Column<int32_t> players) {
    return {rows(observations, n, Observer::SIZE, "observations"), rows(masks, n, Observer::ACTIONS, "masks"),
            rows(rewards, n, Observer::PLAYERS, "rewards"), column(terminated, n, "terminated"),
            column(players, n, "players")};
}

template <typename Observer, typename Read>
void bind_env(nb::module_ &m, const char *name, Read read) {
    using Env = VectorEnv<Observer>;
    nb::class_<Env>(m, name)
        .def("__init__", [read](Env *self, int size, nb::dict options) { new (self) Env(read(options), size); },
             nb::arg("num_envs"), nb::arg("options") = nb::dict())
        .def_ro_static("observation_size", &Observer::SIZE)
        .def_ro_static("num_actions", &Observer::ACTIONS)
        .def_ro_static("players", &Observer::PLAYERS)
        .def("reset", [](Env &env, uint64_t seed, Rows<float> o, Rows<int8_t> k, Rows<float> r, Column<bool> t,
                         Column<int32_t> p) {
                 VectorOut out = outputs<Observer>(env.size(), o, k, r, t, p);
                 nb::gil_scoped_release release;
                 env.reset(seed, out);
             }, nb::arg("seed"), nb::arg("observations"), nb::arg("masks"), nb::arg("rewards"),
             nb::arg("terminated"), nb::arg("players"))
        .def("step", [](Env &env, Column<const int64_t> actions, Rows<float> o, Rows<int8_t> k, Rows<float> r,
                        Column<bool> t, Column<int32_t> p) {
                 VectorOut out = outputs<Observer>(env.size(), o, k, r, t, p);
                 const int64_t *numbers = column(actions, env.size(), "actions");
                 nb::gil_scoped_release release;
                 env.step(numbers, out);
             }, nb::arg("actions"), nb::arg("observations"), nb::arg("masks"), nb::arg("rewards"),
             nb::arg("terminated"), nb::arg("players"))
        .def("observe", [](const Env &env, int seat, Rows<float> o, Rows<int8_t> k) {
                 env.observe(seat, rows(o, env.size(), Observer::SIZE, "observations"),
                             rows(k, env.size(), Observer::ACTIONS, "masks"));
             }, nb::arg("seat"), nb::arg("observations"), nb::arg("masks"));
}

}  // namespace

void bind_vector(nb::module_ &m) {
    nb::module_ vector = m.def_submodule("vector", "N games stepped together for learning agents.");
    bind_env<queens_mercy::Observer>(vector, "queens_mercy", queens_mercy::read_options);
    bind_env<matriarchy::Observer>(vector, "matriarchy", matriarchy::read_options);
}
