"""The table as text, with every family drawn as a tree, and what the viewer is choosing now."""

from __future__ import annotations

from typing import cast

from cardtable.core import View
from cardtable.games.patriarch import trees
from cardtable.games.patriarch.view import GradedEntry, PatriarchBody

EXAMPLES = {"A-5": "3(A(5) 4(2))", "A-7": "3(A(5(7)) 4(2(6)))"}
"""A family to show as an example of the notation, by the cards in play."""


def draw_tree(text: str) -> list[str]:
    """A family drawn as a tree, one card a line, from its notation."""
    n = sum(1 for token in text.replace("(", " ").replace(")", " ").split())
    parents = trees.parse(text, n)
    kids = trees.children(parents)
    lines: list[str] = []

    def walk(card: int, prefix: str, last: bool, top: bool) -> None:
        if top:
            lines.append(trees.label(card))
            inner = ""
        else:
            lines.append(f"{prefix}{'└─ ' if last else '├─ '}{trees.label(card)}")
            inner = prefix + ("   " if last else "│  ")
        for k, child in enumerate(kids[card]):
            walk(child, inner, k == len(kids[card]) - 1, False)

    walk(trees.root_of(parents), "", True, True)
    return lines


def _grade_text(entry: GradedEntry) -> str:
    text = f"{entry['red']} red, {entry['black']} black, {entry['face_down']} face-down"
    if "marks" in entry:
        text += "  (" + " ".join(f"{card}:{mark}" for card, mark in entry["marks"].items()) + ")"
    return text


def _side_by_side(blocks: list[tuple[str, list[str]]], width: int = 18) -> list[str]:
    """Trees next to each other under their captions, a few to a row."""
    out: list[str] = []
    for start in range(0, len(blocks), 4):
        row = blocks[start:start + 4]
        height = max(len(lines) for _, lines in row)
        out.append("".join(caption.ljust(width) for caption, _ in row).rstrip())
        for i in range(height):
            out.append("".join((lines[i] if i < len(lines) else "").ljust(width)
                               for _, lines in row).rstrip())
        out.append("")
    return out


def _example(body: PatriarchBody) -> str:
    return EXAMPLES.get(body["cards"], EXAMPLES["A-5"])


def describe(view: View) -> str:
    """The table as plain text: match state, the secret (if yours), graded guesses, the queue."""
    body = cast(PatriarchBody, view["body"])
    you = view["viewer"]
    owner = body["owner"]

    def who(seat: int) -> str:
        return "you" if seat == you else f"Seat {seat + 1}"

    lines = [
        f"The Patriarch family: {body['variant']}, cards {body['cards']}, "
        f"game {body['match_game']} of {body['games']}, family owner: {who(owner)}",
        f"Families must be {body['shape_rule']}.",
        "Tally: " + ", ".join(f"{who(seat)} {wins}" for seat, wins in enumerate(body["tally"])),
    ]
    for game in body["past"]:
        lines.append(f"  game {game['match_game']}: owner {who(game['owner'])}, family "
                     f"{game['secret']}, won by {who(game['winner'])}")
    lines.append("")
    if body["secret"]:
        lines.append(f"Your secret family: {body['secret']}")
        lines.extend("  " + line for line in draw_tree(body["secret"]))
        lines.append("")
    if body["graded"]:
        lines.append("Graded guesses (in grading order):")
        for entry in body["graded"]:
            lines.append(f"  {who(entry['player'])}, guess {entry['guess']}: "
                         f"{entry['family']}  ->  {_grade_text(entry)}")
        lines.append("")
        blocks = [(f"#{k + 1} {entry['red']}R {entry['black']}B {entry['face_down']}F",
                   draw_tree(entry["family"])) for k, entry in enumerate(body["graded"])]
        lines.extend("  " + line if line else line for line in _side_by_side(blocks))
    if body["queue"]:
        lines.append("Grading queue (front first): " + "; ".join(
            f"{who(e['player'])} guess {e['guess']}: {e['family']}" for e in body["queue"]))
    left = [f"{who(seat)} {n}" for seat, n in enumerate(body["guesses_left"]) if n is not None]
    lines.append("Guesses left: " + ", ".join(left))
    if view["phase"] == "choose":
        lines.append(f"Waiting for {who(owner)} to lay out the secret family.")
    elif view["phase"] == "over":
        lines.append("The match is over.")
    elif view["to_act"]:
        lines.append(f"To act: {who(view['to_act'][0])} (lay out a family, e.g. "
                     f"{_example(body)}{', or wait' if body['queue'] else ''}).")
    return "\n".join(lines)


def explain_choice(view: View) -> str:
    """What the viewer is choosing now, in a few lines; empty when they are not to act. Said so
    that it holds on the drawn table (place the cards in the tree) and at the keyboard (write
    the family in notation)."""
    if view["viewer"] is None or view["viewer"] not in view["to_act"]:
        return ""
    body = cast(PatriarchBody, view["body"])
    written = f"In notation: the top card, then its children in brackets, e.g. {_example(body)}."
    if view["phase"] == "choose":
        return (f"You own the family: lay out the secret family of cards {body['cards']} that "
                f"the others must find: {body['shape_rule']}. Only you will see it. {written}")
    left = body["guesses_left"][view["viewer"]] or 0
    number = body["max_guesses"] - left + 1
    wait = (" Or wait ('wait') to see the grade of the guess in the queue first."
            if body["queue"] else "")
    return (f"Lay out your guess {number} of {body['max_guesses']} at the owner's family of "
            f"cards {body['cards']}: every family is {body['shape_rule']}. Each card is graded "
            "red (right generation and parent), black (right generation only) or face-down "
            "(right parent only). "
            f"{written}{wait}")
