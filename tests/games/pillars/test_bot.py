"""The heuristic bot: it follows the rule text's advice and beats random play (bot module)."""

from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import Decision, play_game
from cardtable.games.pillars.bot import HeuristicBot

OPPONENT = ["5♥", "6♥", "7♠", "8♠", "9♦", "J♣", "8♣"]
"""A hand of seven for the opponent, so that leads can be answered."""


def choose(state):
    game = state.game
    bot = HeuristicBot(game, 0)
    player = state.turn
    return str(bot.choose(Decision(game, state, player, state.legal_actions(player))))


def test_it_beats_random_play_from_both_seats():
    game = cardtable.load("pillars")
    wins = wins_against_random(game, HeuristicBot, 60)
    assert wins >= 54


def test_it_scores_won_battles_before_the_deck_runs_out(table):
    assert choose(table(hands=(["2♦", "3♦"], OPPONENT), zones={"♣": (["2♣", "3♣"], ["10♣"])},
                        deck=["2♥", "3♥"])) == "score"


def test_it_attacks_with_many_low_cards(table):
    state = table(hands=(["A♦", "2♦", "3♦", "10♦", "9♥"], OPPONENT))
    assert choose(state) == "attack ♦ A♦ 2♦ 3♦"


def test_it_answers_a_lead_by_matching_the_count(table):
    state = table(hands=(["2♣", "3♣", "4♣", "9♥"], OPPONENT), zones={"♣": ([], ["5♣", "6♣"])})
    assert choose(state).startswith("defend ♣") and len(choose(state).split()) >= 4


def test_it_keeps_the_card_that_swings_a_pile(table):
    state = table(zones={"♦": (["2♦", "Q♦"], [])}, pending=["♦"], actions_left=0, acted=True,
                  scored=({}, {"♦": ["3♦"], "faces": ["K♠", "K♣"]}))
    assert choose(state) == "take 2♦"      # ties ♦, the tie-break pile; faces stay behind


def test_it_ends_when_the_bonus_actions_have_nothing_left_to_do(table):
    state = table(hands=([], []), actions_left=2, acted=True)
    assert choose(state) == "end"


def test_its_own_games_replay_from_their_records():
    game = cardtable.load("pillars")
    played = play_game(game, [HeuristicBot(game, 1), HeuristicBot(game, 2)], 3)
    assert cardtable.replay(played.record).position() == played.state.position()
