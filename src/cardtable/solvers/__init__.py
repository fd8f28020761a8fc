"""Exact solvers that know no game: zero-sum matrix games and two-player games of imperfect
information in sequence form.

They solve by linear programming with SciPy, an optional dependency (the ``solve`` extra), so
nothing here imports SciPy until a solver runs: ``import cardtable`` and playing a game stay
light, and a solver run without SciPy is one clear ``MissingExtraError``.
"""
