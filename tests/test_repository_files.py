"""The repository's tracked files are plain files that a fresh clone can build from."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tracked_files() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files cannot be listed")
    listing = subprocess.run(
        ["git", "ls-files", "-s"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return listing.splitlines()


def test_no_tracked_symbolic_links() -> None:
    # A link that points outside the repository breaks the wheel (the build copies cardscripts/
    # and grammar/ into the package) wherever its target is missing, which is everywhere else.
    links = [line.split("\t", 1)[1] for line in _tracked_files() if line.startswith("120000 ")]
    assert links == [], f"tracked symbolic links: {links}"
