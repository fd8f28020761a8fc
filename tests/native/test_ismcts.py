"""The native ISMCTS (native/src/ismcts.hpp) in every native game: the same search as
bots/ismcts.py (the same settings, the same choices from the same seed, the tree kept between
moves where Python keeps it), for two players and for The Patriarch's two to eight, refusing
what the Python one refuses in the same words and what is not native yet by name; blind to what
its player cannot see; clearly stronger than the random bot; reproducible from its seed."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from tests.native import (
    test_match_2_52,
    test_matriarchy,
    test_patriarch,
    test_pillars,
    test_queens_mercy,
)
from tests.native.differential import need_native

import cardtable
from cardtable.bots import make_bot
from cardtable.bots.ismcts import Evaluates
from cardtable.core import Decision, OptionError, Rng
from cardtable.core.table import play_game
from cardtable.native import NATIVE_GAMES, engine

need_native()

OUTCOMES = {"matriarchy": test_matriarchy.outcome_of, "pillars": test_pillars.outcome_of,
            "match-2-52": test_match_2_52.outcome_of, "queens-mercy": test_queens_mercy.outcome_of,
            "patriarch": test_patriarch.outcome_of}

SEARCHES = [
    {"iterations": "12", "reuse": "false"},
    {"iterations": "25", "reuse": "false", "root_visits": "2", "expand": "2", "exploration": "1.1"},
    {"iterations": "30", "max_steps": "700", "reuse": "false"},
    {"iterations": "24", "paired": "true", "margin": "0.5"},
    {"iterations": "60", "paired": "true", "halving": "true", "prune": "1"},
    {"iterations": "200", "paired": "true", "max_steps": "900"},
    {"iterations": "20", "reuse": "true"},
    {"iterations": "16", "book": "false"},
]
"""Settings of both engines' searches, as text: the tree, its knobs, the step budget, the
paired search with halving and pruning, and cut by its step budget within a sweep, and the tree
kept between moves (Python's default; kept small: the Python side is slow), and the Queen's Cut
searched rather than played from the game's book."""

SEARCHED = NATIVE_GAMES
"""The games the native search plays: every native game."""

PATRIARCH_OPTIONS = cardtable.load("patriarch").showcase_options
"""The Patriarch's option sets the search is held to Python under (the game's showcase): the
default, The Matriarch (whose owner chooses the secret: a decision searched too) and three
players with per-card feedback."""

GAMES = [(name, {}) for name in SEARCHED if name != "patriarch"] + [
    ("patriarch", dict(options)) for options in PATRIARCH_OPTIONS]
"""Each searched game with the options its search is played under."""


def spec(settings: dict[str, str]) -> str:
    return "ismcts:" + ",".join(f"{key}={value}" for key, value in settings.items())


def walk(name: str, options: dict[str, Any], seed: int, steps: int) -> Any:
    """A native state after ``steps`` random moves (fewer if the game ends), where the seat to
    act has a choice; where the game ends first (a match of The Patriarch lasts a few moves),
    the last state before its end where the seat to act had a choice."""
    state = engine(name).State(seed, options)
    chooser = Rng(seed)
    choosing = None
    for _ in range(steps):
        if state.over():
            break
        seat = first_seat(state)
        if len(state.legal(seat)) > 1:
            choosing = copy.copy(state)
        state.apply(seat, chooser.choice(state.legal(seat)))
    while not state.over() and len(state.legal(first_seat(state))) == 1:
        seat = first_seat(state)
        state.apply(seat, state.legal(seat)[0])
    return choosing if state.over() and choosing is not None else state


def first_seat(state: Any) -> int:
    seats = state.to_act()
    return int(seats[0]) if isinstance(seats, list) else int(seats)


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("settings", SEARCHES, ids=spec)
def test_the_same_games_as_the_python_search(name, options, settings):
    """ISMCTS against the random bot plays the same moves and outcome in both engines."""
    assert_same_search_games(name, settings, "random", options)


PATRIARCH_SEARCHES = [
    ({"iterations": "300", "rollout": "heuristic", "paired": "true", "halving": "true"}, {}),
    ({"iterations": "150", "rollout": "heuristic", "paired": "true", "halving": "true"},
     {"players": 3, "per_card_feedback": True}),
    ({"iterations": "120", "rollout": "heuristic", "paired": "true", "prune": "1"},
     {"variant": "matriarch"}),
    ({"iterations": "40", "rollout": "heuristic", "expand": "2"}, {"players": 4, "games": 2}),
    ({"iterations": "30", "paired": "true", "halving": "true", "max_steps": "2000"},
     {"variant": "advanced-patriarch", "players": 3, "games": 1, "max_guesses": 2}),
    ({"iterations": "15", "reuse": "false"},
     {"shape": (0, 1, 1, 1), "deal": "choose", "repeat_guesses": True, "max_guesses": 6}),
    ({"iterations": "12"}, {"players": 8, "games": 2, "max_guesses": 2}),
    ({"iterations": "8", "reuse": "false"},
     {"variant": "advanced-matriarch", "max_guesses": 2, "games": 1}),
]
"""The Patriarch's searches against its heuristic bot: the claimed strong bot's settings (fewer
iterations: the Python side is slow), heuristic rollouts in the tree, and the other variants,
more players, a shape and the options the showcase leaves out, the paired search cut by its step
budget within a sweep of 2,520 families, eight players (the tree kept between moves), and the
tree over Advanced Matriarch's 46,249 families."""


@pytest.mark.parametrize(("settings", "options"), PATRIARCH_SEARCHES,
                         ids=[f"{spec(settings)}-{options}" for settings, options in
                              PATRIARCH_SEARCHES])
def test_the_patriarchs_search_plays_python_games_against_its_heuristic(settings, options):
    """The Patriarch's search against its heuristic bot, from every seat in turn: the same moves
    and outcome in both engines."""
    assert_same_search_games("patriarch", settings, "heuristic", options)


MORE_PLAYERS = [{"players": 3}, {"players": 4, "games": 2}]
"""The Patriarch for three and four players, where a match is often drawn between two or more
(a shared top score: each seat's return 1/n, as Python's ``Result.returns`` counts it)."""


@pytest.mark.parametrize("options", MORE_PLAYERS)
def test_each_choice_of_more_players_is_pythons(options):
    """At positions of random matches of three and four players, a longer search (the tree, and
    the paired search with a small margin: both weigh shared wins against losses) makes the
    Python search's choice."""
    game = cardtable.load("patriarch", **options)
    native = engine("patriarch")
    chooser = Rng(31)
    checked = 0
    for seed in range(6):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if len(legal) > 1 and chooser.below(3) == 0:
                for settings in ({"iterations": "300", "reuse": "false"},
                                 {"iterations": "200", "paired": "true", "margin": "0.3"}):
                    bot = make_bot(game, spec(settings), seed)
                    expected = bot.choose(Decision(game, state, player, legal))
                    chosen = native.choose(twin, "ismcts", seed, settings, options)[0]
                    assert chosen == str(expected), (options, seed, state.moves, settings)
                    checked += 1
            action = legal[chooser.below(len(legal))]
            state.apply(player, action)
            twin.apply(player, str(action))
    assert checked >= 20, checked


def assert_same_search_games(name: str, settings: dict[str, str], opponent: str,
                             options: dict[str, Any]) -> None:
    """Seeded games of ISMCTS with ``settings`` against ``opponent`` in every other seat, one
    from each seat (at least two games): the same moves and outcome in both engines."""
    game = cardtable.load(name, **options)
    native = engine(name)
    players = game.num_players
    for seed in range(max(2, players)):
        seats = [(spec(settings), players * seed + 1)] + [
            (opponent, players * seed + 2 + k) for k in range(players - 1)]
        turn = seed % players  # the search's seat
        seats = seats[players - turn:] + seats[:players - turn]
        played = play_game(game, [make_bot(game, bot, s) for bot, s in seats], seed)
        moves, outcome = native.play_game(
            seed, [("ismcts", s, settings) if bot != opponent else (bot, s, {})
                   for bot, s in seats], options)
        assert moves == played.record.moves, (name, settings, options, seed)
        assert tuple(outcome) == OUTCOMES[name](played.state)


BLIND = [(name, {}) for name in SEARCHED if name != "queens-mercy"] + [
    ("queens-mercy", {"chaos_pick": "foe_open_choice", "house_rules": True}),
    ("patriarch", {"players": 3, "per_card_feedback": True})]
"""The games and options the search's blindness is checked under (with an open Market Chaos,
The Queen's Mercy's foe's picks are hidden too)."""


@pytest.mark.parametrize(("name", "options"), BLIND)
def test_the_choice_is_blind_to_what_the_player_cannot_see(name, options):
    """For a state and every state its player cannot tell from it (samples for that player),
    the same bot seed makes the same choice, in the tree and in the paired search."""
    native = engine(name)
    checked = 0
    for seed, steps in ((1, 3), (2, 17), (3, 40), (4, 75)):
        state = walk(name, options, seed, steps)
        if state.over():
            continue
        player = first_seat(state)
        for settings in ({"iterations": "150", "reuse": "false"},
                         {"iterations": "120", "paired": "true"}):
            choice = native.choose(state, "ismcts", 9, settings, options)[0]
            for other in range(3):
                twin = state.sample_hidden(player, 100 + other)
                assert native.choose(twin, "ismcts", 9, settings, options)[0] == choice
                checked += 1
    assert checked >= 18


@pytest.mark.parametrize(("words", "refused"), [
    ("iterations=0", "ismcts: iterations must be at least 1"),
    ("seconds=0", "ismcts: seconds must be a finite number more than 0"),
    ("max_steps=0", "ismcts: max_steps must be at least 1"),
    ("root_visits=0", "ismcts: root_visits and expand must be at least 1"),
    ("expand=0", "ismcts: root_visits and expand must be at least 1"),
    ("depth=0", "ismcts: depth must be at least 1"),
    ("halving=true", "ismcts: halving needs paired=true"),
    ("prune=2", "ismcts: prune needs paired=true"),
    ("paired=true,prune=0", "ismcts: prune must be more than 0"),
    ("iterations=many", "bot setting iterations takes int or none, not 'many'"),
    ("rollout=greedy", "bot setting rollout takes random|heuristic, not 'greedy'"),
])
def test_settings_are_refused_as_in_python(words, refused):
    game = cardtable.load("matriarchy")
    with pytest.raises(OptionError, match=refused):
        make_bot(game, f"ismcts:{words}")
    settings = dict(pair.split("=") for pair in words.split(","))
    for name in SEARCHED:
        with pytest.raises(ValueError, match=refused):
            engine(name).play_game(0, [("ismcts", 1, settings), ("random", 2, {})])


@pytest.mark.parametrize(("settings", "refused"), [
    ({"reuse": "false", "endgame": "exact"}, "the native ismcts has no endgame=exact yet"),
    ({"reuse": "false", "colour": "blue"}, "bot ismcts has no setting 'colour'"),
])
def test_what_is_not_native_yet_is_refused_by_name(settings, refused):
    for name in SEARCHED:
        with pytest.raises(ValueError, match=refused):
            engine(name).play_game(0, [("ismcts", 1, settings), ("random", 2, {})])


SHORT_PLAYOUTS = [
    ({"iterations": "10", "reuse": "false", "depth": "2"}, {}),
    ({"iterations": "8", "reuse": "false", "depth": "1", "rollout": "heuristic", "expand": "2"},
     {"max_turns": 12, "first_player": 1}),
    ({"iterations": "30", "reuse": "false", "depth": "4", "max_steps": "150"}, {}),
    ({"iterations": "12", "paired": "true", "margin": "0.25", "depth": "2"},
     {"move_partner_face_up": True}),
    ({"iterations": "12", "paired": "true", "halving": "true", "margin": "0.5", "depth": "2",
      "rollout": "heuristic"}, {}),
    ({"iterations": "24", "paired": "true", "halving": "true", "prune": "1", "depth": "3",
      "max_steps": "200"}, {"max_turns": 12, "first_player": 1}),
]
"""Searches with short playouts (``depth``) and the Match 2-52 options they play under: the tree
and the paired search (with halving and pruning), random and heuristic rollouts, and playouts cut
by the step budget (scored by the estimate too); small, since the Python side is slow."""


@pytest.mark.parametrize(("settings", "options"), SHORT_PLAYOUTS,
                         ids=[spec(settings) for settings, _ in SHORT_PLAYOUTS])
def test_short_playouts_make_the_same_choices_as_the_python_search(settings, options):
    """With ``depth``, Match 2-52's search against its heuristic bot plays the same moves and
    outcome in both engines, from either seat: the playouts stop at the same moment and are
    scored by the same estimate."""
    assert_same_search_games("match-2-52", settings, "heuristic", options)


@pytest.mark.parametrize("name", SEARCHED)
def test_depth_needs_a_game_that_evaluates_positions(name):
    """``depth`` is played where the game estimates positions (Match 2-52) and refused in both
    engines in the same words where it does not, before the other settings' checks, as in
    Python."""
    game = cardtable.load(name)
    native = engine(name)
    settings = {"iterations": "5", "reuse": "false", "depth": "2"}
    if isinstance(game, Evaluates):
        make_bot(game, spec(settings))
        assert native.seat_refusal("ismcts", settings) == ""
        return
    refused = "ismcts: depth needs a game that evaluates positions (an evaluate method)"
    settings["halving"] = "true"  # refused as well, but after depth
    with pytest.raises(OptionError, match=re.escape(refused)):
        make_bot(game, spec(settings))
    with pytest.raises(ValueError, match=re.escape(refused)):
        native.play_game(0, [("ismcts", 1, settings), ("random", 2, {})])


@pytest.mark.parametrize("name", SEARCHED)
def test_a_modest_search_beats_the_random_bot_clearly(name):
    """200 deals a move against the random bot, each seat in turn, on fixed seeds."""
    native = engine(name)
    outcome = OUTCOMES[name]
    search = ("ismcts", 0, {"iterations": "200", "reuse": "false"})
    wins = 0
    games = 20
    for seed in range(games):
        seat = seed % 2
        seats = [("random", 1000 + seed, {})]
        seats.insert(seat, (search[0], seed, search[2]))
        _, result = native.play_game(seed, seats)
        wins += winner_of(name, tuple(result), outcome) == seat
    assert wins >= 16, (name, wins)


def winner_of(name: str, result: tuple[int, ...], outcome: Any) -> int:
    """The winning seat (-1: a draw) of a native outcome."""
    if name == "matriarchy":
        return -1 if result[0] == result[1] else 0 if result[0] > result[1] else 1
    if name == "patriarch":  # games won by each seat, then the winner
        return result[-1]
    return result[2]


@pytest.mark.parametrize("name", SEARCHED)
def test_the_search_is_reproducible_from_its_seed(name):
    native = engine(name)
    settings = {"iterations": "80", "reuse": "false"}
    first = native.play_game(3, [("ismcts", 5, settings), ("ismcts", 6, settings)])
    again = native.play_game(3, [("ismcts", 5, settings), ("ismcts", 6, settings)])
    other = native.play_game(3, [("ismcts", 7, settings), ("ismcts", 8, settings)])
    assert first == again
    assert first[0] != other[0]


@pytest.mark.parametrize("name", SEARCHED)
def test_heuristic_rollouts_play_the_games_heuristic_or_are_refused_with_it(name):
    """rollout=heuristic plays the native heuristic bot where the game has one (the same game as
    Python's); where it has none yet, the search is refused in the heuristic's own words."""
    native = engine(name)
    settings = {"iterations": "8", "reuse": "false", "rollout": "heuristic"}
    try:
        native.play_game(0, [("heuristic", 1, {}), ("random", 2, {})])
    except ValueError as missing:
        with pytest.raises(ValueError, match=re.escape(str(missing))):
            native.play_game(0, [("ismcts", 1, settings), ("random", 2, {})])
        return
    game = cardtable.load(name)
    played = play_game(game, [make_bot(game, spec(settings), 1), make_bot(game, "random", 2)], 0)
    moves, outcome = native.play_game(0, [("ismcts", 1, settings), ("random", 2, {})])
    assert moves == played.record.moves
    assert tuple(outcome) == OUTCOMES[name](played.state)


@pytest.mark.parametrize("name", SEARCHED)
def test_the_budget_is_iterations_or_seconds(name):
    """``iterations`` deals exactly (within ``max_steps``), 300 when neither budget is given;
    ``seconds`` alone searches for that long and at least one deal."""
    native = engine(name)
    state = walk(name, {}, 2, 5)
    assert native.choose(state, "ismcts", 1, {"iterations": "37", "reuse": "false"})[1] == 37
    assert native.choose(state, "ismcts", 1, {"reuse": "false"})[1] == 300
    assert native.choose(state, "ismcts", 1, {"seconds": "0.02", "reuse": "false"})[1] >= 1
    capped = {"iterations": "5000", "max_steps": "50", "reuse": "false"}
    assert 1 <= native.choose(state, "ismcts", 1, capped)[1] < 5000


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_game_seats_the_search(name, options):
    """Every native game and option set seats the search, as the simulations ask before they
    play natively."""
    assert "ismcts" in engine(name).bots(["random", "heuristic", "ismcts"], options)


REUSED = [("matriarchy", {}, {"iterations": "12"}, 0), ("pillars", {}, {"iterations": "30"}, 2),
          ("match-2-52", {}, {"iterations": "12"}, 0),
          ("queens-mercy", {}, {"iterations": "12", "book": "false"}, 0),
          ("patriarch", {}, {"iterations": "12"}, 0),
          ("patriarch", {"variant": "matriarch"}, {"iterations": "12"}, 1),
          ("patriarch", {"players": 3, "per_card_feedback": True}, {"iterations": "12"}, 1)]
"""For each game (The Patriarch under each showcase option set), its options, a search (the
tree kept between moves: Python's default) and the seed of a game between such searches in which
it keeps its tree at least once. (The Queen's Mercy's only moves that leave the same player to
act are at the Cut, which its book plays unsearched.)"""


@pytest.mark.parametrize(("name", "options", "settings", "seed"), REUSED)
def test_the_tree_is_kept_between_moves_where_python_keeps_it(name, options, settings, seed):
    """Searches play whole games, each seat a Python bot and a native ``Search`` kept from move
    to move: the same choice at every decision, and the same decisions go on from the subtree
    kept at the one before (counted, and at least one)."""
    assert searched_in_step(name, settings, seed, options) >= 1, name


def test_the_tree_is_kept_with_heuristic_rollouts_as_in_python():
    assert searched_in_step("pillars", {"iterations": "10", "rollout": "heuristic"}, 1) >= 1
    patriarch = {"players": 3, "per_card_feedback": True}
    assert searched_in_step("patriarch", {"iterations": "10", "rollout": "heuristic"}, 0,
                            patriarch) >= 1


def searched_in_step(name: str, settings: dict[str, str], seed: int,
                     options: dict[str, Any] | None = None) -> int:
    """A game dealt from ``seed`` between searches with ``settings``, one a seat, played in both
    engines side by side; the decisions made from a kept subtree (the same in both, checked)."""
    options = options or {}
    game = cardtable.load(name, **options)
    native = engine(name)
    state, twin = game.new_state(seed), native.State(seed, options)
    seats = range(game.num_players)
    bots = [make_bot(game, spec(settings), 10 + seat) for seat in seats]
    searches = [native.Search(10 + seat, settings, options) for seat in seats]
    reused, kept = [0 for _ in seats], [None for _ in seats]
    while not state.is_over():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        action = legal[0]
        if len(legal) > 1:  # a forced move asks nobody, as play_game plays it
            bot = bots[player]
            action = bot.choose(Decision(game, state, player, legal))
            root = bot.last_root  # None where no tree was searched (the game's book)
            reused[player] += root is not None and root is kept[player]
            kept[player] = None if root is None else root.children.get(((player, action),))
            assert searches[player].choose(twin)[0] == str(action), (name, seed, state.moves)
        state.apply(player, action)
        twin.apply(player, str(action))
    assert reused == [search.reused for search in searches], (name, seed)
    return sum(reused)


VIEWED = GAMES + [("queens-mercy", {"chaos_pick": "foe_open_choice", "house_rules": True})]


@pytest.mark.parametrize(("name", "options"), VIEWED)
def test_what_a_player_sees_is_compared_as_python_compares_views(name, options):
    """``same_view`` (what the tree reuse compares) is true exactly when Python's views are equal:
    over positions of random games, for each seat, between the real state and deals for the seat
    to act, before a move and after the same move in each (both answers occur often)."""
    game = cardtable.load(name, **options)
    native = engine(name)
    chooser = Rng(23)
    answers = {True: 0, False: 0}
    for seed in range(4):
        state, twin = game.new_state(seed), native.State(seed, options)
        while not state.is_over():
            player = state.to_act()[0]
            legal = state.legal_actions(player)
            if chooser.below(3) == 0:  # forced moves too: a draw from the deck is one
                pairs = [(state, twin)] + [
                    (state.sample_hidden(player, Rng(deal)), twin.sample_hidden(player, deal))
                    for deal in range(3)]
                assert_same_views(pairs, game.num_players, (name, seed, state.moves))
                for action in [legal[chooser.below(len(legal))] for _ in range(2)]:
                    after = []
                    for one, one_twin in pairs:
                        one, one_twin = one.clone(), copy.copy(one_twin)
                        one.apply_unchecked(player, action)
                        one_twin.apply(player, str(action))
                        after.append((one, one_twin))
                    where = (name, seed, state.moves, str(action))
                    for same in assert_same_views(after, game.num_players, where):
                        answers[same] += 1
            action = legal[chooser.below(len(legal))]
            state.apply(player, action)
            twin.apply(player, str(action))
    assert min(answers.values()) >= 20, answers


def assert_same_views(pairs: list[tuple[Any, Any]], players: int,
                      where: tuple[Any, ...]) -> list[bool]:
    """For each two of ``pairs`` (a Python state and its native twin) and each of the
    ``players`` seats, the native ``same_view`` answers whether the Python views are equal; the
    answers."""
    answers = []
    for seat in range(players):
        for k, (one, one_twin) in enumerate(pairs):
            for other, other_twin in pairs[k + 1:]:
                same = one.view(seat) == other.view(seat)
                assert one_twin.same_view(other_twin, seat) == same, (*where, seat)
                answers.append(same)
    return answers
