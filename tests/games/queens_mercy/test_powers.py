"""The scoring of a revealed trick, module by module: the score rules (locks, never below 0,
steals only when possible), each power as the rules page states it, nullify, locks and the
order in which powers resolve."""

import pytest

import cardtable
from cardtable.core import Card
from cardtable.games.queens_mercy import powers
from cardtable.games.queens_mercy.actions import Play
from cardtable.games.queens_mercy.match import Match
from cardtable.games.queens_mercy.state import QueensMercyState


def match(scores=(0, 0), locked=(False, False), suits="♠♥", **options) -> Match:
    """A bare match of a game with ``options``: its scores, locks and suits set, nothing else."""
    game = cardtable.load("queens-mercy", **options)
    made = QueensMercyState(game, game.tables)
    made.scores, made.locked, made.suits = list(scores), list(locked), list(suits)
    made.pre = list(scores)
    return made


def card(text: str) -> Card:
    return Card.parse(text)


def play(text: str, privilege: bool = False) -> Play:
    return Play(card(text), privilege=privilege)


@pytest.mark.parametrize("locked, change, after", [
    ((False, False), +2, 5), ((False, False), -3, 0), ((False, False), -4, 3),
    ((True, False), +2, 3), ((True, False), -1, 3),
])
def test_add_keeps_a_locked_score_and_never_goes_below_zero(locked, change, after):
    s = match(scores=(3, 1), locked=locked)
    powers.add(s, 0, change)
    assert s.scores == [after, 1]


@pytest.mark.parametrize("scores, locked, after", [
    ((2, 1), (False, False), [3, 0]),   # a point moves from the foe
    ((2, 0), (False, False), [2, 0]),   # the foe has none: nothing moves
    ((2, 1), (False, True), [2, 1]),    # the foe is locked
    ((2, 1), (True, False), [2, 1]),    # the stealer is locked
])
def test_a_steal_moves_a_point_only_when_it_can(scores, locked, after):
    s = match(scores=scores, locked=locked)
    powers.steal(s, 0)
    assert s.scores == after


def test_a_locked_stealer_still_takes_the_foes_point_away_by_option():
    s = match(scores=(2, 1), locked=(True, False), steal_when_stealer_locked="foe_still_loses")
    powers.steal(s, 0)
    assert s.scores == [2, 0]


def test_every_house_card_with_a_point_power_has_one_and_q_spades_only_in_the_table_reading():
    prose = powers.point_powers("prose")
    assert set(prose) == {"A♠", "K♠", "J♠", "X♠", "A♥", "K♥", "J♥", "X♥",
                          "A♦", "K♦", "Q♦", "J♦", "A♣", "K♣", "Q♣", "J♣"}
    assert set(powers.point_powers("table")) == set(prose) | {"Q♠"}
    assert prose["A♠"] is prose["K♥"]  # Power Grab and Resolve: on a loss, steal 1


def test_special_cards_are_the_powers_the_locks_and_the_after_scoring_cards():
    special = powers.special_cards(powers.point_powers("prose"))
    assert {"Q♥", "Q♣", "X♣", "K♠", "Q♠", "A♦", "J♣"} <= special
    assert not special & {"2♠", "10♥", "X♦", "Q♦"} - set(powers.point_powers("prose"))


# (card, result for its owner, scores before, scores after), from the rules page's power table
POWERS = [
    ("A♠", -1, (1, 2), (2, 1)), ("A♠", +1, (1, 2), (1, 2)),
    ("K♠", +1, (1, 2), (2, 2)),
    ("J♠", 0, (1, 2), (1, 1)),  # the foe's card below is a face card
    ("A♥", -1, (1, 2), (2, 2)),
    ("J♥", 0, (1, 2), (2, 2)), ("J♥", -1, (1, 2), (1, 2)),
    ("X♥", -1, (1, 2), (3, 2)), ("X♥", +1, (1, 2), (4, 2)),
    ("A♦", +1, (1, 2), (2, 2)), ("A♦", -1, (1, 2), (0, 2)), ("A♦", 0, (1, 2), (4, 2)),
    ("K♦", +1, (1, 2), (2, 1)), ("K♦", -1, (1, 2), (1, 2)),
    ("Q♦", +1, (3, 2), (5, 2)), ("Q♦", +1, (1, 2), (2, 2)),
    ("J♦", -1, (1, 2), (1, 1)), ("J♦", +1, (1, 2), (1, 2)),
    ("A♣", 0, (1, 2), (2, 2)), ("A♣", +1, (1, 2), (1, 2)),
    ("K♣", 0, (1, 2), (3, 3)), ("K♣", -1, (1, 2), (1, 2)), ("K♣", +1, (1, 0), (3, 1)),
    ("Q♣", -1, (1, 2), (2, 2)), ("Q♣", +1, (1, 2), (1, 2)),
    ("J♣", 0, (1, 2), (2, 2)), ("J♣", +1, (1, 2), (1, 2)),
]


