"""The text table and the line that tells a player what they are choosing (text module)."""


def test_describe_shows_battles_piles_hand_and_who_acts(table):
    state = table(hands=(["2♦", "Q♦"], ["4♥"]), zones={"♣": (["7♣", "K♣"], ["3♣"])},
                  scored=({"♠": ["2♠", "3♠"]}, {}), known=([], ["2♦"]))
    text = state.game.describe(state.view(1))
    assert "♣  7♣ K♣ (2 cards, 14)  |  3♣ (1 card, 3)" in text
    assert "limit 17" in text
    assert "Your hand: 4♥" in text
    assert "the opponent holds: 2♦" in text
    assert "To act: Seat 1, 1 action left" in text
    assert "Q♦" not in text


def test_describe_a_pending_score_and_a_finished_game(table):
    pending = table(zones={"♦": (["2♦"], [])}, pending=["♦"], actions_left=0, acted=True)
    assert "take one card from each of ♦" in pending.game.describe(pending.view(0))
    over = table(scored=({"♦": ["2♦"]}, {}), deck=[], over=True, actions_left=0)
    assert "Game over: Seat 1 wins" in over.game.describe(over.view(None))


def test_explain_choice_speaks_to_the_player_to_act_only(table):
    state = table(hands=(["2♦"], ["4♥"]), scored=({"♠": ["2♠"]}, {}))
    game = state.game
    assert "attack" in game.explain_choice(state.view(0))
    assert "limit, 16" in game.explain_choice(state.view(0))
    assert game.explain_choice(state.view(1)) == ""
    assert game.explain_choice(state.view(None)) == ""


def test_explain_choice_during_a_score_names_the_battles_to_take_from(table):
    state = table(zones={"♦": (["2♦"], []), "♣": (["3♣"], [])}, pending=["♦", "♣"],
                  actions_left=0, acted=True)
    assert "take one card from each" in state.game.explain_choice(state.view(0))
    assert "♦ and ♣" in state.game.explain_choice(state.view(0))


def test_explain_choice_says_end_gives_up_the_extra_actions(table):
    state = table(hands=(["2♦"], []), actions_left=2, acted=True)
    assert "2 actions left; end gives them up" in state.game.explain_choice(state.view(0))
