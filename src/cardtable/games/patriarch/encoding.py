"""The Patriarch for learning agents: ``wait`` and every legal family numbered once, and a view as
a vector (the secret for its owner, every guess of the game with its grade).

A family is one action, however many cards it lays out: the variants have 30 to 46,249 legal
families, so a flat numbering with a mask is small enough, and a network sees each family as
one choice. Inside the observation a family is written card by card as its parent (one-hot over
"top card" and the n cards), so guesses that share lineages look alike.
"""

from __future__ import annotations

from functools import lru_cache

from cardtable.core import Game, View
from cardtable.core.encoding import (
    FlatEncoding,
    Layout,
    Vector,
    multi_hot,
    one_hot,
    register_encoding,
    seat_order,
)
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.actions import WAIT, PatriarchAction
from cardtable.games.patriarch.board import PHASES
from cardtable.games.patriarch.grading import MARK_NAMES
from cardtable.games.patriarch.options import Options
from cardtable.games.patriarch.view import GradedEntry


@lru_cache(maxsize=1 << 16)
def parent_slots(text: str, n: int) -> tuple[int, ...]:
    """Where a family written ``text`` sets its ones: for card c, c * (n + 1), + 0 when c is the
    top card, + 1 + its parent otherwise."""
    parents = trees.parse(text, n)
    return tuple(c * (n + 1) + (0 if p == trees.ROOT else p + 1) for c, p in enumerate(parents))


class PatriarchEncoding(FlatEncoding[PatriarchAction]):
    """Actions: ``wait``, then the families in the variant's tree order. Observation: see
    ``observation_layout`` (seats are listed from the viewer's, to the left)."""

    def __init__(self, game: Game[PatriarchAction]) -> None:
        options: Options = game.options
        families = game.families()  # type: ignore[attr-defined]
        n, players = options.cards, options.players
        self.n, self.players, self.max_guesses = n, players, options.max_guesses
        self.per_card = options.per_card_feedback
        actions = Layout()
        actions.add("wait", 1, "let this chance to guess pass (legal while a guess is queued)")
        actions.add("families", len(families),
                    f"lay out a family: the {len(families)} legal families of this variant in "
                    "the game's tree order (the secret before play, a guess after)")
        family_doc = (f"a family as {n} x {n + 1} entries: for card c (A first) a one-hot "
                      "of its parent, index 0 for the top card, 1 + p for card p")
        obs = Layout()
        obs.add("phase", len(PHASES), f"one-hot of the phase: {', '.join(PHASES)}")
        obs.add("to_act", players, "1 for each seat that must act, viewer first")
        obs.add("owner", players, "one-hot of the family owner's seat, viewer first")
        obs.add("match", 1, "this game's number in the match over the number of games")
        obs.add("tally", players, "games won by each seat over the number of games")
        obs.add("guesses_left", players, "guesses each seat has left over max_guesses "
                "(0 for the owner)")
        obs.add("secret", n * (n + 1), f"the secret family, for its owner only: {family_doc}")
        self.slot_size = 2 + n * (n + 1) + 3 + (3 * n if self.per_card else 0)
        obs.add("guesses", players * options.max_guesses * self.slot_size,
                f"one block of {self.slot_size} per (seat, guess number), seats viewer first: "
                "queued, graded, the family, then red, black and face-down counts over "
                f"{n}" + (", then per card (A first) red / black / face-down"
                          if self.per_card else ""))
        super().__init__((WAIT, *families), actions, obs)
        # A pass grades one queued guess and asks each guesser at most once, so a game has at
        # most one pass per guess, plus the owner laying out the secret.
        guesses = (players - 1) * options.max_guesses
        self.max_moves = options.match_games * (1 + (players - 1) * guesses)

    def observe(self, view: View) -> Vector:
        body, layout, n = view["body"], self.observation_layout, self.n
        vector = layout.zeros()
        seats = seat_order(view, self.players)
        place = {seat: i for i, seat in enumerate(seats)}
        one_hot(vector, layout["phase"], PHASES.index(view["phase"]))
        multi_hot(vector, layout["to_act"], (place[p] for p in view["to_act"]))
        one_hot(vector, layout["owner"], place[body["owner"]])
        games = body["games"]
        vector[layout["match"]] = body["match_game"] / games
        vector[layout["tally"]] = [body["tally"][s] / games for s in seats]
        vector[layout["guesses_left"]] = [(body["guesses_left"][s] or 0) / self.max_guesses
                                          for s in seats]
        if body["secret"]:
            multi_hot(vector, layout["secret"], parent_slots(body["secret"], n))
        start = layout["guesses"].start
        for status, entries in ((0, body["queue"]), (1, body["graded"])):
            for entry in entries:
                block = start + (place[entry["player"]] * self.max_guesses
                                 + entry["guess"] - 1) * self.slot_size
                vector[block + status] = 1.0
                for i in parent_slots(entry["family"], n):
                    vector[block + 2 + i] = 1.0
                if status:
                    self._grade(vector, block + 2 + n * (n + 1), entry)
        return vector

    def _grade(self, vector: Vector, at: int, entry: GradedEntry) -> None:
        """A grade's counts over n, then with per-card feedback each card's mark."""
        n = self.n
        vector[at:at + 3] = [entry["red"] / n, entry["black"] / n, entry["face_down"] / n]
        marks = entry.get("marks", {}) if self.per_card else {}  # the owner's own are extra
        for label, mark in marks.items():
            if mark != "none":
                card = trees.LABELS.index(label)
                vector[at + 3 + 3 * card + (3 - MARK_NAMES.index(mark))] = 1.0


register_encoding("patriarch", PatriarchEncoding)
