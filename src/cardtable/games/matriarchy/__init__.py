"""Matriarchy, shared-deck variant: towers, handoffs, the communal pile and the Moat."""

from cardtable.games.matriarchy.game import Matriarchy

GAME = Matriarchy

__all__ = ["GAME", "Matriarchy"]
