"""The search bot a table plays natively (``cardtable.bots.native_search``): the same bot as the
Python ``ismcts`` of the same spec and seed, move for move at a table in every native game,
chosen where the native engine plays it and refused by name where it is asked for and cannot."""

from __future__ import annotations

import sys

import pytest
from tests.native.differential import need_native

import cardtable
from cardtable.bots import IsmctsBot, make_bot
from cardtable.bots.ismcts import solved_policy
from cardtable.bots.native_search import NativeSearchBot, table_bot
from cardtable.core import OptionError, Table
from cardtable.native import NATIVE_GAMES, NativeUnavailableError

need_native()

SEARCH = "ismcts:iterations=20"
"""A search small enough for the Python side, with the tree kept between moves (the default)."""


def played(name: str, engine: str, seed: int, specs: tuple[str, str]) -> list[tuple[int, str]]:
    game = cardtable.load(name)
    seats = [table_bot(game, spec, 100 * seed + seat, engine) for seat, spec in enumerate(specs)]
    if engine == "native":
        assert [isinstance(seat, NativeSearchBot) for seat in seats] == [
            spec.startswith("ismcts") for spec in specs]
    table = Table(game, seats, seed)
    table.run()
    assert table.record is not None
    return table.record.moves


@pytest.mark.parametrize("name", NATIVE_GAMES)
def test_a_table_s_native_search_plays_the_python_search_s_game(name):
    for seed, specs in [(1, (SEARCH, SEARCH)), (2, ("random", SEARCH))]:
        assert played(name, "native", seed, specs) == played(name, "python", seed, specs), seed


def test_a_search_seat_asked_before_its_foe_commits_chooses_as_the_python_one():
    game = cardtable.load("queens-mercy")
    table = Table(game, [make_bot(game, "random", seat) for seat in range(2)], 5)
    native = table_bot(game, SEARCH, 9)
    python = table_bot(game, SEARCH, 9, "python")
    asked = 0
    while not table.state.is_over():
        waiting = table.waiting()
        if len(waiting) == 2:  # both commit: the second seat is asked first, as a server may
            decision = table.decision(1)
            if len(decision.legal) > 1:
                assert native.choose(decision) == python.choose(decision)
                asked += 1
        table.step()
    assert asked >= 5


def test_one_bot_over_two_games_deals_the_second_again():
    game = cardtable.load("matriarchy")
    records = {}
    for engine in ("native", "python"):
        bot = table_bot(game, SEARCH, 3, engine)
        records[engine] = []
        for seed in (1, 2):
            table = Table(game, [bot, make_bot(game, "random", seed)], seed)
            table.run()
            assert table.record is not None
            records[engine].append(table.record.moves)
    assert records["native"] == records["python"]


@pytest.mark.parametrize("name", ["queens-mercy", "patriarch"])
def test_the_exact_endgame_is_drawn_as_the_python_search_draws_it(name):
    """The game's exact mix (solved in Python) drawn from the native search's generator: the
    same games as the Python bot's, the search going on after each solved decision."""
    spec = SEARCH + ",endgame=exact"
    game = cardtable.load(name)
    for seed in (1, 2):
        solved = 0
        bots = [table_bot(game, spec, 100 * seed + seat) for seat in range(2)]
        table = Table(game, bots, seed)
        while not table.state.is_over():
            decision = table.next_decision()
            if decision is not None and len(decision.legal) > 1:
                solved += solved_policy(decision) is not None
            table.step()
        assert solved >= 1, (name, seed)
        assert table.record is not None
        assert table.record.moves == played(name, "python", seed, (spec, spec)), (name, seed)


def test_the_engine_is_native_only_where_it_plays_the_spec(monkeypatch):
    game = cardtable.load("queens-mercy")
    assert isinstance(table_bot(game, SEARCH), NativeSearchBot)
    assert isinstance(table_bot(game, SEARCH + ",endgame=exact"), NativeSearchBot)
    assert isinstance(table_bot(game, SEARCH, engine="python"), IsmctsBot)
    assert table_bot(game, "heuristic").name == "heuristic"
    monkeypatch.setitem(sys.modules, "cardtable_native", None)  # as if it were not built
    assert isinstance(table_bot(game, SEARCH), IsmctsBot)  # the reference plays it
    with pytest.raises(NativeUnavailableError, match="engine native: the native engine is not"):
        table_bot(game, SEARCH, engine="native")
    monkeypatch.undo()
    with pytest.raises(OptionError, match="iterations must be at least 1"):
        table_bot(game, "ismcts:iterations=0")
    with pytest.raises(OptionError, match="no engine called 'fast'"):
        table_bot(game, SEARCH, engine="fast")


def test_a_seed_in_the_spec_wins_over_the_table_s():
    game = cardtable.load("pillars")
    spec = SEARCH + ",seed=77"
    choices = set()
    for table_seed in (1, 2):
        table = Table(game, [make_bot(game, "random", 0), make_bot(game, "random", 1)], 4)
        table.step()
        choices.add(str(table_bot(game, spec, table_seed).choose(table.decision(
            table.state.to_act()[0]))))
    python = table_bot(game, spec, 5, "python").choose(table.decision(table.state.to_act()[0]))
    assert choices == {str(python)}


def test_a_decision_without_the_game_s_record_is_refused_and_changes_nothing():
    game = cardtable.load("queens-mercy")
    state = game.new_state(3)
    table = Table(game, [make_bot(game, "random", 0), make_bot(game, "random", 1)],
                  state=state)  # a table from a position: its seed does not rebuild the game
    decision = table.decision(table.state.to_act()[0])
    assert decision.record is None
    before = state.position()
    with pytest.raises(NativeUnavailableError, match="keeps the game's record"):
        table_bot(game, SEARCH).choose(decision)
    assert state.position() == before

