"""Take the language server's picture for the docs: ``python -m tests.lsp_screenshot docs/images``.

The server (``lotr-rules lsp``) is started and spoken to over stdio as an editor does: a card of
the example set is opened with two slips in it, and what the server answers (its findings, its
semantic tokens, its hover on the misspelt word's line and its quick fix) is drawn as an editor
would show it, in a page that Chromium photographs. Everything in the picture is the server's
answer; only the window around it is drawn here.
"""

from __future__ import annotations

import asyncio
import html
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

from lotr_rules.lsp.tokens import LEGEND
from tests.web_browser import browser_page, chromium_path

ROOT = Path(__file__).resolve().parent.parent
CARD = "beacon-of-amon-din.card"
#: the slips the picture shows: a misspelt card type and a misspelt command
SLIPS = (("type location", "type locaton"), ("    draw 1", "    drwa 1"))
COLOURS = {
    "keyword": "#c586c0",
    "function": "#dcdcaa",
    "property": "#9cdcfe",
    "variable": "#4fc1ff",
    "type": "#4ec9b0",
    "event": "#ce9178",
    "enumMember": "#b5cea8",
    "string": "#ce9178",
    "number": "#b5cea8",
    "comment": "#6a9955",
    "class": "#4ec9b0",
}


async def ask_the_server(folder: Path) -> dict[str, Any]:
    """Open the card with its slips and gather the server's answers."""
    card = folder / CARD
    text = card.read_text(encoding="utf-8")
    for right, wrong in SLIPS:
        text = text.replace(right, wrong, 1)
    uri = from_fs_path(str(card)) or ""
    published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()
    client = LanguageClient("screenshot", "1")

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def on_findings(params: types.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    await client.start_io(sys.executable, "-m", "lotr_rules", "lsp", env={**os.environ, "PYTHONPATH": str(ROOT)})
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=from_fs_path(str(folder)))
    )
    client.initialized(types.InitializedParams())
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="lotr-card", version=1, text=text)
        )
    )
    findings = (await published.get()).diagnostics
    document = types.TextDocumentIdentifier(uri=uri)
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=document))
    command = next(d for d in findings if d.code == "E110")
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=document, position=types.Position(line=command.range.start.line - 1, character=8)
        )
    )
    fixes = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=document,
            range=findings[0].range,
            context=types.CodeActionContext(diagnostics=list(findings)),
        )
    )
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()  # type: ignore[no-untyped-call]
    return {
        "text": text,
        "findings": list(findings),
        "tokens": list(tokens.data) if tokens is not None else [],
        "hover": hover,
        "hover_line": command.range.start.line - 1,
        "fixes": [fix.title for fix in fixes or [] if isinstance(fix, types.CodeAction)],
    }


def page(answers: dict[str, Any]) -> str:
    lines: list[str] = answers["text"].rstrip("\n").split("\n")
    spans: dict[int, list[tuple[int, int, str]]] = {}
    data: list[int] = answers["tokens"]
    line = column = 0
    for index in range(0, len(data), 5):
        line += data[index]
        column = data[index + 1] if data[index] else column + data[index + 1]
        spans.setdefault(line, []).append((column, column + data[index + 2], LEGEND[data[index + 3]]))
    marks = {(d.range.start.line, d.range.start.character, d.range.end.character) for d in answers["findings"]}
    rows = []
    for number, source in enumerate(lines):
        cells = _coloured(source, spans.get(number, []), [(s, e) for row, s, e in marks if row == number])
        rows.append(f'<div class="row"><span class="n">{number + 1}</span><span class="code">{cells}</span></div>')
        if number == answers["hover_line"] and answers["hover"] is not None:
            said = _markdown(answers["hover"].contents.value)
            rows.append(f'<div class="hover">{said}</div>')
    problems = "".join(
        f'<li><span class="code-id">{d.code}</span> {html.escape(d.message)} '
        f'<span class="where">[{d.range.start.line + 1}, {d.range.start.character + 1}]</span></li>'
        for d in answers["findings"]
    )
    fixes = "".join(f"<li>{html.escape(title)}</li>" for title in answers["fixes"])
    colours = "".join(f".t-{name}{{color:{colour}}}" for name, colour in COLOURS.items())
    return f"""<!doctype html><meta charset="utf-8"><style>
html,body{{width:1100px;overflow:hidden}} p{{margin:4px 0}}
body{{margin:0;background:#1e1e1e;color:#d4d4d4;font:15px/1.5 "DejaVu Sans Mono",monospace}}
.tab{{background:#252526;color:#ccc;padding:8px 16px;font-family:"DejaVu Sans",sans-serif;font-size:13px}}
.editor{{padding:10px 0}} .row{{white-space:pre}} .n{{display:inline-block;width:48px;color:#858585;
text-align:right;margin-right:20px}} .bad{{text-decoration:underline wavy #f14c4c;text-underline-offset:3px}}
.hover{{margin:2px 0 6px 110px;max-width:720px;background:#252526;border:1px solid #454545;padding:8px 12px;
white-space:normal;font-family:"DejaVu Sans",sans-serif;font-size:13px}}
.panel{{border-top:1px solid #444;padding:8px 20px;font-family:"DejaVu Sans",sans-serif;font-size:13px}}
.panel h3{{margin:4px 0;font-size:12px;color:#bbb;letter-spacing:.08em}} ul{{margin:4px 0;padding-left:18px}}
.code-id{{color:#f14c4c}} .where{{color:#858585}} {colours}</style>
<div class="tab">examples/custom-set/{CARD}</div>
<div class="editor">{"".join(rows)}</div>
<div class="panel"><h3>PROBLEMS</h3><ul>{problems}</ul><h3>QUICK FIXES</h3><ul>{fixes}</ul></div>"""


def _markdown(text: str) -> str:
    """The hover's markdown as an editor shows it (bold, code and paragraphs are all it uses)."""
    said = html.escape(text)
    said = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", said)
    said = re.sub(r"`([^`\n]+)`", r"<code>\1</code>", said)
    return "".join(f"<p>{part}</p>" for part in said.split("\n\n"))


def _coloured(source: str, spans: list[tuple[int, int, str]], bad: list[tuple[int, int]]) -> str:
    kinds = [""] * len(source)
    for start, end, kind in spans:
        for at in range(start, min(end, len(source))):
            kinds[at] = kind
    wrong = [any(s <= at < e for s, e in bad) for at in range(len(source))]
    out = []
    for at, char in enumerate(source):
        classes = " ".join(filter(None, (f"t-{kinds[at]}" if kinds[at] else "", "bad" if wrong[at] else "")))
        out.append(f'<span class="{classes}">{html.escape(char)}</span>' if classes else html.escape(char))
    return "".join(out)


def take(out: Path) -> Path:
    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium here: apt-get install chromium, or set LOTR_RULES_CHROMIUM")
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "custom-set"
        shutil.copytree(ROOT / "examples" / "custom-set", folder)
        answers = asyncio.run(ask_the_server(folder))
        drawn = Path(work) / "editor.html"
        drawn.write_text(page(answers), encoding="utf-8")
        out.mkdir(parents=True, exist_ok=True)
        target = out / "editor-lsp.png"
        for browser in browser_page(chromium):
            browser.set_viewport_size({"width": 1100, "height": 760})
            browser.goto(drawn.as_uri())
            height = int(browser.evaluate("document.body.scrollHeight"))
            browser.screenshot(path=str(target), clip={"x": 0, "y": 0, "width": 1100, "height": height + 10})
    return target


if __name__ == "__main__":
    print(f"wrote {take(Path(sys.argv[1] if len(sys.argv) > 1 else 'docs/images'))}")
