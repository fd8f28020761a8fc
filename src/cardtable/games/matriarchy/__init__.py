"""Matriarchy, shared-deck variant: towers, handoffs, the communal pile and the Moat."""

from cardtable.core.registry import register
from cardtable.games.matriarchy.game import MatriarchyGame

register(MatriarchyGame)

__all__ = ["MatriarchyGame"]
