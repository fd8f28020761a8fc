"""The terminal game: humans and bots around one table, through the core protocol only.

Each human sees the table through their own view. In hot-seat play the game runs on the
terminal's alternate screen, which is cleared with its scrollback at every hand-over, and the
next player must confirm before their hand is shown. A bad entry of any kind gets a message and a
new prompt.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel

from cardtable.bots import make_bot
from cardtable.cli.rules_pages import rules_page
from cardtable.core import Action, CardtableError, Decision, Event, Game, Record

MAX_LISTED = 40
QUIT = ("quit", "exit", "q")
CLEAR_SCROLLBACK = "\x1b[3J"
"""Erase the terminal's saved lines (xterm's ED 3), which a plain clear leaves to scroll back to."""
HELP = """Type the number of a move, or its notation. Other commands:
  moves   list the legal moves again
  hint    ask the {hint} bot what it would play
  rules   show the rules page
  help    this text
  quit    stop (the record is kept if you gave --save)"""


class QuitGame(Exception):
    """The human asked to stop."""


class TerminalGame:
    def __init__(self, game: Game, vs: str, seed: int, seat: int = 0, save: str | Path | None = None,
                 console: Console | None = None) -> None:
        self.game = game
        self.seed = seed
        self.console = console or Console()
        self.state = game.new_state(seed)
        players = self.state.num_players
        if not 0 <= seat < players:
            raise CardtableError(f"--seat must be between 0 and {players - 1}")
        self.hotseat = vs == "human"
        self.humans = set(range(players)) if self.hotseat else {seat}
        self.bots = {p: make_bot(game, vs, seed * 31 + p) for p in range(players) if p not in self.humans}
        names = [("you" if not self.hotseat else f"player {p}") if p in self.humans else self.bots[p].name
                 for p in range(players)]
        self.record = Record.start(game, seed, names)
        self.save_path = _checked_save_path(save)
        self._save()  # an unwritable place is refused before the game starts
        self.pending: dict[int, list[str]] = {p: [] for p in self.humans}
        self.last_human: int | None = None

    def run(self) -> None:
        if self.hotseat:
            self.console.set_alt_screen(True)
        try:
            self.console.print(f"[bold]{self.game.title}[/bold] (seed {self.seed}); type [bold]help[/bold] at any prompt.")
            while not self.state.is_over():
                acting = self.state.to_act()
                bot = next((p for p in acting if p in self.bots), None)
                if bot is not None:
                    self._bot_moves(bot)
                else:
                    self._human_moves(acting[0])
        except QuitGame:
            self._stop("Game stopped.")
            return
        except KeyboardInterrupt:
            self._stop("Game interrupted.")
            raise
        self._finish()

    def _stop(self, what: str) -> None:
        """Keep the record so far and say where it is."""
        self._save()
        self.console.set_alt_screen(False)
        kept = (f"The record is kept in {self.save_path}." if self.save_path
                else "No record was kept (give --save FILE to keep one).")
        self.console.print(f"{what} {escape(kept)}", soft_wrap=True)  # a path stays whole, to copy


    def _bot_moves(self, player: int) -> None:
        legal = self.state.legal_actions(player)
        action = self.bots[player].choose(Decision(self.game, self.state, player, legal))
        self._apply(player, action)

    def _human_moves(self, player: int) -> None:
        if self.hotseat and self.last_human is not None and self.last_human != player:
            self._clear_screen()
            answer = self._ask(f"Pass the keyboard to player {player}, then press Enter when only they "
                               "can see (or type quit). ")
            if answer.strip().lower() in QUIT:
                raise QuitGame
            self._clear_screen()
        self.last_human = player
        self._show(player)
        legal = self.state.legal_actions(player)
        self._list(legal)
        while True:
            text = self._ask(f"player {player}> ").strip()
            if not text:
                continue
            command = text.lower()
            if command in QUIT:
                raise QuitGame
            if command in ("help", "?"):
                self.console.print(HELP.format(hint=self.game.hint_bot))
                if self.game.notation_help:
                    self.console.print(self.game.notation_help)
                continue
            if command == "rules":
                self._show_rules()
                continue
            if command == "moves":
                self._list(legal)
                continue
            if command == "hint":
                self._hint(player, legal)
                continue
            action = self._read(player, legal, text)
            if action is not None:
                self._apply(player, action)
                return

    def _read(self, player: int, legal: list[Action], text: str) -> Action | None:
        """The move a typed number (ASCII digits only) or notation names, or None after saying why."""
        if text.isascii() and text.isdigit():
            digits = text.lstrip("0") or "0"  # short before int(): thousands of digits are refused
            if len(digits) <= len(str(len(legal))) and 1 <= int(digits) <= len(legal):
                return legal[int(digits) - 1]
            self._complain(f"not a move: there is no move {digits[:12]}; choose 1 to {len(legal)}.")
            return None
        try:
            return self.game.parse_action(self.state, player, text)
        except CardtableError as error:
            self._complain(str(error))
            return None

    def _complain(self, message: str) -> None:
        self.console.print(f"[red]{escape(message)}[/red]")

    def _apply(self, player: int, action: Action) -> None:
        events = self.state.apply(player, action)
        self.record.add(player, action)
        self._save()
        self._note(events)

    def _note(self, events: list[Event]) -> None:
        for human, queue in self.pending.items():
            queue.extend(event.text for event in events if event.visible_to(human) and event.text)

    def _show(self, player: int) -> None:
        news = self.pending[player]
        if news:
            self.console.print(Panel("\n".join(news[-12:]), title="since your last move", expand=False))
            news.clear()
        table = self.game.describe(self.state.view(player))
        self.console.print(Panel(table, title=f"{self.game.title}: player {player}", expand=False))

    def _list(self, legal: list[Action]) -> None:
        shown = legal[:MAX_LISTED]
        width = len(str(len(shown)))
        lines = [f"{i:>{width}}. {escape(str(action))}" for i, action in enumerate(shown, start=1)]
        if len(legal) > MAX_LISTED:
            lines.append(f"... and {len(legal) - MAX_LISTED} more: type a move's notation")
        self.console.print("\n".join(lines))

    def _hint(self, player: int, legal: list[Action]) -> None:
        try:
            adviser = make_bot(self.game, self.game.hint_bot, self.seed)
        except CardtableError:
            self.console.print("No hint bot for this game.")
            return
        suggestion = adviser.choose(Decision(self.game, self.state, player, legal))
        self.console.print(f"The {adviser.name} bot would play: [bold]{escape(str(suggestion))}[/bold]")

    def _show_rules(self) -> None:
        try:
            self.console.print(Markdown(rules_page(self.game.name)))
        except CardtableError as error:
            self.console.print(str(error))

    def _clear_screen(self) -> None:
        """Clear the screen and the scrollback, so the last player's hand cannot be scrolled to."""
        self.console.clear()
        if self.console.is_terminal:
            self.console.file.write(CLEAR_SCROLLBACK)
            self.console.file.flush()

    def _ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            raise QuitGame from None

    def _finish(self) -> None:
        self.record.finish(self.state)
        self._save()
        self.console.set_alt_screen(False)
        for human in sorted(self.humans):
            if self.pending[human]:
                self.console.print(Panel("\n".join(self.pending[human][-12:]), title=f"last moves (player {human})", expand=False))
        self.console.print(Panel(self.game.describe(self.state.view(None)), title="final table", expand=False))
        result = self.state.result()
        self.console.print(f"[bold]{result.summary if result else 'The game is over.'}[/bold]")

    def _save(self) -> None:
        """Keep the record after every move; a failed write is reported and the game goes on."""
        if self.save_path is None:
            return
        try:
            self.record.save(self.save_path)
        except CardtableError as error:
            if not self.record.moves:
                raise
            self._complain(f"{error} (the game goes on; the last saved copy is kept)")


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
