"""Playing a simulation's games, in this process or spread over worker processes.

Game ``i`` of a simulation seeded ``S`` is always played from :func:`game_seed` ``(S, i)``, and the
results are put back in game order, so a simulation's results are the same whatever the number
of workers. Workers are started with ``spawn`` (the one start method every platform has), so
everything they run is a module-level function, they are given the family's name and the card
folders' paths rather than objects, and each loads the cards once, in its initializer.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn

import attrs

from lotr_rules.engine.rng import Rng
from lotr_rules.errors import InternalError, UserError
from lotr_rules.sim.families import GameFamily, SimSettings, get_family
from lotr_rules.sim.results import GameResult

#: called with (games done, games in all) after each game
ProgressFn = Callable[[int, int], None]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: independent of every other game's."""
    return Rng(seed).fork(index)


def resolve_workers(workers: int, games: int) -> int:
    """0 means one per CPU; never more workers than games."""
    if workers < 0:
        raise UserError(f"--workers must be 0 (one per CPU) or more, not {workers}")
    if workers == 0:
        workers = os.cpu_count() or 1
    return max(1, min(workers, games))


@attrs.frozen(slots=True)
class SimulationRun:
    settings: SimSettings
    results: tuple[GameResult, ...]
    wall_seconds: float
    workers: int

    @property
    def games_per_second(self) -> float:
        return len(self.results) / self.wall_seconds if self.wall_seconds > 0 else 0.0


@attrs.frozen(slots=True)
class GameFailure:
    """A game that raised in a worker; sent back as text (not every exception pickles)."""

    #: which game, or that the worker could not start
    where: str
    user_error: bool
    message: str
    details: str

    def raise_it(self) -> NoReturn:
        if self.user_error:
            raise UserError(f"{self.where}: {self.message}")
        raise InternalError(f"{self.where}: {self.message} (in a worker process)\n{self.details}")


def prepare(settings: SimSettings) -> tuple[GameFamily, Any]:
    """The family and its cards, with the settings checked: done once, before any worker starts."""
    if settings.games < 1:
        raise UserError(f"a simulation plays 1 game or more, not {settings.games}")
    family = get_family(settings.family)
    catalogue = family.load([Path(p) for p in settings.card_paths])
    family.check(catalogue, settings)
    return family, catalogue


def play_one(family: GameFamily, catalogue: Any, settings: SimSettings, index: int) -> GameResult:
    seed = game_seed(settings.seed, index)
    try:
        return family.play(catalogue, settings, index, seed)
    except Exception as error:
        error.add_note(f"while playing game {index + 1} of the simulation (seed {seed})")
        raise


def run_simulation(
    settings: SimSettings,
    workers: int = 1,
    progress: ProgressFn | None = None,
    *,
    start_method: str = "spawn",
) -> SimulationRun:
    """Play ``settings.games`` games; ``workers`` processes (0: one per CPU, 1: this process only)."""
    family, catalogue = prepare(settings)
    workers = resolve_workers(workers, settings.games)
    started = time.perf_counter()
    if progress is not None:
        progress(0, settings.games)
    if workers == 1:
        results = _run_here(family, catalogue, settings, progress)
    else:
        results = _run_pool(family, settings, workers, progress, start_method)
    wall = time.perf_counter() - started
    return SimulationRun(settings, tuple(results), wall, workers)


def _run_here(
    family: GameFamily, catalogue: Any, settings: SimSettings, progress: ProgressFn | None
) -> list[GameResult]:
    results = []
    for index in range(settings.games):
        results.append(play_one(family, catalogue, settings, index))
        if progress is not None:
            progress(index + 1, settings.games)
    return results


def _run_pool(
    family: GameFamily, settings: SimSettings, workers: int, progress: ProgressFn | None, start_method: str
) -> list[GameResult]:
    games = settings.games
    # Small chunks keep the progress bar moving and the workers evenly loaded.
    size = max(1, min(16, games // (workers * 50)))
    chunks = [range(start, min(start + size, games)) for start in range(0, games, size)]
    slots: list[GameResult | None] = [None] * games
    executor = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context(start_method),
        initializer=_init_worker,
        initargs=(settings.family, type(family).__module__, settings),
    )
    try:
        pending = [executor.submit(_play_chunk, chunk.start, chunk.stop) for chunk in chunks]
        done = 0
        for future in as_completed(pending):
            for index, outcome in future.result():
                if isinstance(outcome, GameFailure):
                    outcome.raise_it()
                slots[index] = outcome
                done += 1
            if progress is not None:
                progress(done, games)
    except BrokenProcessPool as error:
        raise InternalError(
            f"a simulation worker process died ({error}); if lotr_rules is run from a script of yours, "
            "start it under `if __name__ == '__main__':`"
        ) from error
    finally:
        # On an error or Ctrl-C, games not started yet are dropped rather than played for nothing.
        executor.shutdown(wait=True, cancel_futures=True)
    results = [r for r in slots if r is not None]
    if len(results) != games:
        raise InternalError(f"the workers returned {len(results)} results for {games} games")
    return results


# ---------------------------------------------------------------------- in the worker processes
_worker: tuple[GameFamily, Any, SimSettings] | None = None
_worker_failure: GameFailure | None = None


def _init_worker(family_name: str, family_module: str, settings: SimSettings) -> None:
    global _worker, _worker_failure
    # Ctrl-C reaches every process of the terminal's group: let the parent alone handle it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        family = get_family(family_name, family_module)
        catalogue = family.load([Path(p) for p in settings.card_paths])
    except Exception as error:
        # Reported with the first game this worker is given: a failing initializer would only
        # break the pool with a less helpful message.
        _worker_failure = _failure("a simulation worker could not start", error)
        return
    _worker = (family, catalogue, settings)


def _failure(where: str, error: Exception) -> GameFailure:
    return GameFailure(where, isinstance(error, UserError), str(error), "".join(traceback.format_exception(error)))


def _play_chunk(start: int, stop: int) -> list[tuple[int, GameResult | GameFailure]]:
    if _worker is None:
        assert _worker_failure is not None, "worker used before its initializer ran"
        return [(start, _worker_failure)]
    family, catalogue, settings = _worker
    out: list[tuple[int, GameResult | GameFailure]] = []
    for index in range(start, stop):
        try:
            out.append((index, play_one(family, catalogue, settings, index)))
        except Exception as error:
            where = f"game {index + 1} (seed {game_seed(settings.seed, index)})"
            out.append((index, _failure(where, error)))
            break
    return out


def run_games(settings: SimSettings, indexes: Sequence[int]) -> list[GameResult]:
    """Just some of a simulation's games, in this process (to reproduce one game, say)."""
    family, catalogue = prepare(settings)
    return [play_one(family, catalogue, settings, index) for index in indexes]
