"""The optional compiled build: the modules it compiles, and (in the step of CI that installs
it, with LOTR_RULES_EXPECT_COMPILED=1) that those modules really are the compiled ones."""

from __future__ import annotations

import ast
import importlib.util
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import lotr_rules
from lotr_rules.native import COMPILED_MODULES, compiled_modules

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("LOTR_RULES_EXPECT_COMPILED") == "1"


def test_every_module_to_compile_exists() -> None:
    for name in COMPILED_MODULES:
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.skipif(EXPECT_COMPILED, reason="the compiled build is under test")
def test_the_usual_install_is_pure_python() -> None:
    assert compiled_modules() == []
    assert Path(lotr_rules.__file__).resolve().parent == ROOT / "lotr_rules"


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only where the compiled build is installed")
def test_the_compiled_build_is_the_one_imported() -> None:
    assert compiled_modules() == list(COMPILED_MODULES)
    # the installed package, not the sources of this checkout
    assert ROOT not in Path(lotr_rules.__file__).resolve().parents


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


def test_the_docs_install_command_is_the_one_ci_runs() -> None:
    install, _check, back = _docs_commands()
    assert install == f"{_switch()}=1 pip install ."
    ci = (ROOT / ".ci" / "compiled_build").read_text(encoding="utf-8")
    assert f"{_switch()}=1 \"$work/venv/bin/pip\" install -q '.[test]'" in ci
    assert back == "pip install ."


def test_the_docs_check_command_prints_the_compiled_modules() -> None:
    _install, check, _back = _docs_commands()
    argv = shlex.split(check)
    assert argv[0] == "python"
    done = subprocess.run([sys.executable, *argv[1:]], capture_output=True, text=True, check=True, cwd=ROOT.parent)
    assert done.stdout.strip() == repr(list(COMPILED_MODULES) if EXPECT_COMPILED else [])
