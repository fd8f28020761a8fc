#!/usr/bin/env bash
# Set everything up, then serve the web table (games kept in cardtable.sqlite3) and print its
# address. Any arguments are passed to the cardtable command instead, e.g.
#   ./run.sh play queens-mercy      (the terminal game)
#   ./run.sh simulate queens-mercy --games 10000 --p1 heuristic --p2 random
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- serve --db cardtable.sqlite3
fi
exec .venv/bin/cardtable "$@"
