"""The game as the registry and the terminal see it."""

import cardtable


def test_the_registry_loads_every_variant_and_player_count():
    for variant in ("patriarch", "advanced-patriarch", "matriarch", "advanced-matriarch"):
        game = cardtable.load("patriarch", variant=variant, players=4)
        assert game.new_state(1).num_players == 4


def test_the_hint_bot_is_the_optimal_guesser_and_every_bot_is_listed(game):
    assert game.hint_bot == "optimal"
    assert {"heuristic", "consistent", "optimal", "optimal-expected", "random-owner",
            "adversarial-owner"} <= set(game.bots())


def test_describe_tells_the_matriarch_owner_to_lay_out_a_family():
    game = cardtable.load("patriarch", variant="matriarch")
    state = game.new_state(1)
    assert "Waiting for you to lay out the secret family" in game.describe(state.view(0))
    assert "Families must be any family with one top card and at most 3 generations" in (
        game.describe(state.view(1)))


def test_solve_reports_the_variant(game):
    assert "## patriarch" in game.solve()
