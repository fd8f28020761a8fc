"""Game options: a frozen dataclass per game, filled from keyword values or from ``k=v`` text.

Every option a rule text or a ruling offers is a field with its ruled default. ``Literal`` fields
list their choices, so a wrong value is refused with the list of the accepted ones. A value must be
exactly of its field's type, or text that reads as one: ``1.0`` is not the whole number 1 (it is
refused, never truncated), and ``True`` is not a number.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, get_args, get_origin

from cardtable.core.errors import OptionError

OptionsT = TypeVar("OptionsT")


def build_options(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Make an options instance; text values (from the CLI or a record) are converted."""
    fields = {f.name: f for f in dataclasses.fields(options_type)}  # type: ignore[arg-type]
    hints = typing.get_type_hints(options_type)
    converted: dict[str, Any] = {}
    for name, value in values.items():
        key = name.replace("-", "_")
        if key not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise OptionError(f"unknown option {name!r} (this game's options: {known})")
        converted[key] = _convert(key, hints[key], value)
    try:
        result = options_type(**converted)
    except (TypeError, ValueError) as error:
        raise OptionError(str(error)) from error
    check = getattr(result, "validate", None)
    if check is not None:
        check()
    return result


def options_to_dict(options: object) -> dict[str, Any]:
    """The options as JSON-ready data (tuples become lists), for records and positions."""
    data: dict[str, Any] = json.loads(json.dumps(dataclasses.asdict(options)))  # type: ignore[call-overload]
    return data


def option_choices(options_type: type) -> dict[str, str]:
    """A one-line description of each option: its type or choices and its default."""
    hints = typing.get_type_hints(options_type)
    described = {}
    for field in dataclasses.fields(options_type):
        hint = hints[field.name]
        kind = (" | ".join(map(str, get_args(hint))) if get_origin(hint) is Literal
                else _type_name(hint))
        default = (field.default if field.default is not dataclasses.MISSING
                   else field.default_factory())  # type: ignore[operator]
        described[field.name] = f"{kind} (default {default!r})"
    return described


@dataclass(frozen=True)
class OptionHelp:
    """What a person reads about one option, in the lobby, ``cardtable games`` and the API.

    A game's options class lists one for each of its fields in ``HELP`` (a class variable), so
    nobody meets a raw field name such as ``ks_mode``: ``label`` is its plain name ("King of
    Spades' power"), ``help`` one line on what it does, ``rule`` the rule or ruling it changes
    ("Ruling 3", "Scoring"), and ``choices`` a plain name for each choice's value as text
    (``{"prose": "as the text's prose says"}``); a choice left out is shown as it is written.
    """

    label: str
    help: str
    rule: str = ""
    choices: Mapping[str, str] = dataclasses.field(default_factory=dict)


def option_help(options_type: type) -> dict[str, OptionHelp]:
    """Each option's help, from the class's ``HELP``; an option it does not describe gets its
    field name in words and no help (a test holds every game to describing all of them)."""
    described: Mapping[str, OptionHelp] = getattr(options_type, "HELP", {})
    return {f.name: described.get(f.name) or OptionHelp(f.name.replace("_", " "), "")
            for f in dataclasses.fields(options_type)}


def parse_option_text(pairs: list[str]) -> dict[str, str]:
    """``["k=v", ...]`` from the command line as a dict; a pair without '=' is an error."""
    parsed = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written key=value, not {pair!r}")
        parsed[key.strip()] = value.strip()
    return parsed


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,18}")
"""A whole number as text: ASCII digits only, and short (no option counts beyond 18 digits)."""
NUMBER = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]{0,18})?|\.[0-9]{1,18})")
"""A number as text: ASCII digits with an optional decimal point; no exponent, inf or nan."""


def short_repr(value: Any) -> str:
    """A value as an error message shows it: its repr on one line, cut short."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 60 else text[:57] + "..."


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", str(hint)).replace("typing.", "")


def _convert(name: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    args = get_args(hint)
    if origin is Literal:
        for choice in args:  # by type too: 1.0 and True are equal to 1 but are not the choice 1
            if type(value) is type(choice) and value == choice:
                return choice
        for choice in args:  # "3" for Literal[3], "true" for Literal[True]
            if isinstance(value, str) and str(choice).lower() == value.lower():
                return choice
        raise OptionError(f"option {name}={short_repr(value)} is not one of: "
                          f"{', '.join(map(repr, args))}")
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if value is None or (isinstance(value, str) and value.lower() in ("none", "null", "")):
            if type(None) in args:
                return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(name, arg, value)
            except OptionError as error:
                errors.append(str(error))
        raise OptionError(errors[0] if errors else f"option {name}: bad value {short_repr(value)}")
    if origin in (tuple, list):
        items = value
        if isinstance(value, str):
            items = [part for part in value.replace(",", " ").split() if part]
        if not isinstance(items, (list, tuple)):
            raise OptionError(f"option {name} takes a list, not {short_repr(value)}")
        inner = args[0] if args else str
        return tuple(_convert(name, inner, item) for item in items)
    if hint is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(value, str) and value.lower() in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"option {name} takes true or false, not {short_repr(value)}")
    if hint is int:
        if type(value) is int:
            return value
        if isinstance(value, str) and WHOLE_NUMBER.fullmatch(value):
            return int(value)
        raise OptionError(f"option {name} takes a whole number, not {short_repr(value)}")
    if hint is float:
        if type(value) in (int, float) and math.isfinite(value):
            return float(value)
        if isinstance(value, str) and NUMBER.fullmatch(value):
            return float(value)
        raise OptionError(f"option {name} takes a finite number, not {short_repr(value)}")
    if hint is str:
        if not isinstance(value, str):
            raise OptionError(f"option {name} takes text, not {short_repr(value)}")
        return value
    return value
