"""The exact endgame: a chance node, the hint, the bot, the CLI."""

import json

import pytest
from typer.testing import CliRunner

import cardtable
from cardtable.cli import app
from cardtable.core import Decision
from cardtable.games.queens_mercy.endgame import analyse, solved_from

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "X"]


def endgame_position(game, hands, scores=(5, 5), trick=13, chaos=False, last=None,
                     decks=((), ())):
    """A position of round 1 at ``trick``: each seat holds ``hands[seat]``, keeps
    ``decks[seat]`` (top card first; empty by default) and has discarded the rest of its
    suit; the previous trick was ``last``, won by seat 1 (default: a tie of two cards of the
    same rank). Seat 0 leads either way."""
    suits = game.options.suits
    discards = [[r + s for r in RANKS if r + s not in hands[i] and r + s not in decks[i]]
                for i, s in enumerate(suits)]
    if last is not None:  # the most recent discard comes first
        for pile, card in zip(discards, last, strict=True):
            pile.remove(card)
            pile.insert(0, card)
    return {**game.new_state(0).position(), "phase": "trick", "turn": None,
            "tricks_done": trick - 1, "moves": 2 * (trick - 1), "round": 1, "trick": trick,
            "lead": 0, "scores": list(scores), "tokens": [0, 0], "chaos": chaos,
            "hands": [list(h) for h in hands], "decks": [list(d) for d in decks],
            "discards": discards,
            "committed": [None, None], "seen": [[], []], "rounds": [],
            "last_trick": {"round": 1, "trick": trick - 1,
                           "cards": [discards[0][0], discards[1][0]], "declared": ["", ""],
                           "winner": None if last is None else 1, "before": list(scores),
                           "scores": list(scores)}}


@pytest.fixture
def hearts_spades():
    return cardtable.load("queens-mercy", suits=("♥", "♠"))


def test_a_2x2_endgame_of_plain_cards(hearts_spades):
    """8♥ 6♥ against 7♠ 5♠ at 5-5, trick 13: seat 0 wins the round if its 8 meets the 7 or
    its 6 meets the 5 (both tricks won), and ties it otherwise (one trick each). The matrix
    [[1, 1/2], [1/2, 1]] has value 3/4 with both seats mixing half and half."""
    state = hearts_spades.from_position(
        endgame_position(hearts_spades, (["8♥", "6♥"], ["7♠", "5♠"])))
    mine, theirs = analyse(state, 0), analyse(state, 1)
    assert mine.value == pytest.approx(0.75) and theirs.value == pytest.approx(0.25)
    assert mine.mix == pytest.approx((0.5, 0.5)) and theirs.mix == pytest.approx((0.5, 0.5))
    assert hearts_spades.analyse(state, 0) == (
        "commit 8♥ 50%, 6♥ 50%: you win this round 75% against best play (a tie counts half)")


def test_a_3x3_endgame_of_plain_cards(hearts_spades):
    """10♥ 8♥ 6♥ against 9♠ 7♠ 5♠ at 5-5, trick 12: three tricks of one point, so seat 0
    wins the round with two tricks. Backing up the 2x2 games by hand, the trick-12 matrix
    (rows 10, 8, 6; columns 9, 7, 5) is [[1, 1, 1/2], [1/2, 1, 1], [1, 1/2, 1]]: each row
    and column has one half, so both mix uniformly and the value is 5/6."""
    state = hearts_spades.from_position(
        endgame_position(hearts_spades, (["10♥", "8♥", "6♥"], ["9♠", "7♠", "5♠"]), trick=12))
    mine = analyse(state, 0)
    assert mine.value == pytest.approx(5 / 6)
    assert mine.mix == pytest.approx((1 / 3,) * 3)
    assert analyse(state, 1).value == pytest.approx(1 / 6)


def test_market_chaos_is_a_chance_node():
    """After a Joker♦ each card is picked blind: the four pairs of the 2x2 game above are
    equally likely, so the value is their mean, (1 + 1/2 + 1/2 + 1) / 4 = 3/4."""
    game = cardtable.load("queens-mercy", suits=("♦", "♠"))
    state = game.from_position(endgame_position(
        game, (["8♦", "6♦"], ["7♠", "5♠"]), chaos=True, last=("X♦", "2♠")))
    assert analyse(state, 0).value == pytest.approx(0.75)
    assert analyse(state, 1).value == pytest.approx(0.25)


def test_nothing_is_solved_while_the_decks_last(hearts_spades):
    state = hearts_spades.new_state(3)
    assert not solved_from(state) and hearts_spades.analyse(state, 0) is None


def test_the_exact_bot_plays_only_equilibrium_commits(hearts_spades):
    state = hearts_spades.from_position(
        endgame_position(hearts_spades, (["10♥", "8♥", "6♥"], ["9♠", "5♠", "7♠"]), trick=12))
    seen = set()
    for seed in range(12):
        bot = hearts_spades.bots()["exact"](hearts_spades, seed)
        seen.add(str(bot.choose(Decision(hearts_spades, state, 0, state.legal_actions(0)))))
    assert seen == {"10♥", "8♥", "6♥"}  # a uniform mix: every commit shows up


def test_the_exact_bot_ignores_the_foes_hidden_commit(hearts_spades):
    """Once the foe has committed, the analysis is the same: it never reads that card."""
    position = endgame_position(hearts_spades, (["8♥", "6♥"], ["7♠", "5♠"]))
    state = hearts_spades.from_position(position)
    state.apply(1, state.legal_actions(1)[0])
    assert analyse(state, 0).mix == pytest.approx((0.5, 0.5))


def test_cardtable_solve_reads_a_saved_position(hearts_spades, tmp_path):
    path = tmp_path / "endgame.json"
    path.write_text(json.dumps(endgame_position(
        hearts_spades, (["8♥", "6♥"], ["7♠", "5♠"])), ensure_ascii=False), encoding="utf-8")
    out = CliRunner().invoke(app, ["solve", "queens-mercy", "--position", str(path)])
    assert out.exit_code == 0, out.output
    assert "seat 1: commit 8♥ 50%, 6♥ 50%: you win this round 75%" in out.output
    assert "seat 2: commit 7♠ 50%, 5♠ 50%: you win this round 25%" in out.output


def test_hint_in_the_terminal_shows_the_exact_analysis(hearts_spades):
    from rich.console import Console

    from cardtable.cli.terminal_game import TerminalGame

    console = Console(record=True, width=200)
    terminal = TerminalGame(hearts_spades, ["human", "heuristic"], 0, console=console)
    state = hearts_spades.from_position(
        endgame_position(hearts_spades, (["8♥", "6♥"], ["7♠", "5♠"])))
    terminal.prompts[0]._hint(Decision(hearts_spades, state, 0, state.legal_actions(0)))
    assert ("Exact analysis: commit 8♥ 50%, 6♥ 50%: you win this round 75% against best play"
            in console.export_text())
