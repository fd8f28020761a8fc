"""Family trees as parent maps: enumeration, canonical notation and its parser.

A family of ``n`` cards (A, 2, ... n) is a tuple ``parents`` where ``parents[i]`` is the index of
card ``i``'s parent (card A is index 0) or ``ROOT`` for the Patriarch. Siblings are unordered, so
a mirror image is the very same tuple: comparing parent maps is comparing families.

The notation writes a card followed by its children in brackets: ``3(A(5) 4(2))`` is root 3 with
children A and 4, A's child 5 and 4's child 2. Children are written in rank order in the
canonical text; the parser accepts any order, commas or spaces between siblings, and "1" for A.
"""

from __future__ import annotations

import itertools
from functools import cache, lru_cache

from cardtable.core import NotationError
from cardtable.games.patriarch.options import SHAPE_NAMES, Options

ROOT = -1
"""The parent entry of the top card (the Patriarch or Matriarch)."""

Parents = tuple[int, ...]

LABELS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
MEMO = 1 << 17
"""Families remembered by the text and generation caches: every family of the largest variant
(46,249) with room to spare, while hostile input cannot make the caches grow without end."""
_LABEL_INDEX = {label: i for i, label in enumerate(LABELS)}
_LABEL_INDEX["1"] = 0


def label(card: int) -> str:
    """The rank label of card index ``card`` (0 is the Ace)."""
    return LABELS[card]


@lru_cache(maxsize=MEMO)
def generations(parents: Parents) -> tuple[int, ...]:
    """Each card's generation: the root is generation 1, its children 2, and so on."""
    gens = [0] * len(parents)

    def depth(card: int) -> int:
        if not gens[card]:
            parent = parents[card]
            gens[card] = 1 if parent == ROOT else depth(parent) + 1
        return gens[card]

    return tuple(depth(card) for card in range(len(parents)))


def children(parents: Parents) -> list[list[int]]:
    """Each card's children in rank order."""
    kids: list[list[int]] = [[] for _ in parents]
    for card, parent in enumerate(parents):
        if parent != ROOT:
            kids[parent].append(card)
    return kids


def root_of(parents: Parents) -> int:
    return parents.index(ROOT)


@lru_cache(maxsize=MEMO)
def to_text(parents: Parents) -> str:
    """The canonical notation: children in rank order, siblings separated by one space.
    Remembered per family: every action, event and view writes families as text."""
    kids = children(parents)

    def write(card: int) -> str:
        if not kids[card]:
            return label(card)
        return f"{label(card)}({' '.join(write(child) for child in kids[card])})"

    return write(root_of(parents))


