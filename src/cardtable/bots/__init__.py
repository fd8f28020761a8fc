"""Bots that work for every game through the core protocol, and the lookup of a bot by spec."""

from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.lookup import bot_names, bot_settings, check_bot_spec, make_bot
from cardtable.bots.random_bot import RandomBot
from cardtable.bots.settings import BotSpec, parse_bot_list, parse_bot_spec

__all__ = ["BotSpec", "IsmctsBot", "RandomBot", "bot_names", "bot_settings", "check_bot_spec",
           "make_bot", "parse_bot_list", "parse_bot_spec"]
