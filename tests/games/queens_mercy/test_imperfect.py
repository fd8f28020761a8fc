"""The endgame of imperfect information: a trick-11 endgame checked by hand, agreement with the
perfect-information solver, the hook the bots use."""

import pytest
from tests.games.queens_mercy.test_endgame import endgame_position

import cardtable
from cardtable.bots import make_bot
from cardtable.core import Decision, Rng
from cardtable.games.queens_mercy import endgame, imperfect


@pytest.fixture
def hearts_spades():
    return cardtable.load("queens-mercy", suits=("♥", "♠"))


def last_trick_decides(game, hands, decks):
    """Trick 11 at 9-9: the trick's winner reaches the cap (10) and takes the round."""
    return game.from_position(endgame_position(game, hands, scores=(9, 9), trick=11,
                                               decks=decks))


def test_a_trick_11_endgame_checked_by_hand(hearts_spades):
    """Seat 0 has 10 8 6 4 of Hearts left, seat 1 has 9 7 5 3 of Spades, one of each in the
    deck, unseen by the foe; the trick-11 winner takes the round. Holding the 10, seat 0 plays
    it and wins (3 deals in 4). Without it seat 0's best is the 8, which wins only when the
    foe's 9 is in the deck (1 in 4). So seat 0 expects 3/4 + 1/4 * 1/4 = 13/16; holding
    8 6 4 it expects 1/4, and seat 1 holding 9 7 5 expects 1/4 (the 10 is in the deck)."""
    with_ten = last_trick_decides(hearts_spades, (["10♥", "8♥", "6♥"], ["9♠", "7♠", "5♠"]),
                                  (["4♥"], ["3♠"]))
    analysis = imperfect.analyse(with_ten, 0)
    assert analysis.value == pytest.approx(1)
    assert dict(zip(map(str, analysis.actions), analysis.mix, strict=True))["10♥"] == \
        pytest.approx(1)
    tree = imperfect.HiddenEndgame(with_ten, 0)
    assert tree.deals == 16
    assert tree.form.solve().value == pytest.approx(13 / 16)

    without_ten = last_trick_decides(hearts_spades, (["8♥", "6♥", "4♥"], ["9♠", "7♠", "5♠"]),
                                     (["10♥"], ["3♠"]))
    assert imperfect.analyse(without_ten, 0).value == pytest.approx(1 / 4)
    assert imperfect.analyse(without_ten, 1).value == pytest.approx(1 / 4)
    assert hearts_spades.analyse(without_ten, 1).startswith("commit 9♠ 100%: you win this "
                                                            "round 25%")


def test_it_agrees_with_the_perfect_information_solver_when_nothing_is_hidden(hearts_spades):
    """From trick 12 there is one deal; walked to the end of the round in sequence form, the
    game has the values and mixes of the backed-up matrix games."""
    diamonds = cardtable.load("queens-mercy", suits=("♦", "♠"))
    cases = [
        (hearts_spades, endgame_position(hearts_spades, (["10♥", "8♥", "6♥"],
                                                         ["9♠", "7♠", "5♠"]), trick=12)),
        (diamonds, endgame_position(diamonds, (["8♦", "6♦"], ["7♠", "5♠"]), chaos=True,
                                    last=("X♦", "2♠"))),
    ]
    game = cardtable.load("queens-mercy")
    bot = game.bots()["heuristic"](game, 0)
    state = game.new_state(11)
    while not endgame.solved_from(state):
        player = state.to_act()[0]
        state.apply(player, bot.choose(Decision(game, state, player,
                                                state.legal_actions(player))))
    cases.append((game, state.position()))
    for game, position in cases:
        state = game.from_position(position)
        for player in (0, 1):
            perfect = endgame.analyse(state, player)
            tree = imperfect.HiddenEndgame(state, player, perfect_from=15)
            solution = tree.form.solve()
            assert tree.deals == 1
            assert tree.value_for_player(solution) == pytest.approx(perfect.value)
            if game is hearts_spades:  # the 3x3 game's one equilibrium: both mix uniformly
                mix = tree.form.behaviour(player, tree.root_key, solution.plans[player])
                assert [mix[a] for a in perfect.actions] == pytest.approx(perfect.mix)


