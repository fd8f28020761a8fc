#!/usr/bin/env bash
# Build the optional compiled cardtable (scripts/build_compiled.sh), run the test suite on it,
# and check that it plays exactly the games of the pure package (tests/test_compiled_build.py).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/build_compiled.sh
CARDTABLE_COMPILED_BUILD=1 .venv/bin/python -m pytest -p no:cacheprovider -q \
  tests/test_compiled_build.py
PYTHONPATH=build/compiled/src .venv/bin/python -m pytest -n auto -p no:cacheprovider -q \
  tests/core tests/games tests/conformance tests/bots tests/sim "$@"
