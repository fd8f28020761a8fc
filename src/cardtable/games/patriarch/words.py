"""Families and grades in the words a player uses, for the log, the table's "what happened" and
screen readers: where each card sits, and why a guess got the marks it got.

A guesser lays out each guess in a fresh suit of their deck, so guess k is drawn in the k-th of
``GUESS_SUITS`` and the owner's secret in ``SECRET_SUIT``; the suit tells nothing about the
family, it only lets a player say "the 5♥" for a card of the second guess.
"""

from __future__ import annotations

from cardtable.games.patriarch import trees
from cardtable.games.patriarch.grading import BLACK, FACE_DOWN, NONE, RED, Grade

SECRET_SUIT = "♠"
"""The suit the owner lays the secret family out in."""
GUESS_SUITS = ("♥", "♣", "♦", "♠")
"""The suits of a guesser's deck, one per guess, in the order they are used."""

MARK_REASONS = {
    RED: "right generation, right parent",
    BLACK: "right generation, another parent",
    FACE_DOWN: "right parent, another generation",
    NONE: "neither",
}
"""Why a card gets each mark, in a player's words."""


def who(player: int, start: bool = False) -> str:
    """A player as every text of the engine names them: "Seat 1", "Seat 2", ... (counted from
    1 for people; the web page adds who sits there). ``start`` (a sentence's start) changes
    nothing now, as the name is capitalised anyway; it stays for the callers that say so."""
    return f"Seat {player + 1}"


def guess_suit(number: int) -> str:
    """The suit of a guesser's guess ``number`` (from 1; more than four guesses reuse suits)."""
    return GUESS_SUITS[(number - 1) % len(GUESS_SUITS)]


def listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def count(number: int, thing: str, things: str = "") -> str:
    """``1 card``, ``2 cards``, ``no card`` (``things`` is the plural when not ``thing`` + s)."""
    if number == 0:
        return f"no {thing}"
    return f"{number} {thing if number == 1 else things or thing + 's'}"


def family_words(parents: trees.Parents, suit: str = "") -> str:
    """Where each card of a family sits: "3 on top; A and 4 under the 3; 5 under the A; 2 under
    the 4" (parents in generation order, each parent's children in rank order)."""
    kids = trees.children(parents)
    top = trees.root_of(parents)
    parts = [f"{trees.label(top)}{suit} on top"]
    order = [top]
    for card in order:
        if kids[card]:
            names = [f"{trees.label(child)}{suit}" for child in kids[card]]
            parts.append(f"{listed(names)} under the {trees.label(card)}{suit}")
            order.extend(kids[card])
    return "; ".join(parts)


def grade_counts(result: Grade) -> str:
    """"1 red, 1 black, 1 face-down" (every count, zeros too, so nothing is left to guess)."""
    return f"{result.red} red, {result.black} black, {result.face_down} face-down"


def count_reasons(result: Grade) -> str:
    """What the counts say, card by card unnamed: all a guesser may know without per-card
    feedback."""
    n = len(result.marks)
    if result.is_win():
        return "every card is in the right generation under the right parent"
    nothing = n - result.red - result.black - result.face_down
    parts = []
    if result.red:
        parts.append(f"{count(result.red, 'card')} in the right generation under the right "
                     "parent")
    if result.black:
        parts.append(f"{count(result.black, 'card')} in the right generation under another "
                     "parent")
    if result.face_down:
        parts.append(f"{count(result.face_down, 'card')} under the right parent in another "
                     "generation")
    if nothing:
        parts.append(f"{count(nothing, 'card')} with neither" if parts
                     else "no card is in the right generation or under the right parent")
    return listed(parts)


def per_card_reasons(result: Grade, suit: str) -> str:
    """Which card got which mark: "red for the 5♥ (right generation, right parent); ..."."""
    parts = []
    for mark, name in ((RED, "red"), (BLACK, "black"), (FACE_DOWN, "face-down"),
                       (NONE, "nothing")):
        cards = [f"{trees.label(c)}{suit}" for c, m in enumerate(result.marks) if m == mark]
        if cards:
            the = listed([f"the {card}" for card in cards])
            parts.append(f"{name} for {the} ({MARK_REASONS[mark]})")
    return "; ".join(parts)


def owner_reasons(secret: trees.Parents, guess: trees.Parents, result: Grade,
                  suit: str) -> str:
    """Each card's mark explained from the secret family: for its owner, who knows it (never
    for a guesser, unless the secret is public)."""
    secret_gens, guess_gens = trees.generations(secret), trees.generations(guess)

    def place(parents: trees.Parents, gens: tuple[int, ...], card: int) -> str:
        if parents[card] == trees.ROOT:
            return "on top"
        return f"under the {trees.label(parents[card])} in generation {gens[card]}"

    parts = []
    for card, mark in enumerate(result.marks):
        name = f"the {trees.label(card)}{suit}"
        guessed, actual = place(guess, guess_gens, card), place(secret, secret_gens, card)
        if mark == RED:
            parts.append(f"{name} is red ({guessed}, as in your family)")
        elif mark == BLACK:
            parts.append(f"{name} is black (generation {guess_gens[card]} as in your family, "
                         f"but {_parent(guess, card)} where yours is {_parent(secret, card)})")
        elif mark == FACE_DOWN:
            parts.append(f"{name} is face-down ({_parent(guess, card)} as in your family, but "
                         f"in generation {guess_gens[card]} where yours is in generation "
                         f"{secret_gens[card]})")
        else:
            parts.append(f"{name} gets nothing ({guessed} where yours is {actual})")
    return "; ".join(parts)


def _parent(parents: trees.Parents, card: int) -> str:
    parent = parents[card]
    return "on top" if parent == trees.ROOT else f"under the {trees.label(parent)}"
