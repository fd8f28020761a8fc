"""Why an action is illegal, naming the rule it breaks (for ``State.explain_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.cards import RANK_LABELS
from cardtable.games.match_2_52.actions import (
    Consult, Move, Pair, Replace, Return, Special, Take, Turn,
)
from cardtable.games.match_2_52.grid import SLOT_NAMES, same_line

if TYPE_CHECKING:
    from cardtable.games.match_2_52.state import MatchState

_ASKED = {
    "pair": "choose which two cards form the pair (pair XY XY)",
    "special": "choose which special match to carry out first (special A/J/Q/K)",
    "take": "the Aces: choose a card to take from the opponent's catch zone (take <card>)",
    "consult": "the Jacks: choose a face-down card to look at (consult <slot>)",
    "turn": "the Queens: choose a face-down card to turn face up (turn <slot>)",
}
_PHASE_OF = {Pair: "pair", Special: "special", Take: "take", Consult: "consult", Turn: "turn"}


def explain_illegal(state: "MatchState", player: int, action: Any) -> str:
    phase = state.phase
    expected = _PHASE_OF.get(type(action), "action")
    if expected != phase:
        if phase == "action":
            return (f"{action} answers a choice during a match, but none is pending: play "
                    "return, move or replace")
        return f"a match is being resolved: first {_ASKED[phase]}"
    if isinstance(action, (Return, Consult, Turn)):
        if state.up[action.slot]:
            what = {Return: "Return", Consult: "the Jacks' consult", Turn: "the Queens' turn"}
            return (f"{what[type(action)]} needs a face-down card, and "
                    f"{SLOT_NAMES[action.slot]} is face up")
    if isinstance(action, (Move, Replace)) and not state.up[action.slot]:
        verb = "moved" if isinstance(action, Move) else "replaced"
        return (f"only a face-up card can be {verb}, and {SLOT_NAMES[action.slot]} is "
                "face down")
    if isinstance(action, Move):
        if not same_line(action.slot, action.other):
            return (f"a Move swaps two cards of the same row or column; "
                    f"{SLOT_NAMES[action.slot]} and {SLOT_NAMES[action.other]} share neither")
        if state.game.options.move_partner_face_up and not state.up[action.other]:
            return (f"with move_partner_face_up the card swapped with must be face up, and "
                    f"{SLOT_NAMES[action.other]} is face down")
    if isinstance(action, Pair):
        return (f"{SLOT_NAMES[action.slot]} and {SLOT_NAMES[action.other]} are not one of the "
                "pairs to choose from: two face-up cards of equal rank side by side")
    if isinstance(action, Special):
        return (f"no {RANK_LABELS.get(action.rank, action.rank)} special match is pending")
    if isinstance(action, Take):
        return (f"the Aces take a card from the opponent's catch zone, and {action.card} is "
                "not there")
    return f"{action} is not a legal action now"
