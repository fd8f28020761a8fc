"""What each player may know, as JSON-ready data, and the table drawn from it as text.

A player sees every face-up card, both catch zones (they are public), the cards put under the
deck (everyone saw them go, so the deck's bottom part is known in order), the face-down cards that
came back from that known bottom, and the face-down cards they looked at with a Jack. Who has
looked at which face-down card is public (the consult is made in everyone's sight); what they saw
is not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core.cards import RANK_LABELS
from cardtable.games.match_2_52.grid import COLUMNS, SIZE, SLOT_NAMES
from cardtable.games.match_2_52.state import PAIR, PUBLIC, SPECIAL

if TYPE_CHECKING:
    from cardtable.games.match_2_52.state import MatchState


def make_view(state: "MatchState", player: int | None) -> dict[str, Any]:
    cells = []
    for slot in range(16):
        know = state.know[slot]
        known_to = [p for p in (0, 1) if know & (PUBLIC | (1 << p))]
        cells.append({
            "slot": SLOT_NAMES[slot],
            "up": state.up[slot],
            "card": str(state.grid[slot]) if state.visible(slot, player) else None,
            "known_to": [] if state.up[slot] else known_to,
        })
    deck_size = len(state.deck)
    pending: dict[str, Any] = {}
    if state.phase is PAIR:
        pending["pairs"] = [[SLOT_NAMES[a], SLOT_NAMES[b]] for a, b in state._conflicted_edges()]
    if state.specials or state.phase is SPECIAL:
        pending["specials"] = [RANK_LABELS[rank] for rank in state.specials]
    return {
        "game": state.game.name,
        "viewer": player,
        "turn": state.turn,
        "max_turns": state._max_turns,
        "current": state.current,
        "to_act": list(state.to_act()),
        "actions_left": state.actions_left,
        "phase": state.phase,
        "pending": pending,
        "grid": [cells[row * SIZE:(row + 1) * SIZE] for row in range(SIZE)],
        "deck": {"size": deck_size, "unknown": deck_size - state.deck_known,
                 "bottom": [str(card) for card in state.deck[deck_size - state.deck_known:]]},
        "catch": [[str(card) for card in zone] for zone in state.catch],
        "winner": state.winner,
        "over": state.is_over(),
    }


def _cell(cell: Mapping[str, Any], viewer: int | None) -> str:
    if cell["up"]:
        return f"[{cell['card']}]"
    others = [p for p in cell["known_to"] if p != viewer]
    mark = "*" if others else ""
    if cell["card"] is not None:
        return f"({cell['card']}){mark}"
    return f"##{mark}"


def _who(player: int, viewer: int | None) -> str:
    return f"player {player}" + (" (you)" if player == viewer else "")


def describe(view: Mapping[str, Any]) -> str:
    """The table: deck, player 1's catch zone, the grid, player 0's catch zone, whose turn."""
    viewer = view["viewer"]
    deck = view["deck"]
    lines = [f"Match 2-52, turn {view['turn'] + 1} of at most {view['max_turns']}"]
    bottom = " ".join(deck["bottom"])
    lines.append(f"Deck: {deck['size']} cards" + (f"; known at the bottom: {bottom}" if bottom else ""))
    zone = view["catch"][1]
    lines.append(f"--- {_who(1, viewer)} catch zone ({len(zone)}): {' '.join(zone) or '-'}")
    lines.append("      " + "".join(f"{c:^8}" for c in COLUMNS))
    for number, row in enumerate(view["grid"], start=1):
        lines.append(f"  {number}   " + "".join(f"{_cell(cell, viewer):^8}" for cell in row))
    zone = view["catch"][0]
    lines.append(f"--- {_who(0, viewer)} catch zone ({len(zone)}): {' '.join(zone) or '-'}")
    lines.append("[7♣] face up   (7♣) face down, known to you   ## face down   "
                 "* someone else has looked at it")
    if view["over"]:
        winner = view["winner"]
        lines.append("Game over: " + ("a draw" if winner is None else f"{_who(winner, viewer)} wins"))
        return "\n".join(lines)
    current = view["current"]
    status = f"{_who(current, viewer)} to act, {view['actions_left']} action(s) left this turn"
    pending = view["pending"]
    if view["phase"] == "pair":
        status += "; choose the pair: " + ", ".join(" ".join(p) for p in pending["pairs"])
    elif view["phase"] == "special":
        status += "; choose which special match first: " + " ".join(pending["specials"])
    elif view["phase"] == "take":
        status += "; Aces: choose a card to take from the opponent's catch zone"
    elif view["phase"] == "consult":
        status += "; Jacks: choose a face-down card to look at"
    elif view["phase"] == "turn":
        status += "; Queens: choose a face-down card to turn face up"
    lines.append(status)
    return "\n".join(lines)
