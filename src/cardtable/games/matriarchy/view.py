"""What each player sees, the result, and the table as text.

Everything in Matriarchy is public except the deck: towers, Moats, the communal pile, scores,
the card just drawn and every card out of play. The view holds no deck card and nothing of the
deck's order, only its size, so a spectator and both players see the same view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from cardtable.core import Result

if TYPE_CHECKING:
    from cardtable.games.matriarchy.state import MatriarchyState

COLOURS = ("black", "red")
COLOUR_TITLES = {"red": "Red (♥♦)", "black": "Black (♠♣)"}


def cards(items: list) -> list[str]:
    return [str(card) for card in items]


def colour_of(state: "MatriarchyState", player: int) -> str:
    return "red" if player == state.game.options.red_player else "black"


def make_view(state: "MatriarchyState", player: int | None) -> dict[str, Any]:
    """The public table, from the perspective of ``player`` (None for a spectator)."""
    final = state.final_scores()
    view: dict[str, Any] = {
        "game": "matriarchy",
        "viewer": player,
        "to_act": list(state.to_act()),
        "turn": state.current,
        "phase": state.phase,
        "deck_size": len(state.deck),
        "communal": cards(state.pile),
        "drawn": None if state.drawn is None else str(state.drawn),
        "drawn_from": state.drawn_from,
        "out": cards(state.gone),
        "players": [
            {
                "seat": p,
                "colour": colour_of(state, p),
                "towers": [cards(tower) for tower in state.towers[p]],
                "moat": cards(state.moats[p]),
                "moat_sealed": state.sealed[p],
                "kings_resolved": state.kings[p],
                "score": state.score[p],
                "final_if_ended_now": final[p],
                "skip_next": state.skip[p],
                "closed": cards(state.closed[p]),
            }
            for p in range(2)
        ],
        "options": dict(state.game.options_view),
    }
    result = state.result()
    if result is not None:
        view["result"] = result.to_dict()
    return view


def make_result(state: "MatriarchyState") -> Result:
    """Final scores (banked points, frozen-tower and Moat penalties); equal totals draw."""
    scores = state.final_scores()
    names = [f"player {p} ({colour_of(state, p).title()})" for p in range(2)]
    if scores[0] == scores[1]:
        return Result(tuple(map(float, scores)), None, f"a draw at {scores[0]} each")
    winner = 0 if scores[0] > scores[1] else 1
    loser = 1 - winner
    return Result(tuple(map(float, scores)), winner,
                  f"{names[winner]} wins {scores[winner]} to {scores[loser]}")


def describe(view: Mapping[str, Any]) -> str:
    """Both players' towers and Moats, the piles, the drawn card and who must act."""
    pile = view["communal"]
    pile_text = " ".join(pile) + "  ← top" if pile else "empty"
    lines = [f"Matriarchy · deck {view['deck_size']} cards · communal pile ({len(pile)}): "
             f"{pile_text}"]
    if view["out"]:
        lines.append(f"Out of play (burned, swept): {' '.join(view['out'])}")
    for seat in view["players"]:
        lines.append("")
        lines.extend(_describe_player(seat, view))
    lines.append("")
    lines.append(_describe_now(view))
    return "\n".join(lines)


def _describe_player(seat: Mapping[str, Any], view: Mapping[str, Any]) -> list[str]:
    p = seat["seat"]
    you = " (you)" if view["viewer"] == p else ""
    moat = " ".join(seat["moat"]) or "empty"
    seal = "sealed" if seat["moat_sealed"] else f"open, Kings {seat['kings_resolved']}/2"
    pending = seat["final_if_ended_now"] - seat["score"]
    penalty = f" ({pending:+d} if it ended now)" if pending else ""
    skip = " · skips next turn" if seat["skip_next"] and "result" not in view else ""
    lines = [f"Player {p}{you} · {COLOUR_TITLES[seat['colour']]} · score {seat['score']}"
             f"{penalty} · Moat: {moat} ({seal}){skip}"]
    for number, tower in enumerate(seat["towers"], start=1):
        frozen = "   ❄ frozen by a Jack" if tower and tower[-1].startswith("J") else ""
        lines.append(f"  tower {number} │ {' '.join(tower) if tower else '·'}{frozen}")
    return lines


def _describe_now(view: Mapping[str, Any]) -> str:
    if "result" in view:
        scores = " – ".join(f"{score:g}" for score in view["result"]["scores"])
        return f"Game over: {view['result']['summary']} (final scores {scores})."
    actor = view["to_act"][0]
    turn = view["turn"]
    if view["phase"] == "draw":
        return f"Player {turn} to draw: draw deck or draw pile."
    drawn = f"Player {turn} drew {view['drawn']} from the {view['drawn_from']}"
    if view["phase"] == "handoff":
        return (f"{drawn}: it is handed to player {actor}, who must place it now "
                "(place N, or burn if it fits no tower).")
    if view["drawn"][:-1].isdigit():
        return f"{drawn}: place N or bank (discard or burn only if neither is possible)."
    return f"{drawn}: place N (burn only if it fits no tower)."
