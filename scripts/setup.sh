#!/usr/bin/env bash
# Make .venv and install cardtable into it with the given extras
# (default: cli,solve,dev,web,postgres,plot,ray,rl,openspiel).
# Then the native engine (native/: C++ built with the machine's g++ through pip; rebuilt when its
# sources change). Sourced by run.sh and test.sh; needs only Python 3.11+, pip and g++.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
extras="${CARDTABLE_EXTRAS:-cli,solve,dev,web,postgres,plot,ray,rl,openspiel}"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=".venv/.installed-$(cat pyproject.toml | sha256sum | cut -c1-16)-${extras//,/_}"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[${extras}]"
  rm -f .venv/.installed-*
  touch "$stamp"
fi
native_stamp=".venv/.native-$(find native -path native/build -prune -o -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.txt' -o -name '*.toml' \) -print0 | sort -z | xargs -0 cat | sha256sum | cut -c1-16)"
if [ ! -f "$native_stamp" ]; then
  .venv/bin/python -m pip install --quiet ./native
  rm -f .venv/.native-*
  touch "$native_stamp"
fi
