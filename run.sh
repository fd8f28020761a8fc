#!/usr/bin/env bash
# Set everything up, then play The Queen's Mercy in the terminal against the heuristic bot.
# Any arguments are passed to the cardtable command instead, e.g.
#   ./run.sh simulate queens-mercy --games 10000 --p1 heuristic --p2 random
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- play queens-mercy --vs heuristic
fi
exec .venv/bin/cardtable "$@"
