// The Patriarch solver's counting kernel (games/patriarch/solver.py, `Solver.stats`): for a set of
// families and many guesses, the classes each guess leaves, counted from the whole grade table.
// NumPy counts the same with a gather, a multiply, an add and a bincount per cell, in blocks;
// here each cell is one read and one increment, and the searches of the larger variants (Advanced
// Matriarch's report) spend most of their time in this count. The figures are integers, exactly
// those of the NumPy count (tests/games/patriarch/test_class_stats.py holds them equal).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <algorithm>
#include <stdexcept>
#include <cstdint>
#include <string>
#include <vector>

namespace nb = nanobind;

namespace {

template <typename T>
using Rows = nb::ndarray<const T, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
template <typename T>
using Column = nb::ndarray<T, nb::ndim<1>, nb::c_contig, nb::device::cpu>;

template <typename T>
T *checked(Column<T> array, size_t count, const char *name) {
    if (array.shape(0) != count) throw nb::value_error((std::string(name) + " has the wrong length").c_str());
    return array.data();
}

// Guesses counted at once: their class counts (tile x grade codes, at most TILE_COUNTS) stay in
// the cache, and each family's row is read a run of `tile` columns at a time. (Reading each
// guess's own row at the families' columns instead was measured 7 times slower for a few
// hundred families, where a row is fetched whole for a few cells, and barely faster for
// thousands.)
constexpr size_t TILE_COUNTS = 262144;
size_t tile_for(int code_count) {
    return std::clamp<size_t>(size_t(TILE_COUNTS) / size_t(code_count), 16, 1024);
}

// Per guess: the largest class, the number of classes, the sum of squared class sizes, whether
// some family is the guess itself (the win grade) and, with levels, levels[size] summed over
// the classes less one for the guessed family. Per tile of guesses, one pass over the families
// counts each (guess, grade); then each class is read once and cleared: from every grade's count
// where the families outnumber the grades, else from a second pass over the families (so the
// counts never need clearing whole however few the families).
template <typename Code>
void class_stats(Rows<Code> table, Column<const int32_t> cands, Column<const int32_t> guesses, int code_count,
                 int win_code, Column<const int64_t> levels, Column<int64_t> largest, Column<int64_t> classes,
                 Column<int64_t> squares, Column<bool> hit, Column<int64_t> bound) {
    const size_t families = table.shape(0), m = cands.shape(0), g = guesses.shape(0);
    if (table.shape(1) != families) throw nb::value_error("the grade table is not square");
    if (code_count <= 0 || win_code < 0 || win_code >= code_count) throw nb::value_error("bad grade codes");
    const bool bounded = levels.shape(0) > 0;
    if (bounded && levels.shape(0) < m + 1) throw nb::value_error("levels has fewer entries than classes can have");
    const int32_t *c = cands.data(), *guess = guesses.data();
    for (size_t i = 0; i < m; ++i)
        if (c[i] < 0 || size_t(c[i]) >= families) throw nb::index_error("a family outside the table");
    for (size_t j = 0; j < g; ++j)
        if (guess[j] < 0 || size_t(guess[j]) >= families) throw nb::index_error("a guess outside the table");
    int64_t *top = checked(largest, g, "largest"), *count = checked(classes, g, "classes");
    int64_t *square = checked(squares, g, "squares"), *sum = bounded ? checked(bound, g, "bound") : nullptr;
    bool *won = checked(hit, g, "hit");
    const Code *cells = table.data();
    const int64_t *level = levels.data();
    nb::gil_scoped_release release;
    const size_t tile = tile_for(code_count);
    std::vector<int32_t> counts(tile * size_t(code_count), 0);
    for (size_t start = 0; start < g; start += tile) {
        const size_t width = std::min(tile, g - start);
        const int32_t *columns = guess + start;
        for (size_t i = 0; i < m; ++i) {
            const Code *row = cells + size_t(c[i]) * families;
            for (size_t k = 0; k < width; ++k) {
                const Code code = row[columns[k]];
                if (code >= code_count) throw std::out_of_range("a grade code beyond code_count");
                ++counts[k * code_count + code];
            }
        }
        for (size_t k = 0; k < width; ++k) top[start + k] = count[start + k] = square[start + k] = 0;
        if (sum) std::fill(sum + start, sum + start + width, 0);
        for (size_t k = 0; k < width; ++k) won[start + k] = counts[k * code_count + win_code] > 0;
        auto read = [&](size_t k, int code) {  // one class of guess k, then cleared
            int32_t &size = counts[k * code_count + code];
            if (size == 0) return;  // no such class, or read already
            const size_t at = start + k;
            top[at] = std::max<int64_t>(top[at], size);
            count[at] += 1;
            square[at] += int64_t(size) * size;
            if (sum) sum[at] += level[size];
            size = 0;
        };
        if (m > size_t(code_count)) {  // more families than grades: read every grade's count
            for (size_t k = 0; k < width; ++k)
                for (int code = 0; code < code_count; ++code) read(k, code);
        } else {  // few families: read the classes they fall in
            for (size_t i = 0; i < m; ++i) {
                const Code *row = cells + size_t(c[i]) * families;
                for (size_t k = 0; k < width; ++k) read(k, row[columns[k]]);
            }
        }
        if (sum)
            for (size_t k = 0; k < width; ++k) sum[start + k] -= won[start + k];
    }
}

// The first of the guesses (its position, or -1) that gives every family of cands a grade of its
// own: the tile's guesses each keep a bit per grade seen, and the scan stops at the first tile
// holding one without a clash (most small sets have a separator early).
template <typename Code>
long first_separator(Rows<Code> table, Column<const int32_t> cands, Column<const int32_t> guesses, int code_count) {
    const size_t families = table.shape(0), m = cands.shape(0), g = guesses.shape(0);
    if (table.shape(1) != families) throw nb::value_error("the grade table is not square");
    if (code_count <= 0) throw nb::value_error("bad grade codes");
    const int32_t *c = cands.data(), *guess = guesses.data();
    for (size_t i = 0; i < m; ++i)
        if (c[i] < 0 || size_t(c[i]) >= families) throw nb::index_error("a family outside the table");
    for (size_t j = 0; j < g; ++j)
        if (guess[j] < 0 || size_t(guess[j]) >= families) throw nb::index_error("a guess outside the table");
    const Code *cells = table.data();
    nb::gil_scoped_release release;
    const size_t words = (size_t(code_count) + 63) / 64, tile = std::clamp<size_t>(4096 / words, 16, 1024);
    std::vector<uint64_t> seen(tile * words);
    std::vector<uint8_t> clash(tile);
    for (size_t start = 0; start < g; start += tile) {
        const size_t width = std::min(tile, g - start);
        const int32_t *columns = guess + start;
        std::fill(seen.begin(), seen.begin() + width * words, 0);
        std::fill(clash.begin(), clash.begin() + width, 0);
        for (size_t i = 0; i < m; ++i) {
            const Code *row = cells + size_t(c[i]) * families;
            for (size_t k = 0; k < width; ++k) {
                const Code code = row[columns[k]];
                if (code >= code_count) throw std::out_of_range("a grade code beyond code_count");
                uint64_t &word = seen[k * words + code / 64];
                const uint64_t bit = uint64_t(1) << (code % 64);
                clash[k] |= (word & bit) != 0;
                word |= bit;
            }
        }
        for (size_t k = 0; k < width; ++k)
            if (!clash[k]) return long(start + k);
    }
    return -1;
}

template <typename Code>
void bind_for(nb::module_ &m) {
    m.def("class_stats", &class_stats<Code>, nb::arg("table"), nb::arg("cands"), nb::arg("guesses"),
          nb::arg("code_count"), nb::arg("win_code"), nb::arg("levels"), nb::arg("largest"), nb::arg("classes"),
          nb::arg("squares"), nb::arg("hit"), nb::arg("bound"),
          "Fill largest, classes, squares, hit (and bound, with levels) per guess for the families "
          "cands, from the grade table (Solver.stats's figures).");
    m.def("first_separator", &first_separator<Code>, nb::arg("table"), nb::arg("cands"), nb::arg("guesses"),
          nb::arg("code_count"),
          "The position in guesses of the first that grades every family of cands differently, or -1.");
}

}  // namespace

void bind_patriarch_solver(nb::module_ &parent) {
    nb::module_ m = parent.def_submodule("patriarch_solver", "The Patriarch solver's counting kernel.");
    bind_for<uint8_t>(m);
    bind_for<uint16_t>(m);
}
