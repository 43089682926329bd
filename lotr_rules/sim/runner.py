"""Playing a simulation's games, in this process or spread over worker processes.

Game ``i`` of a simulation seeded ``S`` is always played from :func:`game_seed` ``(S, i)``, and
each game is added to a running :class:`~lotr_rules.sim.tally.Tally` as it arrives (a tally does
not depend on the order games arrive in), so a simulation's figures are the same whatever the
number of workers, and no game is kept once it is counted. Workers are started with ``spawn``
(the one start method every platform has), so everything they run is a module-level function,
they are given the family's name and the card folders' paths rather than objects, and each loads
the cards once, in its initializer.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, NoReturn

import attrs

from lotr_rules.engine.rng import Rng
from lotr_rules.errors import InternalError, UserError
from lotr_rules.sim.families import GameFamily, SimSettings, get_family
from lotr_rules.sim.results import GameResult
from lotr_rules.sim.tally import Tally

#: called with (games done, games in all) after each game
ProgressFn = Callable[[int, int], None]
#: called with the tally so far and the seconds spent, now and then while the games run (to save it)
CheckpointFn = Callable[[Tally, float], None]


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
    """What a simulation played: its settings and the running tally of its games."""

    settings: SimSettings
    tally: Tally
    wall_seconds: float
    #: worker processes (or cluster workers) that played the games
    workers: int
    #: games played by this run (a resumed run's tally also holds the games played before)
    played_now: int = 0
    #: stopped by Ctrl-C or SIGTERM before every planned game was played
    stopped: bool = False

    @property
    def games_per_second(self) -> float:
        return self.played_now / self.wall_seconds if self.wall_seconds > 0 else 0.0

    @property
    def complete(self) -> bool:
        return not any(self.tally.ranges.missing(*self.settings.game_range))


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
    scheduler: str | None = None,
    done: Tally | None = None,
    checkpoint: CheckpointFn | None = None,
    checkpoint_seconds: float = 10.0,
) -> SimulationRun:
    """Play ``settings.games`` games and tally them as they arrive.

    ``workers`` processes play them (0: one per CPU, 1: this process only), or, given a Dask
    ``scheduler`` address, the cluster's workers (see :mod:`lotr_rules.sim.cluster`). ``done`` is
    the tally of games already played (a resumed run): only the others are played. ``checkpoint``
    is called with the tally so far at most every ``checkpoint_seconds`` while games run. Ctrl-C
    (or SIGTERM, under :func:`lotr_rules.sim.stopping.stop_on_signals`) stops the workers and
    returns what was tallied, with ``stopped`` set."""
    family, catalogue = prepare(settings)
    tally = done.copy() if done is not None else Tally()
    first, stop = settings.game_range
    outside = [(a, b) for a, b in tally.ranges if a < first or b > stop]
    if outside:
        raise UserError(
            f"the games already played ({_ranges_text(tally.ranges)}) are not all among games "
            f"{first + 1} to {stop} of this run"
        )
    todo = list(tally.ranges.missing(first, stop))
    left = sum(b - a for a, b in todo)
    already = tally.games
    started = time.perf_counter()
    driver = _Driver(tally, settings.games, progress, checkpoint, checkpoint_seconds)
    if progress is not None:
        progress(already, settings.games)
    if scheduler is not None:
        from lotr_rules.sim import cluster

        used = cluster.run_on_cluster(scheduler, settings, type(family).__module__, todo, driver)
    else:
        used = resolve_workers(workers, left)
        if used == 1:
            driver.run_here(family, catalogue, settings, todo)
        else:
            _run_pool(family, settings, used, todo, driver, start_method)
    wall = time.perf_counter() - started
    return SimulationRun(settings, driver.tally, wall, used, driver.tally.games - already, driver.stopped)


def _ranges_text(ranges: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{a + 1}" if b == a + 1 else f"{a + 1}-{b}" for a, b in ranges)


def chunks(todo: Sequence[tuple[int, int]], size: int) -> Iterator[tuple[int, int]]:
    """The games to play, ``size`` at a time, in game order."""
    for start, stop in todo:
        for at in range(start, stop, size):
            yield (at, min(at + size, stop))


def chunk_size(games: int, workers: int) -> int:
    """Small chunks keep the progress bar moving and the workers evenly loaded."""
    return max(1, min(16, games // (workers * 50)))


ChunkOutcome = tuple[Tally, "GameFailure | None"]


class _Driver:
    """Merges chunk tallies into the running tally, reports progress and checkpoints.

    The running tally is replaced, never changed in place: a Ctrl-C that lands while a chunk is
    being merged leaves the previous tally whole."""

    def __init__(
        self,
        tally: Tally,
        total: int,
        progress: ProgressFn | None,
        checkpoint: CheckpointFn | None,
        checkpoint_seconds: float,
    ) -> None:
        self.tally = tally
        self.total = total
        self.progress = progress
        self.checkpoint = checkpoint
        self.checkpoint_seconds = checkpoint_seconds
        self.stopped = False
        self._started = self._last_checkpoint = time.monotonic()

    def take(self, outcome: ChunkOutcome) -> None:
        chunk, failure = outcome
        merged = self.tally.copy()
        merged.merge(chunk)
        self.tally = merged
        if failure is not None:
            failure.raise_it()
        if self.progress is not None:
            self.progress(self.tally.games, self.total)
        if self.checkpoint is not None and time.monotonic() - self._last_checkpoint >= self.checkpoint_seconds:
            self._last_checkpoint = time.monotonic()
            self.checkpoint(self.tally, self._last_checkpoint - self._started)

    def run_here(
        self, family: GameFamily, catalogue: Any, settings: SimSettings, todo: Sequence[tuple[int, int]]
    ) -> None:
        try:
            for start, stop in chunks(todo, chunk_size(sum(b - a for a, b in todo), 1)):
                chunk = Tally()
                for index in range(start, stop):
                    chunk.add(play_one(family, catalogue, settings, index))
                    if self.progress is not None:
                        self.progress(self.tally.games + chunk.games, self.total)
                self.take((chunk, None))
        except KeyboardInterrupt:
            self.stopped = True

    def drive(
        self,
        todo: Sequence[tuple[int, int]],
        workers: int,
        submit: Callable[[int, int], Any],
        wait_first: Callable[[set[Any]], set[Any]],
        result: Callable[[Any], ChunkOutcome],
    ) -> None:
        """Keep a few chunks per worker in flight (never the whole run: memory stays flat), and
        take each chunk's tally as it comes back, in whatever order."""
        pending = iter(chunks(todo, chunk_size(sum(b - a for a, b in todo), workers)))
        in_flight: set[Any] = set()
        limit = workers * 4
        while True:
            while len(in_flight) < limit:
                nxt = next(pending, None)
                if nxt is None:
                    break
                in_flight.add(submit(*nxt))
            if not in_flight:
                return
            finished = wait_first(in_flight)
            in_flight -= finished
            for future in finished:
                self.take(result(future))


