#!/usr/bin/env bash
# Build the optional compiled cardtable: the same typed Python, its hot modules compiled with
# mypyc, in build/compiled/ beside the pure package (which stays the default and the reference).
#   bash scripts/build_compiled.sh             # then: PYTHONPATH=build/compiled .venv/bin/python ...
# The tree is a copy of src/cardtable with a compiled extension next to each module listed
# below (Python imports an extension before the .py of the same name); nothing else changes.
# Needs the dev extra (mypy ships mypyc) and a C compiler with the Python headers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
HOT_MODULES=(
  cardtable/core/rng.py
  cardtable/games/match_2_52/rules.py
  cardtable/games/match_2_52/grid.py
  cardtable/games/matriarchy/rules.py
  cardtable/games/matriarchy/towers.py
  cardtable/games/patriarch/grading.py
  cardtable/games/patriarch/rules.py
)
root="$PWD"
rm -rf build/compiled
mkdir -p build/compiled
cp -r src/cardtable build/compiled/
find build/compiled -name __pycache__ -prune -exec rm -rf {} +
cd build/compiled
started=$SECONDS
"$root/.venv/bin/mypyc" "${HOT_MODULES[@]}" > mypyc.log 2>&1 || { tail -20 mypyc.log; exit 1; }
rm -rf build
echo "compiled ${#HOT_MODULES[@]} modules into build/compiled in $((SECONDS - started)) s"
