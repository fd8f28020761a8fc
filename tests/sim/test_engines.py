"""The engine a simulation is played in: the native engine gives the same outcomes as the Python
reference for the same spec (seeds derived alike, in workers, chunks and on Ray), ``auto`` plays
natively only what is native, ``native`` refuses by name what is not, and the native engine's
games are records the Python engine replays."""

import pickle
from dataclasses import replace

import pytest
from tests.native.differential import need_native

from cardtable.bots import make_bot
from cardtable.core import OptionError, Table, derive_seed, load, replay
from cardtable.core.rng import Rng
from cardtable.native import NATIVE_GAMES, NativeUnavailableError
from cardtable.sim import SimulationSpec, simulate
from cardtable.sim.backends import LocalBackend, make_backend
from cardtable.sim.chunks import Chunk
from cardtable.sim.engines import (
    game_seats,
    native_bots,
    native_record,
    resolve_engine,
    run_native_games,
    run_native_range,
)
from cardtable.sim.ladder import run_ladder
from cardtable.sim.presets import preset_for
from cardtable.sim.runner import GameOutcome, OutcomeColumns, run_games
from cardtable.sim.store import StudyStore
from cardtable.sim.study import StudySpec, run_study

IDENTICAL_BOTS = ("random", "heuristic")
"""The bots whose native play is held move for move to the Python one (ISMCTS is not)."""

QUEENS_MERCY_STUDY = preset_for("queens-mercy")
OPTION_SETS = {  # as the command gives them: text, read by the Python game
    "matriarchy": [{}, {"ace_owner": "color", "handoff_mode": "redraw", "first_player": "1"}],
    "pillars": [{}, {"pile_points": "values", "end_trigger": "failed_draw"}],
    "match-2-52": [{}, {"max_turns": "12", "first_player": "1"}],
    "patriarch": [{}, {"variant": "advanced-patriarch"},
                  {"variant": "matriarch", "per_card_feedback": "true"}],
    "queens-mercy": [{}, {**(QUEENS_MERCY_STUDY.options if QUEENS_MERCY_STUDY else {}),
                          "suits": "♦,♣"}, {"house_rules": "true", "rounds_to_win": "3"}],
}


def identical_bots(game: str) -> list[str]:
    """The Python-identical bots the native engine plays for ``game`` (random now; the
    heuristic as soon as it is native)."""
    return [bot for bot in native_bots(game) if bot in IDENTICAL_BOTS]


def specs(game: str, games: int):
    bots = identical_bots(game)
    pairs = [(a, b) for a in bots for b in bots] + [(bots[0], f"{bots[-1]}:seed=11")]
    return [SimulationSpec(game, pair, games, seed=5, options=options, alternate_seats=True)
            for options in OPTION_SETS[game] for pair in pairs]


@pytest.mark.parametrize("game", NATIVE_GAMES)
def test_the_native_engine_gives_the_python_outcomes_game_for_game(game):
    need_native()
    for spec in specs(game, 150):
        assert resolve_engine(spec).engine == "native", spec
        python = run_games(replace(spec, engine="python"), range(spec.games))
        assert run_native_games(spec, range(spec.games)) == python, spec
        assert list(run_native_range(spec, 0, spec.games)) == python, spec  # seeds derived there


def test_the_native_engine_derives_seeds_as_python_does():
    need_native()
    import cardtable_native

    rng = Rng(23)
    seeds = [0, 1, -1, 2**64, -(2**70), 10**40, *(rng.next_u64() for _ in range(200))]
    labels = [(), (0,), ("bot", 1), (7, "bot", 0), (-(10**25), "é"),
              *(("x" * length,) for length in range(0, 140, 3))]  # one and two blocks to pad
    for seed in seeds:
        for label in labels:
            assert cardtable_native.derive_seed(str(seed), [str(x) for x in label]) == \
                derive_seed(seed, *label), (seed, label)


def test_a_native_range_derives_seeds_and_seats_as_run_games_does_and_saves_alike(tmp_path):
    need_native()
    cases = [SimulationSpec("queens-mercy", ("heuristic", "random:seed=3"), 40, seed=-7,
                            alternate_seats=True),
             SimulationSpec("pillars", ("random", "heuristic"), 30, seed=10**30),
             SimulationSpec("patriarch", ("heuristic", "random", "consistent"), 30, seed=2**64 + 1,
                            options={"players": "3"}, alternate_seats=True)]
    for spec in cases:
        python = run_games(replace(spec, engine="python"), range(10, spec.games))
        native = run_native_range(spec, 10, spec.games)
        assert native == python and pickle.loads(pickle.dumps(native)) == python, spec
        assert (native[0], native[-1], native[3:5]) == (python[0], python[-1], python[3:5])
        chunk = Chunk(0, 10, spec.games)
        for engine, outcomes in (("python", python), ("native", native)):
            (tmp_path / spec.game / engine).mkdir(parents=True)
            StudyStore(tmp_path / spec.game / engine).save_chunk(chunk, outcomes)
        assert (tmp_path / spec.game / "native" / "chunks" / f"{chunk.name}.csv").read_text() == \
            (tmp_path / spec.game / "python" / "chunks" / f"{chunk.name}.csv").read_text()


