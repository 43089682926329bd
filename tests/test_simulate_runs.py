"""``simulate`` beyond one sitting: output files that resume and merge, Ctrl-C and SIGTERM, Dask
clusters, and plots. Merged, resumed and clustered runs must give the very bytes of one run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from lotr_rules.cli import main
from lotr_rules.sim import runfile
from lotr_rules.sim.families import SimSettings
from lotr_rules.sim.runner import run_simulation
from lotr_rules.sim.tally import Tally

BASE = ["simulate", "--players", "2", "--seed", "5", "--no-progress"]


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main([*BASE, "--format", "json", *argv]) == 0
    out = capsys.readouterr().out
    return dict(json.loads(out))


def _figures(report: dict[str, Any]) -> str:
    """The report as bytes, timing aside: what must be identical however the games were played."""
    return json.dumps({key: value for key, value in report.items() if key not in ("timing", "run")}, indent=2)


def _saved(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


# ---------------------------------------------------------------------- merging and resuming
def test_merging_runs_of_disjoint_games_gives_the_run_of_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one, two, both = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "ab.json"
    _report(capsys, "--games", "7", "--output", str(one))
    _report(capsys, "--games", "5", "--first-game", "8", "--output", str(two))
    whole = _report(capsys, "--games", "12")
    merged = _report(capsys, "--merge", str(two), str(one), "--output", str(both))
    assert _figures(merged) == _figures(whole)
    assert merged["settings"] == whole["settings"]
    # The merged file goes on merging and resuming like any other.
    assert _saved(both)["run"]["tally"] == runfile.run_entry(run_simulation(runfile.read_run(both).settings))["tally"]


def test_merging_refuses_overlapping_or_different_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two, other = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    _report(capsys, "--games", "4", "--output", str(one))
    _report(capsys, "--games", "4", "--first-game", "3", "--output", str(two))
    _report(capsys, "--games", "2", "--first-game", "5", "--seed", "6", "--output", str(other))
    assert main([*BASE, "--merge", str(one), str(two)]) == 2
    assert "holds games (3-6) that another file also holds" in capsys.readouterr().err
    assert main([*BASE, "--merge", str(one), str(other)]) == 2
    assert "not runs of one simulation: seed: 5 vs 6" in capsys.readouterr().err


def test_an_edited_or_foreign_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.json"
    _report(capsys, "--games", "2", "--output", str(path))
    data = _saved(path)
    data["run"]["tally"]["played"] += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main([*BASE, "--merge", str(path)]) == 2
    assert "checksum does not match" in capsys.readouterr().err
    path.write_text('{"games": 3}', encoding="utf-8")
    assert main([*BASE, "--merge", str(path)]) == 2
    assert "has no 'run' entry" in capsys.readouterr().err
    path.write_text("{", encoding="utf-8")
    assert main([*BASE, "--merge", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1:2: not a simulation output file" in err and "Traceback" not in err


def test_a_stopped_run_resumes_to_the_figures_of_one_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = SimSettings(games=10, players=2, seed=5)

    def stop_after_six(done: int, total: int) -> None:
        if done >= 6:
            raise KeyboardInterrupt

    stopped = run_simulation(settings, progress=stop_after_six)
    assert stopped.stopped and not stopped.complete and 0 < stopped.tally.games < 10
    path = tmp_path / "run.json"
    from lotr_rules.sim.report import build_report

    runfile.write_run(path, build_report(stopped), stopped)
    assert _saved(path)["incomplete"] == {"played": stopped.tally.games, "planned": 10}
    resumed = _report(capsys, "--games", "10", "--output", str(path), "--resume")
    assert _figures(resumed) == _figures(_report(capsys, "--games", "10"))
    assert "incomplete" not in _saved(path)
    # Going on with more games than first planned plays only the new ones.
    longer = _report(capsys, "--games", "13", "--output", str(path), "--resume")
    assert _figures(longer) == _figures(_report(capsys, "--games", "13"))


def test_resume_checks_the_settings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    _report(capsys, "--games", "3", "--output", str(path))
    assert main([*BASE, "--games", "3", "--bot", "random", "--output", str(path), "--resume"]) == 2
    assert "holds a run with other settings (bot: 'heuristic' vs 'random'" in capsys.readouterr().err
    assert main([*BASE, "--games", "2", "--output", str(path), "--resume"]) == 2
    assert "are not all among games 1 to 2" in capsys.readouterr().err
    assert main([*BASE, "--games", "2", "--resume"]) == 2
    assert "give --output" in capsys.readouterr().err


# ---------------------------------------------------------------------- signals, in a real process
#: what the ``lotr-rules`` script does, saying on stderr when Python has started and imported the
#: entry point (which imports next to nothing: a Ctrl-C before that is the interpreter's business).
#: Ctrl-C is first given back its usual meaning: Python leaves SIGINT ignored in a process started
#: with it ignored (as a background job is), and a test runner's worker processes may be
ENTRY = (
    "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from lotr_rules.cli import main; print('started', file=sys.stderr, flush=True); sys.exit(main())"
)


def _start(tmp_path: Path, *argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert process.stderr is not None and process.stderr.readline() == "started\n"
    return process


def _children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.add(int(entry.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_for(check: Any, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.1)


pytestmark_linux = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")


@pytestmark_linux
@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_the_workers_and_keeps_what_was_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], signum: int, code: int
) -> None:
    out = tmp_path / "run.json"
    process = _start(
        tmp_path, *BASE, "--games", "100000", "--workers", "2", "--output", str(out), "--format", "json"
    )
    try:
        _wait_for(lambda: len(_children(process.pid)) >= 2)
        workers = _children(process.pid)
        time.sleep(1.5)
        process.send_signal(signum)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == code, stderr
    _wait_for(lambda: not any(_alive(pid) for pid in workers), timeout=30)
    assert "Traceback" not in stderr
    (line,) = stderr.strip().splitlines()
    assert line.startswith("lotr-rules: stopped after ") and "--resume" in line
    report = json.loads(stdout)
    played = report["incomplete"]["played"]
    assert report["incomplete"]["planned"] == 100000 and played < 100000
    saved = runfile.read_run(out)
    assert saved.tally.games == played
    # What was played is a part of the whole simulation: its games are those of a complete run.
    assert saved.tally == Tally.of(
        game for start, stop in saved.tally.ranges for game in _games(saved.settings, start, stop)
    )


def _games(settings: SimSettings, start: int, stop: int) -> list[Any]:
    from lotr_rules.sim.runner import run_games

    return run_games(settings, range(start, stop))


@pytestmark_linux
@pytest.mark.parametrize("delay", [0.05, 0.2, 0.6, 1.5])
def test_ctrl_c_during_start_up_prints_one_line(tmp_path: Path, delay: float) -> None:
    process = _start(tmp_path, *BASE, "--games", "100000", "--workers", "2")
    try:
        time.sleep(delay)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert "Traceback" not in stderr
    assert len(stderr.strip().splitlines()) <= 1, stderr
    assert process.returncode in (130, -signal.SIGINT), stderr


# ---------------------------------------------------------------------- Dask clusters
def test_a_dask_cluster_gives_the_same_figures_as_local_workers(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    local = _report(capsys, "--games", "9", "--workers", "2")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        clustered = _report(capsys, "--games", "9", "--scheduler", cluster.scheduler_address)
    assert _figures(clustered) == _figures(local)
    assert clustered["timing"]["workers"] == 2


def test_without_dask_the_cluster_options_say_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    for option in (["--scheduler", "tcp://127.0.0.1:8786"], ["--cluster", "local"]):
        assert main([*BASE, "--games", "2", *option]) == 2
        assert "pip install 'lotr-rules[cluster]'" in capsys.readouterr().err


def test_an_unreachable_scheduler_is_a_user_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("distributed")
    from lotr_rules.sim import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 1)
    assert main([*BASE, "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in capsys.readouterr().err


# ---------------------------------------------------------------------- plots
def test_plots_are_drawn_to_png_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    png, svg, again = tmp_path / "w.png", tmp_path / "w.svg", tmp_path / "again.svg"
    out = tmp_path / "run.json"
    _report(capsys, "--games", "4", "--plot", str(png), "--output", str(out))
    assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    _report(capsys, "--merge", str(out), "--plot", str(svg))
    _report(capsys, "--merge", str(out), "--plot", str(again))
    text = svg.read_text(encoding="utf-8")
    assert text.startswith("<?xml") and "Win rate by hero" in text and "Game length" in text
    assert svg.read_bytes() == again.read_bytes()  # the same figures draw the same file


def test_a_plot_file_must_be_png_or_svg_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--games", "100000", "--plot", str(tmp_path / "w.gif")]) == 2
    assert "a plot is a .png or an .svg file" in capsys.readouterr().err


def test_without_matplotlib_plot_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main([*BASE, "--games", "1", "--plot", str(tmp_path / "w.png")]) == 2
    assert "pip install 'lotr-rules[plot]'" in capsys.readouterr().err


def test_wilson_interval() -> None:
    from lotr_rules.sim.plot import wilson_interval

    low, high = wilson_interval(25, 100)
    assert round(low, 3) == 0.175 and round(high, 3) == 0.343
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


# ---------------------------------------------------------------------- the docs say what the command does
PLAYING = Path(__file__).resolve().parents[1] / "docs" / "playing.md"


def _simulate_section() -> str:
    text = PLAYING.read_text(encoding="utf-8")
    start = text.index("## Many games at once: `simulate`")
    return text[start : text.index("\n## ", start + 1)]


def test_the_docs_list_every_simulate_option() -> None:
    import argparse

    from lotr_rules.commands import simulate

    parser = argparse.ArgumentParser()
    simulate.register(parser.add_subparsers())
    command = next(
        action for action in parser._actions if isinstance(action, argparse._SubParsersAction)
    ).choices["simulate"]
    options = {o for action in command._actions for o in action.option_strings if o.startswith("--")}
    options -= {"--help", "--mix-file", "--mix", "--half", "--less-random", "--deck"}  # in mixing.md
    section = _simulate_section()
    assert sorted(o for o in options if f"| `{o}" not in section) == []


def test_the_docs_describe_the_output_file_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    _report(capsys, "--games", "1", "--output", str(path))
    entry = _saved(path)["run"]
    section = _simulate_section()
    for key in entry:
        assert f"`{key}`" in section, key
    assert f'`"{entry["format"]}"` and `{entry["version"]}`' in section
    for key in ("game_ranges", "fingerprint"):
        assert key in entry["tally"] and f"`{key}`" in section


def test_the_docs_show_a_stopped_run_as_it_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    from lotr_rules.commands.simulate import _say_stopped
    from lotr_rules.sim.report import build_report, render_text
    from lotr_rules.sim.runner import SimulationRun

    tally = Tally()
    tally.ranges.add(0, 5296)
    stopped = SimulationRun(SimSettings(games=100000), tally, 596.4, 2, 5296, stopped=True)
    _say_stopped(stopped, Path("big.json"))
    section = _simulate_section()
    assert capsys.readouterr().err.strip() in section
    assert render_text(build_report(stopped))[2] in section
