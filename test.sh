#!/usr/bin/env bash
# Set everything up, then check types (mypy) and style (ruff) and run the whole test suite
# (on all cores).
set -euo pipefail
cd "$(dirname "$0")"
bash scripts/setup.sh
.venv/bin/ruff check src tests benchmarks examples scripts
.venv/bin/mypy
exec .venv/bin/python -m pytest -n auto -p no:cacheprovider "$@"
