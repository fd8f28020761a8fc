#!/usr/bin/env bash
# Build the native engine in place and incrementally, for work on native/ (setup.sh installs it
# through pip, which compiles every file again). Each game is its own file (native/src/bind_*.cpp),
# so a change to one game recompiles that game only. The module lands in native/build/dev: put
# that folder first on PYTHONPATH to use it. The build tools (nanobind, cmake, ninja) are
# installed once into native/build/tools. PYTHON names the interpreter to build for
# (default .venv/bin/python).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
tools=native/build/tools
if [ ! -x "$tools/bin/ninja" ]; then
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet nanobind cmake ninja
fi
python="${PYTHON:-.venv/bin/python}"
"$tools/bin/cmake" -S native -B native/build/dev -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_MAKE_PROGRAM="$PWD/$tools/bin/ninja" -DPython_EXECUTABLE="$python" \
  -Dnanobind_DIR="$("$tools/bin/python" -m nanobind --cmake_dir)" > /dev/null
"$tools/bin/cmake" --build native/build/dev
