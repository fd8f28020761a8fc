"""Bot-versus-bot simulation at scale: seeded, parallel, with honest statistics."""

from cardtable.sim.runner import GameOutcome, SimulationSpec, simulate
from cardtable.sim.stats import SeatStats, Summary, summarize, wilson_interval

__all__ = ["GameOutcome", "SeatStats", "SimulationSpec", "Summary", "simulate", "summarize",
           "wilson_interval"]
