"""Bot specs: a bot named with its settings, ``name:key=value,key=value``.

``ismcts:iterations=2000``, ``ismcts:seconds=1,rollout=heuristic``, ``heuristic:seed=3``. A
bot's settings are the keyword parameters of its factory after ``game`` (a class's ``__init__``
or a function ``(game, seed, ...)``), so every bot declares them where it is defined, games'
own bots included, and nothing here lists them a second time. Only parameters of a type that
text can express (int, float, bool, str, a ``Literal`` of those, optionally ``| None``) are
settings; the others (a weights object) keep their defaults.
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, Literal, get_args, get_origin

from cardtable.core import OptionError

NONE_WORDS = ("none", "null")
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


@dataclass(frozen=True)
class BotSpec:
    """A bot's name and the settings given for it, as text (checked when the bot is made)."""

    name: str
    settings: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        if not self.settings:
            return self.name
        return f"{self.name}:" + ",".join(f"{key}={value}" for key, value in self.settings)


@dataclass(frozen=True)
class Setting:
    """One setting a bot accepts: its name, type and default, read from the factory."""

    name: str
    hint: Any
    default: Any

    def describe(self) -> str:
        return f"{self.name}: {_type_text(self.hint)} (default {self.default!r})"

    def convert(self, text: str) -> Any:
        """The value of ``text`` for this setting; a wrong type raises ``OptionError``."""
        try:
            return _convert(self.hint, text)
        except ValueError:
            raise OptionError(f"bot setting {self.name} takes {_type_text(self.hint)}, "
                              f"not {text!r}") from None


def parse_bot_spec(text: str) -> BotSpec:
    """Read ``name`` or ``name:key=value,...``; malformed text raises ``OptionError``."""
    if not isinstance(text, str) or not text.strip():
        raise OptionError("a bot is named as name or name:key=value,key=value")
    name, _, rest = text.strip().partition(":")
    pairs = []
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise OptionError(f"a bot setting is written key=value, not {part!r} (in {text!r})")
        pairs.append((key.strip().replace("-", "_"), value.strip()))
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise OptionError(f"a bot setting is given twice in {text!r}")
    return BotSpec(name.strip(), tuple(pairs))


def parse_bot_list(text: str) -> list[str]:
    """Bot specs from ``a,b:k=v,l=w,c``: a comma starts a new bot unless the next part is a
    setting (``key=value``) of the bot before it."""
    bots: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "=" in part and ":" not in part and bots:
            bots[-1] += "," + part
        elif part:
            bots.append(part)
    return bots


@cache
def declared_settings(factory: Callable[..., Any]) -> Mapping[str, Setting]:
    """The settings a bot factory accepts: its keyword parameters after ``game`` whose type
    text can express. Read once per factory: simulations make a bot per game."""
    target = factory.__init__ if inspect.isclass(factory) else factory
    try:
        hints = typing.get_type_hints(target)
    except Exception:  # an annotation naming a type only imported for type checkers
        hints = {}
    settings = {}
    parameters = list(inspect.signature(target).parameters.values())
    for parameter in parameters:
        if parameter.name in ("self", "game") or parameter.default is inspect.Parameter.empty:
            continue
        hint = hints.get(parameter.name, _hint_from_text(parameter.annotation))
        if _expressible(hint):
            settings[parameter.name] = Setting(parameter.name, hint, parameter.default)
    return MappingProxyType(settings)


def build_settings(bot: str, declared: Mapping[str, Setting],
                   given: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The keyword arguments for a factory from the given text settings, each checked."""
    values = {}
    for key, text in given:
        if key not in declared:
            known = "; ".join(s.describe() for s in declared.values()) or "none"
            raise OptionError(f"bot {bot} has no setting {key!r} (its settings: {known})")
        values[key] = declared[key].convert(text)
    return values


def _hint_from_text(annotation: Any) -> Any:
    """A plain annotation string ("int", "float | None") as a type, when unresolvable at large."""
    if not isinstance(annotation, str):
        return annotation
    simple = {"int": int, "float": float, "bool": bool, "str": str}
    parts = [part.strip() for part in annotation.split("|")]
    if all(part in simple or part == "None" for part in parts):
        kinds = [simple.get(part, type(None)) for part in parts]
        return kinds[0] if len(kinds) == 1 else typing.Union[tuple(kinds)]  # noqa: UP007  (built at run time)
    return annotation


def _choices(hint: Any) -> tuple[Any, ...]:
    """The alternatives of a union (``X | None``), or the hint alone."""
    if get_origin(hint) in (typing.Union, types.UnionType):
        return get_args(hint)
    return (hint,)


def _expressible(hint: Any) -> bool:
    for choice in _choices(hint):
        if get_origin(choice) is Literal:
            if not all(isinstance(arg, (int, float, str, bool)) for arg in get_args(choice)):
                return False
        elif choice not in (int, float, bool, str, type(None)):
            return False
    return True


def _convert(hint: Any, text: str) -> Any:
    """Text as a value of ``hint``; ValueError if it is not one."""
    word = text.lower()
    for choice in _choices(hint):
        if choice is type(None) and word in NONE_WORDS:
            return None
        if get_origin(choice) is Literal:
            for arg in get_args(choice):
                if str(arg).lower() == word:
                    return arg
        elif choice is bool:
            if word in TRUE_WORDS or word in FALSE_WORDS:
                return word in TRUE_WORDS
        elif choice is int:
            try:
                return int(text)
            except ValueError:
                pass
        elif choice is float:
            try:
                number = float(text)
            except ValueError:
                pass
            else:
                if math.isfinite(number):  # "inf" seconds would search for ever
                    return number
        elif choice is str:
            return text
    raise ValueError(text)


def _type_text(hint: Any) -> str:
    words = []
    for choice in _choices(hint):
        if get_origin(choice) is Literal:
            words.append("|".join(map(str, get_args(choice))))
        else:
            words.append("none" if choice is type(None) else choice.__name__)
    return " or ".join(words)