def test_outcome_columns_read_and_save_as_their_outcomes_do(tmp_path):
    """With every game's last-round points, with none, and with some games' only."""
    first = GameOutcome(4, None, (1.0, 1.0), 9, (1, 0), 3, 1, (2.0, 3.0))
    second = GameOutcome(5, 1, (0.0, 1.5), 7, (0, 1), 2, 2, (4.0, 5.0))
    columns = {"every": OutcomeColumns(4, 2, [None, 1], [9, 7], [3, 2], [1, 2], [1, 0, 0, 1],
                                       [1.0, 1.0, 0.0, 1.5], [2, 2], [2.0, 3.0, 4.0, 5.0]),
               "none": OutcomeColumns(4, 2, [None, 1], [9, 7], [3, 2], [1, 2], [1, 0, 0, 1],
                                      [1.0, 1.0, 0.0, 1.5], [0, 0], []),
               "some": OutcomeColumns(4, 2, [None, 1], [9, 7], [3, 2], [1, 2], [1, 0, 0, 1],
                                      [1.0, 1.0, 0.0, 1.5], [0, 2], [4.0, 5.0])}
    outcomes = {"every": [first, second],
                "none": [replace(first, round_scores=()), replace(second, round_scores=())],
                "some": [replace(first, round_scores=()), second]}
    name = Chunk(0, 4, 6).name
    for held, games in outcomes.items():
        assert list(columns[held]) == games and columns[held][1] == games[1], held
        for form, saved in (("list", games), ("columns", columns[held])):
            (tmp_path / held / form).mkdir(parents=True)
            StudyStore(tmp_path / held / form).save_chunk(Chunk(0, 4, 6), saved)
        assert (tmp_path / held / "columns" / "chunks" / f"{name}.csv").read_text() == \
            (tmp_path / held / "list" / "chunks" / f"{name}.csv").read_text(), held


def test_simulate_ladder_and_study_give_the_same_results_in_both_engines_on_two_workers():
    need_native()
    spec = SimulationSpec("queens-mercy", ("random", "random"), 60, seed=2, alternate_seats=True)
    assert simulate(spec, 2) == simulate(replace(spec, engine="python"), 2)
    ladders = [run_ladder("matriarchy", ["random", "random:seed=4"], 30, LocalBackend(2), 1,
                          engine=engine) for engine in ("native", "python")]
    assert ladders[0] == ladders[1]


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_a_study_gives_the_same_outcomes_in_both_engines_on_every_backend(backend, tmp_path):
    need_native()
    base = StudySpec("queens-mercy", ("random", "random"), 40, seed=1,
                     grid=(("suits", ("♠,♥", "♦,♣")),), chunk_games=15)
    results = []
    for engine in ("native", "python"):
        spec = replace(base, engine=engine).check()
        store = StudyStore.open(tmp_path / engine, spec.to_dict(), False)
        with make_backend(backend, workers=2) as runner:
            results.append(run_study(spec, store, runner))
    assert results[0] == results[1]


def test_auto_plays_in_python_what_is_not_native_and_native_refuses_it_by_name(
        duel_registered):
    need_native()
    not_native = SimulationSpec("duel", ("random", "random"), 4)
    assert resolve_engine(not_native).engine == "python"
    with pytest.raises(NativeUnavailableError, match="'duel' has no native engine"):
        resolve_engine(replace(not_native, engine="native"))
    spec = SimulationSpec("queens-mercy", ("random", "exact"), 4)  # the exact bot is Python's
    assert "exact" not in native_bots("queens-mercy")
    assert resolve_engine(spec).engine == "python"
    with pytest.raises(NativeUnavailableError, match="cannot seat exact"):
        simulate(replace(spec, engine="native"), 1)
    with pytest.raises(OptionError, match="no engine called 'fast'"):
        resolve_engine(replace(not_native, engine="fast"))


def test_the_python_engine_is_played_when_asked_even_where_the_native_one_could():
    spec = SimulationSpec("pillars", ("random", "random"), 3, engine="python")
    assert resolve_engine(spec) is spec


@pytest.mark.parametrize("game", NATIVE_GAMES)
def test_a_native_game_is_a_record_the_python_engine_replays(game):
    need_native()
    spec = specs(game, 6)[-1]
    loaded = load(game, **spec.options)
    for index, outcome in enumerate(run_games(replace(spec, engine="python"), range(spec.games))):
        record = native_record(spec, index)
        seed, entrants, seats = game_seats(spec, index)
        bots = [make_bot(loaded, spec.bots[entrant], bot_seed)
                for entrant, (_, bot_seed, _) in zip(entrants, seats, strict=True)]
        played = Table(loaded, bots, seed).run()
        assert played.record is not None and record.moves == played.record.moves
        assert (record.seed, record.options) == (played.record.seed, played.record.options)
        result = replay(record).result()
        assert result is not None
        assert (result.winner, tuple(result.scores)) == (outcome.winner, outcome.scores)
