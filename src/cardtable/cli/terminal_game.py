"""The terminal game: people and bots around one ``Table``, through the core protocol only.

Each person sits at a ``PromptSeat``: asked to choose, it shows the table through that seat's own
view, says what is being chosen, lists the moves and reads one from the keyboard. With several
people at one keyboard (hot-seat) the game runs on the terminal's alternate screen, which is
cleared with its scrollback at every hand-over, and the next player must confirm before their hand
is shown. A bad entry of any kind gets a message and a new prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel

from cardtable.bots.native_search import table_bot
from cardtable.bots.own import hint_bot
from cardtable.cli.hint import explain_choice, hint, notation_help
from cardtable.cli.rules_pages import rules_page
from cardtable.core import Card, CardtableError, Decision, Event, Game, NotationError, Table
from cardtable.core.protocol import describe

HUMAN = "human"
LOOKED_UP = 8
"""Lines of the rules page shown for ``rules WORDS`` at the prompt."""
PAGE = 24
"""Moves listed at a time (in columns: a handful of lines on an 80-column screen)."""
QUIT = ("quit", "exit", "q")
COMMANDS = ("help", "moves", "hint", "rules", "quit")
"""The prompt's commands, named when a typed word is neither a move nor one of them."""
CLEAR_SCROLLBACK = "\x1b[3J"
"""Erase the terminal's saved lines (xterm's ED 3), which a plain clear leaves to scroll back to."""
HELP = """Type the number of a move, or its notation. Other commands:
  moves   list the legal moves again
  hint    ask the {hint} bot what it would play
  rules   show the rules page (rules Q♦, rules QD or rules WORD: only the lines naming it)
  help    this text
  quit    stop (the record is kept if you gave --save)"""


class QuitGame(Exception):
    """A person asked to stop."""


