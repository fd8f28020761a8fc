"""The core, the encodings and the documentation page need none of the learning libraries."""

import subprocess
import sys

BLOCK_AND_USE = """
import importlib.abc, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"pettingzoo", "gymnasium", "pyspiel", "open_spiel", "torch",
                                  "stable_baselines3", "sb3_contrib"}:
            raise ImportError(f"{name} is blocked for this test")
sys.meta_path.insert(0, Refuse())
import cardtable, cardtable.rl, cardtable.rl.episode, cardtable.rl.docs
from tests.support.playouts import final_state
for name in cardtable.core.encoding.encoded_game_names():
    game = cardtable.load(name)
    encoding = game.encoding()
    state = final_state(game, 1)
    print(name, encoding.observe(state.view(0)).shape, len(cardtable.rl.docs.page()) > 0)
try:
    import cardtable.rl.gym
except ImportError as error:
    print("refused:", error)
"""


def test_the_core_and_encodings_run_without_the_learning_libraries():
    run = subprocess.run([sys.executable, "-c", BLOCK_AND_USE], capture_output=True, text=True,
                         timeout=300, check=True)
    lines = run.stdout.splitlines()
    assert lines[-1] == "refused: gymnasium is blocked for this test"
    assert {line.split()[0] for line in lines[:-1]} == set(
        __import__("cardtable").core.encoding.encoded_game_names())
