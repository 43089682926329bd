"""A game that stops at each decision: the engine in a thread of its own, handing over its requests.

The engine asks its seats synchronously (``Agent.choose``, deep inside the turn loop), while a
step-by-step environment must return to its caller at every decision. :class:`DecisionDriver`
runs the game in a thread whose seats publish each request and wait for an answer; the
environment reads the request, answers it with :meth:`~DecisionDriver.answer`, and gets the next
one. Exactly one side works at a time, so the game stands still (and may be read) whenever the
caller holds it. Replaying from the choices instead would re-run the whole game at every step.

:meth:`~DecisionDriver.close` ends the thread: a seat waiting for an answer raises
:class:`Abandoned`, a ``BaseException`` so that no ``except Exception`` in the engine stops it.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from typing import Any

from lotr_rules.engine.decisions import Agent, DecisionRequest
from lotr_rules.engine.game import Game

#: the game threads' names start with this (the tests look for leftovers by it)
THREAD_PREFIX = "lotr-rules-env-"
_numbers = itertools.count(1)


class Abandoned(BaseException):
    """The driver was closed while its game waited for an answer: the game thread stops."""


class DecisionDriver:
    """One game, played one decision at a time by whoever calls :meth:`answer`."""

    def __init__(self, run: Callable[[Sequence[Agent]], tuple[Game, dict[str, Any]]], seats: int) -> None:
        self._run = run
        self._cond = threading.Condition()
        #: True while the engine works; False while it waits for an answer (or is done)
        self._engine_turn = True
        self._answer = -1
        self._closed = False
        #: the game and the request it waits on; None once the game is over
        self.game: Game | None = None
        self.request: DecisionRequest | None = None
        self.done = False
        #: the game's own result (``play_game()``), once it is over
        self.result: dict[str, Any] = {}
        self.error: BaseException | None = None
        agents = [_HandOver(self) for _ in range(seats)]
        self._thread = threading.Thread(
            target=self._play, args=(agents,), name=f"{THREAD_PREFIX}{next(_numbers)}", daemon=True
        )

    # ------------------------------------------------------------------ the caller's side
    def start(self) -> None:
        """Start the game and wait until it asks its first question (or ends)."""
        with self._cond:
            self._thread.start()
            self._wait_for_engine()

    def answer(self, index: int) -> None:
        """Answer the pending request with option ``index``; wait for the next one (or the end)."""
        with self._cond:
            if self.done or self.request is None:
                raise RuntimeError("the game is not waiting for a decision")
            self._answer = index
            self.request = None
            self._engine_turn = True
            self._cond.notify_all()
            self._wait_for_engine()

    def close(self) -> None:
        """End the game thread (if it still runs) and wait until it has ended."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._thread.is_alive():
            self._thread.join()

    def _wait_for_engine(self) -> None:
        while self._engine_turn:
            self._cond.wait()
        if self.error is not None:
            error, self.error = self.error, None
            raise error

    # ------------------------------------------------------------------ the game thread
    def _play(self, agents: Sequence[Agent]) -> None:
        with self._cond:
            try:
                self.game, self.result = self._run(agents)
            except Abandoned:
                pass
            except BaseException as error:  # handed to the caller, who raises it
                self.error = error
            finally:
                self.done = True
                self.request = None
                self._engine_turn = False
                self._cond.notify_all()

    def _ask(self, game: Game, request: DecisionRequest) -> int:
        # runs in the game thread, holding the condition (taken in _play)
        if self._closed:
            raise Abandoned
        self.game = game
        self.request = request
        self._engine_turn = False
        self._cond.notify_all()
        while not self._engine_turn:
            if self._closed:
                raise Abandoned
            self._cond.wait()
        return self._answer


class _HandOver:
    """A seat whose answers come from the driver's caller."""

    name = "env"

    def __init__(self, driver: DecisionDriver) -> None:
        self._driver = driver

    def choose(self, game: Game, request: DecisionRequest) -> int:
        return self._driver._ask(game, request)
