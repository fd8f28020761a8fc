"""The core, the encodings and the documentation page need none of the learning libraries."""

import subprocess
import sys

import cardtable.core.encoding

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
    encoding = cardtable.core.encoding.encoding_for(game)
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
        cardtable.core.encoding.encoded_game_names())


def test_the_training_example_without_torch_says_which_extra_to_install():
    """Once a bare ModuleNotFoundError traceback."""
    from pathlib import Path
    example = Path(__file__).resolve().parents[2] / "examples" / "train_queens_mercy.py"
    block = BLOCK_AND_USE.split("import cardtable,")[0]
    code = block + f"import runpy; runpy.run_path({str(example)!r}, run_name='__main__')\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 1
    assert "needs the train extra" in run.stderr and "[train]" in run.stderr
    assert "Traceback" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


def test_the_readme_names_the_extra_the_training_example_needs():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    paragraph = next(p for p in readme.split("\n\n") if "train_queens_mercy.py" in p)
    assert "extra `train`" in paragraph and 'pip install -e ".[train]"' in paragraph
