"""The language server: the protocol's requests, each answered by one small module.

Findings are published after each change, once the typing has paused (``debounce`` seconds, an
initialization option, 0.05 by default); every request is answered from the text the editor holds.
A request that fails for a reason of ours answers nothing and logs why: the server keeps serving.
"""

from __future__ import annotations

import asyncio
import functools
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from lotr_rules import __version__
from lotr_rules.lsp import completion, core, definition, formatting, hover, rename, symbols, tokens
from lotr_rules.lsp.findings import Checker
from lotr_rules.lsp.workspace import Workspace, home_of

#: seconds of quiet after a change before its findings are worked out
DEBOUNCE = 0.05
_HINT = re.compile(r"did you mean '([^']+)'\?")
_QUOTED = re.compile(r"'([^']+)'")
_KINDS = {
    completion.CARD_NAME: types.CompletionItemKind.Class,
    "command": types.CompletionItemKind.Function,
    "ability": types.CompletionItemKind.Keyword,
    "field": types.CompletionItemKind.Property,
    "zone": types.CompletionItemKind.Variable,
    "card type": types.CompletionItemKind.Class,
    "phrase": types.CompletionItemKind.Event,
    "value": types.CompletionItemKind.EnumMember,
    "keyword": types.CompletionItemKind.Keyword,
}
_SYMBOL_KINDS = {
    "card": types.SymbolKind.Class,
    "field": types.SymbolKind.Property,
    "ability": types.SymbolKind.Method,
    "block": types.SymbolKind.Struct,
}

Result = TypeVar("Result")


class TooLarge(Exception):
    """A request about a file larger than a card file may be."""


class CardServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("lotr-rules", __version__)
        self.workspace_sets = Workspace()
        self.checker = Checker(self.workspace_sets)
        self.debounce = DEBOUNCE
        self.docs_url = _default_docs_url()
        self._pending: dict[str, asyncio.Task[None]] = {}

    def text_of(self, uri: str) -> tuple[Path, str]:
        document = self.workspace.get_text_document(uri)
        return Path(to_fs_path(uri) or uri), document.source

    def request_text(self, uri: str) -> tuple[Path, str]:
        """:meth:`text_of` for a request about the file: one larger than a card file may be is
        answered with nothing (its findings say why)."""
        path, text = self.text_of(uri)
        if len(text) > core.MAX_CARD_FILE_BYTES:
            raise TooLarge(uri)
        return path, text

    def family_of(self, path: Path) -> str:
        home = home_of(path)
        return self.workspace_sets.set_at(home).family if home is not None else core.DEFAULT_FAMILY

    def open_texts(self) -> dict[Path, str]:
        return {
            Path(to_fs_path(uri) or uri): document.source for uri, document in self.workspace.text_documents.items()
        }

    def publish(self, uri: str) -> None:
        path, text = self.text_of(uri)
        found = self.checker.findings(path, text)
        lines = text.split("\n")
        diagnostics = [self.to_lsp(d, lines) for d in found]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def to_lsp(self, finding: core.Diagnostic, lines: list[str]) -> types.Diagnostic:
        span = finding.span
        start = types.Position(line=max(span.line - 1, 0), character=max(span.column - 1, 0))
        end = types.Position(line=max(span.end_line - 1, 0), character=max(span.end_column - 1, 0))
        if (end.line, end.character) <= (start.line, start.character):
            end = types.Position(line=start.line, character=start.character + 1)
        message = f"{finding.message} ({finding.hint})" if finding.hint else finding.message
        severity = types.DiagnosticSeverity.Error
        if finding.severity is core.Severity.WARNING:
            severity = types.DiagnosticSeverity.Warning
        described = None
        if finding.code and self.docs_url:
            described = types.CodeDescription(href=f"{self.docs_url}#{finding.code.lower()}")
        return types.Diagnostic(
            range=types.Range(start=start, end=end),
            message=message,
            severity=severity,
            code=finding.code or None,
            code_description=described,
            source="lotr-rules",
            data={"hint": finding.hint or "", "message": finding.message},
        )

    def cancel(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None:
            pending.cancel()

    def schedule(self, uri: str) -> None:
        """Work out the file's findings once no change has come for ``debounce`` seconds."""
        self.cancel(uri)
        if self.debounce <= 0:
            self.publish(uri)
            return

        async def later() -> None:
            await asyncio.sleep(self.debounce)
            self._pending.pop(uri, None)
            self.publish(uri)

        self._pending[uri] = asyncio.get_running_loop().create_task(later())


def _default_docs_url() -> str:
    """The lint codes page of the docs beside this package, when it is a source checkout."""
    page = Path(__file__).resolve().parents[2] / "docs" / "lint-codes.md"
    if not page.is_file():
        return ""
    return from_fs_path(str(page)) or ""


def guarded(default: Any) -> Callable[[Callable[..., Result]], Callable[..., Result]]:
    """A request handler that answers ``default`` (and logs why) instead of failing."""

    def wrap(handler: Callable[..., Result]) -> Callable[..., Result]:
        @functools.wraps(handler)
        def run(ls: CardServer, params: Any) -> Result:
            try:
                return handler(ls, params)
            except TooLarge:
                result: Result = default
                return result
            except Exception as error:
                message = f"lotr-rules: {handler.__name__} failed: {type(error).__name__}: {error}"
                ls.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=message))
                answer: Result = default
                return answer

        return run

    return wrap


