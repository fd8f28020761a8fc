"""The study The Queen's Mercy is known for, as plain data the study lab reads
(``cardtable.sim.presets``): the default grid of ``cardtable study queens-mercy``, the figures
the rule text publishes, the rule switches a search for balance combines, and the words its
report uses for a seat's suit.

The rule text ends with the designer's "v11.5 Balance Report" (10,000 simulated games per
seat-ordered pair of suits, heuristic play). Its format is reproduced by single rounds
(``rounds_to_win=1``, ``max_rounds=1``) in which a round nobody carries to the cap of 10 counts
as a tie (``tie_def=no_one_reached_cap``), over the 12 ordered suit pairings (``suits``).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from cardtable.games.queens_mercy.cards import SUIT_NAMES

STUDY_PRESET: dict[str, Any] = {
    "options": {"rounds_to_win": 1, "max_rounds": 1, "tie_def": "no_one_reached_cap"},
    "grid": {"suits": [f"{first},{second}" for first, second in permutations("♠♥♦♣", 2)]},
    "bots": ["heuristic", "heuristic"],
    "source": "the rule text's v11.5 Balance Report (10K Monte Carlo simulation, heuristic play)",
    # The Balance Report as printed: six of the twelve pairings, the last row without its P2
    # average. Rates in percent, then average scores per game (None where missing).
    "published": {
        "♠,♥": {"p1_win": 34.9, "p2_win": 35.1, "tie": 30.0, "p1_avg": 0.499, "p2_avg": 0.501},
        "♠,♦": {"p1_win": 37.8, "p2_win": 34.0, "tie": 28.2, "p1_avg": 0.516, "p2_avg": 0.484},
        "♠,♣": {"p1_win": 31.0, "p2_win": 36.7, "tie": 32.3, "p1_avg": 0.474, "p2_avg": 0.526},
        "♥,♦": {"p1_win": 36.1, "p2_win": 33.8, "tie": 30.1, "p1_avg": 0.507, "p2_avg": 0.493},
        "♥,♣": {"p1_win": 33.0, "p2_win": 35.4, "tie": 31.6, "p1_avg": 0.491, "p2_avg": 0.509},
        "♣,♥": {"p1_win": 31.9, "p2_win": 36.6, "tie": 31.5, "p1_avg": 0.477, "p2_avg": None},
    },
    # The House Privileges (with the Joker as "face" for Diamonds' wager, or not) and every
    # other reading the rulings leave open, the rules as written first. The deck variants only
    # rename cards and are left out; the round's end and the cap define the balance report's
    # ties and stay as the report has them. The Joker's reading changes nothing without the
    # House Privileges.
    "switches": {
        "values": {
            "house_rules": ["false", "true"], "joker_predicts_face": ["true", "false"],
            "lock_duration": ["trick", "round"], "xs_requires_win": ["true", "false"],
            "qs_mode": ["prose", "table"], "ks_mode": ["prose", "table"],
            "ace_is_face": ["true", "false"], "chaos_pick": ["random", "foe_open_choice"],
            "steal_when_stealer_locked": ["none", "foe_still_loses"],
        },
        "requires": [["joker_predicts_face", "house_rules", "true"]],
    },
    # Each ``suits`` value names the suit (house) of each seat: the report scores every house.
    "sides": {"key": "suits", "names": SUIT_NAMES, "word": "house", "title": "Houses",
              "column": "Suit"},
    "layout_title": "The rule text's table",
    "tie_note": "The Queen's Mercy's balance setting counts a round nobody carried to the cap "
                "as a tie",
}
