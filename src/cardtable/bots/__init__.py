"""Bots that work for every game through the core protocol, and the lookup of a bot by name."""

from cardtable.bots.ismcts import IsmctsBot
from cardtable.bots.lookup import bot_names, make_bot
from cardtable.bots.random_bot import RandomBot

__all__ = ["IsmctsBot", "RandomBot", "bot_names", "make_bot"]
