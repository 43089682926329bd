"""A built wheel, installed, checked where it was built (the release workflow's test step; see
.github/workflows/release.yml): the compiled modules are the ones imported (for a compiled
wheel; ``--pure`` for the pure-Python one, which must hold none) and the game tests pass.

    python .ci/wheel_check.py PROJECT [--pure]

The tests run from a copy of the project without its lotr_rules/ folder, in a temporary folder,
so that the installed package is imported, never the checkout's sources (a copy, not a link, as
links need rights on Windows).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

#: the game tests a wheel must pass: the golden games byte for byte, and the compiled modules
TESTS = ("tests/test_compiled_build.py", "tests/test_golden_games.py", "tests/test_lcg_speed.py")


def main() -> int:
    project = Path(sys.argv[1]).resolve()
    pure = "--pure" in sys.argv[2:]
    from lotr_rules.native import COMPILED_MODULES, compiled_modules

    found = compiled_modules()
    expected = [] if pure else list(COMPILED_MODULES)
    if found != expected:
        print(f"compiled modules imported: {found}; expected {expected}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as work:
        root = Path(work) / "project"
        skip = shutil.ignore_patterns("lotr_rules", ".git", ".venv", "__pycache__", "build", "dist", "wheelhouse")
        shutil.copytree(project, root, ignore=skip)
        env = {**os.environ, "PYTHONPATH": str(root), "LOTR_RULES_EXPECT_COMPILED": "0" if pure else "1"}
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(root), *TESTS]
        if pure:
            # (it checks that the tests run on the checkout's sources; here the wheel's are meant)
            command += ["--deselect", "tests/test_compiled_build.py::test_the_tests_install_is_pure_python"]
        return subprocess.run(command, cwd=root, env=env).returncode


if __name__ == "__main__":
    raise SystemExit(main())
