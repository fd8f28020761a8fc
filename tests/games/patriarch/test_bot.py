"""The bots: consistent, optimal (worst case and expected) guessers; random and adversarial
owners; waiting for a grade in the multiplayer queue."""

import pytest

import cardtable
from cardtable.bots import RandomBot
from cardtable.core import Decision, play_game
from cardtable.games.patriarch.actions import WAIT, Family
from cardtable.games.patriarch.board import Phase
from cardtable.games.patriarch.bot import candidates
from cardtable.games.patriarch.grading import grade


def guesses_needed(game, bot_name, secret_index, seed=0):
    """How many guesses the bot needs against one secret (as the only guesser)."""
    tree_space = game.tree_space()
    secret = tree_space.trees[secret_index]
    state = game.new_state(0)
    state.secret, state.phase, state.turn = secret, Phase.GUESS, 1
    bot = game.bots()[bot_name](game, seed)
    for count in range(1, game.options.max_guesses + 1):
        action = bot.choose(Decision(game, state, 1, state.legal_actions(1)))
        state.apply(1, action)
        if state.is_over() or state.owner != 0:
            return count if action.parents == secret else None
    return None


def test_the_optimal_bot_finds_every_patriarch_family_within_three_guesses():
    game = cardtable.load("patriarch", games=1)
    assert max(guesses_needed(game, "optimal", i) for i in range(len(game.tree_space()))) == 3


def test_the_optimal_bot_finds_every_matriarch_family_within_four_guesses():
    game = cardtable.load("patriarch", variant="matriarch", deal="random", games=1)
    needed = [guesses_needed(game, "optimal", i) for i in range(0, 205, 3)]
    assert None not in needed and max(needed) <= 4


def test_the_consistent_bot_only_lays_out_families_that_fit_every_grade():
    game = cardtable.load("patriarch", games=1)
    state = game.new_state(11)
    bot = game.bots()["consistent"](game, 4)
    while not state.is_over():
        action = bot.choose(Decision(game, state, 1, state.legal_actions(1)))
        for _, family, result in state.graded:
            assert grade(action.parents, family).counts() == result.counts()
        state.apply(1, action)


def test_candidates_read_per_card_marks_and_counts_alike():
    for per_card in (False, True):
        game = cardtable.load("patriarch", per_card_feedback=per_card, games=1)
        state = game.new_state(2)
        state.apply(1, state.legal_actions(1)[0])
        alive = candidates(game.tree_space(), state.view(1)["body"])
        assert game.tree_space().index[state.secret] in alive
    counts_only = state.view(1)["body"]
    for entry in counts_only["graded"]:
        del entry["marks"]
    assert len(alive) < len(candidates(cardtable.load("patriarch").tree_space(), counts_only))


def test_the_adversarial_owner_picks_a_family_the_optimal_guesser_needs_most_guesses_for():
    game = cardtable.load("patriarch", variant="matriarch", games=1)
    state = game.new_state(0)
    owner = game.bots()["adversarial-owner"](game, 3)
    action = owner.choose(Decision(game, state, 0, state.legal_actions(0)))
    index = game.tree_space().index[action.parents]
    assert guesses_needed(game, "optimal", index) == 4


def test_the_random_owner_varies_its_family():
    game = cardtable.load("patriarch", variant="matriarch")
    state = game.new_state(0)
    chosen = {game.bots()["random-owner"](game, seed).choose(
        Decision(game, state, 0, state.legal_actions(0))) for seed in range(10)}
    assert len(chosen) > 5 and all(isinstance(a, Family) for a in chosen)


def test_a_guesser_with_a_guess_in_the_queue_waits_for_its_grade(three, make_position):
    state = three.from_position(make_position(three, queue=[(1, "2(A(5) 3(4))")], turn=1))
    bot = three.bots()["optimal"](three, 0)
    assert bot.choose(Decision(three, state, 1, state.legal_actions(1))) is WAIT


@pytest.mark.parametrize("name", ["heuristic", "optimal"])
def test_bots_beat_random_play(name):
    game = cardtable.load("patriarch")
    factory = game.bots()[name]
    wins = 0
    for seed in range(10):
        for seat in (0, 1):
            bots = [RandomBot(game, seed + 500), RandomBot(game, seed + 500)]
            bots[seat] = factory(game, seed)
            wins += play_game(game, bots, seed, keep_record=False).state.result().winner == seat
    assert wins >= 15
