"""Matriarchy, shared-deck variant: towers, handoffs, the communal pile and the Moat."""

from cardtable.core.registry import register
from cardtable.games.matriarchy.game import Matriarchy

register(Matriarchy)

__all__ = ["Matriarchy"]
