"""The README's library example runs as written."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks(text: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)


def test_the_library_example_plays_a_game_to_its_result(capsys):
    blocks = python_blocks(README.read_text(encoding="utf-8"))
    assert blocks, "the README has no python example"
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102  (our own README)
    state = namespace["state"]
    assert state.is_over()  # type: ignore[attr-defined]
    assert "Result(" in capsys.readouterr().out
