"""Bot-versus-bot simulation at scale: seeded, chunked, parallel, with honest statistics."""

from cardtable.sim.chunks import simulate
from cardtable.sim.elo import Rating, fit_elo
from cardtable.sim.runner import GameOutcome, SimulationSpec
from cardtable.sim.stats import SeatStats, Summary, summarize, wilson_interval

__all__ = ["GameOutcome", "Rating", "SeatStats", "SimulationSpec", "Summary", "fit_elo",
           "simulate", "summarize", "wilson_interval"]
