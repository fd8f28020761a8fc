"""Views hold exactly what each player may know; describe draws them; samples respect them."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import Rng, view_json
from cardtable.games.match_2_52.grid import SLOT_NAMES

from .scripted import play, table

D4 = SLOT_NAMES.index("D4")


def consulted():
    """Player 0 has looked at D4 (Q♥) with a Jack; 9♣ went under the deck in sight of all."""
    state = table(up={"A1": "J♣", "C1": "9♣"}, down={"A2": "J♦", "D4": "Q♥"})
    play(state, "return A2", "consult D4", "replace C1")
    return state


def test_a_view_shows_face_up_cards_catch_zones_and_the_known_bottom_of_the_deck():
    state = consulted()
    view = state.view(1)["body"]
    assert view["catch"] == [["J♣", "J♦"], []]
    assert view["deck"]["bottom"] == ["9♣"] and view["deck"]["size"] == 34
    assert view["deck"]["unknown"] == 33
    assert all(cell["card"] is None for row in view["grid"] for cell in row if not cell["up"])


def test_secrets_are_the_cards_a_player_cannot_see_and_no_view_shows_them():
    state = consulted()
    assert "Q♥" not in state.secrets(0)
    assert "Q♥" in state.secrets(1) and "Q♥" in state.secrets(None)
    assert "9♣" not in state.secrets(1)
    for viewer in (0, 1, None):
        text = view_json(state.view(viewer))
        assert not [s for s in state.secrets(viewer) if s in text]
    assert len(state.secrets(1)) == 16 + 33


def test_sample_hidden_keeps_what_the_player_knows_and_redeals_the_rest():
    state = consulted()
    rng = Rng(4)
    mine = [state.sample_hidden(0, rng) for _ in range(20)]
    theirs = [state.sample_hidden(1, rng) for _ in range(20)]
    assert all(str(s.grid[D4]) == "Q♥" for s in mine)
    assert any(str(s.grid[D4]) != "Q♥" for s in theirs)
    assert all(str(s.deck[-1]) == "9♣" for s in mine + theirs)
    assert all(s.view(0) == state.view(0) for s in mine)
    assert all(s.view(1) == state.view(1) for s in theirs)
    assert len({tuple(map(str, s.deck)) for s in mine}) > 1
    assert len({s.rng.state for s in mine}) == 20


def test_the_body_leaves_the_envelope_to_the_core():
    state = consulted()
    view = state.view(0)
    assert view["game"] == "match-2-52" and view["viewer"] == 0 and view["to_act"] == [1]
    assert view["phase"] == "action" and view["result"] is None
    assert set(view["body"]) == {"turns_played", "max_turns", "actions_left", "pending", "grid",
                                 "deck", "catch", "last"}


def test_a_finished_game_shows_its_result_in_the_envelope():
    state = table(down={"C1": "6♠"}, catch=(0, 11))
    play(state, "return C1")
    view = state.view(None)
    assert view["phase"] == "over" and view["to_act"] == []
    assert view["result"]["winner"] == 1 and view["result"]["scores"] == [0.0, 12.0]


def test_the_last_move_is_marked_with_its_public_facts_only():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    assert state.view(None)["body"]["last"] == {"player": None, "slots": [], "refilled": [],
                                                 "cards": [], "swapped": False}
    play(state, "move B2 B4", "return B2")
    last = state.view(1)["body"]["last"]
    assert last == {"player": 0, "slots": ["B2"], "refilled": [], "cards": [],
                    "swapped": False}
    catch = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    play(catch, "return B3")
    assert catch.view(1)["body"]["last"] == {"player": 0, "slots": ["B3"],
                                             "refilled": ["B2", "B3"], "cards": ["7♣", "7♦"],
                                             "swapped": False}


def test_the_last_move_of_a_jack_look_shows_where_not_what():
    state = table(up={"A1": "J♣"}, down={"A2": "J♦", "D4": "Q♥"})
    play(state, "return A2", "consult D4")
    for viewer in (0, 1, None):
        last = state.view(viewer)["body"]["last"]
        assert last["slots"] == ["D4"] and "Q♥" not in view_json(state.view(1))


def test_kings_mark_the_swap_and_a_six_the_card_given():
    kings = table(up={"B2": "K♣"}, down={"B3": "K♦"}, catch=(["2♠"], []))
    play(kings, "return B3")
    assert kings.view(0)["body"]["last"]["swapped"] is True
    six = table(down={"C1": "6♠"})
    play(six, "return C1")
    assert six.view(None)["body"]["last"] == {"player": 0, "slots": ["C1"], "refilled": ["C1"],
                                              "cards": ["6♠"], "swapped": False}


def told_last_move(events):
    """The public facts of an action as its public events tell them: the reference the facts
    the rules note as they go (``Board.last``) are held to."""
    last = {"player": None, "slots": [], "refilled": [], "cards": [], "swapped": False}
    for event in events:
        if event.audience is not None:
            continue
        data, kind = event.data, event.kind
        if last["player"] is None and "player" in data:
            last["player"] = data["player"]
        if kind == "move":
            last["slots"] += [data["from"], data["to"]]
        elif kind in ("return", "six", "replace", "consulted"):
            last["slots"].append(data["slot"])
        if kind in ("six", "replace"):
            last["refilled"].append(data["slot"])
        elif kind == "catch":
            last["refilled"] += data["slots"]
        if kind in ("catch", "six", "take"):
            last["cards"] += data["cards"] if kind == "catch" else [data["card"]]
        elif kind == "swap":
            last["swapped"] = True
    return last


@pytest.mark.parametrize("options", [{}, {"move_partner_face_up": True}])
def test_the_last_move_is_what_its_public_events_tell_and_the_same_without_them(options):
    """Over whole random games: after every action, the view's last move equals the facts its
    public events tell, and a copy of the game played without events shows the same views."""
    game = cardtable.load("match-2-52", **options)
    kinds = set()
    for seed in range(1, 31):
        told, quiet, rng = game.new_state(seed), game.new_state(seed), Rng(seed)
        while not told.is_over():
            player = told.to_act()[0]
            legal = told.legal_actions(player)
            action = legal[rng.below(len(legal))]
            events = told.apply_unchecked(player, action)
            quiet.advance(player, action)
            kinds |= {event.kind for event in events}
            assert told.view(None)["body"]["last"] == told_last_move(events)
            for viewer in (0, 1, None):
                assert quiet.view(viewer) == told.view(viewer)
    assert {"move", "return", "six", "replace", "catch", "turn", "swap", "take",
            "consulted"} <= kinds
