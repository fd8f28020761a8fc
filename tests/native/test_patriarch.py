"""The native Patriarch family is held to the Python engine move for move: the same families in
the same order (each variant's fixed shape, another ``shape``, or every tree within the
Matriarch variants' generation limit), the same dealt secrets, the same passes of 2 to 4 players
with the grading queue and ``wait``, the same grades, the same random bots' choices and the same
games won, under every option."""

from __future__ import annotations

import pytest
from tests.native.differential import (
    assert_same_random_games,
    assert_same_steps,
    assert_same_walk,
    need_native,
    winner_code,
)

import cardtable
from cardtable.core import Rng
from cardtable.games.patriarch import trees
from cardtable.native import engine

need_native()

OPTION_SETS = [
    {},
    {"variant": "advanced-patriarch"},
    {"variant": "matriarch"},
    {"variant": "advanced-matriarch", "max_guesses": 3},
    {"players": 3, "per_card_feedback": True, "max_guesses": 5},
    {"players": 3, "variant": "matriarch", "repeat_guesses": True, "games": 2},
    {"players": 4, "variant": "matriarch", "deal": "random", "games": 1, "max_guesses": 2},
    {"shape": (0, 1, 1, 1), "deal": "choose", "max_guesses": 6, "repeat_guesses": True},
    {"shape": (0, 1, 1, 1), "players": 3, "max_guesses": 6, "per_card_feedback": True},
    {"shape": (0, 1), "players": 3, "max_guesses": 1, "games": 4},
    {"variant": "advanced-patriarch", "shape": (0, 1, 1, 2, 2, 3, 3), "players": 3},
    {"shape": (2, 3, 0, 3, 1, 1, 2, 5), "games": 3},
]
"""Together they set every option and variant, 2, 3 and 4 players, and five other shapes (the
star of four, two cards, the complete binary tree of seven, one of eight written from a
position other than the first)."""

BIG = ({"variant": "advanced-matriarch", "max_guesses": 3}, {"shape": (2, 3, 0, 3, 1, 1, 2, 5),
                                                             "games": 3})
"""The option sets with tens of thousands of families: fewer games, each one slower to check."""


def outcome_of(state) -> tuple[int, ...]:
    """Games won by each seat and the winner, as the native ``outcome`` gives them."""
    result = state.result()
    return (*(int(score) for score in result.scores), winner_code(result))


def bots_for(options) -> tuple[str, ...]:
    return ("random",) * options.get("players", 2)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_random_bots_are_the_same_move_for_move(options):
    games = 60 if options in BIG else 300
    assert_same_random_games("patriarch", options, games, outcome_of, bots=bots_for(options))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_step_offers_the_same_legal_actions(options):
    assert_same_steps("patriarch", options, 3 if options in BIG else 25, outcome_of)


@pytest.mark.parametrize("options", [OPTION_SETS[0], OPTION_SETS[4], OPTION_SETS[8]])
def test_every_grade_is_the_same(options):
    """Each graded guess, with its grade as ``TreeSpace.code_of`` packs it (counts, or each
    card's mark with per-card feedback), at every step of random games."""
    native = engine("patriarch")
    game = cardtable.load("patriarch", **options)
    chooser = Rng(11)
    for seed in range(30):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            text = chooser.choice([str(a) for a in state.legal_actions(player)])
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
            if not state.is_over():
                assert twin.graded == [(p, trees.to_text(family), state.space.code_of(grade))
                                       for p, family, grade in state.graded], (options, seed)


def test_an_illegal_action_or_option_is_refused_and_changes_nothing():
    state = engine("patriarch").State(3)
    before = state.legal(1)
    with pytest.raises(ValueError, match="not a legal action of player 1 now: wait"):
        state.apply(1, "wait")
    with pytest.raises(ValueError, match="not a legal action of player 0 now"):
        state.apply(0, before[0])
    assert state.moves == 0 and state.legal(1) == before and state.legal(0) == []
    refused = [
        ({"cards": 6}, "the native Patriarch has no option cards"),
        ({"variant": "grandmother"}, "variant is one of 'patriarch', "),
        ({"deal": "auction"}, "deal is one of 'variant', 'random', 'choose', not auction"),
        ({"players": 9}, "players must be 2 to 8, not 9"),
        ({"max_guesses": 0}, "max_guesses must be at least 1, not 0"),
        ({"games": 0}, "games must be at least 1, not 0"),
        ({"variant": "matriarch", "shape": (0, 1)}, "the Matriarch variants allow every shape"),
        ({"shape": (0, 1, 0)}, "exactly one root"),
        ({"shape": (0, 3, 2)}, "the shape has a cycle"),
        ({"shape": (0, 2)}, "entry 2 of the shape names no other position: 2"),
        ({"shape": tuple(range(10))}, "a shape has 2 to 8 positions, not 10"),
    ]
    for options, message in refused:
        with pytest.raises(ValueError, match=message):
            engine("patriarch").State(1, options)


