"""Which technology for the native engine: the Queen's Mercy core loop (``loop.h``'s rules, the
project's generator) built four ways and measured against the Python reference in one run.

    python benchmarks/native_choice/run.py            # builds in a scratch folder, then measures

Each implementation must play exactly the reference's matches (same counts from the same seed)
before it is timed. Printed per implementation: the build time, the first call (Numba compiles
then), whole matches in one call (tricks per CPU-second) and one trick per call from Python
(calls per CPU-second: what an environment's step or a search's step pays to cross over), each
also as a ratio to the reference measured in the same run, with the machine's load. The tools
each build needs (Cython; nanobind, scikit-build-core and CMake; Numba) are taken from the
running interpreter; a missing one is named and its row skipped.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "src"))

import reference  # noqa: E402

SEED = 20261126


def cpu_rate(work: Callable[[int], int], units: int, seconds: float) -> float:
    """Units per CPU-second: ``work(units)`` repeated until ``seconds`` of CPU have passed."""
    done, spent = 0, 0.0
    while spent < seconds:
        start = time.process_time()
        done += work(units)
        spent += time.process_time() - start
    return done / spent


def build_c(folder: Path) -> None:
    include = sysconfig.get_paths()["include"]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", f"-I{include}", f"-I{HERE}",
                    str(HERE / "qm_c.c"), "-o", str(folder / f"qm_c{suffix}")], check=True)


def build_cython(folder: Path) -> None:
    subprocess.run([sys.executable, "-m", "cython", "-3", str(HERE / "qm_cy.pyx"),
                    "-o", str(folder / "qm_cy.c")], check=True)
    include = sysconfig.get_paths()["include"]
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    subprocess.run(["gcc", "-O2", "-shared", "-fPIC", f"-I{include}",
                    str(folder / "qm_cy.c"), "-o", str(folder / f"qm_cy{suffix}")], check=True)


def build_nanobind(folder: Path) -> None:
    work = folder / "nb-build"
    work.mkdir()
    subprocess.run(["cmake", "-S", str(HERE), "-B", str(work), "-DCMAKE_BUILD_TYPE=Release",
                    f"-DPython_EXECUTABLE={sys.executable}", "-Wno-dev"],
                   check=True, capture_output=True)
    subprocess.run(["cmake", "--build", str(work), "-j", "2"], check=True, capture_output=True)
    built = next(work.glob("qm_nb*.so"))
    shutil.copy(built, folder / built.name)


def build_numba(folder: Path) -> None:
    shutil.copy(HERE / "qm_numba.py", folder / "qm_numba.py")


BUILDS: dict[str, tuple[str, Callable[[Path], None], list[str]]] = {
    "C (CPython API)": ("qm_c", build_c, []),
    "Cython": ("qm_cy", build_cython, ["cython"]),
    "C++ (nanobind)": ("qm_nb", build_nanobind, ["nanobind", "cmake"]),
    "Numba": ("qm_numba", build_numba, ["numba"]),
}


def missing(tools: list[str]) -> list[str]:
    return [tool for tool in tools if importlib.util.find_spec(tool) is None]


def measure(name: str, module: ModuleType, seconds: float, expected: tuple) -> dict[str, float]:
    start = time.perf_counter()
    got = module.matches(SEED, 200)
    first_call = time.perf_counter() - start
    if got != expected:
        raise SystemExit(f"{name} played other matches than the reference: {got} != {expected}")
    batch = cpu_rate(lambda n: module.matches(SEED, n)[1], 20_000, seconds)

    def steps(n: int) -> int:
        trick = module.Stepper(SEED).trick
        for _ in range(n):
            trick()
        return n

    return {"first_call": first_call, "batch": batch, "steps": cpu_rate(steps, 100_000, seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per figure")
    args = parser.parse_args()
    expected = reference.matches(SEED, 200)
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    ref = {"batch": cpu_rate(lambda n: reference.matches(SEED, n)[1], 500, args.seconds),
           "steps": cpu_rate(lambda n: _reference_steps(n), 20_000, args.seconds)}
    rows = [("Python (reference)", 0.0, 0.0, ref)]
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        sys.path.insert(0, str(folder))
        for name, (module_name, build, tools) in BUILDS.items():
            lacking = missing(tools) if tools != ["nanobind", "cmake"] else missing(["nanobind"])
            if tools and "cmake" in tools and shutil.which("cmake") is None:
                lacking.append("cmake")
            if lacking:
                print(f"{name}: skipped, needs {', '.join(lacking)}")
                continue
            start = time.perf_counter()
            build(folder)
            built = time.perf_counter() - start
            module = importlib.import_module(module_name)
            figures = measure(name, module, args.seconds, expected)
            rows.append((name, built, figures["first_call"], figures))
    print(f"{'implementation':20} {'build s':>8} {'first call s':>12} "
          f"{'tricks/CPU-s':>14} {'x ref':>7} {'steps/CPU-s':>13} {'x ref':>7}")
    for name, built, first, fig in rows:
        print(f"{name:20} {built:8.2f} {first:12.3f} {fig['batch']:14,.0f} "
              f"{fig['batch'] / ref['batch']:7.1f} {fig['steps']:13,.0f} "
              f"{fig['steps'] / ref['steps']:7.1f}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


def _reference_steps(n: int) -> int:
    trick = reference.Stepper(SEED).trick
    for _ in range(n):
        trick()
    return n


if __name__ == "__main__":
    main()
