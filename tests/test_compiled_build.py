"""The compiled build: the modules it compiles, how an editable install finds them, and (in the
step of CI that installs it, with LOTR_RULES_EXPECT_COMPILED=1) that those modules really are
the compiled ones."""

from __future__ import annotations

import ast
import importlib.machinery
import importlib.util
import os
import shlex
import subprocess
import sys
import zlib
from pathlib import Path
from types import ModuleType

import pytest

import lotr_rules
from lotr_rules import native
from lotr_rules.native import COMPILED_MODULES, compiled_modules

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("LOTR_RULES_EXPECT_COMPILED") == "1"


def test_every_module_to_compile_exists() -> None:
    for name in COMPILED_MODULES:
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.skipif(EXPECT_COMPILED, reason="the compiled build is under test")
def test_the_tests_install_is_pure_python() -> None:
    # The suite runs on LOTR_RULES_COMPILE=0's install (the README's test command).
    assert compiled_modules() == []
    assert Path(lotr_rules.__file__).resolve().parent == ROOT / "lotr_rules"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only where the compiled build is installed")
def test_the_compiled_build_is_the_one_imported() -> None:
    assert compiled_modules() == list(COMPILED_MODULES)
    # the extensions the install built, not anything next to this checkout's sources
    for name in COMPILED_MODULES:
        assert ROOT not in Path(sys.modules[name].__file__ or "").resolve().parents, name


def _switch() -> str:
    """The variable that turns compiling on, as hatch_build.py names it (read without importing
    it: it needs hatchling, which only a build has)."""
    tree = ast.parse((ROOT / "hatch_build.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "SWITCH" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise AssertionError("hatch_build.py names no SWITCH")


def _docs_commands() -> list[str]:
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    block = text.split("<!-- compiled-build -->\n```\n", 1)[1].split("```", 1)[0]
    return block.splitlines()


def test_the_docs_install_commands_are_the_ones_ci_runs() -> None:
    install, _check, back = _docs_commands()
    # the default install is the compiled one, tested as such; the variable's 0 the pure one
    assert install == "pip install -e ."
    ci = (ROOT / ".ci" / "compiled_build").read_text(encoding="utf-8")
    assert "\"$work/venv/bin/pip\" install -q -e '.[dev]'" in ci
    assert back == f"{_switch()}=0 pip install -e ."
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"{_switch()}=0 .venv/bin/pip install -q -e '.[dev]'" in run


def test_the_docs_check_command_prints_the_compiled_modules() -> None:
    _install, check, _back = _docs_commands()
    argv = shlex.split(check)
    assert argv[0] == "python"
    done = subprocess.run([sys.executable, *argv[1:]], capture_output=True, text=True, check=True, cwd=ROOT.parent)
    assert done.stdout.strip() == repr(list(COMPILED_MODULES) if EXPECT_COMPILED else [])


def _manifest(tmp_path: Path, source: bytes, recorded: bytes) -> tuple[ModuleType, str]:
    """A package folder holding one module's source, and an editable install's manifest saying
    that module was compiled from ``recorded``."""
    package = tmp_path / "package"
    (package / "engine").mkdir(parents=True)
    (package / "engine" / "made_up.py").write_bytes(source)
    manifest = ModuleType(native.EDITABLE_FOLDER)
    manifest.__file__ = str(tmp_path / native.EDITABLE_FOLDER / "__init__.py")
    manifest.MODULES = {  # type: ignore[attr-defined]
        "made_up_package.engine.made_up": (zlib.crc32(recorded), "made_up_package/engine/made_up.so")
    }
    return manifest, str(package)


def test_an_editable_install_imports_its_compiled_modules_while_their_sources_are_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    manifest, package = _manifest(tmp_path, b"x = 1\n", recorded=b"x = 1\n")
    assert native.use_editable_build(manifest, package)
    spec = sys.meta_path[0].find_spec("made_up_package.engine.made_up", None)
    assert spec is not None
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert spec.origin == str(tmp_path / native.EDITABLE_FOLDER / "made_up_package" / "engine" / "made_up.so")
    assert sys.meta_path[0].find_spec("made_up_package.engine.other", None) is None


def test_an_edited_source_runs_as_written_not_its_stale_compiled_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    before = list(sys.meta_path)
    manifest, package = _manifest(tmp_path, b"x = 2\n", recorded=b"x = 1\n")
    assert not native.use_editable_build(manifest, package)
    assert sys.meta_path == before


@pytest.mark.skipif(EXPECT_COMPILED, reason="the compiled build is under test")
def test_an_install_without_compiled_modules_for_editing_finds_none() -> None:
    # the usual case of the tests' install: no manifest, nothing added
    assert importlib.util.find_spec(native.EDITABLE_FOLDER) is None
    assert not native.use_editable_build()
