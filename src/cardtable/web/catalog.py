"""What the lobby offers: every registered game with its seats, its options and their defaults
(read from the game's option dataclass, as ``cardtable games`` lists them) with each option's
plain name, help and the rule it changes (the game's ``OptionHelp``), and its bots with their
plain labels."""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from cardtable.bots import bot_names, make_bot
from cardtable.cli.hint import notation_help
from cardtable.core import CardtableError, game_class, game_names
from cardtable.core.options import option_help, options_to_dict
from cardtable.web.names import bot_label

DRAWINGS = Path(__file__).parent / "static" / "games"
"""One JavaScript module per game that has its own drawing; any other game gets the generic one."""

STRONG_BOT = "ismcts:seconds=1,max_steps=100000000"
"""The strongest bot offered, when the bot lookup knows it: a search of one second a move. Its
step budget is lifted so that the second decides: the default (60,000 simulated moves) ends a
native search within a few milliseconds (``docs/speed/native.md``)."""


def option_fields(options_type: type) -> list[dict[str, Any]]:
    """Each option: its name, its default, its choices (None: free text) and its help: its
    plain ``label``, a one-line ``help``, the ``rule`` it changes and ``choice_names``, a plain
    name for each choice keyed by the choice as the page writes it (``choice_text``)."""
    hints = typing.get_type_hints(options_type)
    described = option_help(options_type)
    defaults = options_to_dict(options_type())
    fields = []
    for field in dataclasses.fields(options_type):
        hint = hints[field.name]
        choices: list[Any] | None = None
        if get_origin(hint) is Literal:
            choices = list(get_args(hint))
        elif hint is bool:
            choices = [True, False]
        helped = described[field.name]
        names = {choice_text(choice): _named(helped.choices, choice) for choice in choices or []}
        fields.append({"name": field.name, "default": defaults[field.name], "choices": choices,
                       "label": helped.label, "help": helped.help, "rule": helped.rule,
                       "choice_names": names})
    return fields


def choice_text(choice: Any) -> str:
    """A choice as JSON text, as the lobby's script writes it (``String(true)`` is "true")."""
    return json.dumps(choice) if isinstance(choice, bool) or choice is None else str(choice)


def _named(names: Mapping[str, str], choice: Any) -> str:
    """The game's plain name for a choice (keyed by its text as Python or as JSON writes it),
    else the choice as a person reads it."""
    for key in (str(choice), choice_text(choice)):
        if key in names:
            return names[key]
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return "none" if choice is None else str(choice)


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
            "bot_labels": {bot: bot_label(bot) for bot in bots},
            "default_bot": "heuristic" if "heuristic" in bots else bots[0],
            "notation_help": notation_help(game),
            "drawing": (DRAWINGS / f"{name}.js").exists(),
            "style": (DRAWINGS / f"{name}.css").exists(),
        })
    return listed
