"""A person at a terminal: shows the screen, a numbered menu, and reads the answer.

One :class:`HumanAgent` can sit in several seats (hot-seat play): it then asks the players to
pass the terminal whenever the seat it answers for changes. Saving and quitting leave the game
by exceptions, which the ``play`` command catches: the game is rebuilt from its record, so
nothing half-done is ever written.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from lotr_rules.agents.controls import Seat, ask_for_choice, take_back_key
from lotr_rules.engine.decisions import DecisionRequest
from lotr_rules.engine.game import Game
from lotr_rules.games.deckbuilding.game import DeckbuildingGame
from lotr_rules.games.deckbuilding.screen import LOG_LINES, new_log_lines, player_name, render_screen
from lotr_rules.session.takeback import TakeBack
from lotr_rules.terminal import escape_controls, raw

CLEAR = "\033[2J\033[H"


class SaveRequested(Exception):
    """The player asked to save; ``quit`` says whether they also want to stop playing."""

    def __init__(self, game: Game, quit: bool = False) -> None:
        super().__init__("save requested")
        self.game = game
        self.quit = quit


class QuitRequested(Exception):
    """The player confirmed they want to stop without saving."""


class HumanAgent:
    """Answers decisions by asking a person. ``input_fn`` and ``output_fn`` default to the terminal."""

    name = "human"

    def __init__(
        self,
        input_fn: Callable[[str], str] = input,
        output_fn: Callable[[str], None] = print,
        *,
        hot_seat: bool = False,
        clear: bool = False,
        save_path: str = "",
        log_lines: int = LOG_LINES,
    ) -> None:
        self.input_fn = input_fn
        self.output_fn = output_fn
        self.hot_seat = hot_seat
        self.clear = clear
        self.save_path = save_path
        self.log_lines = log_lines
        #: per seat: how much of the log that seat has already been shown
        self.seen: dict[int, int] = {}
        self.last_seat: int | None = None
        #: per seat: the table as last drawn for it, so it is drawn again only when it changed
        self.tables: dict[int, str] = {}
        #: how many choices a take-back keeps (set by the face that offers take-backs)
        self.take_backs: Callable[[Game], TakeBack] | None = None

    def forget_screens(self, log_length: int) -> None:
        """After a take-back: the game's log is shorter now, and every table is drawn again."""
        self.seen = {seat: min(seen, log_length) for seat, seen in self.seen.items()}
        self.tables = {}

    # ------------------------------------------------------------------ input
    def _read(self, game: Game, prompt: str) -> str:
        """One line of input; the end of input (or Ctrl-C) saves the game and quits."""
        try:
            return self.input_fn(escape_controls(prompt)).strip()  # input() may bypass sys.stdout
        except (EOFError, KeyboardInterrupt):
            self.output_fn("")
            raise SaveRequested(game, quit=True) from None

    # ------------------------------------------------------------------ the agent
    def choose(self, game: Game, request: DecisionRequest) -> int:
        assert isinstance(game, DeckbuildingGame)
        seat = request.player
        passed = self.hot_seat and seat != self.last_seat
        if passed:
            if self.clear:
                # Sent raw on purpose: every other output has its control characters escaped.
                if self.output_fn is print:
                    raw(sys.stdout).write(CLEAR + "\n")
                else:
                    self.output_fn(CLEAR)
            self._read(game, f"Pass to {player_name(game, seat)}; press Enter when ready. ")
        self.last_seat = seat
        if passed:
            self.show_screen(game, seat)
        else:
            self.show_table(game, seat)
        self.show_menu(game, request)

        def raise_save() -> None:
            raise SaveRequested(game)

        def show_log() -> None:
            self.output_fn("\n".join(new_log_lines(game, viewer=seat)) or "(nothing has happened yet)")
            self.show_menu(game, request)

        def redraw() -> None:
            self.show_screen(game, seat, since=0)
            self.show_menu(game, request)

        keys = Seat(
            read=lambda prompt: self._read(game, prompt),
            say=self.output_fn,
            save_path=self.save_path,
            save=raise_save,
            quit=lambda: self._confirm_quit(game),
            show_log=show_log,
            show_screen=redraw,
            take_back=take_back_key(game, self.output_fn, self.take_backs),
        )
        return ask_for_choice(game, request, keys)

    def _confirm_quit(self, game: Game) -> None:
        answer = self._read(game, "Quit? y = quit without saving, s = save and quit, anything else = keep playing: ")
        answer = answer.lower()
        if answer in ("y", "yes"):
            raise QuitRequested
        if answer in ("s", "save"):
            raise SaveRequested(game, quit=True)
        self.output_fn("Playing on.")

    # ------------------------------------------------------------------ output
    def show_table(self, game: DeckbuildingGame, seat: int) -> None:
        """The whole screen when the table changed since this seat last saw it; otherwise only
        what happened since (a card asking a second question changes nothing on the table)."""
        table = render_screen(game, seat, since=len(game.state.log))
        if self.tables.get(seat) == table:
            self.show_news(game, seat)
        else:
            self.show_screen(game, seat)

    def show_screen(self, game: DeckbuildingGame, seat: int, since: int | None = None) -> None:
        start = self.seen.get(seat, 0) if since is None else since
        self.output_fn(render_screen(game, seat, since=start, log_lines=self.log_lines))
        self.seen[seat] = len(game.state.log)
        self.tables[seat] = render_screen(game, seat, since=len(game.state.log))

    def show_menu(self, game: DeckbuildingGame, request: DecisionRequest) -> None:
        prompt = request.question
        if request.source >= 0:
            source = game.cards[request.source].name
            if source not in prompt:
                prompt = f"{source}: {prompt}"
        text = f"Player {request.player + 1}, {prompt}" if self.hot_seat else prompt[:1].upper() + prompt[1:]
        self.output_fn(text if text.endswith(("?", ":")) else text + ":")
        width = len(str(len(request.options)))
        for number, option in enumerate(request.options, start=1):
            self.output_fn(f"  {number:>{width}}) {option.label}")

    def show_news(self, game: DeckbuildingGame, seat: int) -> None:
        """The log lines ``seat`` has not seen yet (for the end of the game)."""
        lines = new_log_lines(game, self.seen.get(seat, 0), seat)
        if len(lines) > self.log_lines:
            left_out = len(lines) - self.log_lines
            lines = [f"  ({left_out} earlier lines not shown)", *lines[-self.log_lines :]]
        if lines:
            self.output_fn("\n".join(lines))
        self.seen[seat] = len(game.state.log)
