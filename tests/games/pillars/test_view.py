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


def test_the_view_gives_the_running_count_of_majorities_and_who_would_win_now(table):
    state = table(scored=({"♥": ["2♥", "3♥"], "♦": ["2♦"]}, {"♥": ["4♥"], "♠": ["2♠"],
                                                            "♦": ["3♦"]}))
    body = state.view(None)["body"]
    assert body["pile_points"][0]["♥"] == 2 and body["pile_points"][1]["♠"] == 1
    assert body["majorities"] == {"♥": 0, "♠": 1, "♦": None, "♣": None, "faces": None}
    assert body["leading"] is None                      # 1 each and ♦ tied: a draw now
    state = table(scored=({"♥": ["2♥"], "♦": ["2♦"]}, {"♠": ["2♠"], "♣": ["2♣"]}))
    assert state.view(1)["body"]["leading"] == 0        # 2 each: ♦ breaks the tie


def test_the_view_says_who_leads_each_battle(table):
    state = table(zones={"♣": (["2♣", "3♣"], ["5♣"]), "♦": (["2♦"], ["3♦"]),
                         "♠": ([], ["4♠"])})
    assert state.view(0)["body"]["battle_leads"] == {"♥": None, "♠": 1, "♦": None, "♣": 0}


@pytest.mark.parametrize("moves, last", [
    (["attack ♦ 2♦ 5♦"], {"player": 0, "kind": "attack", "move": "attack ♦ 2♦ 5♦",
                          "suit": "♦", "cards": ["2♦", "5♦"]}),
    (["crawl ♣ 9♣"], {"player": 0, "kind": "crawl", "move": "crawl ♣ 9♣", "suit": "♣",
                      "cards": ["9♣"]}),
    (["score", "take 3♣"], {"player": 0, "kind": "take", "move": "take 3♣", "suit": "♣",
                            "cards": ["3♣"]}),
    (["magic J 9♦"], {"player": 0, "kind": "magic", "move": "magic J 9♦", "suit": None,
                      "cards": ["9♦"]}),
    (["magic K ♣"], {"player": 0, "kind": "magic", "move": "magic K ♣", "suit": "♣",
                     "cards": []}),
])
def test_the_view_names_the_last_move_in_public_words(table, moves, last):
    state = table(hands=(["2♦", "5♦", "9♣"], ["4♥"]), zones={"♣": (["2♣", "3♣"], ["5♣"])},
                  scored=({"faces": ["J♠", "K♠"]}, {"♦": ["9♦"]}), deck=["4♠", "5♠", "6♠"])
    assert state.view(None)["body"]["last"] is None
    for move in moves:
        state.apply(0, state.game.action_from_text(move))
    for viewer in (0, 1, None):
        assert state.view(viewer)["body"]["last"] == last


def test_the_last_move_of_a_queen_never_names_the_cards_taken(table):
    state = table(hands=([], ["2♦", "3♦", "4♦"]), scored=({"faces": ["Q♠"]}, {}),
                  deck=["A♠", "2♠", "3♠"])
    state.apply(0, state.game.action_from_text("magic Q"))
    spectator = state.view(None)
    assert spectator["body"]["last"]["cards"] == []
    assert not any(card in view_json(spectator) for card in ("2♦", "3♦", "4♦"))
