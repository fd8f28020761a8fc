"""The phases of a match, as small ints for the hot path and names for views and positions."""

ROYAL, SHAPE, CLAIM, TRICK, ULTIMATUM, OVER = range(6)
PHASES = ("royal", "shape", "claim", "trick", "ultimatum", "over")
"""royal: the cut winner chooses; shape/claim: the Queen's Cut; trick: commits; ultimatum: the
foe answers a Joker♠; over: the match has ended."""
