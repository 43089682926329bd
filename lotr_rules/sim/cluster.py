"""Playing a simulation's games on a Dask cluster (the optional ``cluster`` extra).

The cluster plays the same chunks of games the local worker processes would, each worker loading
the family's cards once and sending back a chunk's tally, so the figures are the same as with
``--workers``, game for game. Every worker needs lotr-rules installed (the same version) and the
``--cards`` folders at the same paths as the machine that starts the simulation.

Dask is imported only here, and only when a cluster is asked for: without it, asking for one is a
user error that says which extra to install.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lotr_rules import __version__
from lotr_rules.errors import UserError
from lotr_rules.sim.families import GameFamily, SimSettings, get_family

if TYPE_CHECKING:
    from lotr_rules.sim.runner import ChunkOutcome, _Driver

INSTALL_HINT = "pip install 'lotr-rules[cluster]'"
#: how long to wait for a scheduler to answer, in seconds
CONNECT_TIMEOUT = 20


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UserError(f"running on a Dask cluster needs Dask's distributed scheduler: {INSTALL_HINT}") from None
    return distributed


@contextlib.contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """A Dask cluster of ``workers`` single-threaded worker processes on this machine, for as
    long as the block runs; yields its scheduler's address."""
    distributed = _distributed()
    cluster = distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    try:
        yield str(cluster.scheduler_address)
    finally:
        cluster.close()


def run_on_cluster(
    scheduler: str, settings: SimSettings, family_module: str, todo: Sequence[tuple[int, int]], driver: _Driver
) -> int:
    """Play the games in ``todo`` on the cluster at ``scheduler``; returns its number of workers."""
    distributed = _distributed()
    try:
        client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise UserError(f"cannot reach the Dask scheduler at '{scheduler}': {error}") from None
    futures: set[Any] = set()
    try:
        workers = len(client.scheduler_info().get("workers", {}))
        if workers == 0:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
            workers = len(client.scheduler_info().get("workers", {}))
        _check_versions(client)

        def submit(start: int, stop: int) -> Any:
            future = client.submit(
                play_chunk_on_worker, settings, family_module, start, stop, pure=False, key=f"lotr-rules-{start}-{stop}"
            )
            futures.add(future)
            return future

        def wait_first(pending: set[Any]) -> set[Any]:
            done = set(distributed.wait(pending, return_when="FIRST_COMPLETED").done)
            futures.difference_update(done)
            return done

        def result(future: Any) -> ChunkOutcome:
            outcome: ChunkOutcome = future.result()
            return outcome

        try:
            with client.as_current():
                driver.drive(todo, max(1, workers), submit, wait_first, result)
        except KeyboardInterrupt:
            driver.stopped = True
        return workers
    finally:
        if futures:
            with contextlib.suppress(Exception):
                client.cancel(list(futures), force=True)
        client.close()


def _check_versions(client: Any) -> None:
    """Every worker must run the same lotr-rules, or its games would not be this one's."""
    versions = client.run(_worker_version)
    other = sorted({str(v) for v in versions.values()} - {__version__})
    if other:
        raise UserError(
            f"the cluster's workers run lotr-rules {', '.join(other)}, this machine {__version__}: "
            "install the same version on every worker"
        )


def _worker_version() -> str:
    return __version__


# ---------------------------------------------------------------------- on the workers
_loaded: dict[tuple[str, str, tuple[str, ...]], tuple[GameFamily, Any]] = {}
_loading = threading.Lock()


def play_chunk_on_worker(settings: SimSettings, family_module: str, start: int, stop: int) -> ChunkOutcome:
    """A chunk of games on a cluster worker: the family's cards are loaded once per process."""
    from lotr_rules.sim.runner import _failure, play_chunk
    from lotr_rules.sim.tally import Tally

    key = (settings.family, family_module, settings.card_paths)
    try:
        with _loading:
            if key not in _loaded:
                family = get_family(settings.family, family_module)
                _loaded[key] = (family, family.load([Path(p) for p in settings.card_paths]))
        family, catalogue = _loaded[key]
    except Exception as error:
        return Tally(), _failure("a cluster worker could not load the cards", error)
    return play_chunk(family, catalogue, settings, start, stop)