@pytest.mark.parametrize("text, result, before, after", POWERS)
def test_each_power_scores_as_the_rules_page_says(text, result, before, after):
    s = match(scores=before)
    paused = powers.point_powers("prose")[text](s, 0, result, card("K♥"))
    assert not paused and tuple(s.scores) == after


def test_half_full_piles_of_the_foe_double_second_wind_and_equilibrium():
    s = match(scores=(1, 2))
    s.discards[1] = [card(f"{rank}♥") for rank in range(2, 2 + powers.HALF)]
    powers.point_powers("prose")["A♥"](s, 0, -1, card("K♥"))
    assert s.scores == [3, 2]
    s = match(scores=(1, 2))
    s.decks[1] = [card(f"{rank}♥") for rank in range(2, 2 + powers.HALF)]
    powers.point_powers("prose")["A♣"](s, 0, 0, card("K♥"))
    assert s.scores == [3, 2]


def test_the_ultimatum_pauses_on_a_win_or_always_by_option():
    ultimatum = powers.point_powers("prose")["X♠"]
    assert ultimatum(match(), 0, +1, card("J♥")) and not ultimatum(match(), 0, -1, card("J♥"))
    assert ultimatum(match(xs_requires_win=False), 0, -1, card("J♥"))


def test_counterpoise_nullifies_a_foes_face_card_only():
    s = match()
    powers.derive(s, play("J♣"), play("K♥"))
    assert s.null == [False, True] and s.res == (-1, +1)
    powers.derive(s, play("J♣"), play("9♥"))
    assert s.null == [False, False]


@pytest.mark.parametrize("c0, c1, locked", [
    ("Q♥", "K♠", [False, True]),   # Q♥ on a loss locks the foe
    ("Q♥", "2♠", [False, False]),  # not on a win
    ("Q♣", "Q♠", [False, True]),   # Q♣ on a tie locks the foe
    ("X♣", "2♠", [True, True]),    # Joker♣ locks both
])
def test_locks(c0, c1, locked):
    s = match(suits="♥♠")
    powers.derive(s, play(c0), play(c1))
    powers.lock(s, card(c0), card(c1))
    assert s.locked == locked


def test_powers_resolve_jacks_first_then_by_rank_and_the_lead_breaks_equal_ranks():
    table = powers.point_powers("prose")
    s = match(suits="♠♥")
    powers.derive(s, play("A♠"), play("J♥"))
    assert powers.point_steps(s, play("A♠"), play("J♥")) == [(1, table["J♥"]), (0, table["A♠"])]
    for lead, order in ((0, [0, 1]), (1, [1, 0])):
        s.lead = lead
        powers.derive(s, play("A♠"), play("A♥"))
        assert [p for p, _ in powers.point_steps(s, play("A♠"), play("A♥"))] == order


def test_a_nullified_power_is_not_resolved_and_a_hearts_privilege_goes_first():
    s = match(suits="♣♥", house_rules=True)
    powers.derive(s, play("J♣"), play("A♥"))
    steps = powers.point_steps(s, play("J♣"), play("A♥"))
    assert [p for p, _ in steps] == [0]
    s = match(suits="♠♥", house_rules=True)
    powers.derive(s, play("5♠"), play("7♥", privilege=True))
    assert [p for p, _ in powers.point_steps(s, play("5♠"), play("7♥", privilege=True))] == [1]


def test_a_plain_trick_scores_the_base_point_for_its_winner_only():
    s = match(scores=(1, 1))
    s.hands = [[card("9♠"), card("2♠"), card("3♠")], [card("5♥"), card("2♥"), card("3♥")]]
    assert powers.reveal(s, play("9♠"), play("5♥")) is None
    assert s.scores == [2, 1] and len(s.hands[0]) == len(s.hands[1]) == 2


def test_heavy_crown_takes_a_point_back_when_not_strictly_ahead_after_scoring():
    s = match(scores=(1, 3))
    s.hands = [[card("K♠"), card("2♠"), card("3♠")], [card("5♥"), card("2♥"), card("3♥")]]
    assert powers.reveal(s, play("K♠"), play("5♥")) is None
    assert s.scores == [2, 3]  # +1 power, +1 base, then -1: level is not strictly ahead
