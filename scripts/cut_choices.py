"""What each bot chooses at The Queen's Mercy's Queen's Cut: as the cut's winner, shape or claim;
as the shaper, which two houses it names; as the claimer, which house it takes from the two it
is offered. The games are matches under the default options (the Cut is played, not fixed by
``suits``), seats alternating, played natively.

    python scripts/cut_choices.py BOT_A BOT_B [GAMES] [SEED]

Prints a Markdown table a bot, so that a bot's choices can be set against what a study's table
of the houses advises (``scripts/compare_studies.py``).
"""

from __future__ import annotations

import sys
from collections import Counter

from cardtable.sim.engines import game_seats, native_engine
from cardtable.sim.runner import SimulationSpec


def choices(spec: SimulationSpec) -> dict[str, Counter[str]]:
    """For each bot, how often it made each choice at the Cut: "royal shape" / "royal claim",
    "shape ♥♦" (the field it named), "claim ♦ of ♥♦" (the house it took, and from which
    field)."""
    module, options = native_engine(spec)
    made: dict[str, Counter[str]] = {bot: Counter() for bot in spec.bots}
    for index in range(spec.games):
        seed, entrants, seats = game_seats(spec, index)
        moves = module.play_game(seed, seats, options)[0]
        field = ""
        for player, text in moves:
            words = text.split()
            if words[0] not in ("shape", "claim"):
                continue
            bot = spec.bots[entrants[player]]
            if len(words) == 1:
                made[bot][f"royal {words[0]}"] += 1
            elif words[0] == "shape":
                field = "".join(words[1:])
                made[bot][f"shape {field}"] += 1
            else:
                made[bot][f"claim {words[1]} of {field}"] += 1
    return made


def main(bots: tuple[str, str], games: int, seed: int) -> None:
    spec = SimulationSpec("queens-mercy", bots, games, seed=seed, alternate_seats=True)
    for bot, counted in choices(spec).items():
        print(f"{bot}, {games:,} matches, seed {seed}:\n")
        print("| choice | times |\n|---|---|")
        for choice, times in sorted(counted.items()):
            print(f"| {choice} | {times} |")
        print()


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main((sys.argv[1], sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 200,
         int(sys.argv[4]) if len(sys.argv) > 4 else 0)
