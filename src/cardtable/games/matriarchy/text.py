"""The table as text, and a plain word on what the player to act is choosing; both read only
the view (the envelope, and the game's body under ``view["body"]``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.core import Card, View
from cardtable.core.cards import ACE, JACK, KING, QUEEN

COLOUR_TITLES = {"red": "Red (♥♦)", "black": "Black (♠♣)"}
COLOUR_NAMES = {"red": "Red", "black": "Black"}
EFFECTS = {
    JACK: "freezes that tower: only a Queen, King or Ace may follow",
    QUEEN: "closes that tower for +count, or half of it over a Jack",
    KING: "sweeps that tower for 0, and your lowest Moat card deploys into the slot",
    ACE: "closes that tower for +half its count",
}


def describe(view: View) -> str:
    """Both players' towers and Moats, the piles, the drawn card and who must act."""
    body = view["body"]
    pile = body["communal"]
    pile_text = " ".join(reversed(pile)) + "  ← top" if pile else "empty"
    lines = [f"Matriarchy · deck {body['deck_size']} cards · communal pile ({len(pile)}): "
             f"{pile_text}"]
    if body["out"]:
        lines.append(f"Out of play (burned, swept): {' '.join(body['out'])}")
    for seat in body["players"]:
        lines.append("")
        lines.extend(_describe_player(seat, view["viewer"]))
    lines.append("")
    lines.append(_describe_now(view))
    return "\n".join(lines)


def _describe_player(seat: Mapping[str, Any], viewer: int | None) -> list[str]:
    p = seat["seat"]
    you = " (you)" if viewer == p else ""
    moat = " ".join(seat["moat"]) or "empty"
    seal = "sealed" if seat["moat_sealed"] else f"open, Kings {seat['kings_resolved']}/2"
    pending = seat["final_if_ended_now"] - seat["score"]
    penalty = f" ({pending:+d} if it ended now)" if pending else ""
    lines = [f"Seat {p + 1}{you} · {COLOUR_TITLES[seat['colour']]} · score {seat['score']}"
             f"{penalty} · Moat: {moat} ({seal})"]
    for number, tower in enumerate(seat["towers"], start=1):
        frozen = "   ❄ frozen by a Jack" if tower and tower[-1].startswith("J") else ""
        lines.append(f"  tower {number} │ {' '.join(tower) if tower else '·'}{frozen}")
    return lines


def _describe_now(view: View) -> str:
    body = view["body"]
    result = view["result"]
    if result is not None:
        scores = " – ".join(f"{score:g}" for score in result["scores"])
        return f"Game over: {result['summary']} (final scores {scores})."
    turn = body["turn"]
    if view["phase"] == "draw":
        return f"Seat {turn + 1} to draw: {' or '.join('draw ' + s for s in body['draws'])}."
    drawn = f"Seat {turn + 1} drew {body['drawn']} from the {body['drawn_from']}"
    if view["phase"] == "handoff":
        return (f"{drawn}: it is handed to Seat {view['to_act'][0] + 1}, who must place it now "
                "(place N, or burn if it fits no tower).")
    if Card.parse(body["drawn"]).is_number:
        return f"{drawn}: place N or bank (discard or burn only if neither is possible)."
    return f"{drawn}: place N (burn only if it fits no tower)."


def explain_choice(view: View) -> str:
    """What the viewer is choosing now, in a line or two of plain words (the same at the
    terminal and on the web table); empty when they are not to act."""
    if view["result"] is not None or view["viewer"] not in view["to_act"]:
        return ""
    body = view["body"]
    if view["phase"] == "draw":
        return _explain_draw(body)
    card = Card.parse(body["drawn"])
    if view["phase"] == "handoff":
        drawer = COLOUR_NAMES[body["players"][body["turn"]]["colour"]]
        return (f"{drawer} drew {card}, a card of your colour, so it is yours to place now on "
                f"one of your towers (it {EFFECTS[card.rank]}); it is burned only if it fits "
                f"none. {drawer} then plays again: a handoff costs you your next turn.")
    if card.is_number:
        return (f"Place {card} on one of your towers (on a top of equal or lower rank, or in "
                "an empty slot to start a tower), or bank it in your Moat if it is open and "
                "holds fewer than 2. Only a card you cannot use is discarded.")
    return (f"Place {card} on one of your towers (it {EFFECTS[card.rank]}); only a card that "
            "fits no tower is burned.")


def _explain_draw(body: Mapping[str, Any]) -> str:
    draws = body["draws"]
    pile = body["communal"]
    deck = f"the deck's unseen top card ({body['deck_size']} left)"
    if draws == ["deck", "pile"]:
        return f"Your turn: draw {deck}, or take {pile[0]} from the communal pile."
    if draws == ["deck"] and not pile:
        return f"Your turn: draw {deck}; the communal pile is empty."
    if draws == ["deck"]:
        return (f"Your turn: draw {deck}. The communal pile's {pile[0]} fits none of your "
                "towers and your Moat cannot take it, so it may not be taken.")
    return (f"Your turn: the deck is empty, so take {pile[0]} from the communal pile; if you "
            "cannot place or bank it, it is burned.")
