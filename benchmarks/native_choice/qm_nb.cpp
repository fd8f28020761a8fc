// The core loop as a C++ module bound with nanobind (built by scikit-build-core and CMake).
#include <nanobind/nanobind.h>
#include <nanobind/stl/tuple.h>
extern "C" {
#include "loop.h"
}
namespace nb = nanobind;

struct Stepper {
    qm_rng rng;
    qm_round round;
    explicit Stepper(uint64_t seed) : rng{seed} { qm_deal(&round, &rng); }
    int trick() {
        if (round.tricks == 14) qm_deal(&round, &rng);
        return qm_trick(&round, &rng);
    }
};

NB_MODULE(qm_nb, m) {
    m.def("matches", [](uint64_t seed, long count) {
        long counts[3] = {0, 0, 0};
        long tricks;
        {
            nb::gil_scoped_release release;
            tricks = qm_matches(seed, count, counts);
        }
        return std::make_tuple(std::make_tuple(counts[0], counts[1], counts[2]), tricks);
    });
    nb::class_<Stepper>(m, "Stepper").def(nb::init<uint64_t>()).def("trick", &Stepper::trick);
}
