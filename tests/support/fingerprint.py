"""Fingerprints of many seeded random games of every game, printed as JSON, with the modules of
cardtable that were loaded compiled: run in another process to compare two builds.

    python -m tests.support.fingerprint GAMES_PER_CASE
"""

from __future__ import annotations

import hashlib
import json
import sys

import cardtable
from cardtable.core import Rng
from cardtable.sim.runner import showcase_options


def fingerprints(games: int) -> dict[str, str]:
    """For each game and showcase option set, a digest of every move and final position."""
    digests = {}
    for name in cardtable.game_names():
        for options in showcase_options(cardtable.core.game_class(name)):
            game = cardtable.load(name, **options)
            digest = hashlib.sha256()
            for seed in range(games):
                state, rng = game.new_state(seed), Rng(seed)
                while not state.is_over():
                    player = state.to_act()[0]
                    legal = state.legal_actions(player)
                    action = legal[rng.below(len(legal))]
                    digest.update(f"{player}:{action};".encode())
                    state.advance(player, action)
                digest.update(json.dumps(state.position(), sort_keys=True).encode())
            digests[f"{name} {json.dumps(options, sort_keys=True)}"] = digest.hexdigest()
    return digests


def compiled_modules() -> list[str]:
    """The cardtable modules loaded from compiled extensions rather than Python source."""
    return sorted(name for name, module in sys.modules.items()
                  if name.startswith("cardtable") and
                  str(getattr(module, "__file__", "")).endswith(".so"))


if __name__ == "__main__":
    found = fingerprints(int(sys.argv[1]))
    print(json.dumps({"games": found, "compiled": compiled_modules()}))