def _submit_holding_ctrl_c(executor: ProcessPoolExecutor, start: int, stop: int) -> Future[ChunkOutcome]:
    """Submit a chunk with Ctrl-C held until the submission is done. The first submissions start
    the worker processes, and a Ctrl-C in the middle of starting one would leave it reading half
    its start-up data, printing a traceback of its own; held, the Ctrl-C arrives a moment later
    and stops the run as usual."""
    if not hasattr(signal, "pthread_sigmask"):
        return executor.submit(_play_chunk, start, stop)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        return executor.submit(_play_chunk, start, stop)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _run_pool(
    family: GameFamily,
    settings: SimSettings,
    workers: int,
    todo: Sequence[tuple[int, int]],
    driver: _Driver,
    start_method: str,
) -> None:
    executor = ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context(start_method),
        initializer=_init_worker,
        initargs=(settings.family, type(family).__module__, settings),
    )

    def wait_first(futures: set[Future[ChunkOutcome]]) -> set[Future[ChunkOutcome]]:
        return wait(futures, return_when=FIRST_COMPLETED).done

    stopping = False
    try:
        driver.drive(
            todo,
            workers,
            lambda start, stop: _submit_holding_ctrl_c(executor, start, stop),
            wait_first,
            lambda future: future.result(),
        )
    except KeyboardInterrupt:
        driver.stopped = stopping = True
    except BrokenProcessPool as error:
        raise InternalError(
            f"a simulation worker process died ({error}); if lotr_rules is run from a script of yours, "
            "start it under `if __name__ == '__main__':`"
        ) from error
    finally:
        if stopping:
            # Stop now: the games the workers are in the middle of are not waited for (a
            # resumed run plays them again), and no worker outlives the simulation.
            for process in list(executor._processes.values()):
                process.terminate()
        # On an error, games not started yet are dropped rather than played for nothing.
        executor.shutdown(wait=True, cancel_futures=True)


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


def play_chunk(family: GameFamily, catalogue: Any, settings: SimSettings, start: int, stop: int) -> ChunkOutcome:
    """Games ``start`` to ``stop - 1``, tallied; a failing game ends the chunk with its failure."""
    tally = Tally()
    for index in range(start, stop):
        try:
            tally.add(play_one(family, catalogue, settings, index))
        except Exception as error:
            where = f"game {index + 1} (seed {game_seed(settings.seed, index)})"
            return tally, _failure(where, error)
    return tally, None


def _play_chunk(start: int, stop: int) -> ChunkOutcome:
    if _worker is None:
        assert _worker_failure is not None, "worker used before its initializer ran"
        return Tally(), _worker_failure
    family, catalogue, settings = _worker
    return play_chunk(family, catalogue, settings, start, stop)


def run_games(settings: SimSettings, indexes: Sequence[int]) -> list[GameResult]:
    """Just some of a simulation's games, in this process (to reproduce one game, say)."""
    family, catalogue = prepare(settings)
    return [play_one(family, catalogue, settings, index) for index in indexes]
