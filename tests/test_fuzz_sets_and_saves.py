"""Fuzzing whole set folders and the saves and records of every family, through the commands.

Hypothesis lays out set folders (a manifest, a deck list in ``decks/``, a scenario in
``scenarios/``, a mix file, each either of the right shape with hostile values in it or random
text) and runs ``lint``, which reads every one of them, and a Card Game with them; and it damages
real saves and records of the three families (a key given another type, a number of thirty
digits, choices out of range, another family's format, lists nested seventy deep), their
checksum made to match again as a forger would, and runs ``replay`` and ``play --resume`` on
them. Each must end in a result or a clear error: never "internal error", never a traceback,
never longer than :data:`EXAMPLE_SECONDS`, and the process never past :data:`PEAK_MIB`.

A short run by default (:func:`fuzz_examples` in conftest.py: a few examples each, seconds in
all); the scheduled job runs many more (``pytest --long`` or ``LOTR_RULES_FUZZ_EXAMPLES=N``).
"""

from __future__ import annotations

import json
import resource
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from test_fuzz_inputs import HOSTILE_TEXT, SCALARS, _documents, _json, _settings, _toml_value

from lotr_rules.cli import main
from lotr_rules.games.deckbuilding.record import record_checksum

#: The longest one example may take before it counts as a hang (a whole game replayed included).
EXAMPLE_SECONDS = 120

#: The most memory the fuzzing process may have used at its peak, in MiB: far above what a
#: refused file takes, far below what an unbounded one would.
PEAK_MIB = 2048

LCG_MANIFEST = 'code = "fuzzed"\nname = "Fuzzed"\nlanguage = 5\nfamily = "lcg"\n'
DECK_LINES = (
    "Heroes", "Allies", "1x Aragorn", "3x Guard of the Citadel", "99x Gimli", "100x Legolas", "2x Nobody",
    "Sideboard", "# a comment", "x Aragorn", "-1x Gandalf", "1000000000000x Gandalf", "1x " + "a" * 3000,
    "1x Ara\u202egorn", "1x Gan\x1b[2Jdalf", "\0", "3x",
)  # fmt: skip
SCENARIO_KEYS = ("name", "quest", "encounter_sets", "staging", "stages", "extra")
CARD_NAMES = ("Flies and Spiders", "A Fork in the Road", "Forest Spider", "Passage Through Mirkwood", "Aragorn")


class Hung(Exception):
    """An example ran past :data:`EXAMPLE_SECONDS`."""


def _alarm(signum: int, frame: object) -> None:
    raise Hung(f"an example ran for more than {EXAMPLE_SECONDS} seconds")


@pytest.fixture
def bounded() -> Iterator[Callable[[list[str]], None]]:
    """Run one command line under the time limit, and check it ended cleanly."""
    previous = signal.signal(signal.SIGALRM, _alarm)

    def run(argv: list[str]) -> None:
        signal.setitimer(signal.ITIMER_REAL, EXAMPLE_SECONDS)
        try:
            code: object = main(argv)
        except SystemExit as stopped:  # the command line refused an option
            code = stopped.code
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        assert code in (0, 1, 2), code

    yield run
    signal.signal(signal.SIGALRM, previous)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    assert peak_mib < PEAK_MIB, f"the fuzzing process peaked at {peak_mib} MiB"


def _clean(capsys: pytest.CaptureFixture[str]) -> None:
    captured = capsys.readouterr()
    shown = captured.out + captured.err
    assert "internal error" not in shown and "Traceback" not in shown, shown[-3000:]


# ---------------------------------------------------------------------- set folders
def _scenario_text(document: dict[str, Any]) -> str:
    return "".join(f"{key} = {_toml_value(value)}\n" for key, value in document.items() if value is not None)


SCENARIO_VALUES = st.one_of(
    st.sampled_from(CARD_NAMES), st.lists(st.sampled_from(CARD_NAMES) | HOSTILE_TEXT, max_size=4), _documents()
)
SCENARIOS = st.one_of(
    st.text(max_size=200),
    st.dictionaries(st.sampled_from(SCENARIO_KEYS), SCENARIO_VALUES, max_size=5).map(_scenario_text),
)
DECKS = st.one_of(st.text(max_size=200), st.lists(st.sampled_from(DECK_LINES), max_size=12).map("\n".join))
MANIFESTS = st.one_of(
    st.just(LCG_MANIFEST),
    st.just(LCG_MANIFEST.replace('"lcg"', '"deckbuilding"')),
    st.just(LCG_MANIFEST.replace("language = 5", "language = 99999999999999999999")),
    st.text(max_size=100),
)
MIXES = st.one_of(
    st.text(max_size=100),
    st.dictionaries(st.sampled_from(("sets", "cards", "plan", "deck", "half")), SCALARS | _documents(), max_size=4).map(
        lambda d: "".join(f"{k} = {_toml_value(v)}\n" for k, v in d.items() if v is not None)
    ),
)


