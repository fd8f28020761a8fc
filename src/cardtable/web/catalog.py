"""What the lobby offers: every registered game with its seats, its options and their defaults
(read from the game's option dataclass, as ``cardtable games`` lists them) and its bots."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from cardtable.bots import bot_names, make_bot
from cardtable.core import CardtableError, game_class, game_names
from cardtable.core.options import options_to_dict

DRAWINGS = Path(__file__).parent / "static" / "games"
"""One JavaScript module per game that has its own drawing; any other game gets the generic one."""

STRONG_BOT = "ismcts:seconds=1"
"""The strongest bot offered, when the bot lookup knows it: a search at one second a move."""


def option_fields(options_type: type) -> list[dict[str, Any]]:
    """Each option: its name, its default, its choices (None: free text) and its help."""
    hints = typing.get_type_hints(options_type)
    defaults = options_to_dict(options_type())
    fields = []
    for field in dataclasses.fields(options_type):
        hint = hints[field.name]
        choices: list[Any] | None = None
        if get_origin(hint) is Literal:
            choices = list(get_args(hint))
        elif hint is bool:
            choices = [True, False]
        fields.append({"name": field.name, "default": defaults[field.name], "choices": choices})
    return fields


def games() -> list[dict[str, Any]]:
    """The lobby's list of games."""
    listed = []
    for name in game_names():
        cls = game_class(name)
        game = cls()
        bots = bot_names(game)
        try:
            make_bot(game, STRONG_BOT)
            bots.append(STRONG_BOT)
        except CardtableError:
            pass
        listed.append({
            "name": name,
            "title": cls.title,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": option_fields(cls.Options),
            "bots": bots,
            "default_bot": "heuristic" if "heuristic" in bots else bots[0],
            "notation_help": cls.notation_help,
            "drawing": (DRAWINGS / f"{name}.js").exists(),
        })
    return listed
