"""The optional compiled build: the modules it compiles, and (in the step of CI that installs
it, with LOTR_RULES_EXPECT_COMPILED=1) that those modules really are the compiled ones."""

from __future__ import annotations

import importlib.util
import os
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