def test_random_set_folders(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fuzz_examples: int, bounded: Callable[[list[str]], None]
) -> None:
    counter = iter(range(10**9))

    @_settings(fuzz_examples)
    @given(manifest=MANIFESTS, deck=DECKS, scenario=SCENARIOS, mix=MIXES)
    def check(manifest: str, deck: str, scenario: str, mix: str) -> None:
        folder = tmp_path / f"set{next(counter)}" / "fuzzed"
        (folder / "decks").mkdir(parents=True)
        (folder / "scenarios").mkdir()
        (folder / "set.toml").write_text(manifest, encoding="utf-8", errors="surrogatepass")
        (folder / "decks" / "mine.txt").write_text(deck, encoding="utf-8", errors="surrogatepass")
        (folder / "scenarios" / "mine.toml").write_text(scenario, encoding="utf-8", errors="surrogatepass")
        (folder / "mine.mix.toml").write_text(mix, encoding="utf-8", errors="surrogatepass")
        bounded(["lint", str(folder)])
        _clean(capsys)
        bounded(["game", "--game", "lcg", "--quiet", "--cards", str(folder), "--decks", "mine", "--scenario", "mine"])
        _clean(capsys)

    check()


# ---------------------------------------------------------------------- saves and records
def _paths(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path of ``data`` (the first three items of each list)."""
    if path:
        yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            yield from _paths(value, (*path, index))


def _damaged(original: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(original))
    holder: Any = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    if "checksum" in data:
        # as a forger would: the checksum is no signature (numbers of thousands of digits included)
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            data["checksum"] = record_checksum(data)
        finally:
            sys.set_int_max_str_digits(limit)
    return data


DEEP: list[Any] = []
for _ in range(70):  # nested past the 64 levels a data file may hold
    DEEP = [DEEP]
HOSTILE_VALUES = st.one_of(
    st.sampled_from([None, -1, 0, 10**30, 2**64, "", "\0", [], {}, True, 1.5, [10**9], [-1], DEEP, "a" * 5000]),
    # the format of another family's save or record
    st.sampled_from(["lotr-rules-record", "lotr-rules lcg record", "lotr-rules adventure-deck save"]),
    _documents(),
)


def _made(tmp_path: Path, capsys: pytest.CaptureFixture[str], family: str) -> dict[str, Any]:
    """A real save or record of ``family``, made by the commands."""
    path = tmp_path / f"{family}.json"
    if family == "deckbuilding":
        assert main(["game", "--quiet", "--players", "1", "--seed", "3", "--record", str(path)]) == 0
    elif family == "lcg":
        assert main(["game", "--game", "lcg", "--quiet", "--decks", "leadership", "--record", str(path)]) == 0
    else:
        import builtins

        def keyboard(prompt: str = "") -> str:
            raise EOFError  # the end of input saves the journey

        saved_input = builtins.input
        builtins.input = keyboard
        try:
            assert main(["play", "--game", "adventure-deck", "--save", str(path)]) == 0
        finally:
            builtins.input = saved_input
    capsys.readouterr()
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("family", ["deckbuilding", "lcg", "adventure-deck"])
def test_damaged_saves_and_records(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    fuzz_examples: int,
    bounded: Callable[[list[str]], None],
    family: str,
) -> None:
    original = _made(tmp_path, capsys, family)
    paths = sorted(_paths(original), key=repr)

    def keyboard(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", keyboard)
    monkeypatch.chdir(tmp_path)

    @_settings(fuzz_examples)
    @given(path=st.sampled_from(paths), value=HOSTILE_VALUES)
    def check(path: tuple[Any, ...], value: Any) -> None:
        damaged = _damaged(original, path, value)
        assume(damaged != original)
        target = tmp_path / "damaged.json"
        target.write_text(_json(damaged), encoding="utf-8")
        bounded(["replay", "--final", str(target)])
        _clean(capsys)
        bounded(["play", "--resume", str(target), "--save", str(tmp_path / "resaved.json")])
        _clean(capsys)

    check()
