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


def test_the_shipped_textmate_grammar_is_the_vocabularys() -> None:
    from lotr_rules.lsp import textmate

    shipped = PACKAGE.parent / textmate.SHIPPED
    assert shipped.read_text(encoding="utf-8") == textmate.text(), "run: python -m lotr_rules.lsp.textmate"


def test_the_textmate_grammar_colours_each_kind_of_word() -> None:
    import json

    from lotr_rules.lsp import textmate

    patterns = {p.get("name"): p for p in json.loads(textmate.text())["patterns"]}
    for scope, word in (
        ("support.function.command.lotr-card", "draw"),
        ("support.type.card-type.lotr-card", "ally"),
        ("keyword.control.ability.lotr-card", "response"),
        ("variable.language.zone.lotr-card", "discard pile"),
    ):
        assert re.search(str(patterns[scope]["match"]), f"  {word} "), (scope, word)


def test_the_editor_settings_start_this_server_with_this_grammar() -> None:
    import json
    import tomllib

    from lotr_rules.lsp import textmate

    editors = PACKAGE.parent / "editors"
    package = json.loads((editors / "vscode" / "package.json").read_text(encoding="utf-8"))
    (grammar,) = package["contributes"]["grammars"]
    assert (editors / "vscode" / grammar["path"]).resolve() == (PACKAGE.parent / textmate.SHIPPED).resolve()
    assert grammar["scopeName"] == textmate.SCOPE
    assert package["contributes"]["languages"][0]["extensions"] == [".card"]
    assert package["contributes"]["configuration"]["properties"]["lotrRules.command"]["default"] == [
        "lotr-rules",
        "lsp",
    ]
    helix = tomllib.loads((editors / "helix-languages.toml").read_text(encoding="utf-8"))
    assert helix["language-server"]["lotr-rules"] == {"command": "lotr-rules", "args": ["lsp"]}
    assert helix["language"][0]["scope"] == textmate.SCOPE
    assert 'cmd = { "lotr-rules", "lsp" }' in (editors / "neovim.lua").read_text(encoding="utf-8")


def test_a_finding_links_to_the_docs_address_given(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("pygls")
    from lotr_rules.diagnostics import Diagnostic, Severity
    from lotr_rules.errors import Span
    from lotr_rules.lsp.server import server

    finding = Diagnostic(
        "E110", Severity.ERROR, "unknown command 'drow'", Span(3, 5, 3, 9, "x.card"), "did you mean 'draw'?"
    )
    monkeypatch.setattr(server, "docs_url", "https://cards.example/lint-codes/")
    said = server.to_lsp(finding, [])
    assert said.code_description is not None and said.code_description.href == "https://cards.example/lint-codes/#e110"
    assert (said.range.start.line, said.range.start.character, said.range.end.character) == (2, 4, 8)
    assert said.message == "unknown command 'drow' (did you mean 'draw'?)"
    monkeypatch.setattr(server, "docs_url", "")  # no docs known: no link
    assert server.to_lsp(finding, []).code_description is None