server = CardServer()


@server.feature(types.INITIALIZE)
def initialize(ls: CardServer, params: types.InitializeParams) -> None:
    options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
    if isinstance(options.get("debounce"), int | float):
        ls.debounce = float(options["debounce"])
    if isinstance(options.get("docs_url"), str):
        ls.docs_url = options["docs_url"]
    # The sets in view besides the shipped ones: those of the folders the editor opened (a set,
    # or a folder of sets, as lint sees them) and the option's, as lint's --cards.
    roots = [folder.uri for folder in params.workspace_folders or []] or [params.root_uri or ""]
    extra = [Path(path) for uri in roots if uri and (path := to_fs_path(uri))]
    cards = options.get("cards")
    if isinstance(cards, list):
        extra.extend(Path(str(folder)) for folder in cards)
    ls.workspace_sets = Workspace([folder for folder in extra if folder.is_dir()])
    ls.checker = Checker(ls.workspace_sets)


@server.feature(types.SHUTDOWN)
def shutdown(ls: CardServer, params: None) -> None:
    ls.checker.close()


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: CardServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: CardServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: CardServer, params: types.DidSaveTextDocumentParams) -> None:
    path = Path(to_fs_path(params.text_document.uri) or params.text_document.uri)
    ls.workspace_sets.forget([path])
    ls.publish(params.text_document.uri)


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_files(ls: CardServer, params: types.DidChangeWatchedFilesParams) -> None:
    ls.workspace_sets.forget([Path(to_fs_path(change.uri) or change.uri) for change in params.changes])


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: CardServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.cancel(params.text_document.uri)
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded(None)
def on_hover(ls: CardServer, params: types.HoverParams) -> types.Hover | None:
    path, text = ls.request_text(params.text_document.uri)
    where = params.position
    said = hover.hover(path, text, where.line, where.character, ls.workspace_sets, ls.family_of(path))
    if said is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=said))


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=['"', " "]))
@guarded(None)
def on_completion(ls: CardServer, params: types.CompletionParams) -> types.CompletionList:
    path, text = ls.request_text(params.text_document.uri)
    where = params.position
    found = completion.complete(path, text, where.line, where.character, ls.workspace_sets, ls.family_of(path))
    items = [
        types.CompletionItem(label=s.label, kind=_KINDS.get(s.kind), detail=s.kind, documentation=s.doc or None)
        for s in found
    ]
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded(None)
def on_definition(ls: CardServer, params: types.DefinitionParams) -> types.Location | None:
    path, text = ls.request_text(params.text_document.uri)
    where = params.position
    place = definition.definition(path, text, where.line, where.character, ls.workspace_sets)
    if place is None:
        return None
    span = types.Range(
        start=types.Position(line=place.line, character=place.start),
        end=types.Position(line=place.line, character=place.end),
    )
    return types.Location(uri=from_fs_path(str(place.path)) or str(place.path), range=span)


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
@guarded([])
def on_symbols(ls: CardServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    path, text = ls.request_text(params.text_document.uri)
    if path.suffix != core.SCRIPT_SUFFIX:
        return []
    return [_symbol(symbol) for symbol in symbols.outline(text)]


def _symbol(symbol: symbols.Symbol) -> types.DocumentSymbol:
    span = symbol.span
    start = types.Position(line=span.line - 1, character=span.column - 1)
    end = types.Position(line=max(span.end_line - 1, span.line - 1), character=max(span.end_column - 1, 0))
    if (end.line, end.character) < (start.line, start.character):
        end = start
    whole = types.Range(start=start, end=end)
    return types.DocumentSymbol(
        name=symbol.name,
        kind=_SYMBOL_KINDS[symbol.kind],
        range=whole,
        selection_range=types.Range(start=start, end=start),
        children=[_symbol(child) for child in symbol.children],
    )


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
@guarded(None)
def on_formatting(ls: CardServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    path, text = ls.request_text(params.text_document.uri)
    if path.suffix != core.SCRIPT_SUFFIX:
        return None
    home = home_of(path)
    language = ls.workspace_sets.set_at(home).language if home is not None else core.LANGUAGE_VERSION
    result = formatting.formatted(text, language)
    if result is None or result == text:
        return [] if result == text else None
    lines = text.split("\n")
    whole = types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=len(lines) - 1, character=len(lines[-1])),
    )
    return [types.TextEdit(range=whole, new_text=result)]


