"""``lotr-rules lsp`` without its extra, and the core without the language server."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from lotr_rules.cli import main

PACKAGE = Path(__file__).resolve().parent.parent / "lotr_rules"


def test_without_the_extra_lsp_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pygls", None)  # an import of it now fails
    monkeypatch.delitem(sys.modules, "lotr_rules.lsp.server", raising=False)
    assert main(["lsp"]) == 2
    err = capsys.readouterr().err
    assert "the language server needs the lsp extra (pygls is missing)" in err
    assert "pip install 'lotr-rules[lsp]'" in err and "Traceback" not in err


def test_only_the_lsp_command_imports_the_language_server() -> None:
    importing = re.compile(r"^\s*(from|import)\s+lotr_rules\.lsp\b", re.MULTILINE)
    found = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "lsp" not in path.relative_to(PACKAGE).parts and importing.search(path.read_text(encoding="utf-8"))
    ]
    assert found == ["commands/lsp.py"]
