"""Fuzzing the files a shared card set is made of: card scripts and set manifests.

Hypothesis writes random card files (real cards with hostile pieces spliced in: numbers of
thousands of digits, control characters, NUL bytes, bytes that are not UTF-8, a byte-order mark,
brackets nested hundreds deep, long operator chains, random text) and random manifests (documents
of the right shape with hostile values, and random bytes), lays each out as a set folder and reads
it the way the commands do: loading (``game``, ``play``, ``cards``, ``show``), linting and
formatting. Nothing but findings and the project's own user errors may come out: any other
exception fails the test. 40 examples by default, many more with ``pytest --long``.
"""

from __future__ import annotations

import contextlib
import json
import shutil
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lotr_rules.cards.loader import load_folders, read_manifest
from lotr_rules.diagnostics import Diagnostic
from lotr_rules.dsl.comments import format_keeping_comments
from lotr_rules.dsl.syntax import parse
from lotr_rules.errors import ScriptSyntaxError, UserError
from lotr_rules.games import vocabulary_for
from lotr_rules.lint.runner import lint_paths
from lotr_rules.resources import cardscripts_dir

#: A few real cards of each family, the seeds the mutations start from.
SEEDS = tuple(
    path.read_bytes()
    for family in ("two-towers", "fellowship", "adventure-deck")
    for path in sorted((cardscripts_dir() / family).rglob("*.card"))[:6]
)

HOSTILE_PIECES: tuple[bytes, ...] = (
    b"9" * 5000,
    b"-" + b"9" * 30,
    b"\x00",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\x1b[2J",
    b"\xc2\x9b",
    b"\r",
    b"{" * 300,
    b"}" * 300,
    b"(" * 300,
    b"not " * 300,
    b"+1" * 3000,
    b'"' + b"x" * 10000 + b'"',
    b"card",
    b"\\",
    b"# " + b"{" * 50 + b"\n",
    b"copies 1000000000000\n",
    b"directions up " + b"7" * 5000 + b"\n",
    b"repeat 1000000 { draw 1 }\n",
)

MANIFEST_KEYS = (
    "code", "name", "language", "family", "uses_wall", "starting_deck", "description", "short_name",
    "rulebook_contents", "lasting", "impossible_mode",
)  # fmt: skip
HOSTILE_VALUES = st.one_of(
    st.sampled_from([10**30, -5, 0, 1, 2, 3, 2**63 - 1, "", "\x1b[2J", "x" * 5000, "deckbuilding", "adventure-deck"]),
    st.integers(),
    st.text(max_size=20),
    st.booleans(),
)


def _value(value: Any) -> str:
    """A TOML value (integers past 64 bits written as strings: TOML itself refuses them)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(2**63) <= value < 2**63 else json.dumps(str(value))
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_value(v)}" for k, v in value.items()) + "}"
    return '""'


DOCUMENTS = st.recursive(
    HOSTILE_VALUES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
MANIFESTS = st.dictionaries(st.sampled_from(MANIFEST_KEYS), DOCUMENTS, max_size=8).map(
    lambda data: "".join(f"{key} = {_value(value)}\n" for key, value in data.items()).encode("utf-8", "surrogatepass")
)


@st.composite
def card_files(draw: st.DrawFn) -> bytes:
    """A real card with a few hostile pieces spliced in, cut out or written over, or random bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=400))
    data = bytearray(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data)))
        cut = draw(st.integers(0, 20))
        piece = draw(st.sampled_from(HOSTILE_PIECES) | st.binary(max_size=12))
        data[at : at + cut] = piece
    return bytes(data)


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
    )


def _lay_out(root: Path, manifest: bytes, cards: list[bytes]) -> Path:
    folder = root / "fuzz"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "set.toml").write_bytes(manifest)
    for index, text in enumerate(cards):
        (folder / f"card-{index}.card").write_bytes(text)
    return folder


def _read_every_way(folder: Path) -> None:
    """Load, lint and format the set as the commands do; only findings and user errors may result."""
    info, _ = read_manifest(folder)
    family = info.family if info is not None else "deckbuilding"
    for name in {family, "deckbuilding"}:
        with contextlib.suppress(UserError):
            _, found = load_folders([folder], vocabulary_for(name))
            assert all(isinstance(d, Diagnostic) for d in found)
    with contextlib.suppress(UserError):
        lint_paths([folder])
    for path in sorted(folder.glob("*.card")):
        text = path.read_bytes().decode("utf-8", "replace")
        with contextlib.suppress(ScriptSyntaxError):
            format_keeping_comments(parse(text, str(path)), text)


GOOD_MANIFEST = b'code = "fuzz"\nname = "Fuzz"\nlanguage = 5\nfamily = "%s"\n'


def test_random_card_files(tmp_path: Path, game_count: int) -> None:
    @_settings(game_count)
    @given(st.lists(card_files(), min_size=1, max_size=3), st.sampled_from([b"deckbuilding", b"adventure-deck"]))
    def check(cards: list[bytes], family: bytes) -> None:
        _read_every_way(_lay_out(tmp_path, GOOD_MANIFEST % family, cards))

    check()


def test_random_manifests(tmp_path: Path, game_count: int) -> None:
    card = (cardscripts_dir() / "two-towers").rglob("*.card").__next__().read_bytes()

    @_settings(game_count)
    @given(
        st.one_of(
            MANIFESTS, st.binary(max_size=300), st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass"))
        )
    )
    def check(manifest: bytes) -> None:
        _read_every_way(_lay_out(tmp_path, manifest, [card]))

    check()
