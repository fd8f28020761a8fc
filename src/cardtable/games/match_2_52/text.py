"""The table as text, drawn from a view alone, and what the viewer is choosing now."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import View
from cardtable.games.match_2_52.board import ACTION, CONSULT, PAIR, SPECIAL, TAKE, TURN, Phase
from cardtable.games.match_2_52.grid import COLUMNS
from cardtable.games.match_2_52.rules import ACTIONS_PER_TURN
from cardtable.games.match_2_52.words import who

LEGEND = "[7♣] face up  (7♣) face down, known to you  ## face down  * seen by another"

_STATUS = {
    TAKE: "Aces: choose a card to take from the opponent's catch zone",
    CONSULT: "Jacks: choose a face-down card to look at",
    TURN: "Queens: choose a face-down card to turn face up",
}

_CHOICE = {
    ACTION: ("Your action {number} of {total}: return (turn up) a face-down card, move a face-up "
             "card, or replace one.\nA move swaps it with any card of its row or column; a "
             "replaced card goes under the deck.\nTwo equal face-up cards side by side are "
             "yours; a 6 turned up is theirs and ends your turn."),
    PAIR: ("A card could pair two ways: choose the two cards you catch together.\nThe third "
           "stays face up. This does not use an action."),
    SPECIAL: ("You caught more than one special pair: choose which special comes first.\nAces "
              "take a card from your opponent, Jacks look at a face-down card in secret.\n"
              "Queens turn a face-down card up, Kings swap the catch zones. None uses an action."),
    TAKE: ("Aces: choose the card you take from your opponent's catch zone into yours.\nThis "
           "does not use an action."),
    CONSULT: ("Jacks: choose a face-down card to look at in secret.\nYour opponent sees which "
              "card, not what it is. This does not use an action."),
    TURN: ("Queens: choose a face-down card to turn face up, as a free Return.\nA 6 still goes "
           "to your opponent and ends your turn."),
}
"""What the player to act chooses now: one sentence a line (the table shows the lines as they
are, the terminal within 100 characters)."""


def _cell(cell: Mapping[str, Any], viewer: int | None) -> str:
    if cell["up"]:
        return f"[{cell['card']}]"
    others = [p for p in cell["known_to"] if p != viewer]
    mark = "*" if others else ""
    if cell["card"] is not None:
        return f"({cell['card']}){mark}"
    return f"##{mark}"


def _who(player: int, viewer: int | None) -> str:
    """A seat as the events name it, "Seat 1", and "(you)" after the viewer's own."""
    return who(player) + (" (you)" if player == viewer else "")


def describe(view: View) -> str:
    """The table: deck, the catch zone of Seat 2, the grid, that of Seat 1, whose turn."""
    viewer = view["viewer"]
    body = view["body"]
    deck = body["deck"]
    lines = [f"Match 2-52, turn {body['turns_played'] + 1} of at most {body['max_turns']}"]
    bottom = " ".join(deck["bottom"])
    lines.append(f"Deck: {deck['size']} cards"
                 + (f"; known at the bottom: {bottom}" if bottom else ""))
    zone = body["catch"][1]
    lines.append(f"--- {_who(1, viewer)}, catch zone ({len(zone)}): {' '.join(zone) or '-'}")
    lines.append("      " + "".join(f"{c:^8}" for c in COLUMNS))
    for number, row in enumerate(body["grid"], start=1):
        lines.append(f"  {number}   " + "".join(f"{_cell(cell, viewer):^8}" for cell in row))
    zone = body["catch"][0]
    lines.append(f"--- {_who(0, viewer)}, catch zone ({len(zone)}): {' '.join(zone) or '-'}")
    lines.append(LEGEND)
    result = view["result"]
    if result is not None:
        winner = result["winner"]
        lines.append("Game over: "
                     + ("a draw" if winner is None else f"{_who(winner, viewer)} wins"))
        return "\n".join(lines)
    phase, pending = Phase(view["phase"]), body["pending"]
    done = ACTIONS_PER_TURN - body["actions_left"]
    step = (f"action {done + 1} of {ACTIONS_PER_TURN}" if phase == ACTION
            else f"a free step after action {done} of {ACTIONS_PER_TURN}")
    status = f"{_who(view['to_act'][0], viewer)} to act: {step}"
    if phase == PAIR:
        status += "; choose the pair: " + ", ".join(" ".join(p) for p in pending["pairs"])
    elif phase == SPECIAL:
        status += "; choose which special match first: " + " ".join(pending["specials"])
    elif phase in _STATUS:
        status += "; " + _STATUS[phase]
    lines.append(status)
    return "\n".join(lines)


def explain_choice(view: View) -> str:
    """What the viewer is choosing now, in a line or two; empty when they are not to act."""
    if view["viewer"] is None or view["viewer"] not in view["to_act"]:
        return ""
    left = view["body"]["actions_left"]
    return _CHOICE[Phase(view["phase"])].format(number=ACTIONS_PER_TURN + 1 - left,
                                         total=ACTIONS_PER_TURN)
