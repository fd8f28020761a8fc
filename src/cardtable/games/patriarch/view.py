"""Who knows what: everything is public except the secret family, which only its owner sees until
the game ends. The view body, the texts a viewer must not see, and the re-dealt secret a search
bot may assume.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from cardtable.core import Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import MARK_NAMES, grade
from cardtable.games.patriarch.rules import Match, owner


class GradedEntry(TypedDict):
    """A graded guess: whose, which of their guesses, the family and its grade."""

    player: int
    guess: int
    family: str
    red: int
    black: int
    face_down: int
    marks: NotRequired[dict[str, str]]
    """Each card's mark by rank label, only with per-card feedback."""


class QueuedEntry(TypedDict):
    player: int
    guess: int
    family: str


class PastEntry(TypedDict):
    match_game: int
    owner: int
    secret: str
    winner: int


class PatriarchView(TypedDict):
    """The game's part of a view (the envelope says who looks, who acts and the phase)."""

    variant: str
    cards: str
    shape_rule: str
    per_card_feedback: bool
    max_guesses: int
    players: int
    match_game: int
    """Which game of the match this is, from 1."""
    games: int
    owner: int
    secret: str | None
    """The secret family, for its owner only (None for everyone else)."""
    graded: list[GradedEntry]
    queue: list[QueuedEntry]
    guesses_left: list[int | None]
    past: list[PastEntry]
    tally: list[int]


def view_body(match: Match, player: int | None) -> PatriarchView:
    """What ``player`` (None: a spectator) may know of the match."""
    options = match.options
    n = options.cards
    first = owner(match)
    counts: dict[int, int] = {}
    graded: list[GradedEntry] = []
    for seat, family, result in match.graded:
        counts[seat] = counts.get(seat, 0) + 1
        entry: GradedEntry = {"player": seat, "guess": counts[seat],
                              "family": trees.to_text(family), "red": result.red,
                              "black": result.black, "face_down": result.face_down}
        if options.per_card_feedback:
            entry["marks"] = {trees.label(c): MARK_NAMES[m] for c, m in enumerate(result.marks)}
        graded.append(entry)
    queue: list[QueuedEntry] = []
    for seat, family in match.queue:
        counts[seat] = counts.get(seat, 0) + 1
        queue.append({"player": seat, "guess": counts[seat], "family": trees.to_text(family)})
    sees_secret = player == first and bool(match.secret) and match.phase != "over"
    return {
        "variant": options.variant,
        "cards": f"A-{trees.label(n - 1)}",
        "shape_rule": trees.shape_rule(options),
        "per_card_feedback": options.per_card_feedback,
        "max_guesses": options.max_guesses,
        "players": options.players,
        "match_game": min(len(match.past) + 1, options.match_games),
        "games": options.match_games,
        "owner": first,
        "secret": trees.to_text(match.secret) if sees_secret else None,
        "graded": graded,
        "queue": queue,
        "guesses_left": [None if seat == first else options.max_guesses - counts.get(seat, 0)
                         for seat in range(options.players)],
        "past": [{"match_game": i + 1, "owner": o, "secret": trees.to_text(s), "winner": w}
                 for i, (o, s, w) in enumerate(match.past)],
        "tally": list(match.tally),
    }


def hidden_texts(match: Match, player: int | None) -> set[str]:
    """The secret family's text, for a viewer who may not know it, unless the same family is
    also on the table for another reason (a queued guess, an earlier game's secret)."""
    if match.phase != "guess" or player == owner(match):
        return set()
    secret = trees.to_text(match.secret)
    public = {trees.to_text(f) for _, f in match.queue}
    public |= {trees.to_text(f) for _, f, _ in match.graded}
    public |= {trees.to_text(s) for _, s, _ in match.past}
    return set() if secret in public else {secret}


def redeal_secret(sample: Match, player: int, rng: Rng) -> None:
    """Make ``sample`` (a copy of the match) one that ``player`` cannot tell from it: a new
    generator and, for a guesser, a secret drawn among the families consistent with every grade
    so far (the grades are then those of the new secret, which are the same)."""
    sample.rng = Rng(rng.next_u64())
    if sample.phase == "guess" and player != owner(sample):
        space = sample.space
        history = [(space.index[family], space.code_of(result))
                   for _, family, result in sample.graded]
        alive = space.consistent(history)
        secret = space.trees[int(alive[rng.below(len(alive))])]
        sample.secret = secret
        sample.graded = [(p, family, grade(secret, family)) for p, family, _ in sample.graded]