@server.feature(types.TEXT_DOCUMENT_RENAME)
@guarded(None)
def on_rename(ls: CardServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
    path, text = ls.request_text(params.text_document.uri)
    where = params.position
    found = rename.edits(path, text, where.line, where.character, params.new_name, ls.workspace_sets, ls.open_texts())
    if found is None:
        return None
    changes: dict[str, list[types.TextEdit]] = {}
    for file, places in found.items():
        uri = from_fs_path(str(file)) or str(file)
        changes[uri] = [
            types.TextEdit(
                range=types.Range(
                    start=types.Position(line=p.line, character=p.start),
                    end=types.Position(line=p.line, character=p.end),
                ),
                new_text=params.new_name,
            )
            for p in places
        ]
    return types.WorkspaceEdit(changes=changes)


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
@guarded([])
def on_code_action(ls: CardServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    """A quick fix for each finding with a did-you-mean: the word it names, replaced."""
    _, text = ls.request_text(params.text_document.uri)
    lines = text.split("\n")
    actions: list[types.CodeAction] = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        suggestion = _HINT.search(str(data.get("hint", "")))
        if suggestion is None:
            continue
        place = _word_to_replace(diagnostic, str(data.get("message", "")), lines)
        if place is None:
            continue
        edit = types.TextEdit(range=place, new_text=suggestion.group(1))
        actions.append(
            types.CodeAction(
                title=f"Change to '{suggestion.group(1)}'",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=True,
                edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]}),
            )
        )
    return actions


def _word_to_replace(diagnostic: types.Diagnostic, message: str, lines: list[str]) -> types.Range | None:
    """Where the misspelt word the finding names stands: the quoted word of its message, found on
    its line from where it points; else the text it points at."""
    start = diagnostic.range.start
    if not 0 <= start.line < len(lines):
        return None
    line = lines[start.line]
    quoted = _QUOTED.search(message)
    if quoted is not None:
        at = line.find(quoted.group(1), start.character)
        if at < 0:
            at = line.find(quoted.group(1))
        if at >= 0:
            return types.Range(
                start=types.Position(line=start.line, character=at),
                end=types.Position(line=start.line, character=at + len(quoted.group(1))),
            )
    return diagnostic.range


_LEGEND = types.SemanticTokensLegend(token_types=list(tokens.LEGEND), token_modifiers=[])


@server.feature(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, _LEGEND)
@guarded(types.SemanticTokens(data=[]))
def on_tokens(ls: CardServer, params: types.SemanticTokensParams) -> types.SemanticTokens:
    path, text = ls.request_text(params.text_document.uri)
    if path.suffix != core.SCRIPT_SUFFIX:
        return types.SemanticTokens(data=[])
    family = ls.family_of(path)
    names = frozenset(card.name for card in ls.workspace_sets.cards_in_view(home_of(path)))
    return types.SemanticTokens(data=tokens.encoded(tokens.tokens(text, family, names)))


def run() -> None:
    """Serve over stdin and stdout until the editor says exit."""
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    server.start_io()
