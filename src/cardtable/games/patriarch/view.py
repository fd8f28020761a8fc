"""Who knows what: everything is public except the secret family, which only its owner sees until
the game ends. The view body, the texts a viewer must not see, and the re-dealt secret a search
bot may assume.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from cardtable.core import Rng
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.board import CHOOSE, GUESS, OVER, Board, PastGame
from cardtable.games.patriarch.grading import MARK_NAMES, Grade, grade
from cardtable.games.patriarch.rules import owner
from cardtable.games.patriarch.words import SECRET_SUIT, guess_suit


class GradedEntry(TypedDict):
    """A graded guess: whose, which of their guesses, its suit, the family and its grade."""

    player: int
    guess: int
    suit: str
    family: str
    red: int
    black: int
    face_down: int
    marks: NotRequired[dict[str, str]]
    """Each card's mark by rank label: with per-card feedback for everyone, otherwise only for
    a viewer who knows the secret (its owner, or everyone once the game is over)."""


class QueuedEntry(TypedDict):
    player: int
    guess: int
    suit: str
    family: str


class PastEntry(TypedDict):
    match_game: int
    owner: int
    secret: str
    winner: int
    guesses: list[GradedEntry]
    """The game's graded guesses, each with its marks (the secret is shown now)."""


class PatriarchBody(TypedDict):
    """The game's part of a view (the envelope says who looks, who acts and the phase)."""

    variant: str
    cards: str
    labels: list[str]
    """The cards of a family, A first: what a family builder lays out."""
    shape: list[int] | None
    """The fixed shape every family must have, as a parent-index template (entry i is the
    place of place i + 1's parent, 0 for the top card), or None when any shape within
    ``max_generations`` is allowed."""
    max_generations: int
    shape_rule: str
    per_card_feedback: bool
    repeat_guesses: bool
    max_guesses: int
    players: int
    match_game: int
    """Which game of the match this is, from 1."""
    games: int
    owner: int
    secret: str | None
    """The secret family, for its owner only (None for everyone else)."""
    secret_suit: str
    hand: list[str]
    """The cards the viewer lays out next (the secret's suit for the owner who must choose,
    the suit of their next guess for a guesser), empty when they have none to lay out."""
    graded: list[GradedEntry]
    queue: list[QueuedEntry]
    guesses_left: list[int | None]
    past: list[PastEntry]
    tally: list[int]


def graded_entry(seat: int, number: int, family: trees.Parents, result: Grade,
                 marks: bool) -> GradedEntry:
    """One graded guess as the view shows it, with each card's mark if ``marks``."""
    entry: GradedEntry = {"player": seat, "guess": number, "suit": guess_suit(number),
                          "family": trees.to_text(family), "red": result.red,
                          "black": result.black, "face_down": result.face_down}
    if marks:
        entry["marks"] = {trees.label(c): MARK_NAMES[m] for c, m in enumerate(result.marks)}
    return entry


def view_body(match: Board, player: int | None) -> PatriarchBody:
    """What ``player`` (None: a spectator) may know of the match."""
    options = match.options
    n = options.cards
    first = owner(match)
    sees_secret = player == first and bool(match.secret) and match.phase is not OVER
    knows_secret = sees_secret or match.phase is OVER
    counts: dict[int, int] = {}
    graded: list[GradedEntry] = []
    for seat, family, result in match.graded:
        counts[seat] = counts.get(seat, 0) + 1
        graded.append(graded_entry(seat, counts[seat], family, result,
                                   options.per_card_feedback or knows_secret))
    queue: list[QueuedEntry] = []
    for seat, family in match.queue:
        counts[seat] = counts.get(seat, 0) + 1
        queue.append({"player": seat, "guess": counts[seat], "suit": guess_suit(counts[seat]),
                      "family": trees.to_text(family)})
    labels = [trees.label(card) for card in range(n)]
    shape = options.fixed_shape
    return {
        "variant": options.variant,
        "cards": f"A-{trees.label(n - 1)}",
        "labels": labels,
        "shape": list(shape) if shape is not None else None,
        "max_generations": options.max_generations,
        "shape_rule": trees.shape_rule(options),
        "per_card_feedback": options.per_card_feedback,
        "repeat_guesses": options.repeat_guesses,
        "max_guesses": options.max_guesses,
        "players": options.players,
        "match_game": min(len(match.past) + 1, options.match_games),
        "games": options.match_games,
        "owner": first,
        "secret": trees.to_text(match.secret) if sees_secret else None,
        "secret_suit": SECRET_SUIT,
        "hand": _hand(match, player, labels, counts),
        "graded": graded,
        "queue": queue,
        "guesses_left": [None if seat == first else options.max_guesses - counts.get(seat, 0)
                         for seat in range(options.players)],
        "past": [_past_entry(number, game) for number, game in enumerate(match.past, 1)],
        "tally": list(match.tally),
    }


def _hand(match: Board, player: int | None, labels: list[str],
          counts: dict[int, int]) -> list[str]:
    """The cards ``player`` lays out next, or none."""
    if player is None or match.phase is OVER:
        return []
    if player == owner(match):
        return [label + SECRET_SUIT for label in labels] if match.phase is CHOOSE else []
    used = counts.get(player, 0)
    if used >= match.options.max_guesses:
        return []
    return [label + guess_suit(used + 1) for label in labels]


def _past_entry(number: int, game: PastGame) -> PastEntry:
    first, secret, winner, guesses = game
    counts: dict[int, int] = {}
    entries = []
    for seat, family in guesses:
        counts[seat] = counts.get(seat, 0) + 1
        entries.append(graded_entry(seat, counts[seat], family, grade(secret, family), True))
    return {"match_game": number, "owner": first, "secret": trees.to_text(secret),
            "winner": winner, "guesses": entries}


def hidden_texts(match: Board, player: int | None) -> set[str]:
    """The secret family's text, for a viewer who may not know it, unless the same family is
    also on the table for another reason (a queued guess, an earlier game's secret)."""
    if match.phase is not GUESS or player == owner(match):
        return set()
    secret = trees.to_text(match.secret)
    public = {trees.to_text(f) for _, f in match.queue}
    public |= {trees.to_text(f) for _, f, _ in match.graded}
    for _, earlier, _, guesses in match.past:
        public.add(trees.to_text(earlier))
        public |= {trees.to_text(f) for _, f in guesses}
    return set() if secret in public else {secret}


def redeal_secret(sample: Board, player: int, rng: Rng) -> None:
    """Make ``sample`` (a copy of the match) one that ``player`` cannot tell from it: a new
    generator and, for a guesser, a secret drawn among the families consistent with every grade
    so far (the grades are then those of the new secret, which are the same)."""
    sample.rng = Rng(rng.next_u64())
    if sample.phase is GUESS and player != owner(sample):
        space = sample.space
        history = [(space.index[family], space.code_of(result))
                   for _, family, result in sample.graded]
        alive = space.consistent(history)
        secret = space.trees[int(alive[rng.below(len(alive))])]
        sample.secret = secret
        sample.graded = [(p, family, grade(secret, family)) for p, family, _ in sample.graded]
