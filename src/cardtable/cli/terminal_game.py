"""The terminal game: humans and bots around one table, through the core protocol only.

Each human sees the table through their own view. In hot-seat play the screen is cleared and the
next player must confirm before their hand is shown. A bad entry gets a message and a new prompt.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel

from cardtable.bots import make_bot
from cardtable.cli.rules_pages import rules_page
from cardtable.core import Action, CardtableError, Decision, Event, Game, Record

MAX_LISTED = 40
HELP = """Type the number of a move, or its notation. Other commands:
  moves   list the legal moves again
  hint    ask the {hint} bot what it would play
  rules   show the rules page
  help    this text
  quit    stop (the record is kept if you gave --save)"""


class QuitGame(Exception):
    """The human asked to stop."""


class TerminalGame:
    def __init__(self, game: Game, vs: str, seed: int, seat: int = 0, save: Path | None = None,
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
        if save is not None and not Path(save).resolve().parent.is_dir():
            raise CardtableError(f"cannot save the record to {save}: no such folder")
        self.save_path = save
        self.pending: dict[int, list[str]] = {p: [] for p in self.humans}
        self.last_human: int | None = None

    def run(self) -> None:
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
        kept = (f"The record is kept in {self.save_path}." if self.save_path
                else "No record was kept (give --save FILE to keep one).")
        self.console.print(f"{what} {kept}")

    def _bot_moves(self, player: int) -> None:
        legal = self.state.legal_actions(player)
        action = self.bots[player].choose(Decision(self.game, self.state, player, legal))
        self._apply(player, action)

    def _human_moves(self, player: int) -> None:
        if self.hotseat and self.last_human is not None and self.last_human != player:
            self.console.clear()
            self._ask(f"Pass the keyboard to player {player}, then press Enter when only they can see. ")
            self.console.clear()
        self.last_human = player
        self._show(player)
        legal = self.state.legal_actions(player)
        self._list(legal)
        while True:
            text = self._ask(f"player {player}> ").strip()
            if not text:
                continue
            command = text.lower()
            if command in ("quit", "exit", "q"):
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
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]There is no move {number}; choose 1 to {len(legal)}.[/red]")
            return None
        try:
            return self.game.parse_action(self.state, player, text)
        except CardtableError as error:
            self.console.print(f"[red]{error}[/red]")
            return None

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
        lines = [f"{i:>{width}}. {action}" for i, action in enumerate(shown, start=1)]
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
        self.console.print(f"The {adviser.name} bot would play: [bold]{suggestion}[/bold]")

    def _show_rules(self) -> None:
        try:
            self.console.print(Markdown(rules_page(self.game.name)))
        except CardtableError as error:
            self.console.print(str(error))

    def _ask(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            raise QuitGame from None

    def _finish(self) -> None:
        self.record.finish(self.state)
        self._save()
        for human in sorted(self.humans):
            if self.pending[human]:
                self.console.print(Panel("\n".join(self.pending[human][-12:]), title=f"last moves (player {human})", expand=False))
        self.console.print(Panel(self.game.describe(self.state.view(None)), title="final table", expand=False))
        result = self.state.result()
        self.console.print(f"[bold]{result.summary if result else 'The game is over.'}[/bold]")

    def _save(self) -> None:
        """Write the record atomically, so a crash mid-write never loses the previous copy."""
        if self.save_path is None:
            return
        target = Path(self.save_path)
        handle, temporary = tempfile.mkstemp(dir=target.parent or Path("."), suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(self.record.dumps() + "\n")
        os.replace(temporary, target)
