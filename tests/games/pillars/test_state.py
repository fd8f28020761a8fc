"""What each action does to the table, the turn, the end of the game and the final count
(state module), in scripted hands."""

import pytest

import cardtable
from cardtable.core import Card, Rng


def play(state, *texts):
    events = []
    for text in texts:
        events += state.apply(state.turn, state.game.action_from_text(text))
    return events


def names(cards):
    return sorted(str(c) for c in cards)


def new_discards(state, before):
    """The cards discarded since the discard pile held ``before`` cards (the builder puts the
    cards a test does not use there)."""
    return names(state.discard[before:])


def test_an_attack_moves_the_cards_then_the_turn_ends_with_a_draw(table):
    state = table(hands=(["2♦", "10♦", "2♣"], ["3♠"]), deck=["5♠", "4♠", "9♥"])
    play(state, "attack ♦ 2♦ 10♦")
    assert names(state.zones["♦"][0]) == ["10♦", "2♦"]
    assert names(state.hands[0]) == ["2♣", "5♠"]          # drew the top (first) card
    assert (state.turn, state.actions_left, state.acted) == (1, 1, False)
    assert state.moves == 1


def test_defend_and_crawl_add_to_the_players_own_side(table):
    state = table(hands=(["2♦"], ["3♦", "K♦"]), zones={"♦": (["9♦"], [])},
                  deck=["4♠", "5♠", "6♠"])
    play(state, "defend ♦ 2♦", "crawl ♦ K♦")
    assert names(state.zones["♦"][0]) == ["2♦", "9♦"]
    assert names(state.zones["♦"][1]) == ["K♦"]


def test_score_of_several_battles_takes_one_card_from_each_in_any_order(table):
    state = table(zones={"♦": (["2♦", "3♦"], ["4♦"]), "♥": (["5♥"], []),
                         "♠": (["6♠"], ["7♠"])},
                  deck=["A♣", "2♣", "3♣"])
    scored = play(state, "score")
    assert state.pending == ["♥", "♦"] and state.turn == 0
    play(state, "take 4♦")
    assert state.pending == ["♥"] and state.turn == 0
    play(state, "take 5♥")
    assert scored[0].data["won"] == ["♥", "♦"]             # the event keeps what was won
    assert names(state.scored[0]["♦"]) == ["4♦"] and names(state.scored[0]["♥"]) == ["5♥"]
    assert state.turn == 1                                 # the Score was the turn's action
    assert names(state.zones["♠"][0]) == ["6♠"]            # the 1-1 battle stays


def test_a_won_face_card_goes_to_the_faces_pile(table):
    state = table(zones={"♣": (["Q♣", "2♣"], [])}, deck=["A♦", "2♦", "3♦"])
    before = len(state.discard)
    play(state, "score", "take Q♣")
    assert names(state.scored[0]["faces"]) == ["Q♣"]
    assert new_discards(state, before) == ["2♣"]


def test_score_with_nothing_won_is_a_pass(table):
    state = table(zones={"♣": (["2♣"], ["3♣"])}, deck=["A♦", "2♦", "3♦"])
    play(state, "score")
    assert state.turn == 1 and state.pending == []


def test_harvest_draws_one_card_per_scored_club(table):
    state = table(scored=({"♣": ["2♣", "3♣"]}, {}), deck=["4♦", "3♦", "2♦", "A♦"])
    events = play(state, "harvest")
    assert names(state.hands[0]) == ["2♦", "3♦", "4♦"]    # two harvested, one end-of-turn draw
    assert any(e.kind == "drawn" and e.audience == (0,) for e in events)


def test_hearts_magic_gives_two_more_actions_and_chains(table):
    state = table(hands=(["2♦", "3♣"], []), scored=({"♥": ["4♥", "5♥"]}, {}),
                  deck=["3♠", "2♠", "A♠"])
    before = len(state.discard)
    play(state, "magic ♥ 4♥")
    assert state.actions_left == 2 and state.turn == 0
    play(state, "magic ♥ 5♥")
    assert state.actions_left == 3
    play(state, "attack ♦ 2♦", "attack ♣ 3♣")
    assert state.actions_left == 1 and state.turn == 0
    assert new_discards(state, before) == ["4♥", "5♥"]
    play(state, "end")                                     # the last bonus action is given up
    assert state.turn == 1 and names(state.hands[0]) == ["3♠"]


