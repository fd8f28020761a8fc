"""The games and option sets the learning-environment tests play: every registered game that
has an encoding, under each of its showcase option sets."""

from __future__ import annotations

import cardtable
from cardtable.core.encoding import encoded_game_names

CASES = [
    (name, options)
    for name in encoded_game_names()
    for options in cardtable.core.game_class(name).showcase_options
]
CASE_IDS = [f"{name}-{i}" for name in encoded_game_names()
            for i, _ in enumerate(cardtable.core.game_class(name).showcase_options)]