def parse(text: str, n: int) -> Parents:
    """Read a family of the cards A..n from notation; NotationError names what is wrong."""
    tokens = _tokenize(text)
    if not tokens:
        raise NotationError("an empty family: write the top card, then its children in "
                            "brackets, e.g. 3(A(5) 4(2))")
    parents: dict[int, int] = {}
    position = 0

    def node(parent: int) -> None:
        nonlocal position
        where, token = tokens[position]
        if token in "(),":
            raise NotationError(f"expected a card at character {where + 1}, found {token!r}")
        card = _card(token, n, where)
        if card in parents:
            raise NotationError(f"card {label(card)} appears twice: each card A-{label(n - 1)} "
                                "is in the family exactly once")
        parents[card] = parent
        position += 1
        if position < len(tokens) and tokens[position][1] == "(":
            opened = tokens[position][0]
            position += 1
            if position < len(tokens) and tokens[position][1] == ")":
                raise NotationError(f"empty brackets at character {opened + 1}: leave them out "
                                    "for a card without children")
            while True:
                if position >= len(tokens):
                    raise NotationError(f"the bracket opened at character {opened + 1} "
                                        "is never closed")
                if tokens[position][1] == ")":
                    position += 1
                    return
                if tokens[position][1] == ",":
                    position += 1
                    continue
                node(card)

    node(ROOT)
    if position < len(tokens):
        where, token = tokens[position]
        if token == ")":
            raise NotationError(f"a ')' at character {where + 1} closes no bracket")
        raise NotationError(f"{_shown(token)} at character {where + 1} is outside the family: "
                            "a family has one top card; put the others in its brackets")
    missing = [label(card) for card in range(n) if card not in parents]
    if missing:
        raise NotationError(f"card{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                            f"missing: a family uses every card A-{label(n - 1)} once")
    return tuple(parents[card] for card in range(n))


def _tokenize(text: str) -> list[tuple[int, str]]:
    tokens: list[tuple[int, str]] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in "(),":
            tokens.append((i, char))
            i += 1
        elif _is_rank_char(char):
            start = i
            while i < len(text) and _is_rank_char(text[i]):
                i += 1
            tokens.append((start, text[start:i]))
        else:
            raise NotationError(f"unexpected {char!r} at character {i + 1}: a family is written "
                                "with card ranks, brackets and spaces, e.g. 3(A(5) 4(2))")
    return tokens


def _shown(token: str) -> str:
    """A token quoted for an error message, cut short if someone typed a thousand digits."""
    return repr(token if len(token) <= 12 else token[:12] + "...")


def _is_rank_char(char: str) -> bool:
    """ASCII letters and digits only: '²' or '①' is no rank, however Python reads it."""
    return char.isascii() and char.isalnum()


def _card(token: str, n: int, where: int) -> int:
    card = _LABEL_INDEX.get(token.upper())
    if card is None:
        raise NotationError(f"{_shown(token)} at character {where + 1} is not a card rank "
                            f"(use A, 2, ... {label(n - 1)})")
    if card >= n:
        raise NotationError(f"card {label(card)} is not in this family: it uses A-{label(n - 1)}")
    return card


# --- Enumeration ---------------------------------------------------------------------------

@cache
def all_trees(n: int, max_generations: int) -> tuple[Parents, ...]:
    """Every labelled single-root family of n cards with at most ``max_generations``, sorted.

    Built generation by generation: each card of a new generation picks a parent in the one
    above, so every tree is made exactly once.
    """
    found: list[Parents] = []
    parents = [ROOT] * n

    def grow(previous: list[int], remaining: list[int], generation: int) -> None:
        if not remaining:
            found.append(tuple(parents))
            return
        if generation > max_generations:
            return
        for size in range(1, len(remaining) + 1):
            for level in itertools.combinations(remaining, size):
                rest = [card for card in remaining if card not in level]
                for choice in itertools.product(previous, repeat=size):
                    for card, parent in zip(level, choice, strict=True):
                        parents[card] = parent
                    grow(list(level), rest, generation + 1)

    for root in range(n):
        parents[root] = ROOT
        grow([root], [card for card in range(n) if card != root], 2)
    return tuple(sorted(found))


@cache
def labellings(shape: tuple[int, ...]) -> tuple[Parents, ...]:
    """Every distinct family with the given shape, sorted.

    ``shape`` is a parent-index template over positions 1..n: entry i is the position of
    position i's parent, 0 for the root (two lineages of two: ``(0, 1, 1, 2, 3)``).
    """
    n = len(shape)
    found: set[Parents] = set()
    for cards in itertools.permutations(range(n)):
        parents = [ROOT] * n
        for position, parent_position in enumerate(shape):
            if parent_position:
                parents[cards[position]] = cards[parent_position - 1]
        found.add(tuple(parents))
    return tuple(sorted(found))


def shape_key(parents: Parents) -> str:
    """The unlabelled shape as a canonical string (equal for relabelled or mirrored trees)."""
    kids = children(parents)

    def code(card: int) -> str:
        return "(" + "".join(sorted(code(child) for child in kids[card])) + ")"

    return code(root_of(parents))


def shape_of(parents: Parents) -> str:
    """Cards per generation, e.g. "1-2-2" for two lineages of two."""
    gens = generations(parents)
    return "-".join(str(gens.count(g)) for g in range(1, max(gens) + 1))


# --- The families of a variant ---------------------------------------------------------------

def legal_trees(options: Options) -> tuple[Parents, ...]:
    """Every family a player may lay out under these options, sorted."""
    shape = options.fixed_shape
    if shape is not None:
        return labellings(shape)
    return all_trees(options.cards, options.max_generations)


@cache
def shape_rule(options: Options) -> str:
    """The variant's shape rule in words, for error messages and the table (every view)."""
    shape = options.fixed_shape
    if shape is None:
        return (f"any family with one top card and at most {options.max_generations} "
                "generations")
    generations_text = shape_of(labellings(shape)[0])
    if shape in SHAPE_NAMES:
        return f"{SHAPE_NAMES[shape]} (generations {generations_text})"
    return f"the shape {' '.join(map(str, shape))} (generations {generations_text})"
