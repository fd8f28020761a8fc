"""What a seat is called on the page: a person by the name they gave, a bot by its kind and
strength in plain words ("Heuristic bot", "Search bot, 1 s"), never by its spec.

A name is checked here, on the server: at most ``MAX_NAME`` characters, none of them control or
formatting characters (a name is text on a page, never markup: the pages set it as text).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from cardtable.bots import parse_bot_spec
from cardtable.core import CardtableError

MAX_NAME = 24
"""Characters in a person's name."""

BOT_LABELS = {
    "random": "Random bot",
    "heuristic": "Heuristic bot",
    "ismcts": "Search bot",
    "exact": "Exact endgame bot",
    "consistent": "Consistent guesser bot",
    "optimal": "Optimal bot",
    "optimal-expected": "Optimal bot, by expected grades",
    "random-owner": "Optimal guesser, random owner",
    "adversarial-owner": "Optimal guesser, hiding owner",
}
"""Every bot name some game offers, in plain words (a game's own bots included: one place)."""

TIME_DECIDES = 10_000_000
"""A search's step budget (``max_steps``) from which a time budget always ends it first: ten
million simulated moves take more than a second even in the native engine."""


class BadName(CardtableError):
    """A name the table refuses (the server answers 400 with this message)."""


@lru_cache(maxsize=1024)
def bot_label(spec: str) -> str:
    """A bot's plain label from its spec: "ismcts:seconds=1" is "Search bot, 1 s" (each spec's
    label is worked out once: every update lists the seats)."""
    try:
        parsed = parse_bot_spec(spec)
    except CardtableError:
        return spec
    label = BOT_LABELS.get(parsed.name) or f"{parsed.name.replace('-', ' ').capitalize()} bot"
    settings = dict(parsed.settings)
    seconds = settings.pop("seconds", None)
    if seconds is not None:
        label += f", {seconds} s"
        if _int(settings.get("max_steps")) >= TIME_DECIDES:
            del settings["max_steps"]  # a budget the time always ends first says nothing
    if settings:
        label += " (" + ", ".join(f"{key} {value}" for key, value in settings.items()) + ")"
    return label


def person_name(text: object) -> str | None:
    """A person's name as given (spaces around it dropped; empty: no name), or ``BadName``."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadName("a name is text")
    name = text.strip()
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters, not {len(name)}")
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise BadName("a name may not hold control or formatting characters")
    return name


def _int(text: str | None) -> int:
    """A setting's whole number, or 0 where it is not one."""
    try:
        return int(text) if text is not None else 0
    except ValueError:
        return 0
