"""The optional compiled build: ``LOTR_RULES_COMPILE=1 pip install .`` compiles the modules that
``lotr_rules/native.py`` lists with mypyc into C extensions shipped next to their sources (an
extension module is imported in preference to the source of the same name).

Without the variable this hook does nothing and asks for nothing: the default build needs
hatchling alone, and the package stays pure Python. With it, the build environment gets mypy
(mypyc), setuptools (which drives the C compiler) and the package's own dependencies (mypy reads
their types), and a C compiler must be installed.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: the variable that turns compiling on
SWITCH = "LOTR_RULES_COMPILE"
#: what compiling needs in the build environment, on top of hatchling
COMPILE_REQUIRES = ["mypy>=1.10", "setuptools>=68", "lark>=1.1.9", "attrs>=23.1"]

_SETUP = """\
from mypyc.build import mypycify
from setuptools import setup

setup(
    name="lotr-rules-compiled",
    ext_modules=mypycify({paths!r}, opt_level="3"),
    script_args=["build_ext", "--inplace"],
)
"""

_MYPY_CONFIG = """\
[mypy]
python_version = {version}
strict = True
"""


def compiling() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes"}


def compiled_modules(root: Path) -> list[str]:
    """``COMPILED_MODULES`` of lotr_rules/native.py, read without importing the package."""
    tree = ast.parse((root / "lotr_rules" / "native.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "COMPILED_MODULES" for t in node.targets
        ):
            value = ast.literal_eval(node.value)
            return [str(name) for name in value]
    raise RuntimeError("lotr_rules/native.py has no COMPILED_MODULES")


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return list(COMPILE_REQUIRES) if compiling() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiling():
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1 builds a compiled, non-editable install: run `{SWITCH}=1 pip install .` "
                "(without -e), or unset it for the usual editable install"
            )
        root = Path(self.root)
        work = self._work = Path(tempfile.mkdtemp(prefix="lotr-rules-compile-"))
        # Compiled in a copy: nothing is written next to the sources.
        shutil.copytree(root / "lotr_rules", work / "lotr_rules", ignore=shutil.ignore_patterns("__pycache__"))
        paths = [name.replace(".", "/") + ".py" for name in compiled_modules(root)]
        (work / "setup.py").write_text(_SETUP.format(paths=paths), encoding="utf-8")
        (work / "mypy.ini").write_text(
            _MYPY_CONFIG.format(version=f"{sys.version_info[0]}.{sys.version_info[1]}"), encoding="utf-8"
        )
        self.app.display_info(f"compiling {len(paths)} modules with mypyc (a C compiler is needed)")
        done = subprocess.run([sys.executable, "setup.py"], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(
                f"{SWITCH}=1: compiling lotr_rules failed (is a C compiler installed?). The pure-Python "
                f"install needs none: unset {SWITCH} and run `pip install .` again.\n"
                f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
            )
        # the extensions built in place, not setuptools' own copies under build/
        built = sorted(
            p for p in work.rglob("*") if p.suffix in {".so", ".pyd"} and p.relative_to(work).parts[0] != "build"
        )
        for path in built:
            build_data["force_include"][str(path)] = str(path.relative_to(work))
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
