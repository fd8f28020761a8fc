"""Bot specs: parsing ``name:key=value,...``, checking against each bot's declared settings, and
the clear errors for an unknown bot, an unknown setting and a wrong type."""

import pytest

from cardtable.bots import BotSpec, bot_settings, check_bot_spec, make_bot, parse_bot_spec
from cardtable.core import CardtableError, OptionError


def test_a_spec_reads_name_and_settings_and_writes_them_back():
    spec = parse_bot_spec(" ismcts:iterations=2000, rollout=heuristic ")
    assert spec == BotSpec("ismcts", (("iterations", "2000"), ("rollout", "heuristic")))
    assert str(spec) == "ismcts:iterations=2000,rollout=heuristic"
    assert parse_bot_spec("random") == BotSpec("random")


@pytest.mark.parametrize("text, message", [
    ("", "name:key=value"),
    ("ismcts:iterations", "key=value"),
    ("ismcts:=3", "key=value"),
    ("ismcts:iterations=", "key=value"),
    ("ismcts:iterations=1,iterations=2", "given twice"),
])
def test_malformed_specs_are_refused(text, message):
    with pytest.raises(OptionError, match=message):
        parse_bot_spec(text)


def test_settings_are_converted_and_reach_the_bot():
    import cardtable

    game = cardtable.load("queens-mercy")
    bot = make_bot(game, "ismcts:iterations=20,seconds=0.5,rollout=heuristic", seed=4)
    assert (bot.iterations, bot.seconds, bot.rollout) == (20, 0.5, "heuristic")


def test_a_heuristic_rollout_needs_a_game_with_a_heuristic_bot(duel_registered):
    with pytest.raises(OptionError, match="needs a game with a heuristic bot"):
        make_bot(duel_registered, "ismcts:rollout=heuristic")


def test_a_seed_setting_replaces_the_callers_seed(duel_registered):
    game = duel_registered
    state = game.new_state(1)
    from cardtable.core import Decision

    def picks(spec, seed):
        bot = make_bot(game, spec, seed)
        return [bot.choose(Decision(game, state, 0, state.legal_actions(0))) for _ in range(8)]

    assert picks("random:seed=3", 99) == picks("random", 3)
    assert picks("random:seed=3", 99) != picks("random", 4)


def test_game_bots_declare_their_settings_from_their_factories():
    import cardtable

    for name in cardtable.game_names():
        game = cardtable.load(name)
        assert "seed" in bot_settings(game, "heuristic")
        assert check_bot_spec(game, "heuristic:seed=3") == "heuristic:seed=3"


def test_an_unknown_bot_lists_the_known_ones(duel_registered):
    with pytest.raises(OptionError, match=r"no bot called 'wizard'.*known: .*ismcts.*random"):
        make_bot(duel_registered, "wizard:level=3")


def test_an_unknown_setting_lists_the_bots_settings(duel_registered):
    with pytest.raises(OptionError, match=r"no setting 'width'.*iterations: int or none"):
        make_bot(duel_registered, "ismcts:width=3")


@pytest.mark.parametrize("spec, message", [
    ("ismcts:iterations=many", "iterations takes int or none, not 'many'"),
    ("ismcts:seconds=soon", "seconds takes float or none"),
    ("ismcts:rollout=smart", "rollout takes random|heuristic"),
    ("random:seed=1.5", "seed takes int"),
])
def test_a_value_of_the_wrong_type_is_refused(duel_registered, spec, message):
    with pytest.raises(CardtableError, match=message):
        make_bot(duel_registered, spec)


def test_a_list_of_bots_keeps_each_bots_settings_together():
    from cardtable.bots import parse_bot_list

    assert parse_bot_list("random, heuristic,ismcts:iterations=200,rollout=heuristic,"
                          "ismcts:seconds=1") == [
        "random", "heuristic", "ismcts:iterations=200,rollout=heuristic", "ismcts:seconds=1"]


@pytest.mark.parametrize("seconds", ["inf", "Infinity", "-inf", "nan"])
def test_a_search_time_must_be_finite(duel_registered, seconds):
    """``ismcts:seconds=inf`` was accepted, and a simulation with it never finished."""
    with pytest.raises(OptionError, match="seconds takes float"):
        make_bot(duel_registered, f"ismcts:seconds={seconds}")
    from cardtable.bots.ismcts import IsmctsBot
    with pytest.raises(OptionError, match="finite"):
        IsmctsBot(duel_registered, seconds=float(seconds))
