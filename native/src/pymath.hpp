// Python's float arithmetic where it is more than one IEEE operation, for native bots that must
// give the same doubles as the Python ones: the built-in `sum` over floats, and `max` by a key
// (the first of equal items wins).
#pragma once
#include <patchlevel.h>  // PY_VERSION_HEX of the Python this module is built for

#include <cmath>

namespace cardtable {

// `sum(floats)` as the interpreter computes it: from the int 0, left to right; Python 3.12 and
// later keep Neumaier's compensation (Python/bltinmodule.c), 3.11 adds plainly.
class PySum {
public:
    void add(double x) {
#if PY_VERSION_HEX >= 0x030C0000
        double t = total_ + x;
        if (std::fabs(total_) >= std::fabs(x)) compensation_ += (total_ - t) + x;
        else compensation_ += (x - t) + total_;
        total_ = t;
#else
        total_ += x;
#endif
    }

    double value() const {
        if (compensation_ != 0.0 && std::isfinite(compensation_)) return total_ + compensation_;
        return total_;
    }

private:
    double total_ = 0.0, compensation_ = 0.0;
};

}  // namespace cardtable
