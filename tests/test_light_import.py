"""``import cardtable`` is light: in a fresh interpreter, importing the package, loading every
game and playing it with its rules engine and its heuristic bots load nothing but the standard
library, NumPy and cardtable itself. (How long the import takes is ``benchmarks/import_time.py``'s
figure, not a timed test.)"""

import json
import subprocess
import sys
import textwrap

ALLOWED = set(sys.stdlib_module_names) | {"numpy", "cardtable"}

PROBE = textwrap.dedent("""
    import json, sys

    def top_level():
        return {name.partition(".")[0] for name in sys.modules}

    before = top_level()
    found = {}
    import cardtable
    found["import cardtable"] = sorted(top_level() - before)
    from cardtable.bots import make_bot
    from cardtable.bots.own import own_bots

    for name in cardtable.game_names():
        game = cardtable.load(name)
        seats = game.new_state(0).num_players
        bot = "heuristic" if "heuristic" in own_bots(game) else "random"
        played = cardtable.play_game(game, [make_bot(game, bot, seat) for seat in range(seats)],
                                     seed=1)
        assert played.state.is_over()
        found[f"load and play {name}"] = sorted(top_level() - before)
    print(json.dumps(found))
""")


def test_import_load_and_play_need_only_the_standard_library_and_numpy():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          timeout=300, check=True)
    found = json.loads(done.stdout)
    assert len(found) == 1 + 5  # the import, then each of the five games
    strangers = {step: sorted(set(modules) - ALLOWED) for step, modules in found.items()}
    assert strangers == {step: [] for step in found}


def test_the_solvers_stay_unloaded_until_one_runs():
    probe = ("import sys, cardtable; "
             "print(sorted(m for m in sys.modules "
             "if m.startswith(('scipy', 'cardtable.solvers'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[]"