def test_a_game_is_played_by_one_seat_per_player():
    native = engine("patriarch")
    with pytest.raises(ValueError, match="this game has 3 seats, not 2"):
        native.random_game(1, 2, 3, {"players": 3})
    with pytest.raises(ValueError, match="this game has 2 seats, not 3"):
        native.play_game(1, [("random", 1, {})] * 3)
    pair = [("ismcts", 1, {"iterations": "5"}), ("random", 2, {})]
    with pytest.raises(ValueError, match="this game has 3 seats, not 2"):  # a ladder's pairs
        native.play_range("1", 0, 2, [(name, None, settings) for name, _, settings in pair],
                          True, {"players": 3})
    with pytest.raises(ValueError, match="this game has 3 seats, not 2"):
        native.play_games([1], [pair], {"players": 3})


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_heuristic_bots_are_the_same_move_for_move(options):
    """The consistent guesser's draws, its waits for its own queued guess and, where the owner
    chooses, the random owner's secret."""
    games = 15 if options in BIG else 150
    bots = ("heuristic",) * options.get("players", 2)
    assert_same_random_games("patriarch", options, games, outcome_of, bots=bots)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_games_between_heuristic_and_random_bots_are_the_same_move_for_move(options):
    games = 15 if options in BIG else 150
    bots = ("heuristic", "random", "heuristic", "random")[:options.get("players", 2)]
    assert_same_random_games("patriarch", options, games, outcome_of, bots=bots)
    assert_same_random_games("patriarch", options, games // 3, outcome_of, bots=bots[::-1])


def test_the_heuristic_bot_refuses_every_setting_by_name():
    refusal = "bot heuristic has no setting 'depth'"
    with pytest.raises(ValueError, match=refusal):
        engine("patriarch").play_game(1, [("heuristic", 1, {"depth": "2"}), ("random", 2, {})])


@pytest.mark.parametrize("options", [OPTION_SETS[0], OPTION_SETS[5], OPTION_SETS[7]])
def test_games_of_the_consistent_bot_are_the_same_move_for_move(options):
    bots = ("consistent", "heuristic", "random")[:options.get("players", 2)]
    assert_same_random_games("patriarch", options, 60, outcome_of, bots=bots)


@pytest.mark.parametrize("name",
                         ["optimal", "optimal-expected", "random-owner", "adversarial-owner"])
def test_the_bots_of_the_optimal_strategies_are_refused_by_name(name):
    with pytest.raises(ValueError, match=f"the native Patriarch has no bot {name} yet"):
        engine("patriarch").play_game(1, [(name, 1, {}), ("random", 2, {})])


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_sample_deals_the_same_secret_in_both_engines(options):
    """At several steps of random games, a sample for each seat with the same seed in both
    engines plays on by the same random moves with the same legal actions and outcome (so the
    same secret among the consistent families, and the same fresh generator)."""
    native = engine("patriarch")
    game = cardtable.load("patriarch", **options)
    chooser = Rng(13)
    samples = 0
    for seed in range(2 if options in BIG else 6):
        state, twin = game.new_state(seed), native.State(seed, options)
        step = 0
        while not state.is_over():
            if step % 3 == 1:
                for seat in range(state.num_players):
                    sample_seed = 1000 * seed + 10 * step + seat
                    sample = state.sample_hidden(seat, Rng(sample_seed))
                    assert_same_walk(game, sample, twin.sample_hidden(seat, sample_seed),
                                     Rng(sample_seed), outcome_of, lambda state: state.to_act()[0])
                    samples += 1
            player = state.to_act()[0]
            text = chooser.choice([str(a) for a in state.legal_actions(player)])
            state.apply(player, game.action_from_text(text))
            twin.apply(player, text)
            step += 1
    assert samples >= 6


def test_a_sample_changes_the_secret_only_and_leaves_the_state():
    """The same seed deals the same sample; other seeds deal other secrets, each consistent
    with every grade; the real state is left as it was."""
    native = engine("patriarch")
    twin = native.State(4)
    chooser = Rng(3)
    for _ in range(2):  # two guesses laid out and graded
        seat = twin.to_act()
        twin.apply(seat, chooser.choice([t for t in twin.legal(seat) if t != "wait"]))
    graded, moves = twin.graded, twin.moves
    assert len(graded) == 2
    outcomes = set()
    for seed in range(8):
        sample = twin.sample_hidden(1, seed)
        assert sample.graded == graded
        again = twin.sample_hidden(1, seed)
        walk = Rng(seed)
        while not sample.over():
            seat = sample.to_act()
            text = walk.choice(sample.legal(seat))
            sample.apply(seat, text)
            again.apply(seat, text)
        assert again.over() and again.outcome() == sample.outcome()
        outcomes.add((tuple(sample.outcome()), sample.moves))
    assert len(outcomes) > 1
    assert twin.graded == graded and twin.moves == moves