def test_score_inside_a_hearts_turn_keeps_the_remaining_actions(table):
    state = table(hands=(["2♦"], []), zones={"♣": (["2♣"], [])},
                  scored=({"♥": ["4♥"]}, {}), deck=["A♠", "2♠", "3♠"])
    play(state, "magic ♥ 4♥", "score", "take 2♣")
    assert state.turn == 0 and state.actions_left == 1
    play(state, "attack ♦ 2♦")
    assert state.turn == 1


def test_jack_magic_discards_an_opponents_scored_card(table):
    state = table(scored=({"faces": ["J♠", "J♦"]}, {"♦": ["9♦", "3♦"]}),
                  deck=["A♠", "2♠", "3♠"])
    before = len(state.discard)
    play(state, "magic J 9♦")
    assert names(state.scored[1]["♦"]) == ["3♦"]
    assert names(state.scored[0]["faces"]) == ["J♦"]     # the earliest scored Jack went
    assert new_discards(state, before) == ["9♦", "J♠"]


def test_king_magic_clears_a_battle(table):
    state = table(zones={"♣": (["2♣"], ["3♣", "4♣"])}, scored=({"faces": ["K♠"]}, {}),
                  deck=["A♠", "2♠", "3♠"])
    before = len(state.discard)
    play(state, "magic K ♣")
    assert state.zones["♣"] == [[], []]
    assert new_discards(state, before) == ["2♣", "3♣", "4♣", "K♠"]


def test_queen_magic_takes_three_random_cards_known_to_both_players_only(table):
    state = table(hands=([], ["2♦", "3♦", "4♦", "5♦", "6♦"]), scored=({"faces": ["Q♠"]}, {}),
                  deck=["A♠", "2♠", "3♠"], rng=11)
    events = play(state, "magic Q")
    taken = [c for c in state.hands[0] if c.suit == "♦"]
    assert len(taken) == 3 and len(state.hands[1]) == 2
    assert names(state.known[1]) == names(taken)          # the victim saw them go
    steals = [e for e in events if e.kind == "steal"]
    assert [e.audience for e in steals] == [(0,), (1,)]
    assert not any(e.visible_to(None) for e in steals)
    assert all(str(card) in e.text for e in steals for card in taken)
    assert steals[0].text.startswith("You take") and "takes your" in steals[1].text
    public = " ".join(e.text for e in events if e.audience is None)
    assert not any(str(card) in public for card in taken)


def test_queen_steal_is_seeded_by_the_states_generator(table):
    def stolen(rng):
        state = table(hands=([], ["2♦", "3♦", "4♦", "5♦", "6♦", "7♦"]),
                      scored=({"faces": ["Q♠"]}, {}), deck=["A♠", "2♠", "3♠"], rng=rng)
        play(state, "magic Q")
        return names(state.hands[0])
    assert stolen(1) == stolen(1)
    assert len({tuple(stolen(seed)) for seed in range(8)}) > 1


def test_queen_takes_the_whole_hand_when_it_has_fewer_than_three(table):
    state = table(hands=([], ["2♦"]), scored=({"faces": ["Q♠"]}, {}), deck=["A♠", "2♠", "3♠"])
    play(state, "magic Q")
    assert state.hands[1] == [] and "2♦" in names(state.hands[0])


def test_a_played_card_is_no_longer_known_in_the_opponents_hand(table):
    state = table(hands=(["2♦"], ["3♦"]), known=([], ["2♦"]), deck=["A♠", "2♠", "3♠"])
    play(state, "attack ♦ 2♦")
    assert state.known[1] == []


@pytest.mark.parametrize("trigger, turns_left", [("deck_empty_after_draw", 0), ("failed_draw", 1)])
def test_the_game_ends_when_the_deck_runs_out(table, trigger, turns_left):
    state = table(hands=(["2♦"], ["3♣"]), deck=["A♠"], options={"end_trigger": trigger})
    play(state, "harvest")                      # draws the last card at the end of the turn
    assert state.is_over() == (turns_left == 0)
    if turns_left:
        play(state, "harvest")                  # the opponent's extra turn: no card to draw
        assert state.is_over()
    assert state.to_act() == () and state.legal_actions(0) == state.legal_actions(1) == []