def test_nothing_is_solved_while_the_decks_hold_more(hearts_spades):
    state = hearts_spades.new_state(3)
    assert not imperfect.solved_from(state, imperfect.HINT_DECK)
    assert imperfect.exact_analysis(state, 0, imperfect.HINT_DECK) is None


def test_the_bots_get_the_solved_mix_from_trick_11(hearts_spades):
    state = last_trick_decides(hearts_spades, (["10♥", "8♥", "6♥"], ["9♠", "7♠", "5♠"]),
                               (["4♥"], ["3♠"]))
    decision = Decision(hearts_spades, state, 0, state.legal_actions(0))
    policy = dict((str(action), share) for action, share in hearts_spades.solved_policy(decision))
    assert policy["10♥"] == pytest.approx(1)
    assert str(hearts_spades.bots()["exact"](hearts_spades, 3).choose(decision)) == "10♥"
    ismcts = make_bot(hearts_spades, "ismcts:iterations=1,endgame=exact", 1)
    assert str(ismcts.choose(decision)) == "10♥"
    assert hearts_spades.solved_policy(Decision(hearts_spades, hearts_spades.new_state(0), 0,
                                                [])) is None


def test_the_analysis_uses_only_the_players_knowledge(hearts_spades):
    """Two positions that differ only in seat 1's hidden split give seat 0 one analysis."""
    first = last_trick_decides(hearts_spades, (["8♥", "6♥", "4♥"], ["9♠", "7♠", "5♠"]),
                               (["10♥"], ["3♠"]))
    second = last_trick_decides(hearts_spades, (["8♥", "6♥", "4♥"], ["3♠", "7♠", "5♠"]),
                                (["10♥"], ["9♠"]))
    assert imperfect.analyse(first, 0) == imperfect.analyse(second, 0)
    assert first.sample_hidden(0, Rng(0)).view(0) == second.sample_hidden(0, Rng(0)).view(0)


def test_an_ultimatum_with_a_card_still_hidden():
    """Trick 11 at 8-8: Joker♠ beats J♥ (seat 0 at 9) and seat 1 must answer, not knowing
    which of seat 0's cards left lies in the deck. Answering foe+1 puts seat 0 at the cap (a
    lost round); me-1 leaves seat 0 at 9 and seat 1 at 7, and seat 1's 10 9 8 then beat
    seat 0's 7 5 3 in every trick: 10-9, a won round. Each answer's worth is the mean over
    the three deals of the perfect-information value after it."""
    game = cardtable.load("queens-mercy", suits=("♠", "♥"))
    state = game.from_position(endgame_position(
        game, (["X♠", "7♠", "5♠"], ["J♥", "10♥", "9♥"]), scores=(8, 8), trick=11,
        decks=(["3♠"], ["8♥"])))
    state.apply(0, game.action_from_text("X♠"))
    state.apply(1, game.action_from_text("J♥"))
    assert state.to_act() == (1,)
    deals = [deal for deal in imperfect.hidden_deals(state)
             if sorted(deal.hands[1]) == sorted(state.hands[1])]
    assert len(deals) == 3
    worth = {}
    for answer in state.legal_actions(1):
        values = []
        for deal in deals:
            after = deal.clone()
            after.apply(1, answer)
            values.append(1 - endgame.Endgame(1).value(after))
        worth[str(answer)] = sum(values) / 3
    assert worth == {"foe+1": 0.0, "me-1": 1.0}
    analysis = imperfect.analyse(state, 1)
    assert analysis.value == pytest.approx(1)
    assert game.analyse(state, 1).startswith("play me-1 100%: you win this round 100%")
