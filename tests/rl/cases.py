"""The games and option sets the learning-environment tests play: every registered game that
has an encoding, under each of its showcase option sets."""

from __future__ import annotations

import cardtable
from cardtable.core.encoding import encoded_game_names
from cardtable.sim.runner import showcase_options

CASES = [
    (name, options)
    for name in encoded_game_names()
    for options in showcase_options(cardtable.core.game_class(name))
]
CASE_IDS = [f"{name}-{i}" for name in encoded_game_names()
            for i, _ in enumerate(showcase_options(cardtable.core.game_class(name)))]