def test_a_deck_emptied_by_harvest_lets_the_turn_finish(table):
    state = table(hands=(["2♦"], []), scored=({"♣": ["2♣", "3♣"], "♥": ["4♥"]}, {}),
                  deck=["A♠", "2♠"])
    play(state, "magic ♥ 4♥", "harvest")
    assert not state.is_over() and state.deck == [] and state.actions_left == 1
    play(state, "attack ♦ 2♦")
    assert state.is_over()


@pytest.mark.parametrize("mine, theirs, winner, scores", [
    ({"♥": ["2♥"], "♠": ["2♠"], "♣": ["2♣"]}, {"♦": ["2♦"], "faces": ["Q♠"]}, 0, (3, 2)),
    ({"♥": ["2♥"], "♦": ["2♦"]}, {"♠": ["2♠"], "♣": ["2♣"]}, 0, (2, 2)),     # ♦ breaks the tie
    ({"♥": ["2♥"], "♠": ["2♠"]}, {"♦": ["2♦"], "♣": ["2♣"]}, 1, (2, 2)),
    ({"♥": ["2♥"], "♦": ["3♦"]}, {"♠": ["2♠"], "♦": ["4♦"]}, None, (1, 1)),  # ♦ tied: a draw
    ({}, {}, None, (0, 0)),
    ({"faces": ["J♠", "Q♠"]}, {"faces": ["K♠"], "♥": ["A♥"]}, None, (1, 1)),
])
def test_final_count_of_majorities(table, mine, theirs, winner, scores):
    state = table(scored=(mine, theirs), deck=[], over=True, actions_left=0)
    result = state.result()
    assert result.winner == winner
    assert result.scores == scores


def test_pile_points_values_counts_the_suit_piles_by_value(table):
    scored = ({"♦": ["10♦"]}, {"♦": ["2♦", "3♦"]})
    by_cards = table(scored=scored, deck=[], over=True, actions_left=0).result()
    by_values = table(scored=scored, deck=[], over=True, actions_left=0,
                      options={"pile_points": "values"}).result()
    assert (by_cards.winner, by_values.winner) == (1, 0)


def test_the_last_action_reports_the_result(table):
    state = table(hands=(["2♦"], []), scored=({"♦": ["3♦"]}, {}), deck=["A♠"])
    events = play(state, "attack ♦ 2♦")
    assert state.result().winner == 0
    assert events[-1].kind == "end" and "Seat 1 wins with 1 majority to 0" in events[-1].text


def test_clone_is_deep(table):
    state = table(hands=(["2♦"], ["3♦"]), zones={"♣": (["2♣"], [])},
                  scored=({"♥": ["4♥"]}, {}), known=([], ["2♦"]))
    copy = state.clone()
    play(copy, "attack ♦ 2♦")
    assert state.hands[0] == [Card.parse("2♦")] and state.known[1] == [Card.parse("2♦")]
    assert state.zones["♦"] == [[], []] and state.moves == 0


@pytest.mark.parametrize("options", cardtable.load("pillars").showcase_options,
                         ids=lambda o: ",".join(o) or "defaults")
def test_a_clone_and_its_original_never_change_each_other(options):
    """A clone shares the scoring piles with its original (see ``board.set_pile``): every kind
    of action, Takes and Magic included, played on either one leaves the other as it was."""
    game = cardtable.load("pillars", **options)
    kinds = set()
    for seed in range(15):
        state = game.new_state(seed)
        rng = Rng(seed)
        while not state.is_over():
            player = state.turn
            legal = state.legal_actions(player)
            action = legal[rng.below(len(legal))]
            kinds.add(type(action).__name__)
            copy = state.clone()
            before = state.position()
            copy.advance(player, action)
            assert state.position() == before
            after = copy.position()
            state.advance(player, action)
            assert copy.position() == after == state.position()
    assert {"Take", "PileMagic", "JackMagic", "KingMagic"} <= kinds
