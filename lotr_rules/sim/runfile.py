"""A simulation's output file: its JSON report, plus what it takes to resume the run or merge it.

The file is the report ``--format json`` prints, with one more key, ``"run"``::

    "run": {
      "format": "lotr-rules simulation",
      "version": 1,
      "settings": {...},        # every setting, exactly (SimSettings.to_raw)
      "wall_seconds": 12.5,     # the time spent playing, over every session of the run
      "tally": {...},           # the running sums and which games they hold (Tally.to_json)
      "checksum": "..."         # SHA-256 of the three entries above
    }

A program that reads reports reads the file as before and ignores ``"run"``. Resuming a run
plays only the games its tally does not hold; merging files adds up tallies of disjoint games of
the same simulation, which gives exactly the figures of one run over all of them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from lotr_rules import atomic
from lotr_rules.datafiles import DataFileError, read_data_text
from lotr_rules.errors import UserError
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.runner import SimulationRun, _ranges_text
from lotr_rules.sim.tally import Tally

FORMAT = "lotr-rules simulation"
VERSION = 1
#: the settings two files may differ in and still be parts of one simulation
RANGE_FIELDS = ("games", "first_game")


@attrs.frozen
class SavedRun:
    """What an output file holds about its run."""

    path: Path
    settings: SimSettings
    tally: Tally
    wall_seconds: float
    workers: int


def _checksum(settings: dict[str, Any], wall: float, tally: dict[str, Any]) -> str:
    text = json.dumps([settings, wall, tally], sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def run_entry(run: SimulationRun, wall_before: float = 0.0) -> dict[str, Any]:
    settings = run.settings.to_raw()
    wall = round(wall_before + run.wall_seconds, 3)
    tally = run.tally.to_json()
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": settings,
        "wall_seconds": wall,
        "tally": tally,
        "checksum": _checksum(settings, wall, tally),
    }


def file_text(report: dict[str, Any], run: SimulationRun, wall_before: float = 0.0) -> str:
    return json.dumps({**report, "run": run_entry(run, wall_before)}, indent=2, ensure_ascii=False) + "\n"


def write_run(path: Path, report: dict[str, Any], run: SimulationRun, wall_before: float = 0.0) -> None:
    """Write (atomically) the report of ``run`` with its ``"run"`` entry to ``path``."""
    atomic.write_text(path, file_text(report, run, wall_before))


def read_run(path: Path) -> SavedRun:
    """The run an output file holds; a clear error if it is not one this version can go on with."""
    try:
        text = read_data_text(path, "simulation output file")
    except DataFileError as error:
        raise UserError(str(error)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where = f":{error.lineno}:{error.colno}"
        raise UserError(f"{path}{where}: not a simulation output file: it is not valid JSON") from None
    except ValueError:  # a number of thousands of digits, which Python refuses to convert
        raise UserError(f"{path}: not a simulation output file: it holds a number of thousands of digits") from None
    entry = data.get("run") if isinstance(data, dict) else None
    if not isinstance(entry, dict) or entry.get("format") != FORMAT:
        raise UserError(
            f"{path}: not a simulation output file that can be resumed or merged (it has no 'run' entry; "
            "files written by `lotr-rules simulate --output` have one)"
        )
    if entry.get("version") != VERSION:
        raise UserError(
            f"{path}: a version {entry.get('version')!r} simulation file; this lotr-rules reads version {VERSION}"
        )
    settings_data, wall, tally_data = entry.get("settings"), entry.get("wall_seconds"), entry.get("tally")
    if entry.get("checksum") != _checksum(settings_data, wall, tally_data):  # type: ignore[arg-type]
        raise UserError(f"{path}: the run's checksum does not match its contents: the file was edited or damaged")
    try:
        settings = SimSettings.from_raw(settings_data)
        tally = Tally.from_json(tally_data)
    except ValueError as error:
        raise UserError(f"{path}: a damaged simulation file: {error}") from None
    if not isinstance(wall, int | float) or isinstance(wall, bool) or wall < 0:
        raise UserError(f"{path}: a damaged simulation file: bad wall_seconds {wall!r}")
    timing = data.get("timing")
    workers = timing.get("workers", 1) if isinstance(timing, dict) else 1
    return SavedRun(path, settings, tally, float(wall), workers if isinstance(workers, int) else 1)


def differences(one: SimSettings, other: SimSettings) -> list[str]:
    """The settings (game range aside) in which two runs differ, as 'name: this vs that'."""
    out = []
    for field in attrs.fields(SimSettings):
        if field.name in RANGE_FIELDS:
            continue
        a, b = getattr(one, field.name), getattr(other, field.name)
        if a != b:
            out.append(f"{field.name}: {a!r} vs {b!r}")
    return out


def check_resumable(saved: SavedRun, settings: SimSettings) -> None:
    """``settings`` (this command's) must be the saved run's, the game range aside."""
    diff = differences(saved.settings, settings)
    if diff:
        raise UserError(
            f"{saved.path} holds a run with other settings ({'; '.join(diff)}, the file's first); "
            "resume it with the settings it was started with, or write to another --output"
        )


def merge(runs: Sequence[SavedRun]) -> SimulationRun:
    """One run of all the given runs' games: same settings, disjoint games."""
    first = runs[0]
    tally = Tally()
    for saved in runs:
        diff = differences(first.settings, saved.settings)
        if diff:
            raise UserError(f"{saved.path} and {first.path} are not runs of one simulation: {'; '.join(diff)}")
        for start, stop in saved.tally.ranges:
            if tally.ranges.overlaps(start, stop):
                raise UserError(
                    f"{saved.path} holds games ({_ranges_text(saved.tally.ranges)}) that another file also holds: "
                    "merge runs of disjoint games only"
                )
        tally.merge(saved.tally)
    ranges = list(tally.ranges)
    start = ranges[0][0] if ranges else 0
    stop = ranges[-1][1] if ranges else 0
    settings = attrs.evolve(first.settings, first_game=start, games=max(1, stop - start))
    wall = sum(saved.wall_seconds for saved in runs)
    workers = max(saved.workers for saved in runs)
    return SimulationRun(settings, tally, wall, workers, tally.games, stopped=False)
