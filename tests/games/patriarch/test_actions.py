"""Action values and their notation."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core import CardtableError, NotationError
from cardtable.games.patriarch.actions import WAIT, Family, parse_action


@pytest.mark.parametrize("text", ["3(A(5) 4(2))", "A(2 3 4 5)", "wait"])
def test_canonical_text_round_trips(text):
    action = parse_action(text, 5)
    assert str(action) == text
    assert parse_action(str(action), 5) == action


def test_wait_has_short_spellings_and_families_are_hashable_values():
    assert parse_action(" W ", 5) is WAIT and parse_action("pass", 5) is WAIT
    one, two = parse_action("3(A(5) 4(2))", 5), parse_action("3(4(2) A(5))", 5)
    assert one == two and hash(one) == hash(two) and isinstance(one, Family)


def test_parse_action_checks_the_seven_card_set():
    game = cardtable.load("patriarch", variant="advanced-matriarch")
    with pytest.raises(NotationError, match="cards 6, 7 missing"):
        game.action_from_text("3(A(5) 4(2))")
    with pytest.raises(NotationError, match="type a family"):
        game.action_from_text("  ")


@pytest.mark.parametrize("text", ["3(A(5) ²(2))", "①(2 3 4 5)", "3(A(5) 4(٢))", "A(2 3 4 ５)",
                                  "1" * 1000, "3(A(5) 4(" + "9" * 1000 + "))"])
def test_only_ascii_ranks_are_read_and_long_numbers_are_refused_briefly(text):
    with pytest.raises(NotationError) as refused:
        parse_action(text, 5)
    assert len(str(refused.value)) < 200


NOTATION = st.text(alphabet=st.sampled_from("A1234567JQK()[], w²①٢５\t\n-"), max_size=40)


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=40), NOTATION,
                 st.sampled_from(["3(A(5) 4(2))", "A(2(3(4(5(6 7)))))", "wait"])
                 .flatmap(lambda text: st.integers(0, len(text)).map(
                     lambda cut: text[:cut] + text[cut + 1:]))))
def test_any_text_is_read_or_refused_as_notation_and_never_crashes(text):
    """The reader raises only NotationError; parse_action only the engine's own errors."""
    for game in (cardtable.load("patriarch"), cardtable.load("patriarch", variant="matriarch")):
        try:
            action = game.action_from_text(text)
        except NotationError:
            continue
        assert game.action_from_text(str(action)) == action
        state = game.new_state(1)
        for player in (0, 1):
            try:
                game.parse_action(state, player, text)
            except CardtableError:
                pass
