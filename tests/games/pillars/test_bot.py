"""The heuristic bot: it follows the rule text's advice and beats random play (bot module)."""

from tests.support.matches import wins_against_random

import cardtable
from cardtable.core import Decision, Rng, play_game, view_json
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


def test_through_the_body_alone_it_chooses_as_through_the_whole_view_and_blind_to_hidden_cards():
    """The bot reads ``Decision.body`` (the view's body made without its envelope). Over many
    seeded positions, off its own lines too, it chooses the same as when the whole view was
    made first, that body is the view's and shows no secret, and a redeal of every card the
    player cannot see (``sample_hidden``) changes neither the body nor the choice."""
    bot = HeuristicBot(cardtable.load("pillars"), 0)
    rng = Rng(3)
    decisions = 0
    for options in cardtable.load("pillars").showcase_options:
        game = cardtable.load("pillars", **options)
        for seed in range(12):
            state = game.new_state(seed)
            while not state.is_over():
                player = state.turn
                legal = state.legal_actions(player)
                alone = Decision(game, state, player, legal)
                whole = Decision(game, state, player, legal)
                view = whole.view
                body = alone.body
                assert body == view["body"]
                text = view_json(body)
                assert not [secret for secret in state.secrets(player) if secret in text]
                choice = bot.choose(alone)
                assert bot.choose(whole) == choice
                redealt = state.sample_hidden(player, rng)
                again = Decision(game, redealt, player, redealt.legal_actions(player))
                assert again.body == body and bot.choose(again) == choice
                decisions += len(legal) > 1
                state.apply(player, choice if rng.below(2) else legal[rng.below(len(legal))])
    assert decisions > 1000
