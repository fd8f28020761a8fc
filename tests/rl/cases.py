"""The games and option sets the learning-environment tests play: every registered game that
has an encoding, under each of its showcase option sets."""

from __future__ import annotations

import cardtable
from cardtable.core.encoding import EncodingError


def encoded_games() -> list[str]:
    names = []
    for name in cardtable.game_names():
        try:
            cardtable.load(name).encoding()
        except EncodingError:
            continue
        names.append(name)
    return names


CASES = [
    (name, options)
    for name in encoded_games()
    for options in cardtable.core.game_class(name).showcase_options
]
CASE_IDS = [f"{name}-{i}" for name in encoded_games()
            for i, _ in enumerate(cardtable.core.game_class(name).showcase_options)]
