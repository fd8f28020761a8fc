"""The rules as the state plays them: actions, matches, specials, the 6, the win and the cap."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import IllegalActionError, Rng
from cardtable.games.match_2_52.actions import Move, Replace
from cardtable.games.match_2_52.board import Phase
from cardtable.games.match_2_52.grid import LINE_PARTNERS, SLOT_NAMES

from .scripted import card_at, is_up, play, table


def zones(state):
    return [[str(c) for c in zone] for zone in state.catch]


# ----- the acceptance cases of the rulings ---------------------------------------------------

def test_acceptance_return_makes_a_pair_caught_by_the_mover_and_refilled():
    """B2 = 7♣ face up, B3 = 7♦ face down: Return B3 catches both, refills, one action left."""
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"}, deck_top=("2♥", "3♥"))
    play(state, "return B3")
    assert zones(state) == [["7♣", "7♦"], []]
    assert (card_at(state, "B2"), card_at(state, "B3")) == ("2♥", "3♥")
    assert not is_up(state, "B2") and not is_up(state, "B3")
    assert state.actions_left == 1 and state.to_act() == (0,) and state.phase is Phase.ACTION


def test_acceptance_a_returned_six_goes_to_the_opponent_and_ends_the_turn_at_once():
    state = table(down={"C1": "6♠"}, deck_top=("2♥",))
    play(state, "return C1")
    assert zones(state) == [[], ["6♠"]]
    assert card_at(state, "C1") == "2♥" and not is_up(state, "C1")
    assert state.to_act() == (1,) and state.actions_left == 2


def test_acceptance_a_king_pair_reaching_twelve_wins_before_the_swap():
    state = table(up={"B2": "K♣"}, down={"B3": "K♦"}, catch=(10, 3))
    play(state, "return B3")
    assert state.is_over() and state.result().winner == 0
    assert len(state.catch[0]) == 12 and len(state.catch[1]) == 3
    assert "K♣" in zones(state)[0]


def test_acceptance_an_ace_pair_with_the_opponents_zone_empty_steals_nothing():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"})
    events = play(state, "return A2")
    assert zones(state) == [["A♣", "A♦"], []]
    assert any(e.kind == "cancel" for e in events)
    assert state.phase is Phase.ACTION and state.actions_left == 1


# ----- the special matches -------------------------------------------------------------------

def test_ace_with_one_card_to_take_takes_it_without_asking():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=([], ["9♥"]))
    play(state, "return A2")
    assert zones(state) == [["A♣", "A♦", "9♥"], []]


def test_ace_lets_the_player_choose_the_card_to_take():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=([], ["9♥", "10♥"]))
    play(state, "return A2")
    assert state.phase is Phase.TAKE
    assert [str(a) for a in state.legal_actions(0)] == ["take 9♥", "take 10♥"]
    play(state, "take 10♥")
    assert zones(state) == [["A♣", "A♦", "10♥"], ["9♥"]]
    assert state.phase is Phase.ACTION


def test_king_pair_swaps_the_whole_catch_zones_kings_included():
    state = table(up={"A1": "K♣"}, down={"A2": "K♦"}, catch=(["2♠"], ["3♠", "3♥"]))
    play(state, "return A2")
    assert zones(state) == [["3♠", "3♥"], ["2♠", "K♣", "K♦"]]


def test_jack_consult_is_known_to_that_player_alone():
    state = table(up={"A1": "J♣"}, down={"A2": "J♦", "D4": "Q♥"})
    play(state, "return A2")
    assert state.phase is Phase.CONSULT
    events = play(state, "consult D4")
    private = [e for e in events if e.kind == "consult"]
    assert private[0].audience == (0,) and "Q♥" in private[0].text
    assert all("Q♥" not in e.text for e in events if e.audience is None)
    assert state.view(0)["body"]["grid"][3][3]["card"] == "Q♥"
    assert state.view(1)["body"]["grid"][3][3]["card"] is None
    assert state.view(None)["body"]["grid"][3][3]["card"] is None
    assert state.view(1)["body"]["grid"][3][3]["known_to"] == [0]
    assert not is_up(state, "D4") and state.phase is Phase.ACTION


def test_jack_knowledge_follows_the_card_when_it_is_moved():
    state = table(up={"A1": "J♣", "D1": "9♠"}, down={"A2": "J♦", "D4": "Q♥"})
    play(state, "return A2", "consult D4", "move D1 D4")
    assert state.view(0)["body"]["grid"][0][3]["card"] == "Q♥"
    assert state.view(1)["body"]["grid"][0][3]["card"] is None


def test_queen_turns_a_card_whose_new_pair_is_caught_recursively():
    state = table(up={"A1": "Q♣", "D1": "9♣"}, down={"A2": "Q♦", "D2": "9♦"})
    play(state, "return A2")
    assert state.phase is Phase.TURN
    play(state, "turn D2")
    assert zones(state) == [["Q♣", "Q♦", "9♣", "9♦"], []]
    assert state.phase is Phase.ACTION and state.actions_left == 1


def test_queen_turning_a_six_ends_the_turn_and_forfeits_the_pending_ace():
    """A Move makes an Ace pair and a Queen pair; the Queen turns a 6 first."""
    state = table(up={"A1": "Q♠", "B1": "A♠", "A2": "A♥", "B2": "Q♥"}, down={"C3": "6♦"},
                  catch=([], ["9♥", "10♥"]))
    play(state, "move A1 B1")
    assert zones(state)[0] == ["A♠", "A♥", "Q♠", "Q♥"]
    assert state.phase is Phase.SPECIAL
    assert [str(a) for a in state.legal_actions(0)] == ["special A", "special Q"]
    play(state, "special Q", "turn C3")
    assert zones(state) == [["A♠", "A♥", "Q♠", "Q♥"], ["9♥", "10♥", "6♦"]]
    assert state.to_act() == (1,) and state.actions_left == 2 and state.specials == []


def test_a_queen_turn_without_a_pair_goes_on_to_the_pending_ace():
    state = table(up={"A1": "Q♠", "B1": "A♠", "A2": "A♥", "B2": "Q♥"}, down={"C3": "9♦"},
                  catch=([], ["9♥", "10♥"]))
    play(state, "move A1 B1", "special Q", "turn C3")
    assert is_up(state, "C3") and state.phase is Phase.TAKE
    play(state, "take 9♥")
    assert zones(state)[1] == ["10♥"] and state.phase is Phase.ACTION and state.actions_left == 1


def test_a_jack_look_at_a_six_is_not_a_reveal():
    state = table(up={"A1": "J♣"}, down={"A2": "J♦", "D4": "6♥"})
    play(state, "return A2", "consult D4")
    assert not is_up(state, "D4") and card_at(state, "D4") == "6♥"
    assert zones(state) == [["J♣", "J♦"], []] and state.to_act() == (0,)


@pytest.mark.parametrize("order, mine, theirs", [
    (("special K", "take 2♠"), ["3♠", "3♥", "9♥", "2♠"], ["A♠", "A♥", "K♠", "K♥"]),
    (("special A", "take 9♥"), ["3♠", "3♥"], ["2♠", "A♠", "A♥", "K♠", "K♥", "9♥"]),
])
def test_the_player_orders_simultaneous_specials(order, mine, theirs):
    """Ace and King pairs made by one Move: the chosen order decides who ends with what."""
    state = table(up={"A1": "K♠", "B1": "A♠", "A2": "A♥", "B2": "K♥"},
                  catch=(["2♠"], ["3♠", "3♥", "9♥"]))
    play(state, "move A1 B1")
    assert state.phase is Phase.SPECIAL
    play(state, *order)
    assert sorted(zones(state)[0]) == sorted(mine)
    assert sorted(zones(state)[1]) == sorted(theirs)


# ----- several matches at once ---------------------------------------------------------------

def test_a_move_that_makes_two_pairs_catches_both():
    state = table(up={"A1": "8♠", "B1": "9♠", "A2": "9♥", "B2": "8♥"})
    play(state, "move A1 B1")
    assert sorted(zones(state)[0]) == sorted(["8♠", "8♥", "9♠", "9♥"])
    assert state.phase is Phase.ACTION and state.actions_left == 1
    assert not any(state.up)


def test_a_card_that_could_pair_two_ways_lets_the_player_pick_and_the_third_stays_up():
    state = table(up={"A1": "7♣", "C1": "7♥"}, down={"B1": "7♦"})
    play(state, "return B1")
    assert state.phase is Phase.PAIR
    assert [str(a) for a in state.legal_actions(0)] == ["pair A1 B1", "pair B1 C1"]
    play(state, "pair C1 B1")
    assert zones(state)[0] == ["7♦", "7♥"]
    assert card_at(state, "A1") == "7♣" and is_up(state, "A1")
    assert not is_up(state, "B1") and not is_up(state, "C1")


def test_the_win_is_checked_after_each_catch():
    """Holding 10, a Move makes two pairs: the first catch wins and play stops."""
    state = table(up={"A1": "8♠", "B1": "9♠", "A2": "9♥", "B2": "8♥"}, catch=(10, 0))
    play(state, "move A1 B1")
    assert state.is_over() and state.result().winner == 0 and len(state.catch[0]) == 12


# ----- regular actions -----------------------------------------------------------------------

def test_move_swaps_with_a_face_down_card_keeping_each_face():
    state = table(up={"A1": "8♣", "A4": "8♦"}, down={"A3": "K♥"})
    play(state, "move A1 A3")
    assert zones(state)[0] == ["8♣", "8♦"]
    assert card_at(state, "A1") == "K♥" and not is_up(state, "A1")


def test_with_move_partner_face_up_the_partner_must_be_face_up():
    state = table(up={"A1": "8♣", "A4": "8♦"}, down={"A3": "K♥"},
                  options={"move_partner_face_up": True})
    with pytest.raises(IllegalActionError, match="must be face up"):
        play(state, "move A1 A3")
    assert "move A1 A4" in [str(a) for a in state.legal_actions(0)]


def test_replace_puts_the_card_under_the_deck_in_sight_and_draws_face_down():
    state = table(up={"A1": "9♣"}, deck_top=("2♥",))
    play(state, "replace A1")
    assert card_at(state, "A1") == "2♥" and not is_up(state, "A1")
    assert str(state.deck[-1]) == "9♣" and state.deck_known == 1
    assert state.view(1)["body"]["deck"]["bottom"] == ["9♣"]
    assert state.actions_left == 1


def test_cards_drawn_from_the_known_bottom_stay_known_to_everybody():
    state = table(up={"B2": "7♣"}, down={"B3": "7♦"})
    state.deck_known = len(state.deck)
    top = [str(c) for c in state.deck[:2]]
    play(state, "return B3")
    spectator = state.view(None)["body"]["grid"]
    assert [spectator[1][1]["card"], spectator[2][1]["card"]] == top
    assert state.deck_known == len(state.deck)


def test_the_same_action_may_be_done_twice_in_a_turn():
    state = table(up={"A1": "9♣", "C1": "10♣"}, deck_top=("2♥", "3♥"))
    play(state, "replace A1", "replace C1")
    assert state.to_act() == (1,) and state.turns_played == 1


def test_a_turn_is_two_actions_then_the_opponent_plays():
    state = table()
    play(state, "return A1")
    assert state.to_act() == (0,)
    play(state, "return B1")
    assert state.to_act() == (1,) and state.actions_left == 2


def test_with_every_card_face_up_replace_is_still_legal():
    rows = [[f"{r}♠" for r in "2345"], [f"{r}♠" for r in ("7", "8", "9", "10")],
            [f"{r}♠" for r in "JQKA"], [f"{r}♥" for r in "2345"]]
    up = {SLOT_NAMES[i]: card for i, card in enumerate(c for row in rows for c in row)}
    state = table(up=up)
    kinds = {type(a) for a in state.legal_actions(0)}
    assert kinds == {Move, Replace}


# ----- the end -------------------------------------------------------------------------------

def test_a_six_can_make_the_opponent_win_during_your_turn():
    state = table(down={"C1": "6♠"}, catch=(0, 11))
    play(state, "return C1")
    assert state.is_over() and state.result().winner == 1
    assert state.to_act() == () and state.legal_actions(0) == []


def test_an_ace_steal_reaching_twelve_wins():
    state = table(up={"A1": "A♣"}, down={"A2": "A♦"}, catch=(9, ["9♥"]))
    play(state, "return A2")
    assert state.is_over() and state.result().winner == 0 and len(state.catch[0]) == 12


@pytest.mark.parametrize("catch, winner", [((3, 1), 0), ((1, 3), 1), ((2, 2), None)])
def test_the_turn_cap_gives_the_game_to_the_larger_catch_or_a_draw(catch, winner):
    state = table(up={"A1": "9♣"}, catch=catch, turns_played=1, actions_left=1,
                  options={"max_turns": 2})
    play(state, "replace A1")
    result = state.result()
    assert state.is_over() and result.winner == winner
    assert result.scores == (float(catch[0]), float(catch[1]))


def test_the_first_player_option_chooses_who_starts():
    assert cardtable.load("match-2-52", first_player=1).new_state(3).to_act() == (1,)
    assert cardtable.load("match-2-52").new_state(3).to_act() == (0,)


def test_the_deal_is_sixteen_face_down_cards_and_a_deck_of_thirty_six():
    state = cardtable.load("match-2-52").new_state(5)
    assert len(state.grid) == 16 and not any(state.up) and len(state.deck) == 36
    assert len(set(state.grid + state.deck)) == 52


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), options=st.sampled_from(
    [{}, {"move_partner_face_up": True}, {"first_player": 1}]))
def test_random_play_keeps_every_invariant_of_the_rulings(seed, options):
    """Cards are conserved, the deck stays at 14 or more in play (ruling 1), no 6 is ever face
    up, and every tenth position reads back (which also refuses a pair left on the table)."""
    game = cardtable.load("match-2-52", **options)
    state = game.new_state(seed)
    rng = Rng(seed)
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[rng.below(len(legal))])
        assert state.is_over() or len(state.deck) >= 14
        assert len(set(state.grid + state.deck + state.catch[0] + state.catch[1])) == 52
        assert not any(state.up[s] and state.grid[s].rank == 6 for s in range(16))
        if state.moves % 10 == 0:
            game.from_position(state.position())
    assert max(len(zone) for zone in state.catch) >= 12 or state.turns_played == 200


def test_every_example_of_the_rules_page_names_a_test_that_exists():
    page = (Path(__file__).parents[3] / "docs" / "rules" / "match-2-52.md").read_text("utf-8")
    examples = page.split("## Worked examples")[1].split("\n## ")[0]
    named = re.findall(r"Test: `(test_\w+)`", examples)
    assert len(named) == examples.count("Test:") == 6
    assert all(name in globals() for name in named)


def _regular_actions_by_the_text(up: list[bool], partner_up: bool) -> list[str]:
    """The regular actions as the rules state them, slot by slot: Returns of face-down cards,
    Moves of face-up cards to the other slots of their line, Replaces of face-up cards."""
    returns = [f"return {SLOT_NAMES[s]}" for s in range(16) if not up[s]]
    moves = [f"move {SLOT_NAMES[s]} {SLOT_NAMES[t]}" for s in range(16) if up[s]
             for t in LINE_PARTNERS[s] if up[t] or not partner_up]
    replaces = [f"replace {SLOT_NAMES[s]}" for s in range(16) if up[s]]
    return returns + moves + replaces


@pytest.mark.parametrize("partner_up", [False, True])
def test_the_fast_regular_actions_agree_with_the_rules_on_face_patterns(partner_up):
    """The engine assembles legal actions from tables; held here to the plain statement over
    thousands of face patterns (every 7th of the 65,536)."""
    state = cardtable.load("match-2-52", move_partner_face_up=partner_up).new_state(0)
    for pattern in range(0, 1 << 16, 7):
        state.up = [bool(pattern >> s & 1) for s in range(16)]
        legal = [str(action) for action in state.legal_actions(0)]
        assert legal == _regular_actions_by_the_text(state.up, partner_up), pattern
