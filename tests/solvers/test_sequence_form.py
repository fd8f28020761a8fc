"""The sequence form, knowing no game: Kuhn poker solved to its known value, and a walk that
breaks perfect recall refused."""

import pytest

from cardtable.solvers.sequence_form import SequenceForm

KUHN_CARDS = (1, 2, 3)


def kuhn_poker() -> SequenceForm:
    """Kuhn poker (one ante each, one card each from J < Q < K, one bet of 1), written into a
    sequence form by walking its tree; its value for the first player is -1/18."""
    form = SequenceForm()

    def walk(cards, history, sequences, weight):
        ended = {"pp": 1, "bb": 2, "pbb": 2}
        if history in ended or history in ("bp", "pbp"):
            if history == "bp":
                payoff = 1.0
            elif history == "pbp":
                payoff = -1.0
            else:
                payoff = ended[history] * (1.0 if cards[0] > cards[1] else -1.0)
            form.leaf(*sequences, weight * payoff)
            return
        player = len(history) % 2
        key = (cards[player], history)
        for action, sequence in form.sequences(player, key, sequences[player], "pb").items():
            step = list(sequences)
            step[player] = sequence
            walk(cards, history + action, tuple(step), weight)

    for card0 in KUHN_CARDS:
        for card1 in KUHN_CARDS:
            if card0 != card1:
                walk((card0, card1), "", (0, 0), 1 / 6)
    return form


def test_kuhn_pokers_value_is_minus_one_eighteenth():
    form = kuhn_poker()
    solution = form.solve()
    assert solution.value == pytest.approx(-1 / 18, abs=1e-9)
    assert solution.exploitability < 1e-9
    # the second player always bets with the King after a pass, and never calls with the Jack
    assert form.behaviour(1, (3, "p"), solution.plans[1])["b"] == pytest.approx(1)
    assert form.behaviour(1, (1, "b"), solution.plans[1])["p"] == pytest.approx(1)


def test_an_information_set_reached_from_two_pasts_is_refused():
    form = SequenceForm()
    form.sequences(0, "here", 0, ["a", "b"])
    with pytest.raises(ValueError, match="perfect recall"):
        form.sequences(0, "here", 1, ["a", "b"])
