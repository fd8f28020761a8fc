"""Views, secrets and determinization (view module)."""

import pytest

from cardtable.core import Rng, view_json


def test_a_player_sees_their_hand_and_only_the_size_of_the_other(table):
    state = table(hands=(["2♦", "3♣"], ["4♥", "5♠", "6♠"]), zones={"♣": (["7♣"], [])},
                  scored=({"♥": ["8♥"]}, {"faces": ["Q♦"]}))
    view = state.view(0)
    body = view["body"]
    assert body["hand"] == ["2♦", "3♣"]
    assert body["hand_sizes"] == [2, 3]
    assert body["zones"]["♣"] == [["7♣"], []]
    assert body["zone_values"]["♣"] == [7, 0]
    assert body["scored"][1]["faces"] == ["Q♦"]
    assert body["limits"] == [15, 15]
    text = view_json(view)
    assert not any(card in text for card in ("4♥", "5♠", "6♠"))
    assert state.secrets(0) >= {"4♥", "5♠", "6♠"} and "2♦" not in state.secrets(0)


def test_the_spectator_sees_no_hand(table):
    state = table(hands=(["2♦"], ["4♥"]))
    view = state.view(None)
    assert "hand" not in view["body"]
    assert {"2♦", "4♥"} <= state.secrets(None)
    assert "2♦" not in view_json(view) and "4♥" not in view_json(view)


def test_cards_taken_by_queen_magic_stay_known_to_their_former_owner(table):
    state = table(hands=(["2♦", "9♣"], ["4♥"]), known=([], ["2♦"]))
    assert state.view(1)["body"]["known_opponent_cards"] == ["2♦"]
    assert "2♦" not in state.secrets(1) and "9♣" in state.secrets(1)
    assert state.view(0)["body"]["known_opponent_cards"] == []


def test_sample_hidden_redeals_only_what_the_player_cannot_see(table):
    state = table(hands=(["2♦", "9♣", "K♠"], ["4♥", "5♥"]), known=([], ["2♦"]))
    seen = set()
    for seed in range(20):
        sample = state.sample_hidden(1, Rng(seed))
        assert sample.view(1) == state.view(1)
        assert "2♦" in [str(c) for c in sample.hands[0]]    # known to player 1: kept
        assert sample.hands[1] == state.hands[1]
        seen.add(tuple(sorted(map(str, sample.hands[0]))))
        state.game.from_position(sample.position())
    assert len(seen) > 10


def test_sample_hidden_reseeds_the_generator_from_the_given_one(table):
    state = table(hands=(["2♦"], ["4♥"]))
    first = state.sample_hidden(0, Rng(3))
    again = state.sample_hidden(0, Rng(3))
    assert first.position() == again.position()
    assert first.rng.state != state.rng.state


def test_the_body_leaves_the_envelope_to_the_core(table):
    view = table(hands=(["2♦"], ["4♥"])).view(0)
    assert (view["game"], view["viewer"], view["to_act"], view["phase"], view["result"]) == (
        "pillars", 0, [0], "play", None)
    assert not {"game", "viewer", "to_act", "phase", "result", "turn", "over"} & set(view["body"])


@pytest.mark.parametrize("build, phase", [
    (lambda table: table(), "play"),
    (lambda table: table(zones={"♦": (["2♦"], [])}, pending=["♦"], actions_left=0, acted=True),
     "take"),
    (lambda table: table(deck=[], over=True, actions_left=0), "over"),
])
def test_the_phase_names_the_stage_of_play(table, build, phase):
    assert build(table).view(None)["phase"] == phase


def test_the_same_view_and_seed_give_the_same_sample(table):
    """Hidden orders (the opponent's hand, the deck, one's own hand) do not change a sample."""
    first = table(hands=(["2♦", "9♣", "K♠"], ["4♥", "5♥"]), deck=["A♠", "2♠", "3♠"],
                  known=([], ["9♣"]))
    second = table(hands=(["K♠", "2♦", "9♣"], ["5♥", "4♥"]), deck=["3♠", "2♠", "A♠"],
                   known=([], ["9♣"]))
    assert first.view(1) == second.view(1)
    assert first.position() != second.position()
    assert (first.sample_hidden(1, Rng(4)).position()
            == second.sample_hidden(1, Rng(4)).position())
