"""Placement and scoring rules as pure functions over towers and Moats."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core import Card, parse_cards
from cardtable.games.matriarchy.towers import (
    can_place,
    card_role,
    close_points,
    moat_end_points,
    moat_order,
    placement_problem,
    tower_end_points,
)


def tower(text: str):
    return parse_cards(text)


@pytest.mark.parametrize("rank, text, may_start, allowed", [
    (9, "9S", False, True),          # equal rank
    (10, "3S 9S", False, True),
    (5, "8S", False, False),         # lower rank
    (5, "", False, True),            # a number starts a tower
    (14, "", False, False),          # an Ace never starts one
    (14, "", True, False),
    (11, "", False, False),          # face cards do not start by default
    (11, "", True, True),
    (12, "", True, True),
    (13, "", True, True),
    (11, "5S JC", False, False),     # no Jack on a Jack
    (10, "5S JC", False, False),     # no number after a Jack
    (12, "5S JC", False, True),      # Q, K and A resolve a frozen tower
    (13, "5S JC", False, True),
    (14, "5S JC", False, True),
    (11, "5S 10C", False, True),     # a Jack goes on any number top
])
def test_can_place(rank, text, may_start, allowed):
    assert can_place(rank, tower(text), may_start) is allowed


@pytest.mark.parametrize("rank, text, points", [
    (12, "3S 5H 8C", 4),     # Queen clean: the count
    (12, "4S 9H JC", 2),     # Queen over a Jack: half the count
    (14, "4S 9H JC", 2),     # Ace over a Jack: half the count
    (14, "3S 5H", 1),        # Ace clean: half the count too
    (14, "7S JC", 1),
    (12, "", 1),             # a lone Queen (face_cards_may_start)
    (12, "2S 3S 4S 5S 6S 7S 8S", 8),
])
def test_close_points_count_includes_the_closing_card(rank, text, points):
    assert close_points(rank, tower(text)) == points


@pytest.mark.parametrize("text, points", [
    ("2S 5H JC", -1), ("2S 5H", 0), ("JC", 0), ("2S 3S 4S 5S JC", -2), ("", 0),
])
def test_open_towers_at_the_end(text, points):
    assert tower_end_points(tower(text)) == points


def test_moat_cards_cost_their_face_value():
    assert moat_end_points(tower("6S")) == -6
    assert moat_end_points(tower("2S 10H")) == -12


@pytest.mark.parametrize("rank, text, words", [
    (5, "8S", "placement needs equal or higher rank"),
    (5, "8S JC", "only a Queen, King or Ace may follow a Jack"),
    (11, "8S JC", "another Jack"),
    (14, "", "an Ace cannot start a tower"),
    (12, "", "only number cards occupy an empty slot"),
])
def test_placement_problem_names_the_rule(rank, text, words):
    assert words in placement_problem(rank, tower(text))


def test_card_roles_read_well():
    assert [card_role(r) for r in (2, 8, 11, 14)] == ["a 2", "an 8", "a Jack", "an Ace"]


def test_moat_order_is_value_then_the_suit_order_the_rules_page_names():
    """Equal values are interchangeable, but one order must be fixed: the project's suit order
    ♠♥♦♣, which the rules page states (the page once said ♠♥♦♣ while the code sorted ♠♣♥♦)."""
    cards = [Card(rank, suit) for rank in (8, 7) for suit in "♣♦♥♠"]
    assert sorted(cards, key=moat_order) == parse_cards("7♠ 7♥ 7♦ 7♣ 8♠ 8♥ 8♦ 8♣")
    page = (Path(__file__).parents[3] / "docs" / "rules" / "matriarchy.md").read_text()
    assert "in suit order ♠♥♦♣" in " ".join(page.split())
