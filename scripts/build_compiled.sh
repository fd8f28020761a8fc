#!/usr/bin/env bash
# Build the optional compiled cardtable: the same typed Python, its hot modules compiled with
# mypyc, in build/compiled/ beside the pure package (which stays the default and the reference).
#   bash scripts/build_compiled.sh   # then: PYTHONPATH=build/compiled/src .venv/bin/python ...
# The tree mirrors the checkout (src/cardtable copied, docs linked, so the rules pages are
# found) with a compiled extension next to each module listed below (Python imports an
# extension before the .py of the same name); nothing else changes.
# Only modules where compiling pays are listed. Rules that read an interpreted state object
# gain little or nothing (measured, paired: The Queen's Mercy's rules and powers 0.85x, Match
# 2-52's rules 1.0x, Matriarchy's 1.05x, less than calling them through methods costs the pure
# build), because every field read stays a generic attribute lookup with a type check.
# The generator is left out too: compiled it made The Queen's Mercy 0.94x (its 64-bit words
# do not fit mypyc's short ints). Compiling the state classes would need the core's State
# compiled, and an interpreted class (a test's toy game) may not inherit from a compiled one.
# Needs the dev extra (mypy ships mypyc) and a C compiler with the Python headers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
HOT_MODULES=(
  cardtable/games/patriarch/grading.py
  cardtable/games/patriarch/rules.py
)
root="$PWD"
rm -rf build/compiled
mkdir -p build/compiled/src
cp -r src/cardtable build/compiled/src/
ln -s ../../docs build/compiled/docs
find build/compiled -name __pycache__ -prune -exec rm -rf {} +
cd build/compiled/src
started=$SECONDS
"$root/.venv/bin/mypyc" "${HOT_MODULES[@]}" > mypyc.log 2>&1 || { tail -20 mypyc.log; exit 1; }
rm -rf build
echo "compiled ${#HOT_MODULES[@]} modules into build/compiled/src in $((SECONDS - started)) s"