class TerminalGame:
    """One game in the terminal: ``seats`` names who plays each seat, ``"human"`` or a bot."""

    def __init__(self, game: Game[Any], seats: Sequence[str], seed: int,
                 save: str | Path | None = None, console: Console | None = None) -> None:
        self.game = game
        self.seed = seed
        self.console = console or Console()
        humans = [player for player, who in enumerate(seats) if who == HUMAN]
        self.hotseat = len(humans) > 1
        self.last_human: int | None = None
        players: list[Any] = [
            PromptSeat(self, player, "you" if len(humans) == 1 else f"seat {player + 1}")
            if who == HUMAN else table_bot(game, who, seed * 31 + player)
            for player, who in enumerate(seats)]
        self.prompts = [seat for seat in players if isinstance(seat, PromptSeat)]
        self.table = Table(game, players, seed, auto_forced=False)
        self.save_path = _checked_save_path(save)
        self._save()  # an unwritable place is refused before the game starts
        self.table.watch(None, self._after_move)

    def run(self) -> None:
        """Play to the end, or until a person quits (the record is kept either way)."""
        if self.hotseat:
            self.console.set_alt_screen(True)
        try:
            self.console.print(f"[bold]{escape(self.game.title)}[/bold] (seed {self.seed}); "
                               "type [bold]help[/bold] at any prompt.")
            self.table.run()
        except QuitGame:
            self._stop("Game stopped.")
            return
        except KeyboardInterrupt:
            self._stop("Game interrupted.")
            raise
        finally:  # whatever happens, the terminal gets its normal screen back
            self._leave_alt_screen()
        self._finish()

    def hand_over(self, player: int) -> None:
        """In hot-seat play, hide the screen until ``player`` alone is at the keyboard."""
        if self.hotseat and self.last_human not in (None, player):
            self._clear_screen()
            answer = self.ask(f"Pass the keyboard to seat {player + 1}, then press Enter when only "
                              "they can see (or type quit). ")
            if answer.strip().lower() in QUIT:
                raise QuitGame
            self._clear_screen()
        self.last_human = player

    def ask(self, prompt: str) -> str:
        """A line from the keyboard; the end of input stops the game like ``quit``."""
        try:
            return self.console.input(prompt)
        except EOFError:
            raise QuitGame from None

    def complain(self, message: str) -> None:
        self.console.print(f"[red]{escape(message)}[/red]")

    def show_rules(self) -> None:
        try:
            self.console.print(Markdown(rules_page(self.game.name)))
        except CardtableError as error:
            self.complain(str(error))

    def look_up(self, words: str) -> None:
        """The lines of the rules page that mention ``words`` (a card as Q♦ or QD, a power's
        name, any word): ``rules Q♦`` at the prompt tells what the Queen of Diamonds does."""
        try:
            page = rules_page(self.game.name)
        except CardtableError as error:
            self.complain(str(error))
            return
        try:
            wanted = str(Card.parse(words))
        except CardtableError:
            wanted = words
        found = [line.strip(" |-*") for line in page.splitlines()
                 if wanted.lower() in line.lower()]
        if not found:
            self.complain(f"nothing in the rules mentions {words!r} (rules alone shows them all)")
            return
        shown = found[:LOOKED_UP]
        more = f"\n(and {len(found) - LOOKED_UP} more lines: rules shows the whole page)" \
            if len(found) > LOOKED_UP else ""
        self.console.print(escape("\n".join(shown) + more))

    def _after_move(self, viewer: int | None, events: Sequence[Event]) -> None:
        """Keep the record after every move and, with no person at the table, show the move."""
        self._save()
        if not self.prompts:
            for event in events:
                if event.text:
                    self.console.print(escape(event.text))

    def _stop(self, what: str) -> None:
        """Keep the record so far and say where it is."""
        self._save()
        self._leave_alt_screen()
        kept = (f"The record is kept in {self.save_path}." if self.save_path
                else "No record was kept (give --save FILE to keep one).")
        self.console.print(f"{what} {escape(kept)}", soft_wrap=True)  # a path stays whole, to copy

    def _finish(self) -> None:
        self._save()
        for seat in self.prompts:
            seat.show_news(f"last moves ({seat.name})")
        state = self.table.state
        self.console.print(Panel(escape(describe(self.game, state.view(None))), title="final table",
                                 expand=False))
        result = state.result()
        summary = result.summary if result else "The game is over."
        self.console.print(f"[bold]{escape(summary)}[/bold]")

    def _leave_alt_screen(self) -> None:
        if self.console.is_alt_screen:
            self.console.set_alt_screen(False)

    def _clear_screen(self) -> None:
        """Clear the screen and the scrollback, so the last player's hand cannot be scrolled to."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()

    def _save(self) -> None:
        """Keep the record after every move; a failed write is reported and the game goes on."""
        record = self.table.record
        if self.save_path is None or record is None:
            return
        try:
            record.save(self.save_path)
        except CardtableError as error:
            if not record.moves:
                raise
            self.complain(f"{error} (the game goes on; the last saved copy is kept)")


class PromptSeat:
    """A person at the keyboard: a seat of the table that reads its moves from the prompt."""

    def __init__(self, session: TerminalGame, player: int, name: str) -> None:
        self.session = session
        self.player = player
        self.name = name
        self.news: list[str] = []
        self.page = 0
        """The page of the move list last shown."""

    def on_events(self, viewer: int | None, events: Sequence[Event]) -> None:
        """What this seat may see of each move: shown as it happens while the person has
        nothing to decide (a game where the person owns the secret family plays itself, and
        was once seen only in part), or else before their next decision. In hot-seat play
        everything waits for the hand-over, so that no seat's news shows on another's turn."""
        self.news.extend(event.text for event in events if event.text)
        session = self.session
        if not session.hotseat and self.player not in session.table.state.to_act():
            for line in self.news:
                session.console.print(escape(line))
            self.news.clear()

    def choose(self, decision: Decision[Any]) -> Any:
        session, game = self.session, self.session.game
        session.hand_over(self.player)
        self.show_news("since your last move")
        console = session.console
        console.print(Panel(escape(describe(game, decision.view)),
                            title=escape(f"{game.title}: seat {self.player + 1}"), expand=False))
        explanation = explain_choice(game, decision.view)
        if explanation:
            console.print(escape(explanation))
        self._list(decision.legal)
        while True:
            text = session.ask(f"seat {self.player + 1}> ").strip()
            command = text.lower()
            if not text:
                continue
            if command in QUIT:
                raise QuitGame
            if command in ("help", "?"):
                console.print(escape(HELP.format(hint=hint_bot(game))))
                if notation_help(game):
                    console.print(escape(notation_help(game)))
            elif command == "rules":
                session.show_rules()
            elif command.startswith("rules "):
                session.look_up(text[len("rules "):].strip())
            elif command == "moves":
                self._list(decision.legal, self.page + 1)
            elif command == "hint":
                self._hint(decision)
            else:
                action = self._read(decision, text)
                if action is not None:
                    return action

    def show_news(self, title: str) -> None:
        if self.news:
            self.session.console.print(Panel(escape("\n".join(self.news[-12:])), title=title,
                                             expand=False))
            self.news.clear()

    def _read(self, decision: Decision[Any], text: str) -> Any:
        """The move a typed number (ASCII digits only) or notation names, or None after saying
        why."""
        legal = decision.legal
        if text.isascii() and text.isdigit():
            digits = text.lstrip("0") or "0"  # short before int(): thousands of digits are refused
            if len(digits) <= len(str(len(legal))) and 1 <= int(digits) <= len(legal):
                return legal[int(digits) - 1]
            self.session.complain(f"not a move: there is no move {digits[:12]}; "
                                  f"choose 1 to {len(legal)}.")
            return None
        try:
            return self.session.game.parse_action(self.session.table.state, self.player, text,
                                                  legal)  # the offered move: checked once
        except NotationError as error:
            looks_like_a_command = text.isascii() and text.isalpha() and len(text.split()) == 1
            more = f" (or a command: {', '.join(COMMANDS)})" if looks_like_a_command else ""
            self.session.complain(f"{error}{more}")
            return None
        except CardtableError as error:
            self.session.complain(str(error))
            return None

    def _list(self, legal: list[Any], page: int = 0) -> None:
        """The legal moves, numbered, in as many columns as the screen holds and at most
        ``PAGE`` to a page, so that the board above stays on a screen of 40 rows; ``moves``
        again shows the next page."""
        pages = max(1, -(-len(legal) // PAGE))
        page %= pages
        self.page = page
        start = page * PAGE
        width = len(str(len(legal)))
        items = [escape(f"{i:>{width}}. {action}")
                 for i, action in enumerate(legal[start:start + PAGE], start=start + 1)]
        console = self.session.console
        console.print(Columns(items, column_first=True, padding=(0, 3)))
        if pages > 1:
            console.print(f"(moves {start + 1}-{start + len(items)} of {len(legal)}; type "
                          "[bold]moves[/bold] for the next ones, or a move's notation)")

    def _hint(self, decision: Decision[Any]) -> None:
        advice = hint(decision, self.session.seed)
        console = self.session.console
        if advice.analysis is not None:
            console.print(f"Exact analysis: {escape(advice.analysis)}")
        if advice.move is None:
            console.print("No hint bot for this game.")
            return
        console.print(f"The {advice.adviser} bot would play: "
                      f"[bold]{escape(str(advice.move))}[/bold]")


def _checked_save_path(save: str | Path | None) -> Path | None:
    """Refuse a place no record file can be kept in, before any move is played."""
    if save is None:
        return None
    if not str(save).strip():
        raise CardtableError("--save needs a file name")
    path = Path(save)
    if path.is_dir():
        raise CardtableError(f"cannot save the record to {save}: it is a folder")
    if not path.resolve().parent.is_dir():
        raise CardtableError(f"cannot save the record to {save}: no such folder")
    return path
